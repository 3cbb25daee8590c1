#include "HistoryPage.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include "certdrill/exam/Retake.h"
#include "certdrill/learn/Tracker.h"

#include "Display.h"
#include "PageScroll.h"
#include "RetakeDialog.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QString localMinute(std::int64_t unixMs)
{
    return QDateTime::fromMSecsSinceEpoch(unixMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

HistoryPage::HistoryPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_summary(new QLabel)
    , m_readiness(new QLabel)
    , m_chart(new QChartView)
    , m_table(makeReadOnlyTable({tr("Finished"), tr("Mode"), tr("Score"), tr("Result"), tr("Ended by"),
                                 tr("Time used"), tr("Weakest domain")},
                                QStringLiteral("historyTable")))
    , m_openButton(new QPushButton(tr("&Open results")))
    , m_compareButton(new QPushButton(tr("&Compare…")))
{
    m_summary->setObjectName(QStringLiteral("historySummary"));
    m_summary->setWordWrap(true);
    m_readiness->setObjectName(QStringLiteral("historyReadiness"));
    m_readiness->setWordWrap(true);
    m_chart->setObjectName(QStringLiteral("historyChart"));
    // A picture, not a control: Tab stopping on it showed no focus, as if the focus were lost.
    m_chart->setFocusPolicy(Qt::NoFocus);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_openButton->setObjectName(QStringLiteral("historyOpenButton"));
    m_compareButton->setObjectName(QStringLiteral("historyCompareButton"));
    m_compareButton->setToolTip(tr("Select two finished exams of the same exam (Ctrl+click or Shift+click) "
                                   "to see what changed between them."));
    // Two rows may be selected, for Compare…; Open results and Enter act on the current row.
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // The date is short and the weakest domain's name is long: the spare width goes to the name.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Double-click a session, or select it and press Enter, to see its results."));
    auto* title = new QLabel(tr("Past exams"));
    setRelativeFont(title, 1.5);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_compareButton);
    buttons->addWidget(m_openButton);
    // The chart keeps a readable height at every text size (fitChartToText), which at large text is more
    // than a small screen has: the page scrolls instead of making the window taller, and the buttons stay
    // below it, in view.
    auto* content = new QWidget;
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(title);
    column->addWidget(m_summary);
    column->addWidget(m_readiness);
    column->addWidget(m_chart, 3);
    column->addWidget(m_table, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makePageScroll(content, QStringLiteral("historyScroll")), 1);
    layout->addLayout(buttons);
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { openRow(row); });
    connect(m_openButton, &QPushButton::clicked, this, [this] { openRow(m_table->currentRow()); });
    connect(m_compareButton, &QPushButton::clicked, this, &HistoryPage::compareSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_compareButton->setEnabled(selectedPair().size() == 2); });
    fitChartToText();
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::refresh()
{
    m_table->setRowCount(0);
    m_sessions.clear();
    m_compareButton->setEnabled(false);
    auto history = sessionHistory(m_store);
    if (!history) {
        m_summary->setText(QString::fromStdString(history.error().message));
        renderTrend({});
        return;
    }
    auto exams = m_store.exams();
    m_sessions = history.value();
    for (const SessionSummary& h : history.value()) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* when = new QTableWidgetItem(localMinute(h.finishedAtMs));
        when->setData(Qt::UserRole, static_cast<qint64>(h.id));
        const ExamDef* exam = nullptr;
        if (exams) {
            for (const auto& e : exams.value()) {
                exam = e.id == h.examId ? &e : exam;
            }
        }
        // The weakest domain is the one to drill next, read from the answers given: a domain whose
        // questions were never reached is "not reached", not weak.
        const WeakestDomain weak = weakestDomain(h.domains);
        const int domainCount = static_cast<int>(h.domains.size());
        QString weakest;
        if (weak.domain) {
            const Domain* dom = exam ? exam->findDomain(weak.domain->id) : nullptr;
            // One arg() with every value: a "%2" in a domain's name must stay text.
            weakest =
                tr("%1 (%2 of %3 answered right)")
                    .arg(QString::fromStdString(dom ? dom->name : weak.domain->id),
                         QString::number(weak.domain->correct), QString::number(weak.domain->attempted()));
        } else if (std::none_of(h.domains.begin(), h.domains.end(),
                                [](const Tally& t) { return t.attempted() > 0; })) {
            weakest = tr("none: no question answered");
        } else {
            weakest = tr("none: every answer right");
        }
        if (weak.notReached > 0 && weak.notReached < domainCount) {
            weakest += tr("; %1 not reached").arg(weak.notReached);
        }
        m_table->setItem(row, 0, when);
        m_table->setItem(
            row, 1,
            new QTableWidgetItem(h.mode == SessionMode::Exam ? tr("exam simulation") : tr("practice")));
        // A question excluded after a problem report is in no figure of the score: the cell says so, as the
        // results do, or the score of a session sat on 65 questions reads as if over 64 by mistake.
        const QString score =
            QStringLiteral("%1% (%2/%3").arg(h.score * 100.0, 0, 'f', 1).arg(h.correct).arg(h.total) +
            (h.unanswered() == 0 && h.incomplete == 0
                 ? QString()
                 : QStringLiteral(", ") + unansweredText(h.unanswered(), h.incomplete)) +
            (h.excluded > 0 ? QStringLiteral(", ") + tr("%1 excluded").arg(h.excluded) : QString()) +
            QStringLiteral(")");
        auto* scoreCell = new QTableWidgetItem(score);
        if (h.excluded > 0) {
            scoreCell->setToolTip(
                h.excluded == 1 ? tr("1 question excluded from your scores as disputed: it counts in "
                                     "no figure here")
                                : tr("%1 questions excluded from your scores as disputed: they count in "
                                     "no figure here")
                                      .arg(h.excluded));
        }
        m_table->setItem(row, 2, scoreCell);
        auto* result = new QTableWidgetItem(h.abandoned ? tr("ABANDONED")
                                            : h.passed  ? tr("PASS")
                                                        : tr("FAIL"));
        result->setForeground(h.abandoned ? mutedColor() : verdictColor(h.passed));
        if (h.abandoned) {
            result->setToolTip(tr("Ended with Exam ▸ Abandon exam: no verdict, not counted for readiness"));
        }
        m_table->setItem(row, 3, result);
        m_table->setItem(row, 4,
                         new QTableWidgetItem(h.abandoned                   ? tr("abandoned")
                                              : h.finishReason == "timeout" ? tr("time ran out")
                                                                            : tr("submitted")));
        auto* time = new QTableWidgetItem(QString::fromStdString(durationText(h.elapsedMs)));
        time->setToolTip(
            tr("The clock's time, %1 of it on the review screen; %2 (m:ss) per answered question")
                .arg(QString::fromStdString(durationText(h.reviewMs)),
                     QString::fromStdString(paceText(h.minutesPerAnsweredQuestion()))));
        m_table->setItem(row, 5, time);
        m_table->setItem(row, 6, new QTableWidgetItem(weakest));
    }
    m_summary->setText(
        history.value().empty()       ? tr("No finished exams yet. Start one with Exam ▸ Start mock exam.")
        : history.value().size() == 1 ? tr("1 finished exam.")
                                      : tr("%1 finished exams, newest first.").arg(history.value().size()));
    if (m_table->rowCount() > 0) {
        m_table->setCurrentCell(0, 0);
    }
    m_openButton->setEnabled(m_table->rowCount() > 0);
    renderTrend(history.value());
}

