#include "RetakeDialog.h"

#include <algorithm>
#include <cmath>

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QScreen>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QString finishedAt(const SessionSummary& s)
{
    return QDateTime::fromMSecsSinceEpoch(s.finishedAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString sessionLine(const QString& which, const SessionSummary& s)
{
    return RetakeDialog::tr("%1: %2, %3, %4% (%5/%6), time used %7")
        .arg(which, finishedAt(s),
             s.mode == SessionMode::Exam ? RetakeDialog::tr("exam simulation") : RetakeDialog::tr("practice"))
        .arg(s.score * 100.0, 0, 'f', 1)
        .arg(s.correct)
        .arg(s.total)
        .arg(QString::fromStdString(durationText(s.elapsedMs)));
}

QString side(int correct, int total)
{
    return total
               ? QStringLiteral("%1% (%2/%3)").arg(100.0 * correct / total, 0, 'f', 0).arg(correct).arg(total)
               : QStringLiteral("–");
}

QString outcomeText(RetakeOutcome outcome)
{
    switch (outcome) {
    case RetakeOutcome::Fixed:
        return RetakeDialog::tr("fixed");
    case RetakeOutcome::Slipped:
        return RetakeDialog::tr("slipped");
    case RetakeOutcome::StillMissed:
        return RetakeDialog::tr("still missed");
    case RetakeOutcome::RightBoth:
        break;
    }
    return RetakeDialog::tr("right both times");
}

} // namespace

RetakeDialog::RetakeDialog(const ExamDef& exam, const RetakeComparison& c, const SessionSummary& before,
                           const SessionSummary& after, QWidget* parent)
    : QDialog(parent)
    , m_exam(exam)
    // The day and time without the year (in the lines above): a column no wider than its figures, so the
    // domain names keep their room at large text.
    , m_beforeHeading(tr("Before\n%1").arg(finishedAt(before).mid(5)))
    , m_afterHeading(tr("After\n%1").arg(finishedAt(after).mid(5)))
{
    setObjectName(QStringLiteral("retakeDialog"));
    setWindowTitle(tr("Compare two exams"));
    auto* sessions =
        new QLabel(sessionLine(tr("Before"), before) + QLatin1Char('\n') + sessionLine(tr("After"), after));
    sessions->setObjectName(QStringLiteral("retakeSessionsLabel"));
    sessions->setTextFormat(Qt::PlainText);
    sessions->setWordWrap(true);
    auto* counts = new QLabel(
        c.sharesQuestions()
            ? tr("%1 shared questions: %2 fixed, %3 slipped, %4 still missed, %5 right both times.")
                  .arg(c.questions.size())
                  .arg(c.fixed)
                  .arg(c.slipped)
                  .arg(c.stillMissed)
                  .arg(c.rightBoth)
            : tr("No shared questions: compared per objective."));
    counts->setObjectName(QStringLiteral("retakeCountsLabel"));
    counts->setTextFormat(Qt::PlainText);
    counts->setWordWrap(true);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(sessions);
    layout->addWidget(counts);
    // The ten domains are the summary: shown whole (showEvent), where they needed a scroll bar squeezed
    // beside the question list; the question or objective list below takes the rest and scrolls.
    m_domains = rowsTable(tr("Domain"), c.domains, QStringLiteral("retakeDomainTable"));
    layout->addWidget(m_domains);
    if (c.sharesQuestions()) {
        auto* questions = makeReadOnlyTable({tr("Question"), tr("Domain"), tr("Outcome")},
                                            QStringLiteral("retakeQuestionTable"));
        // The ids are short and the outcome is the point: the domain's name takes what width is left (elided,
        // whole in its tooltip), so no text size pushes the outcome out of view.
        questions->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
        questions->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
        for (const RetakeQuestion& q : c.questions) {
            const int row = questions->rowCount();
            questions->insertRow(row);
            const Domain* dom = exam.findDomain(q.domainId);
            questions->setItem(row, 0, readOnlyCell(QString::fromStdString(q.questionId)));
            auto* domain = readOnlyCell(QString::fromStdString(dom ? dom->name : q.domainId));
            domain->setToolTip(domain->text());
            questions->setItem(row, 1, domain);
            // The word carries the outcome; the colour only repeats it.
            auto* outcome = readOnlyCell(outcomeText(q.outcome));
            if (q.outcome == RetakeOutcome::Fixed || q.outcome == RetakeOutcome::Slipped) {
                outcome->setForeground(verdictColor(q.outcome == RetakeOutcome::Fixed));
            }
            questions->setItem(row, 2, outcome);
        }
        layout->addWidget(questions, 1);
    } else {
        layout->addWidget(rowsTable(tr("Objective"), c.objectives, QStringLiteral("retakeObjectiveTable")),
                          1);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Wide enough for every table's columns whole (a long domain or objective name, both dates in the
    // headings), as tall as the rows want at this text size, and never wider or taller than the screen: at
    // 200% text on a 1280x800 screen the dialog was wider and taller than the screen, Close out of reach.
    int wanted = fontMetrics().averageCharWidth() * 80;
    for (const QTableWidget* table : findChildren<QTableWidget*>()) {
        wanted = std::max(wanted, contentWidth(table) + layout->contentsMargins().left() +
                                      layout->contentsMargins().right());
    }
    QSize size(wanted, fontMetrics().height() * 44);
    if (const QScreen* shown = screen()) {
        // The window's frame is the window manager's: a little room is left for it.
        const QRect area = shown->availableGeometry();
        size = size.boundedTo(QSize(area.width() - 2 * fontMetrics().height(), area.height() * 9 / 10));
    }
    resize(size);
}

RetakeDialog::~RetakeDialog() = default;

void RetakeDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    const int whole = rowsHeight(m_domains);
    // At most about half the screen, so that at large text on a small screen the dialog still fits and
    // the domain table scrolls instead.
    const int cap = screen() ? screen()->availableGeometry().height() * 45 / 100 : whole;
    m_domains->setMinimumHeight(std::min(whole, cap));
}

int RetakeDialog::contentWidth(const QTableWidget* table)
{
    int width = 2 * table->frameWidth() + table->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < table->columnCount(); ++c) {
        // QTableView hides sizeHintForColumn; the item view's is the same function.
        const QAbstractItemView* view = table;
        width += std::max(view->sizeHintForColumn(c), table->horizontalHeader()->sectionSizeHint(c));
    }
    return width;
}

