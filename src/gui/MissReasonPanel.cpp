#include "MissReasonPanel.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

enum Column
{
    kQuestion,
    kMeasured,
    kReason
};

QString reasonText(MissReason r)
{
    return MissReasonPanel::tr(missReasonText(r));
}

/// What the session measured about a miss, in a few words (the pre-filled reason's evidence).
QString measuredText(const SessionItem& it, bool timedOut)
{
    switch (answerChange(it)) {
    case AnswerChange::RightToWrong:
        return MissReasonPanel::tr("your first answer was right; you changed it");
    case AnswerChange::WrongToWrong:
        return MissReasonPanel::tr("changed from one wrong answer to another");
    case AnswerChange::WrongToRight:
    case AnswerChange::None:
        break;
    }
    if (it.incomplete()) {
        return MissReasonPanel::tr("partly answered: %1 of %2 options chosen")
            .arg(it.chosen.size())
            .arg(it.question.select);
    }
    if (!it.complete() && timedOut) {
        return it.seen() ? MissReasonPanel::tr("not answered when the time ran out")
                         : MissReasonPanel::tr("not reached before the time ran out");
    }
    if (!it.complete()) {
        return MissReasonPanel::tr("left unanswered");
    }
    if (it.confidence == Confidence::Guess) {
        return MissReasonPanel::tr("you tagged it a guess");
    }
    return {};
}

} // namespace

MissReasonPanel::MissReasonPanel(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_changes(new QLabel)
    , m_breakdown(new QLabel)
    , m_table(makeReadOnlyTable({tr("Missed question"), tr("Evidence"), tr("Why you missed it")},
                                QStringLiteral("missReasonTable")))
{
    setObjectName(QStringLiteral("missReasonPanel"));
    m_changes->setObjectName(QStringLiteral("answerChangesLabel"));
    m_breakdown->setObjectName(QStringLiteral("missBreakdownLabel"));
    // Counts and reason names only, but shown as plain text like every label of the results.
    m_changes->setTextFormat(Qt::PlainText);
    m_breakdown->setTextFormat(Qt::PlainText);
    m_changes->setWordWrap(true);
    m_breakdown->setWordWrap(true);
    // The question column takes the room; the measured evidence wraps in a column of its own width.
    m_table->horizontalHeader()->setSectionResizeMode(kMeasured, QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(kMeasured, fontMetrics().averageCharWidth() * 30);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    keepFittedToRows(m_table, true);
    auto* title = new QLabel(tr("Why you missed them:"));
    setRelativeFont(title, 1.2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_changes);
    layout->addWidget(m_table);
    layout->addWidget(m_breakdown);
}

MissReasonPanel::~MissReasonPanel() = default;

void MissReasonPanel::showSession(const ExamSession& session)
{
    m_sessionId = session.id();
    m_timedOut = session.timedOut();
    m_abandoned = session.abandoned();
    m_items = session.items();
    renderTable();
    renderSummary();
}

void MissReasonPanel::renderTable()
{
    m_table->setRowCount(0);
    for (const auto& it : m_items) {
        if (!isMissToExplain(it, m_abandoned)) {
            continue;
        }
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        // Plain text cells: a stem is untrusted pack text and is never rendered as rich text here.
        const QString stem = stemLine(it.question.stem, 89);
        auto* question = new QTableWidgetItem(QStringLiteral("%1. %2 · %3")
                                                  .arg(it.position + 1)
                                                  .arg(QString::fromStdString(it.question.id), stem));
        question->setToolTip(plainToolTip(QString::fromStdString(it.question.stem)));
        m_table->setItem(row, kQuestion, question);
        m_table->setItem(row, kMeasured, new QTableWidgetItem(measuredText(it, m_timedOut)));
        auto* combo = new QComboBox;
        combo->setObjectName(QStringLiteral("missReason_%1").arg(it.position));
        combo->addItem(tr("— not tagged —"));
        for (MissReason r : kMissReasons) {
            combo->addItem(reasonText(r), QString::fromLatin1(missReasonName(r)));
        }
        const auto reason = effectiveMissReason(it, m_timedOut);
        combo->setCurrentIndex(reason ? static_cast<int>(*reason) + 1 : 0);
        if (!it.missReason && reason) {
            combo->setToolTip(tr("Suggested from what the session measured; choose another reason if it was "
                                 "something else"));
        }
        m_table->setCellWidget(row, kReason, combo);
        const int position = it.position;
        connect(combo, &QComboBox::activated, this, [this, position](int index) { choose(position, index); });
    }
    m_table->setVisible(m_table->rowCount() > 0);
    fitToText();
}

void MissReasonPanel::fitToText()
{
    if (m_table->isVisibleTo(this)) {
        // Even rows: the reason boxes line up in one column whatever each row's text.
        fitHeightToRows(m_table, true);
    }
}

void MissReasonPanel::renderSummary()
{
    const AnswerChanges c = countAnswerChanges(m_items);
    m_changes->setText(
        c.total() == 0
            ? tr("Answer changes: none measured (the first complete answer to each question was the final "
                 "one).")
            : tr("Answer changes: %n changed, %1 right to wrong, %2 wrong to right, %3 wrong to wrong; net "
                 "%4.",
                 nullptr, c.total())
                  .arg(c.rightToWrong)
                  .arg(c.wrongToRight)
                  .arg(c.wrongToWrong)
                  .arg(c.net() > 0 ? QStringLiteral("+%1").arg(c.net()) : QString::number(c.net())));
    const MissBreakdown b = missBreakdown(m_items, m_timedOut, m_abandoned);
    if (b.misses == 0) {
        m_breakdown->setText(tr("No missed questions."));
        return;
    }
    QStringList parts;
    for (MissReason r : kMissReasons) {
        if (b.count(r) > 0) {
            parts << tr("%1 %2").arg(reasonText(r)).arg(b.count(r));
        }
    }
    QString text = tr("By reason (%1 of %2 misses have one, %3 of them suggested): %4.")
                       .arg(b.tagged)
                       .arg(b.misses)
                       .arg(b.suggested)
                       .arg(parts.isEmpty() ? tr("none tagged yet") : parts.join(QStringLiteral(", ")));
    if (const auto advice = missAdvice(b)) {
        text += QLatin1Char(' ') + QString::fromStdString(*advice);
    }
    m_breakdown->setText(text);
}

void MissReasonPanel::choose(int position, int comboIndex)
{
    const std::optional<MissReason> reason =
        comboIndex <= 0 ? std::nullopt
                        : std::optional<MissReason>(kMissReasons[static_cast<std::size_t>(comboIndex - 1)]);
    auto session = ExamSession::open(m_store, m_sessionId);
    const auto stored =
        session ? session.value()->setMissReason(position, reason) : Result<void>(session.error());
    if (!stored) {
        QMessageBox::warning(this, tr("Cannot save the reason"), sentence(stored.error().message));
        return;
    }
    m_items = session.value()->items();
    // Untagging falls back to the suggestion, which the combo box then shows.
    const SessionItem& item = m_items[static_cast<std::size_t>(position)];
    if (auto* combo = m_table->findChild<QComboBox*>(QStringLiteral("missReason_%1").arg(position))) {
        const auto effective = effectiveMissReason(item, m_timedOut);
        combo->setCurrentIndex(effective ? static_cast<int>(*effective) + 1 : 0);
    }
    renderSummary();
    emit reasonsChanged(m_items);
}

} // namespace certdrill::gui
