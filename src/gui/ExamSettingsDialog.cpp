#include "ExamSettingsDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace certdrill::gui {

ExamSettingsDialog::ExamSettingsDialog(const ExamDef& exam, const MockSettings& current, QWidget* parent)
    : QDialog(parent)
    , m_defaultCount(exam.countDefault)
    , m_questions(new QSpinBox)
    , m_extra(new QSpinBox)
{
    setObjectName(QStringLiteral("examSettingsDialog"));
    setWindowTitle(tr("Exam settings"));
    m_questions->setObjectName(QStringLiteral("examQuestions"));
    m_questions->setRange(exam.countMin, exam.countMax);
    m_questions->setValue(current.length(exam));
    m_extra->setObjectName(QStringLiteral("examExtraMinutes"));
    m_extra->setRange(0, kMaxExtraMinutes);
    m_extra->setSingleStep(5);
    m_extra->setSuffix(tr(" min"));
    m_extra->setValue(current.extraMinutes);
    auto* note = new QLabel(
        tr("The real exam has %1 to %2 questions in %3 minutes. Add extra time only if you have an approved "
           "accommodation (non-native English speakers can request a time extension before scheduling), "
           "so that you practise at the pace you will sit the exam.")
            .arg(exam.countMin)
            .arg(exam.countMax)
            .arg(exam.durationMinutes));
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Questions:"), m_questions);
    form->addRow(tr("E&xtra time:"), m_extra);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addLayout(form);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(460, 220);
}

MockSettings ExamSettingsDialog::settings() const
{
    MockSettings m;
    m.questions = m_questions->value() == m_defaultCount ? 0 : m_questions->value();
    m.extraMinutes = m_extra->value();
    return m;
}

} // namespace certdrill::gui