void HistoryPage::renderTrend(const std::vector<SessionSummary>& history)
{
    m_chart->setVisible(!history.empty());
    m_readiness->setVisible(!history.empty());
    if (history.empty()) {
        return;
    }
    // One exam per chart: its pass mark is the line the scores are read against. The newest session's exam
    // is the one being prepared for; sessions of any other exam stay in the list below.
    const std::string examId = history.front().examId;
    std::vector<SessionSummary> shown; // oldest first; copies, since the hover handler outlives `history`
    std::vector<double> examScores;    // newest first, as the readiness rule reads them
    bool otherExams = false;
    // An abandoned exam has no score to plot or to count: it stays in the list below only.
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        otherExams = otherExams || it->examId != examId;
        if (it->examId == examId && !it->abandoned) {
            shown.push_back(*it);
        }
    }
    for (const SessionSummary& h : history) {
        if (h.examId == examId && h.countsForReadiness()) {
            examScores.push_back(h.score);
        }
    }
    m_chart->setVisible(!shown.empty()); // only abandoned exams: nothing to plot, the verdict still applies
    auto exam = m_store.exam(examId);
    const double passPercent = exam ? exam.value().passPercent : history.front().passPercent;
    auto stored = loadTrackerSettings(m_store);
    const TrackerSettings settings = stored ? stored.value() : TrackerSettings{};

    if (auto gap = examReadinessGap(examScores, settings)) {
        m_readiness->setText(
            tr("Not ready to schedule on exam scores yet. %1.").arg(QString::fromStdString(*gap)));
        setTextColor(m_readiness, failColor());
    } else {
        m_readiness->setText(
            tr("The last %1 exam simulations each scored at least %2%: the exam-score half of "
               "readiness is met (the tracker has the domain half).")
                .arg(settings.readinessExams)
                .arg(settings.readinessScore * 100.0, 0, 'f', 0));
        setTextColor(m_readiness, passColor());
    }

    auto* exams = new QLineSeries;
    exams->setName(tr("exam simulation"));
    exams->setColor(darkTheme() ? QColor(0x64, 0xb5, 0xf6) : QColor(0x15, 0x65, 0xc0)); // blue on either
    exams->setPointsVisible(true);
    exams->setMarkerSize(7);
    QPen line = exams->pen();
    line.setWidth(2);
    exams->setPen(line);
    auto* practice = new QScatterSeries;
    practice->setName(tr("practice"));
    practice->setColor(mutedColor());
    practice->setMarkerSize(12);
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const QPointF point(static_cast<double>(i + 1), shown[i].score * 100.0);
        *(shown[i].mode == SessionMode::Exam ? static_cast<QXYSeries*>(exams) : practice) << point;
    }
    const double n = static_cast<double>(shown.size());
    auto* pass = markSeries(tr("pass mark %1%").arg(passPercent), markColor(), Qt::DashLine);
    pass->append(0.5, passPercent);
    pass->append(n + 0.5, passPercent);
    // Short, so the legend fits one line at large text: the line above the chart says what readiness needs.
    auto* ready = markSeries(tr("readiness %1%").arg(settings.readinessScore * 100.0, 0, 'f', 0), passColor(),
                             Qt::DotLine);
    ready->append(0.5, settings.readinessScore * 100.0);
    ready->append(n + 0.5, settings.readinessScore * 100.0);

    auto* chart = new QChart;
    applyChartTheme(chart);
    // A chart title is HTML: the exam's title is escaped so it stays text and names no image to load.
    chart->setTitle(otherExams && exam ? tr("Score per finished exam of %1, oldest to newest")
                                             .arg(QString::fromStdString(exam.value().title).toHtmlEscaped())
                                       : tr("Score per finished exam, oldest to newest"));
    auto* xAxis = new QValueAxis;
    xAxis->setRange(0.5, n + 0.5);
    xAxis->setLabelFormat(QStringLiteral("%d"));
    // Whole-number ticks at any count: one per exam up to a dozen, then every k-th.
    xAxis->setTickType(QValueAxis::TicksDynamic);
    xAxis->setTickAnchor(1);
    xAxis->setTickInterval(std::max(1.0, std::ceil(n / 12.0)));
    auto* yAxis = new QValueAxis;
    // A little room above 100% and below 0% so the markers of perfect and empty scores are not clipped.
    yAxis->setRange(-4, 104);
    yAxis->setTickType(QValueAxis::TicksDynamic);
    yAxis->setTickAnchor(0);
    yAxis->setTickInterval(20);
    yAxis->setLabelFormat(QStringLiteral("%d%%"));
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    for (QXYSeries* series : {static_cast<QXYSeries*>(pass), static_cast<QXYSeries*>(ready),
                              static_cast<QXYSeries*>(exams), static_cast<QXYSeries*>(practice)}) {
        chart->addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
    }
    for (QXYSeries* series : {static_cast<QXYSeries*>(exams), static_cast<QXYSeries*>(practice)}) {
        connect(series, &QXYSeries::hovered, this, [shown, this](const QPointF& p, bool on) {
            const auto i = static_cast<std::size_t>(std::lround(p.x())) - 1;
            if (!on || i >= shown.size()) {
                QToolTip::hideText();
                return;
            }
            const SessionSummary& h = shown[i];
            QToolTip::showText(QCursor::pos(),
                               tr("%1, %2: %3% (%4/%5), %6")
                                   .arg(localMinute(h.finishedAtMs),
                                        h.mode == SessionMode::Exam ? tr("exam simulation") : tr("practice"))
                                   .arg(h.score * 100.0, 0, 'f', 1)
                                   .arg(h.correct)
                                   .arg(h.total)
                                   .arg(h.passed ? tr("PASS") : tr("FAIL")),
                               m_chart);
        });
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old; // the view does not own a chart it is given away from
    fitChartToText();
}

void HistoryPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitChartToText();
    }
}

void HistoryPage::fitChartToText()
{
    // The title, the six y labels with a line's gap between each, the x labels, the legend and the margins
    // take about 20 lines of text; with less, Qt Charts elides the y labels to "…" and the plot shrinks to a
    // strip.
    if (QChart* chart = m_chart->chart()) {
        applyChartFont(chart, font());
    }
    m_chart->setMinimumHeight(fontMetrics().height() * 20);
    // In the scroll area the table is never squeezed to its header: a few rows show beside the chart.
    m_table->setMinimumHeight(fontMetrics().height() * 8);
}

std::vector<const SessionSummary*> HistoryPage::selectedPair() const
{
    std::vector<const SessionSummary*> pair;
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex& index : rows) {
        const auto row = static_cast<std::size_t>(index.row());
        // An abandoned exam has no verdict to compare against.
        if (row < m_sessions.size() && !m_sessions[row].abandoned) {
            pair.push_back(&m_sessions[row]);
        }
    }
    if (rows.size() != 2 || pair.size() != 2) {
        return {};
    }
    return pair;
}

void HistoryPage::compareSelected()
{
    const auto pair = selectedPair();
    if (pair.size() != 2) {
        return;
    }
    const auto fail = [this](const Error& error) {
        showPlainMessage(this, QMessageBox::Warning, tr("Compare two exams"),
                         sentence(QString::fromStdString(error.message)));
    };
    // compareSessions says why two sessions cannot be compared (another exam, a drill): shown as written.
    const auto comparison = compareSessions(m_store, pair[0]->id, pair[1]->id);
    if (!comparison) {
        fail(comparison.error());
        return;
    }
    auto exam = m_store.exam(pair[0]->examId);
    if (!exam) {
        fail(exam.error());
        return;
    }
    const SessionSummary& before = pair[0]->id == comparison->beforeId ? *pair[0] : *pair[1];
    const SessionSummary& after = &before == pair[0] ? *pair[1] : *pair[0];
    RetakeDialog dialog(exam.value(), comparison.value(), before, after, this);
    dialog.exec();
}

void HistoryPage::openRow(int row)
{
    if (const QTableWidgetItem* when = m_table->item(row, 0)) {
        emit openSession(when->data(Qt::UserRole).toLongLong());
    }
}

} // namespace certdrill::gui
