#include "ImportFlow.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>

#include "certdrill/pack/PackFormat.h"
#include "certdrill/store/ImportPreview.h"

#include "Display.h"
#include "ImportPreviewDialog.h"
#include "MoodleImportDialog.h"

namespace certdrill::gui {

QString bundledImportProblem(const ImportOutcome& outcome)
{
    // The first few errors: a broken file usually repeats one cause, and the log keeps every line.
    constexpr int kShown = 3;
    QStringList errors;
    int more = 0;
    for (const Diagnostic& d : outcome.diagnostics) {
        if (!d.isError()) {
            continue;
        }
        if (errors.size() < kShown) {
            errors << QString::fromStdString(d.format());
        } else {
            ++more;
        }
    }
    if (errors.isEmpty()) {
        errors << QString::fromStdString(outcome.error);
    }
    QString text =
        QObject::tr("The bundled question bank could not be brought up to date at this start, so it "
                    "is as it was before:") +
        QLatin1Char('\n') + errors.join(QLatin1Char('\n'));
    if (more > 0) {
        text += QLatin1Char('\n') + QObject::tr("(and %1 more errors, in the log)").arg(more);
    }
    return text + QLatin1Char('\n') +
           QObject::tr("Reinstall certdrill, or load a bank by hand with File ▸ Import pack…");
}

QString importSummaryText(const PackImportSummary& s)
{
    const QString pack =
        QStringLiteral("%1 %2").arg(QString::fromStdString(s.packId), QString::fromStdString(s.version));
    if (s.unchanged) {
        return ImportFlow::tr("%1: already imported").arg(pack);
    }
    QString text = ImportFlow::tr("%1: %2 added, %3 updated, %4 restored, %5 retired, %6 unchanged")
                       .arg(pack)
                       .arg(s.added)
                       .arg(s.updated)
                       .arg(s.restored)
                       .arg(s.retired)
                       .arg(s.unchangedQuestions);
    // Which questions a new version changed; a new pack's are all new, which the count says.
    if (const std::string changed = changedQuestionsText(s); !changed.empty() && !s.previousVersion.empty()) {
        text += QStringLiteral(" (%1)").arg(QString::fromStdString(changed));
    }
    return text;
}

ImportFlow::ImportFlow(Store& store, QWidget* window)
    : QObject(window)
    , m_store(store)
    , m_window(window)
{
}

ImportFlow::~ImportFlow() = default;

bool ImportFlow::isImportable(const QString& path)
{
    // The names the file dialog's "Question packs" entry offers: those that decide the format, and *.txt, as
    // Moodle names its GIFT export (read by its content, packFormatOf).
    const QFileInfo info(path);
    return info.isFile() && (packFormatOfName(path.toStdString()) ||
                             info.suffix().compare(QLatin1String("txt"), Qt::CaseInsensitive) == 0);
}

ImportOptions ImportFlow::withAppHints(ImportOptions moodle)
{
    // The fields of MoodleImportDialog, where the user sets what certdrill-cli's options set.
    moodle.domainHint =
        tr("choose one under \"Uncategorised questions\" when you import the file").toStdString();
    moodle.mapHint =
        tr("a category map, chosen under \"Category map\" when you import the file").toStdString();
    moodle.versionHint = tr("\"Pack version\" when you import the file").toStdString();
    return moodle;
}

std::function<bool(int, int)> ImportFlow::progressOf(QProgressDialog& dialog)
{
    return [&dialog](int done, int total) {
        dialog.setMaximum(total);
        dialog.setValue(done); // window-modal: processes events, so the dialog paints and Cancel is seen
        return !dialog.wasCanceled();
    };
}

bool ImportFlow::run(const QStringList& files)
{
    if (files.isEmpty()) {
        return false;
    }
    // Moodle files cannot name their exam, pack and version; ask, as certdrill-cli import's options do.
    QStringList moodleFiles;
    for (const QString& f : files) {
        if (isMoodleFormat(packFormatOf(f.toStdString()))) {
            moodleFiles << f;
        }
    }
    ImportOptions moodle;
    if (!moodleFiles.isEmpty()) {
        auto exams = m_store.exams();
        auto packs = m_store.packs();
        MoodleImportDialog dialog(moodleFiles, exams.ok() ? exams.value() : std::vector<ExamDef>{},
                                  packs.ok() ? packs.value() : std::vector<StoredPack>{}, m_window);
        if (dialog.exec() != QDialog::Accepted) {
            return false;
        }
        moodle = dialog.options();
    }
    std::vector<std::filesystem::path> paths;
    for (const QString& f : files) {
        paths.emplace_back(f.toStdString());
    }

    // The preview is the import itself, rolled back: as long as the import, so it shows progress too.
    ImportPreview preview;
    {
        QProgressDialog progress(tr("Working out what the import will change…"), tr("Cancel"), 0, 0,
                                 m_window);
        progress.setObjectName(QStringLiteral("previewProgress"));
        progress.setWindowTitle(tr("Import preview"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(m_progressDelayMs);
        preview = previewImport(m_store, paths, withAppHints(moodle), progressOf(progress));
    }
    if (preview.dryRun.cancelled) {
        return false;
    }
    ImportPreviewDialog dialog(preview, m_window);
    if (dialog.exec() != QDialog::Accepted || !preview.importable()) {
        return false;
    }

    ImportOutcome outcome;
    {
        QProgressDialog progress(tr("Importing questions…"), tr("Cancel"), 0, 0, m_window);
        progress.setObjectName(QStringLiteral("importProgress"));
        progress.setWindowTitle(tr("Import"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(m_progressDelayMs);
        ImportPolicy policy;
        policy.progress = progressOf(progress);
        outcome = importPreviewed(m_store, preview, policy);
    }
    if (!outcome.ok()) {
        const QString reason =
            outcome.cancelled
                ? tr("Import cancelled: nothing was imported, the database is as it was.")
                : tr("Import failed, nothing was imported: %1").arg(QString::fromStdString(outcome.error));
        if (!outcome.cancelled) {
            // The error may quote pack text: plain text only, never HTML that could load what it names.
            showPlainMessage(m_window, QMessageBox::Warning, tr("Import failed"), reason);
        }
        emit notImported(reason);
        return false;
    }
    QStringList ids;
    QStringList lines;
    for (const PackImportSummary& s : outcome.summaries) {
        ids << QString::fromStdString(s.packId);
        lines << importSummaryText(s);
    }
    emit imported(ids, tr("Imported. %1").arg(lines.join(QStringLiteral("; "))));
    return true;
}

} // namespace certdrill::gui
