#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QString>
#include <QTimer>
#include <QWidget>
#include <QtTest>

namespace certdrill::test {

/// Saves a picture of `w` as NAME.png when CERTDRILL_SCREENSHOT_DIR is set (for docs and visual checks).
inline void screenshot(QWidget* w, const char* name)
{
    const QString dir = qEnvironmentVariable("CERTDRILL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QApplication::processEvents(); // apply pending layout changes before the picture
        w->grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
    }
}

/// Answers the next modal message box with `button`, keeping its text.
inline void answerNextMessageBox(QString* text, QMessageBox::StandardButton button = QMessageBox::Yes)
{
    QTimer::singleShot(0, [text, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        *text = box->text();
        box->button(button)->click();
    });
}

} // namespace certdrill::test
