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

#include "certdrill/learn/Tracker.h"

#include "Display.h"
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
    , m_table(makeReadOnlyTable(
          {tr("Finished"), tr("Mode"), tr("Score"), tr("Result"), tr("Ended by"), tr("Weakest domain")},
          QStringLiteral("historyTable")))
    , m_openButton(new QPushButton(tr("&Open results")))
{
    m_summary->setObjectName(QStringLiteral("historySummary"));
    m_readiness->setObjectName(QStringLiteral("historyReadiness"));
    m_readiness->setWordWrap(true);
    m_chart->setObjectName(QStringLiteral("historyChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);
    m_openButton->setObjectName(QStringLiteral("historyOpenButton"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // The date is short and the weakest domain's name is long: the spare width goes to the name.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Double-click a session, or select it and press Enter, to see its results."));
    auto* title = new QLabel(tr("Past exams"));
    setRelativeFont(title, 1.5);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_openButton);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(m_summary);
    layout->addWidget(m_readiness);
    layout->addWidget(m_chart, 3);
    layout->addWidget(m_table, 2);
    layout->addLayout(buttons);
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { openRow(row); });
    connect(m_openButton, &QPushButton::clicked, this, [this] { openRow(m_table->currentRow()); });
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::refresh()
{
    m_table->setRowCount(0);
    auto history = sessionHistory(m_store);
    if (!history) {
        m_summary->setText(QString::fromStdString(history.error().message));
        renderTrend({});
        return;
    }
    auto exams = m_store.exams();
    for (const SessionSummary& h : history.value()) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* when = new QTableWidgetItem(localMinute(h.finishedAtMs));
        when->setData(Qt::UserRole, static_cast<qint64>(h.id));
        // The weakest domain is the one to drill next; ties go to the heavier (earlier) domain.
        QString weakest = tr("none: every domain right");
        double low = 100; // a domain answered all right is nobody's weakest
        const ExamDef* exam = nullptr;
        if (exams) {
            for (const auto& e : exams.value()) {
                exam = e.id == h.examId ? &e : exam;
            }
        }
        for (const auto& d : h.domains) {
            const double p = d.total ? 100.0 * d.correct / d.total : 0.0;
            if (p < low) {
                low = p;
                const Domain* dom = exam ? exam->findDomain(d.id) : nullptr;
                weakest = QStringLiteral("%1 (%2/%3)")
                              .arg(QString::fromStdString(dom ? dom->name : d.id), QString::number(d.correct),
                                   QString::number(d.total));
            }
        }
        m_table->setItem(row, 0, when);
        m_table->setItem(
            row, 1,
            new QTableWidgetItem(h.mode == SessionMode::Exam ? tr("exam simulation") : tr("practice")));
        m_table->setItem(
            row, 2,
            new QTableWidgetItem(
                QStringLiteral("%1% (%2/%3)").arg(h.score * 100.0, 0, 'f', 1).arg(h.correct).arg(h.total)));
        auto* result = new QTableWidgetItem(h.passed ? tr("PASS") : tr("FAIL"));
        result->setForeground(verdictColor(h.passed));
        m_table->setItem(row, 3, result);
        m_table->setItem(
            row, 4, new QTableWidgetItem(h.finishReason == "timeout" ? tr("time ran out") : tr("submitted")));
        m_table->setItem(row, 5, new QTableWidgetItem(weakest));
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
    for (auto it = history.rbegin(); it != history.rend(); ++it) {
        otherExams = otherExams || it->examId != examId;
        if (it->examId == examId) {
            shown.push_back(*it);
        }
    }
    for (const SessionSummary& h : history) {
        if (h.examId == examId && h.mode == SessionMode::Exam) {
            examScores.push_back(h.score);
        }
    }
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
    auto* ready = markSeries(tr("readiness %1% (each of the last %2 exam simulations)")
                                 .arg(settings.readinessScore * 100.0, 0, 'f', 0)
                                 .arg(settings.readinessExams),
                             passColor(), Qt::DotLine);
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
}

void HistoryPage::openRow(int row)
{
    if (const QTableWidgetItem* when = m_table->item(row, 0)) {
        emit openSession(when->data(Qt::UserRole).toLongLong());
    }
}

} // namespace certdrill::gui
