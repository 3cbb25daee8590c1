#pragma once

#include <QDialog>

#include "certdrill/exam/FinalExams.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// Exam ▸ Final exam…: the exam's reserved final forms, which were taken and how they went, and a button
/// that starts the selected form (each once).
class FinalExamDialog : public QDialog
{
    Q_OBJECT

public:
    FinalExamDialog(const ExamDef& exam, const std::vector<FinalForm>& forms, QWidget* parent = nullptr);
    ~FinalExamDialog() override;

    /// The form chosen with Start (1, 2, …); 0 when none was.
    int chosenForm() const { return m_chosen; }

private:
    std::vector<FinalForm> m_forms;
    QTableWidget* m_table;
    QPushButton* m_start;
    int m_chosen = 0;
};

} // namespace certdrill::gui
