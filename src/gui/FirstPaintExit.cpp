#include "FirstPaintExit.h"

#include <QApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace certdrill::gui {

FirstPaintExit::FirstPaintExit(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

bool FirstPaintExit::eventFilter(QObject* watched, QEvent* event)
{
    if (!m_painted && event->type() == QEvent::Paint) {
        const auto* widget = qobject_cast<QWidget*>(watched);
        if (widget && widget->window() == m_window) {
            m_painted = true;
            // Quit after this paint has been delivered, not instead of it.
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace certdrill::gui
