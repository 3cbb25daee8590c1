#pragma once

#include <QObject>

class QWidget;

namespace certdrill::gui {

/// Ends the process once `window` (or a widget in it) has painted for the first time. The app's
/// `--quit-after-first-paint` and the empty window of the start-up benchmark (tests/bench/ScaleBench.cpp) use
/// it, so both are measured from process start to the same event.
class FirstPaintExit : public QObject
{
    Q_OBJECT

public:
    explicit FirstPaintExit(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
    bool m_painted = false;
};

} // namespace certdrill::gui
