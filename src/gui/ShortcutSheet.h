#pragma once

#include <QDialog>

class QMenuBar;
class QTextBrowser;

namespace certdrill::gui {

/// Help ▸ Keyboard shortcuts: every menu command that has a key, read from the menu bar itself so the sheet
/// cannot drift from the menus, then the exam screen's and the drill screen's keys (Shortcuts.h).
class ShortcutSheet : public QDialog
{
    Q_OBJECT

public:
    ShortcutSheet(const QMenuBar* menus, QWidget* parent = nullptr);

    /// The sheet as HTML (what the dialog shows).
    QString html() const;

private:
    QTextBrowser* m_view;
};

} // namespace certdrill::gui
