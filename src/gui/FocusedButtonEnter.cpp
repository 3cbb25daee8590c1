#include "FocusedButtonEnter.h"

#include <QApplication>
#include <QKeyEvent>
#include <QPushButton>
#include <QToolButton>

namespace certdrill::gui {

namespace {

/// The enabled push or tool button an Enter key event is for, or null. Check boxes and radio buttons are left
/// alone: on an answer option Enter keeps meaning "check" or "next", and in a dialog "accept".
QAbstractButton* buttonFor(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress) {
        return nullptr;
    }
    const auto* key = static_cast<QKeyEvent*>(event);
    if ((key->key() != Qt::Key_Return && key->key() != Qt::Key_Enter) ||
        (key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) {
        return nullptr;
    }
    QAbstractButton* button = qobject_cast<QPushButton*>(watched);
    if (!button) {
        button = qobject_cast<QToolButton*>(watched);
    }
    return button && button->isEnabled() && button->isVisible() && button->hasFocus() ? button : nullptr;
}

} // namespace

void FocusedButtonEnter::install()
{
    static FocusedButtonEnter* installed = nullptr;
    if (!installed && qApp) {
        installed = new FocusedButtonEnter(qApp);
        qApp->installEventFilter(installed);
    }
}

bool FocusedButtonEnter::eventFilter(QObject* watched, QEvent* event)
{
    QAbstractButton* button = buttonFor(watched, event);
    if (!button) {
        return QObject::eventFilter(watched, event);
    }
    if (event->type() == QEvent::ShortcutOverride) {
        // Accepted, the key is no shortcut's: it comes to the button as a key press.
        event->accept();
        return true;
    }
    button->click();
    return true;
}

} // namespace certdrill::gui
