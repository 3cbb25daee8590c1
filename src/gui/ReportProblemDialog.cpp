#include "ReportProblemDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "Display.h"

namespace certdrill::gui {

namespace {

QString kindText(ErrataKind kind)
{
    switch (kind) {
    case ErrataKind::WrongKey:
        return QObject::tr("Wrong key: the marked answer is not right");
    case ErrataKind::Unclear:
        return QObject::tr("Unclear: it can be read more than one way");
    case ErrataKind::Outdated:
        return QObject::tr("Outdated: no longer true");
    case ErrataKind::Typo:
        return QObject::tr("Typo");
    case ErrataKind::Other:
        break;
    }
    return QObject::tr("Other");
}

} // namespace

ReportProblemDialog::ReportProblemDialog(const QString& questionId, bool excluded, QWidget* parent)
    : QDialog(parent)
    , m_kind(new QComboBox)
    , m_note(new QPlainTextEdit)
    , m_exclude(new QCheckBox(tr("&Exclude this question from my scores")))
{
    setWindowTitle(tr("Report a problem"));
    setObjectName(QStringLiteral("reportProblemDialog"));
    m_kind->setObjectName(QStringLiteral("errataKind"));
    m_note->setObjectName(QStringLiteral("errataNote"));
    m_exclude->setObjectName(QStringLiteral("excludeFromScores"));
    for (const ErrataKind k : errataKinds()) {
        m_kind->addItem(kindText(k), static_cast<int>(k));
    }
    m_note->setPlaceholderText(tr("What is wrong, and what would be right (a source helps the author)"));
    m_note->setTabChangesFocus(true);
    m_exclude->setChecked(excluded);
    m_exclude->setToolTip(tr("It then counts in none of your scores, past exams included, nor in the "
                             "tracker. Your answers are kept: clear the box later to count it again."));

    // Plain text: the id comes from a pack, which is untrusted.
    auto* question = new QLabel;
    question->setTextFormat(Qt::PlainText);
    question->setText(
        tr("Question %1. The report keeps the pack version you saw and your answer.").arg(questionId));
    question->setWordWrap(true);
    auto* form = new QFormLayout;
    auto* kindLabel = new QLabel(tr("&Problem:"));
    kindLabel->setBuddy(m_kind);
    auto* noteLabel = new QLabel(tr("&Note:"));
    noteLabel->setBuddy(m_note);
    form->addRow(kindLabel, m_kind);
    form->addRow(noteLabel, m_note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Report"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(question);
    layout->addLayout(form);
    layout->addWidget(m_exclude);
    layout->addWidget(buttons);
    m_kind->setFocus();
}

ReportProblemDialog::~ReportProblemDialog() = default;

ErrataKind ReportProblemDialog::kind() const
{
    return static_cast<ErrataKind>(m_kind->currentData().toInt());
}

QString ReportProblemDialog::note() const
{
    return m_note->toPlainText().trimmed();
}

bool ReportProblemDialog::excludeFromScores() const
{
    return m_exclude->isChecked();
}

bool reportProblemInteractively(QWidget* parent, Store& store, ProblemReport report,
                                const QString& questionId)
{
    const auto excluded = excludedQuestions(store);
    const bool wasExcluded = excluded && excluded->count(report.questionRow) > 0;
    ReportProblemDialog dialog(questionId, wasExcluded, parent);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    report.kind = dialog.kind();
    report.note = dialog.note().toStdString();
    report.excludeFromScores = dialog.excludeFromScores();
    auto filed = reportProblem(store, report);
    // Clearing the box on an excluded question counts it again; reportProblem only ever excludes.
    Result<void> included;
    if (filed && wasExcluded && !report.excludeFromScores) {
        included = setExcludedFromScores(store, report.questionRow, false);
    }
    if (!filed || !included) {
        QMessageBox::warning(parent, dialog.windowTitle(),
                             sentence(!filed ? filed.error().message : included.error().message));
        return filed.ok();
    }
    return true;
}

} // namespace certdrill::gui
