#pragma once

#include <QDialog>

#include "certdrill/store/ImportPreview.h"

class QLabel;
class QPushButton;
class QTableWidget;
class QTimer;

namespace certdrill::gui {

/// What an import will do, before it does it: per pack what is added, updated, restored, retired and
/// unchanged (the import's own dry run), which questions a new version changes, the surface-cue score of the
/// packs, and every problem (errors, warnings, item-lint findings) with its file, line, column and question,
/// which can be copied (Ctrl+C, Copy all) or saved as CSV or text. Import is offered only when the import
/// would succeed; Cancel writes nothing.
class ImportPreviewDialog : public QDialog
{
    Q_OBJECT

public:
    ImportPreviewDialog(const ImportPreview& preview, QWidget* parent = nullptr);
    ~ImportPreviewDialog() override;

    /// The selected problems' lines (problemLine, full paths) as Ctrl+C copies them.
    QString selectedProblemsText() const;

public slots:
    /// Copies the selected problems to the clipboard.
    void copySelected();
    /// Copies every problem to the clipboard.
    void copyAll();
    /// Asks for a file and saves every problem: CSV for *.csv, else text.
    void saveProblems();

protected:
    /// Ctrl+C on the problems table copies the selected rows (copySelected); a new width of the table refits
    /// its columns.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void fillPacks();
    void fillProblems();
    /// Fits the problems' columns and the counts' height to the dialog's width (on every resize).
    void fitColumns();

    const ImportPreview& m_preview;
    QLabel* m_headline;
    QTableWidget* m_packs;
    /// Which questions a new version of a stored pack adds, changes, restores and retires, by id.
    QLabel* m_changed;
    QLabel* m_lint;
    QLabel* m_problemCount;
    QTableWidget* m_problems;
    /// Re-measures the problems' rows once the header has laid out its sections (see the constructor).
    QTimer* m_remeasureRows;
    QPushButton* m_import;
};

} // namespace certdrill::gui
