#pragma once

#include <QDialog>

#include "certdrill/learn/StudyPlan.h"

class QCheckBox;
class QDateEdit;
class QLabel;
class QSpinBox;

namespace certdrill::gui {

/// The home screen's "Set exam date…": the planned exam date (or none), the weekly hour budget, and a failed
/// real attempt to record.
class PlanDialog : public QDialog
{
    Q_OBJECT

public:
    /// `today` is the candidate's local day number (StudyPlan::today).
    PlanDialog(const PlanSettings& current, std::int64_t today, QWidget* parent = nullptr);

    /// The settings as chosen, the recorded attempt added.
    PlanSettings settings() const;

private:
    PlanSettings m_current;
    QCheckBox* m_hasDate;
    QDateEdit* m_date;
    QSpinBox* m_hours;
    QCheckBox* m_failed;
    QDateEdit* m_failedDate;
};

/// A local day number as a QDate, and back.
QDate dateOfDay(std::int64_t day);
std::int64_t dayOfDate(const QDate& date);

} // namespace certdrill::gui
