#pragma once

#include <QDialog>

#include "certdrill/Model.h"
#include "certdrill/learn/DrillPlanner.h"

class QCheckBox;
class QComboBox;
class QSpinBox;
class QTreeWidget;

namespace certdrill::gui {

/// Custom drill settings: how many questions, which domains and subtopics, which pool (all, missed, flagged,
/// unseen, bookmarked), and cram (practise without moving FSRS due dates).
class DrillDialog : public QDialog
{
    Q_OBJECT

public:
    DrillDialog(const ExamDef& exam, QWidget* parent = nullptr);

    /// The planner options chosen (seed left for the caller).
    PlannerOptions options() const;
    bool cram() const;

private:
    const ExamDef& m_exam;
    QSpinBox* m_count;
    QComboBox* m_pool;
    QTreeWidget* m_scope;
    QCheckBox* m_cram;
};

} // namespace certdrill::gui
