#pragma once

#include <QString>
#include <QStringList>

class QWidget;

namespace certdrill::gui {

// Every file dialog of the app goes through these, in place of QFileDialog's static functions. They show
// Qt's own dialog (never the desktop's in-process one) with icons and types told from the file name only,
// so the dialog never opens a file it lists. POSIX locks belong to the process and the file, and closing any
// descriptor of a file drops all of them: a dialog that opened the database or its -shm to guess its type
// left the app's connection unlocked, and a certdrill-cli command beside it could then delete the app's WAL.
// `directory` may end in a file name, which is then proposed, as with QFileDialog's static functions.

/// The file the user chose to open, or an empty string.
QString openFileName(QWidget* parent, const QString& caption, const QString& directory,
                     const QString& filter);

/// The files the user chose to open (none when cancelled).
QStringList openFileNames(QWidget* parent, const QString& caption, const QString& directory,
                          const QString& filter);

/// The file the user chose to save to, or an empty string.
QString saveFileName(QWidget* parent, const QString& caption, const QString& directory,
                     const QString& filter);

/// Says in the main window's status bar, for a while, that `path` was written (`what`: "PDF, 2 pages"): a
/// save dialog closes without a trace, and the user is left wondering whether anything happened.
void announceSaved(QWidget* parent, const QString& path, const QString& what);

} // namespace certdrill::gui
