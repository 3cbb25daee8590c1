#include "PlanDialog.h"

#include <QCheckBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace certdrill::gui {

namespace {

const QDate kEpoch(1970, 1, 1);

} // namespace

QDate dateOfDay(std::int64_t day)
{
    return kEpoch.addDays(day);
}

std::int64_t dayOfDate(const QDate& date)
{
    return kEpoch.daysTo(date);
}

PlanDialog::PlanDialog(const PlanSettings& current, std::int64_t today, QWidget* parent)
    : QDialog(parent)
    , m_current(current)
    , m_hasDate(new QCheckBox(tr("I have an exam &date:")))
    , m_date(new QDateEdit)
    , m_hours(new QSpinBox)
    , m_failed(new QCheckBox(tr("&Record a failed attempt on:")))
    , m_failedDate(new QDateEdit)
{
    setObjectName(QStringLiteral("planDialog"));
    setWindowTitle(tr("Exam date and study plan"));
    m_hasDate->setObjectName(QStringLiteral("planHasDate"));
    m_date->setObjectName(QStringLiteral("planExamDate"));
    m_date->setAccessibleName(tr("Exam date"));
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_hasDate->setChecked(current.examDay.has_value());
    // Without a date, offer the guide's 8 to 10 weeks from today.
    m_date->setDate(dateOfDay(current.examDay.value_or(today + 63)));
    m_date->setEnabled(m_hasDate->isChecked());
    connect(m_hasDate, &QCheckBox::toggled, m_date, &QWidget::setEnabled);

    m_hours->setObjectName(QStringLiteral("planHoursPerWeek"));
    m_hours->setRange(0, 100);
    m_hours->setSuffix(tr(" h a week"));
    m_hours->setSpecialValueText(tr("no budget"));
    m_hours->setValue(static_cast<int>(current.hoursPerWeek + 0.5));

    m_failed->setObjectName(QStringLiteral("planRecordFailed"));
    m_failedDate->setObjectName(QStringLiteral("planFailedDate"));
    m_failedDate->setCalendarPopup(true);
    m_failedDate->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_failedDate->setMaximumDate(dateOfDay(today)); // an attempt is recorded after it happened
    m_failedDate->setDate(dateOfDay(today));
    m_failedDate->setEnabled(false);
    // The check boxes label these rows but are not buddies: the date fields carry their own names.
    m_failedDate->setAccessibleName(tr("Date of the failed attempt"));
    connect(m_failed, &QCheckBox::toggled, m_failedDate, &QWidget::setEnabled);

    auto* note = new QLabel(tr("The study guide plans 120 to 160 hours over 8 to 10 weeks. After a failed "
                               "attempt the next may be taken 14 days later, and at most 5 in 12 months."));
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(m_hasDate, m_date);
    auto* hoursLabel = new QLabel(tr("&Weekly hours:"));
    hoursLabel->setBuddy(m_hours);
    form->addRow(hoursLabel, m_hours);
    form->addRow(m_failed, m_failedDate);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

PlanSettings PlanDialog::settings() const
{
    PlanSettings s = m_current;
    s.examDay =
        m_hasDate->isChecked() ? std::optional<std::int64_t>(dayOfDate(m_date->date())) : std::nullopt;
    s.hoursPerWeek = m_hours->value();
    if (m_failed->isChecked()) {
        s.failedAttempts.push_back(dayOfDate(m_failedDate->date()));
    }
    return s;
}

} // namespace certdrill::gui
