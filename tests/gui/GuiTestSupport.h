#pragma once

#include <QApplication>
#include <QString>
#include <QWidget>

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

} // namespace certdrill::test
