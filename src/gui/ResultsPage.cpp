#include "ResultsPage.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include "certdrill/exam/SessionHistory.h"

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

const QColor kPassBackground(0xc8, 0xe6, 0xc9);
const QColor kFailBackground(0xff, 0xcd, 0xd2);

double percent(const Tally& t)
{
    return t.total ? 100.0 * t.correct / t.total : 0.0;
}

/// Appends a row: the leading cells, then "correct / total", the percent colored against the pass mark, and
/// the minutes spent per question, bold when slower than the exam allows.
void addTallyRow(QTableWidget* table, const QStringList& leading, const Tally& t, double passPercent,
                 double minutesAllowed)
{
    const int row = table->rowCount();
    table->insertRow(row);
    int c = 0;
    for (const QString& text : leading) {
        table->setItem(row, c++, new QTableWidgetItem(text));
    }
    table->setItem(row, c++, new QTableWidgetItem(QStringLiteral("%1 / %2").arg(t.correct).arg(t.total)));
    auto* p = new QTableWidgetItem(QStringLiteral("%1%").arg(percent(t), 0, 'f', 0));
    p->setBackground(percent(t) >= passPercent ? kPassBackground : kFailBackground);
    p->setForeground(cellTextColor());
    table->setItem(row, c++, p);
    auto* pace = new QTableWidgetItem(QStringLiteral("%1").arg(t.minutesPerQuestion(), 0, 'f', 1));
    if (minutesAllowed > 0 && t.minutesPerQuestion() > minutesAllowed) {
        QFont bold = pace->font();
        bold.setBold(true);
        pace->setFont(bold);
        pace->setToolTip(QObject::tr("Slower than the %1 minutes per question the exam allows")
                             .arg(minutesAllowed, 0, 'f', 2));
    }
    table->setItem(row, c, pace);
}

} // namespace

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent)
    , m_verdict(new QLabel)
    , m_details(new QLabel)
    , m_domains(
          makeReadOnlyTable({tr("Domain"), tr("Weight"), tr("Correct"), tr("Percent"), tr("Min / question")},
                            QStringLiteral("resultDomainsTable")))
    , m_chart(new QChartView)
    , m_topicToggle(new QPushButton(tr("Show o&bjectives")))
    , m_topics(makeReadOnlyTable(
          {tr("Objective"), tr("Domain"), tr("Correct"), tr("Percent"), tr("Min / question")},
          QStringLiteral("topicTable")))
    , m_filter(new QComboBox)
    , m_exportButton(new QPushButton(tr("E&xport CSV…")))
    , m_review(new SafeTextView)
{
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_details->setObjectName(QStringLiteral("resultDetailsLabel"));
    m_chart->setObjectName(QStringLiteral("domainChart"));
    m_topicToggle->setObjectName(QStringLiteral("topicToggle"));
    m_filter->setObjectName(QStringLiteral("reviewFilter"));
    m_review->setObjectName(QStringLiteral("answerReview"));
    m_exportButton->setObjectName(QStringLiteral("resultsExportButton"));
    m_exportButton->setToolTip(
        tr("Every question with its id, domain, your answer, the key, the result and the time spent"));
    setRelativeFont(m_verdict, 2);
    m_details->setWordWrap(true);
    m_filter->addItems({tr("All questions"), tr("Wrong only"), tr("Flagged only")});
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumWidth(420);
    m_topicToggle->setCheckable(true);
    m_topics->hide();
    // Objective names are long: they get the room, the domain column a fixed width with elided text.
    m_topics->setWordWrap(false);
    m_topics->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    m_topics->horizontalHeader()->resizeSection(1, 130);

    auto* tables = new QVBoxLayout;
    tables->setContentsMargins(0, 0, 0, 0);
    tables->addWidget(m_domains, 1);
    auto* toggleRow = new QHBoxLayout;
    toggleRow->addWidget(m_topicToggle);
    toggleRow->addStretch();
    tables->addLayout(toggleRow);
    tables->addWidget(m_topics, 1);
    auto* breakdown = new QWidget;
    auto* breakdownLayout = new QHBoxLayout(breakdown);
    breakdownLayout->setContentsMargins(0, 0, 0, 0);
    breakdownLayout->addLayout(tables, 1);
    breakdownLayout->addWidget(m_chart, 1);

    auto* reviewBox = new QWidget;
    auto* reviewLayout = new QVBoxLayout(reviewBox);
    reviewLayout->setContentsMargins(0, 0, 0, 0);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(new QLabel(tr("Answer review:")));
    filterRow->addWidget(m_filter);
    filterRow->addStretch();
    filterRow->addWidget(m_exportButton);
    reviewLayout->addLayout(filterRow);
    reviewLayout->addWidget(m_review);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(breakdown);
    split->addWidget(reviewBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_details);
    layout->addWidget(split, 1);
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ResultsPage::renderReview);
    connect(m_topicToggle, &QPushButton::toggled, this, [this](bool on) {
        m_topics->setVisible(on);
        m_topicToggle->setText(on ? tr("Hide o&bjectives") : tr("Show o&bjectives"));
    });
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        exportCsvInteractively(this, tr("Export answers"), QStringLiteral("exam-answers.csv"),
                               sessionCsv(m_exam, m_items));
    });
}

