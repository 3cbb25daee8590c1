#pragma once

#include <QDialog>

#include "certdrill/Model.h"
#include "certdrill/exam/ExamSession.h"

class QSpinBox;

namespace certdrill::gui {

/// Exam ▸ Exam settings…: how many questions the next mock and practice exams have (within the exam's range)
/// and how much extra time, for a candidate with an approved time extension.
class ExamSettingsDialog : public QDialog
{
    Q_OBJECT

public:
    ExamSettingsDialog(const ExamDef& exam, const MockSettings& current, QWidget* parent = nullptr);

    /// The settings chosen; the exam's default length reads as 0.
    MockSettings settings() const;

private:
    int m_defaultCount;
    QSpinBox* m_questions;
    QSpinBox* m_extra;
};

} // namespace certdrill::gui
