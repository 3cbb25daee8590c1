#pragma once

#include <functional>

#include <QObject>
#include <QStringList>

#include "certdrill/pack/Conversion.h"
#include "certdrill/store/Store.h"

class QProgressDialog;
class QWidget;

namespace certdrill::gui {

/// One line saying what an import did, or will do, to one pack: "p 1.1.0: 2 added, 1 updated, …".
QString importSummaryText(const PackImportSummary& summary);

/// What the home screen says when the start's import of the bundled packs failed: that the bank is as it
/// was, the first errors with their files, lines and columns, and what to do.
QString bundledImportProblem(const ImportOutcome& outcome);

/// The app's import of pack files, one flow for File ▸ Import pack…, the Packs screen's Import… and files
/// dropped on the window: the options a Moodle file cannot give (MoodleImportDialog), a preview of what the
/// import will do (ImportPreviewDialog, from the import's own dry run), then the import of exactly the files
/// previewed. A long preview or import shows a progress dialog whose Cancel rolls the transaction back.
///
/// The work runs on the GUI thread, and the progress callback lets the window repaint and take the Cancel
/// click (a window-modal QProgressDialog processes events in setValue). A worker thread would need a second
/// Store, since a Store is one SQLite connection and not thread-safe, and the window's own Store could still
/// be asked to write meanwhile; on one thread the modal dialog blocks every other action of the window while
/// the import's transaction is open, and only the dialog can end it.
class ImportFlow : public QObject
{
    Q_OBJECT

public:
    /// `window` parents the dialogs.
    ImportFlow(Store& store, QWidget* window);
    ~ImportFlow() override;

    /// Runs the flow for `files`; true when they were imported (false: cancelled, refused or failed).
    bool run(const QStringList& files);

    /// How long a preview or an import runs before its progress dialog shows, in ms (tests show it at once).
    void setProgressDelay(int ms) { m_progressDelayMs = ms; }

    /// A file a drop starts an import with: a regular file named *.json, *.gift, *.gift.txt, *.xml or *.txt
    /// (MainWindow::importFileFilters' "Question packs"); its content decides the format of a *.txt.
    static bool isImportable(const QString& path);

    /// The moodle options with the app's own hint for a question without a domain.
    static ImportOptions withAppHints(ImportOptions moodle);

signals:
    /// The import wrote: the packs of the batch and one line per pack (importSummaryText).
    void imported(const QStringList& packIds, const QString& summary);
    /// The import was cancelled midway or failed; nothing changed. `reason` says which.
    void notImported(const QString& reason);

private:
    /// A progress callback for ImportPolicy::progress showing `dialog`; false once it is cancelled.
    std::function<bool(int, int)> progressOf(QProgressDialog& dialog);

    Store& m_store;
    QWidget* m_window;
    int m_progressDelayMs = 500;
};

} // namespace certdrill::gui
