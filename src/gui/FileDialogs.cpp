#include "FileDialogs.h"

#include <QAbstractFileIconProvider>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMimeDatabase>
#include <QStatusBar>

namespace certdrill::gui {

namespace {

/// Icons and types from the name alone. Qt's own provider asks QMimeDatabase, which reads a file's first
/// bytes whenever its name is not enough (as for certdrill.db and certdrill.db-shm).
class NameOnlyIconProvider final : public QAbstractFileIconProvider
{
public:
    using QAbstractFileIconProvider::icon;

    QIcon icon(const QFileInfo& info) const override { return icon(info.isDir() ? Folder : File); }

    QString type(const QFileInfo& info) const override
    {
        if (info.isDir()) {
            return QFileDialog::tr("Folder");
        }
        const QMimeType mime = m_mime.mimeTypeForFile(info.fileName(), QMimeDatabase::MatchExtension);
        if (!mime.isDefault()) {
            return mime.comment();
        }
        // "unknown" says less than the name's suffix ("DB file", as Qt 5's dialog put it).
        const QString suffix = info.suffix();
        return suffix.isEmpty() ? QFileDialog::tr("File") : QFileDialog::tr("%1 file").arg(suffix.toUpper());
    }

private:
    QMimeDatabase m_mime;
};

QStringList run(QWidget* parent, const QString& caption, const QString& directory, const QString& filter,
                QFileDialog::FileMode mode, QFileDialog::AcceptMode accept)
{
    NameOnlyIconProvider icons; // outlives the dialog, which does not own it
    QFileDialog dialog(parent, caption, directory, filter);
    dialog.setOption(QFileDialog::DontUseNativeDialog);
    dialog.setIconProvider(&icons);
    dialog.setFileMode(mode);
    dialog.setAcceptMode(accept);
    if (dialog.exec() != QDialog::Accepted) {
        return {};
    }
    return dialog.selectedFiles();
}

QString first(const QStringList& files)
{
    return files.isEmpty() ? QString() : files.first();
}

} // namespace

QString openFileName(QWidget* parent, const QString& caption, const QString& directory, const QString& filter)
{
    return first(run(parent, caption, directory, filter, QFileDialog::ExistingFile, QFileDialog::AcceptOpen));
}

QStringList openFileNames(QWidget* parent, const QString& caption, const QString& directory,
                          const QString& filter)
{
    return run(parent, caption, directory, filter, QFileDialog::ExistingFiles, QFileDialog::AcceptOpen);
}

QString saveFileName(QWidget* parent, const QString& caption, const QString& directory, const QString& filter)
{
    return first(run(parent, caption, directory, filter, QFileDialog::AnyFile, QFileDialog::AcceptSave));
}

void announceSaved(QWidget* parent, const QString& path, const QString& what)
{
    auto* window = parent ? qobject_cast<QMainWindow*>(parent->window()) : nullptr;
    if (!window) {
        return;
    }
    constexpr int kShownMs =
        15000; // long enough to read a path; a status tip under the mouse clears it sooner
    window->statusBar()->showMessage(
        QCoreApplication::translate("FileDialogs", "Saved %1 (%2)").arg(QDir::toNativeSeparators(path), what),
        kShownMs);
}

} // namespace certdrill::gui
