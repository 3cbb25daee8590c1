#pragma once

#include <QDialog>

class QTextBrowser;

namespace certdrill::gui {

/// Help ▸ User guide (F1): docs/user-guide.md with its screenshots, built into the program as Qt resources,
/// so the guide is there without the source tree or a network and always matches the version that runs.
/// Links inside the guide jump to their heading; web links open in the browser; nothing else is followed.
class UserGuideDialog : public QDialog
{
    Q_OBJECT

public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    /// The view, for tests: its document is the guide.
    QTextBrowser* view() const { return m_view; }

private:
    QTextBrowser* m_view;
};

} // namespace certdrill::gui
