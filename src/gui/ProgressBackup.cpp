#include "ProgressBackup.h"

#include <QDateTime>
#include <QDir>
#include <QMessageBox>

#include "certdrill/store/Backup.h"

#include "Display.h"
#include "FileDialogs.h"

namespace certdrill::gui {

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

QString backupFilter()
{
    return QObject::tr("certdrill backups (*.db *.bak);;All files (*)");
}

} // namespace

void backUpProgressInteractively(QWidget* parent, Store& store, const Clock& clock)
{
    const QString date =
        QDateTime::fromMSecsSinceEpoch(clock.wallMs()).toString(QStringLiteral("yyyy-MM-dd"));
    const QString suggested = QDir::home().filePath(QStringLiteral("certdrill-backup-%1.db").arg(date));
    const QString file = saveFileName(parent, QObject::tr("Back up progress"), suggested, backupFilter());
    if (file.isEmpty()) {
        return;
    }
    if (auto made = backupDatabase(store.database(), file.toStdString()); !made) {
        QMessageBox::warning(parent, QObject::tr("Back up progress"), sentence(made.error().message));
        return;
    }
    QMessageBox::information(parent, QObject::tr("Back up progress"),
                             QObject::tr("Your progress is saved in %1.\n\nTo carry it to another machine, "
                                         "restore it there with File ▸ Restore progress… or certdrill-cli "
                                         "restore.")
                                 .arg(QDir::toNativeSeparators(file)));
}

bool restoreProgressInteractively(QWidget* parent, Store& store, const Clock& clock)
{
    const QString title = QObject::tr("Restore progress");
    const QString file = openFileName(parent, title, QDir::homePath(), backupFilter());
    if (file.isEmpty()) {
        return false;
    }
    // Checked before the question, so the candidate is never asked to confirm a file that cannot be restored.
    const auto checked = checkBackup(file.toStdString());
    if (!checked) {
        QMessageBox::warning(
            parent, title, QObject::tr("%1\n\nNothing was changed.").arg(sentence(checked.error().message)));
        return false;
    }
    QMessageBox confirm(
        QMessageBox::Question, title,
        QObject::tr("Replace your progress with the backup %1?").arg(QDir::toNativeSeparators(file)),
        QMessageBox::Yes | QMessageBox::No, parent);
    confirm.setObjectName(QStringLiteral("restoreConfirmation"));
    confirm.setInformativeText(
        QObject::tr(
            "Every answer, exam and setting in the backup replaces what this database holds now. The "
            "database as it is now (%1) is kept beside it, in a copy named with the date and time (UTC).")
            .arg(QDir::toNativeSeparators(text(store.database().path()))));
    confirm.setDefaultButton(QMessageBox::No);
    if (confirm.exec() != QMessageBox::Yes) {
        return false;
    }
    const auto restored = restoreDatabase(store.database(), file.toStdString(), clock);
    if (!restored) {
        QMessageBox::warning(
            parent, title, QObject::tr("%1\n\nNothing was changed.").arg(sentence(restored.error().message)));
        return false;
    }
    QMessageBox::information(
        parent, title,
        QObject::tr("Your progress is restored from %1.\n\nThe database it replaced is kept "
                    "as %2.")
            .arg(QDir::toNativeSeparators(file),
                 QDir::toNativeSeparators(text(restored->replacedCopy.string()))));
    return true;
}

} // namespace certdrill::gui