QTableWidget* RetakeDialog::rowsTable(const QString& heading, const std::vector<RetakeRow>& rows,
                                      const QString& objectName)
{
    auto* table = makeReadOnlyTable({heading, m_beforeHeading, m_afterHeading, tr("Change")}, objectName);
    for (const RetakeRow& r : rows) {
        const int row = table->rowCount();
        table->insertRow(row);
        // A domain row's id is a domain's; an objective's is "domain/topic".
        QString name = QString::fromStdString(r.id);
        const auto slash = r.id.find('/');
        if (const Domain* dom = m_exam.findDomain(r.id.substr(0, slash))) {
            const Topic* topic =
                slash == std::string::npos ? nullptr : dom->findTopic(r.id.substr(slash + 1));
            name = QString::fromStdString(slash == std::string::npos ? dom->name
                                          : topic ? r.id.substr(slash + 1) + " " + topic->name
                                                  : r.id);
        }
        const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
        auto* nameCell = readOnlyCell(name);
        nameCell->setToolTip(name); // elided in a narrow window
        table->setItem(row, 0, nameCell);
        table->setItem(row, 1, readOnlyCell(side(r.beforeCorrect, r.beforeTotal), right));
        table->setItem(row, 2, readOnlyCell(side(r.afterCorrect, r.afterTotal), right));
        // Signed, so the change reads without its colour.
        const long points = std::lround(r.change());
        auto* change = readOnlyCell(!r.comparable() ? QStringLiteral("–")
                                    : points > 0    ? QStringLiteral("+%1").arg(points)
                                                    : QString::number(points),
                                    right);
        if (r.comparable() && points != 0) {
            change->setForeground(verdictColor(points > 0));
        }
        table->setItem(row, 3, change);
    }
    return table;
}

} // namespace certdrill::gui
