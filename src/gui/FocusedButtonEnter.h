#pragma once

#include <QObject>

namespace certdrill::gui {

/// Enter on a focused push or tool button presses that button, as Space does, on every screen. Qt gives that
/// only to dialogs' default buttons; a page is not a dialog, and its own Enter shortcuts (begin the exam,
/// check the answer) would act instead of the button the candidate sees focused, so Enter on a focused
/// Cancel began a strict exam. Installed once on the application by the main window.
class FocusedButtonEnter : public QObject
{
    Q_OBJECT

public:
    /// Installs the filter on the running application, once however often it is called.
    static void install();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace certdrill::gui
