#pragma once

#include <optional>

#include <QDialog>

#include "certdrill/Model.h"
#include "certdrill/learn/DrillPlanner.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace certdrill::gui {

/// Custom drill settings: how many questions, which domains and subtopics, which pool (all, missed, flagged,
/// unseen, bookmarked), and cram (practise without moving FSRS due dates). It says how many questions the
/// choice matches as it changes, and why none does, and will not start a drill of none.
class DrillDialog : public QDialog
{
    Q_OBJECT

public:
    /// `planner` is what the drill will be planned from (DrillSession::planningReport), for the count; it
    /// must outlive the dialog, which is modal.
    DrillDialog(const ExamDef& exam, const PlannerInput& planner, QWidget* parent = nullptr);

    /// The planner options chosen (seed left for the caller).
    PlannerOptions options() const;
    bool cram() const;

private:
    void updateMatches();

    const PlannerInput& m_planner;
    // The filter last counted, and its count: the count box changes only the text, and a pool or scope
    // change that ends where it was is not counted again.
    std::optional<DrillFilter> m_counted;
    int m_matching = 0;
    QSpinBox* m_count;
    QComboBox* m_pool;
    QTreeWidget* m_scope;
    QCheckBox* m_cram;
    QLabel* m_matches;
    QPushButton* m_start = nullptr;
};

} // namespace certdrill::gui
