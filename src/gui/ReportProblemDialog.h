#pragma once

#include <QDialog>

#include "certdrill/exam/Errata.h"

class QCheckBox;
class QComboBox;
class QPlainTextEdit;

namespace certdrill::gui {

/// "Report a problem…" on a question: what is wrong (wrong key, unclear, outdated, typo, other), a note, and
/// whether to exclude the question from the candidate's scores. The report goes to the store (reportProblem)
/// when the candidate presses Report; Cancel files nothing.
class ReportProblemDialog : public QDialog
{
    Q_OBJECT

public:
    /// `questionId` is shown as plain text; `excluded` is whether the question is excluded now, so clearing
    /// the box includes it again.
    ReportProblemDialog(const QString& questionId, bool excluded, QWidget* parent = nullptr);
    ~ReportProblemDialog() override;

    ErrataKind kind() const;
    QString note() const;
    bool excludeFromScores() const;

private:
    QComboBox* m_kind;
    QPlainTextEdit* m_note;
    QCheckBox* m_exclude;
};

/// Runs the dialog for `report`'s question and, on Report, files it with the dialog's kind, note and choice
/// (including the question again when the box was cleared), in the store's transactions. True when a report
/// was filed; a failure is shown in a message box and files nothing.
bool reportProblemInteractively(QWidget* parent, Store& store, ProblemReport report,
                                const QString& questionId);

} // namespace certdrill::gui
