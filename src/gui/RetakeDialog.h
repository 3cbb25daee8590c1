#pragma once

#include <QDialog>

#include "certdrill/exam/Retake.h"
#include "certdrill/exam/SessionHistory.h"

class QTableWidget;

namespace certdrill::gui {

/// History ▸ Compare…: two finished exams of one exam side by side, the earlier as "before": their dates
/// and scores, what became of the questions both served (fixed, slipped, still missed, right both), each
/// domain's score before and after, and the shared questions' outcomes, or, when they share none, each
/// objective's score. Every figure comes from compareSessions; the dialog only lays them out.
class RetakeDialog : public QDialog
{
    Q_OBJECT

public:
    /// `before` and `after` are the history's rows of the comparison's two sessions, for their dates;
    /// `exam` names the domains (ids are shown where it has no name).
    RetakeDialog(const ExamDef& exam, const RetakeComparison& comparison, const SessionSummary& before,
                 const SessionSummary& after, QWidget* parent = nullptr);
    ~RetakeDialog() override;

protected:
    /// Gives the domain table room for all its rows, once the rows have their shown height.
    void showEvent(QShowEvent* event) override;

private:
    /// A table of domain or objective rows: name, before %, after %, change in points (signed).
    QTableWidget* rowsTable(const QString& heading, const std::vector<RetakeRow>& rows,
                            const QString& objectName);

    /// The width that shows every column of `table` whole, its name column unelided.
    static int contentWidth(const QTableWidget* table);

    const ExamDef m_exam;
    /// The "Before" and "After" columns' headings, with each session's date, so no heading needs the lines
    /// above the tables to be read.
    QString m_beforeHeading;
    QString m_afterHeading;
    QTableWidget* m_domains = nullptr;
};

} // namespace certdrill::gui