ResultsPage::~ResultsPage() = default;

void ResultsPage::showSession(const ExamSession& session)
{
    m_exam = session.exam();
    m_items = session.items();
    const SessionScore s = session.score();
    m_verdict->setText(s.passed ? tr("PASS") : tr("FAIL"));
    setTextColor(m_verdict, verdictColor(s.passed));
    int flagged = 0;
    for (const auto& it : m_items) {
        flagged += it.flagged;
    }
    const double perQuestion = minutesPerQuestion(s.timeMs, s.total);
    m_details->setText(
        tr("Score %1% (%2 of %3 correct); pass mark %4%. Time used %5 min, %6 min per question "
           "(the exam allows %7). Flagged %8. Multi-select near misses %9.")
            .arg(s.score * 100.0, 0, 'f', 1)
            .arg(s.correct)
            .arg(s.total)
            .arg(m_exam.passPercent)
            .arg(s.timeMs / 60'000)
            .arg(perQuestion, 0, 'f', 1)
            .arg(s.minutesAllowedPerQuestion, 0, 'f', 2)
            .arg(flagged)
            .arg(s.nearMisses));
    renderDomains(s);
    renderChart(s);
    renderTopics(s);
    renderReview();
}

bool ResultsPage::exportCsv(const QString& path, QString* error) const
{
    return saveCsv(path, sessionCsv(m_exam, m_items), error);
}

void ResultsPage::renderDomains(const SessionScore& s)
{
    m_domains->setRowCount(0);
    for (const auto& t : s.domains) {
        const Domain* d = m_exam.findDomain(t.id);
        addTallyRow(
            m_domains,
            {QString::fromStdString(d ? d->name : t.id), QStringLiteral("%1%").arg(d ? d->weight : 0)}, t,
            m_exam.passPercent, s.minutesAllowedPerQuestion);
    }
}

void ResultsPage::renderChart(const SessionScore& s)
{
    // Two stacked sets, one bar per domain: its percent sits in the pass set or the fail set, so each bar is
    // colored against the pass mark while the legend explains the colors. Categories are added bottom-up, so
    // the list is reversed to read in blueprint order from the top.
    auto* pass = new QBarSet(tr("at or above the pass mark"));
    auto* fail = new QBarSet(tr("below the pass mark"));
    pass->setColor(passColor());
    fail->setColor(failColor());
    QStringList categories;
    for (auto it = s.domains.rbegin(); it != s.domains.rend(); ++it) {
        const Domain* d = m_exam.findDomain(it->id);
        const double p = percent(*it);
        const bool ok = p >= m_exam.passPercent;
        *pass << (ok ? p : 0.0);
        *fail << (ok ? 0.0 : p);
        // Axis labels are HTML: escaped, a domain's name stays text and names no image to load. Counts are in
        // the table beside the chart.
        categories << QString::fromStdString(d ? d->name : it->id).toHtmlEscaped();
    }
    auto* bars = new QHorizontalStackedBarSeries;
    bars->append(pass);
    bars->append(fail);
    bars->setBarWidth(0.7);

    auto* chart = new QChart;
    applyChartTheme(chart);
    chart->addSeries(bars);
    chart->setTitle(
        tr("Percent correct per domain; the line is the pass mark (%1%)").arg(m_exam.passPercent));
    auto* domainsAxis = new QBarCategoryAxis;
    domainsAxis->append(categories);
    QFont small = domainsAxis->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    domainsAxis->setLabelsFont(small);
    auto* percentAxis = new QValueAxis;
    percentAxis->setRange(0, 100);
    percentAxis->setTickCount(6);
    percentAxis->setLabelFormat(QStringLiteral("%d%%"));
    chart->addAxis(domainsAxis, Qt::AlignLeft);
    chart->addAxis(percentAxis, Qt::AlignBottom);
    bars->attachAxis(domainsAxis);
    bars->attachAxis(percentAxis);

    // The pass mark as a vertical line over the bars, on a hidden axis spanning the category slots.
    auto* mark = markSeries(tr("pass mark %1%").arg(m_exam.passPercent), markColor(), Qt::DashLine);
    const double slotCount = static_cast<double>(categories.size());
    mark->append(m_exam.passPercent, -0.5);
    mark->append(m_exam.passPercent, slotCount - 0.5);
    chart->addSeries(mark);
    auto* slotAxis = new QValueAxis;
    slotAxis->setRange(-0.5, slotCount - 0.5);
    slotAxis->setVisible(false);
    chart->addAxis(slotAxis, Qt::AlignRight);
    mark->attachAxis(percentAxis);
    mark->attachAxis(slotAxis);
    chart->legend()->setAlignment(Qt::AlignBottom);

    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old; // the view does not own a chart it is given away from
}

void ResultsPage::renderTopics(const SessionScore& s)
{
    m_topics->setRowCount(0);
    for (const auto& t : s.topics) {
        // Tally ids are "domain/topic": an objective, or a subtopic where the exam names no objectives.
        const auto slash = t.id.find('/');
        const Domain* d = m_exam.findDomain(t.id.substr(0, slash));
        const std::string topicId = t.id.substr(slash + 1);
        const Topic* topic = d ? d->findTopic(topicId) : nullptr;
        const QString name = QString::fromStdString(topic ? d->topicLabel(*topic) : topicId);
        addTallyRow(m_topics, {name, QString::fromStdString(d ? d->name : t.id.substr(0, slash))}, t,
                    m_exam.passPercent, s.minutesAllowedPerQuestion);
    }
}

void ResultsPage::renderReview()
{
    QString html;
    for (const auto& it : m_items) {
        const bool ok = it.correct();
        if ((m_filter->currentIndex() == 1 && ok) || (m_filter->currentIndex() == 2 && !it.flagged)) {
            continue;
        }
        // The pack's id stays the same in every form, so a question can be found again (and reported).
        QString notes = QStringLiteral(" · %1").arg(QString::fromStdString(it.question.id));
        if (it.confidence) {
            notes += tr(" · you were: %1").arg(confidenceText(*it.confidence));
        }
        if (it.flagged) {
            notes += tr(" · flagged");
        }
        if (it.revealed) {
            notes += tr(" · answer revealed during practice");
        }
        html +=
            QStringLiteral("<h3 style='color:%1'>%2. %3<span style='color:%5; font-weight:normal'>%4</span>"
                           "</h3>")
                .arg(verdictColor(ok).name())
                .arg(it.position + 1)
                .arg(verdictText(it))
                .arg(notes.toHtmlEscaped())
                .arg(mutedColor().name());
        html += stemHtml(it.question.stem);
        html += answerHtml(it) + QStringLiteral("<hr/>");
    }
    m_review->setHtml(html);
}

} // namespace certdrill::gui
