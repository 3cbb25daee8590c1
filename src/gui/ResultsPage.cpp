#include "ResultsPage.h"

#include <algorithm>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <QValueAxis>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/Annotations.h"

#include "AnnotationBar.h"
#include "Display.h"
#include "MissReasonPanel.h"
#include "PageScroll.h"
#include "PdfExport.h"
#include "ReportProblemDialog.h"
#include "Tables.h"
#include "TextPane.h"

namespace certdrill::gui {

namespace {

double percent(const Tally& t)
{
    return t.total ? 100.0 * t.correct / t.total : 0.0;
}

/// Appends a row: the leading cells, then "correct / total", the percent colored against the pass mark, and
/// the time spent per question (m:ss), bold when slower than the exam allows.
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
    p->setBackground(scoreBackground(percent(t) >= passPercent));
    p->setForeground(cellTextColor());
    table->setItem(row, c++, p);
    // Over the questions seen: a domain the candidate never reached took no time, and is not "fast".
    auto* pace = new QTableWidgetItem(t.seen == 0 ? QObject::tr("not reached")
                                                  : QString::fromStdString(paceText(t.minutesPerQuestion())));
    if (t.seen == 0) {
        pace->setForeground(mutedColor());
    } else if (minutesAllowed > 0 && t.minutesPerQuestion() > minutesAllowed) {
        QFont bold = pace->font();
        bold.setBold(true);
        pace->setFont(bold);
        pace->setToolTip(QObject::tr("Slower than the %1 per question the exam allows")
                             .arg(QString::fromStdString(paceText(minutesAllowed))));
    }
    table->setItem(row, c, pace);
}

} // namespace

ResultsPage::ResultsPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_timeUp(new QLabel(tr("Time ran out: the clock reached zero and your answers were submitted as they "
                             "stood.")))
    , m_verdict(new QLabel)
    , m_details(new QLabel)
    , m_domains(
          makeReadOnlyTable({tr("Domain"), tr("Weight"), tr("Correct"), tr("Percent"), tr("Time / question")},
                            QStringLiteral("resultDomainsTable")))
    , m_chart(new QChartView)
    , m_topicToggle(new QPushButton(tr("Show o&bjectives")))
    , m_topics(makeReadOnlyTable(
          {tr("Objective"), tr("Domain"), tr("Correct"), tr("Percent"), tr("Time / question")},
          QStringLiteral("topicTable")))
    , m_missPanel(new MissReasonPanel(store))
    , m_filter(new QComboBox)
    , m_exportButton(new QPushButton(tr("E&xport CSV…")))
    , m_pdfButton(new QPushButton(tr("Save &PDF…")))
    , m_review(new TextPane)
{
    // The clock ends an exam without the candidate doing anything: the first thing the results say is why
    // it ended, or the exam seems to have closed by itself.
    m_timeUp->setObjectName(QStringLiteral("timeUpNotice"));
    m_timeUp->setWordWrap(true);
    setRelativeFont(m_timeUp, 1.2); // bold, and larger than the details under it
    m_timeUp->hide();
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_details->setObjectName(QStringLiteral("resultDetailsLabel"));
    m_chart->setObjectName(QStringLiteral("domainChart"));
    // A picture, not a control: Tab stopping on it showed no focus, as if the focus were lost.
    m_chart->setFocusPolicy(Qt::NoFocus);
    m_topicToggle->setObjectName(QStringLiteral("topicToggle"));
    m_filter->setObjectName(QStringLiteral("reviewFilter"));
    m_review->setObjectName(QStringLiteral("answerReview"));
    m_exportButton->setObjectName(QStringLiteral("resultsExportButton"));
    m_exportButton->setToolTip(
        tr("Every question with its id, domain, your answer, the key, the result and the time spent"));
    m_pdfButton->setObjectName(QStringLiteral("resultsPdfButton"));
    m_pdfButton->setToolTip(tr("The whole report to print (Ctrl+P): verdict, score, time, domains and chart, "
                               "pacing, and every wrong or flagged question with its explanation"));
    setRelativeFont(m_verdict, 2);
    m_details->setWordWrap(true);
    m_filter->addItems({tr("All questions"), tr("Wrong only"), tr("Flagged only")});
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_topicToggle->setCheckable(true);
    m_topics->hide();
    // Objective names are long: they get the room, the domain column a narrow width with wrapped text
    // (fitToText sets it for the text size).
    m_topics->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Interactive);
    // A wrapped row's height depends on its name column's width, which the table settles after the page's
    // own resize: each table refits its rows once it has its width, and when it shows again.
    keepFittedToRows(m_domains);
    keepFittedToRows(m_topics);

    // One page that scrolls as a whole, like a printed score report: the verdict, the domain table as tall
    // as its rows, the chart under it at full width (its domain names need the room), the objectives on
    // demand, then the answer review as long as it is. Nothing sits in a small box beside empty space.
    auto* report = new QWidget;
    auto* column = new QVBoxLayout(report);
    column->addWidget(m_timeUp);
    column->addWidget(m_verdict);
    column->addWidget(m_details);
    column->addWidget(m_domains);
    column->addWidget(m_chart);
    auto* toggleRow = new QHBoxLayout;
    toggleRow->addWidget(m_topicToggle);
    toggleRow->addStretch();
    column->addLayout(toggleRow);
    column->addWidget(m_topics);
    column->addWidget(m_missPanel);
    auto* filterRow = new QHBoxLayout;
    auto* reviewTitle = new QLabel(tr("Answer review:"));
    setRelativeFont(reviewTitle, 1.2);
    filterRow->addWidget(reviewTitle);
    filterRow->addWidget(m_filter);
    filterRow->addStretch();
    filterRow->addWidget(m_exportButton);
    filterRow->addWidget(m_pdfButton);
    column->addLayout(filterRow);
    column->addWidget(m_review);
    column->addStretch(1);
    m_scroll = makePageScroll(report, QStringLiteral("resultsScroll"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ResultsPage::renderReview);
    connect(m_missPanel, &MissReasonPanel::reasonsChanged, this,
            [this](const std::vector<SessionItem>& items) {
                // Only the reasons changed: the shown items keep what the report added (exclusions).
                for (SessionItem& shown : m_shown.items) {
                    const auto it = std::find_if(items.begin(), items.end(), [&](const SessionItem& i) {
                        return i.position == shown.position;
                    });
                    if (it != items.end()) {
                        shown.missReason = it->missReason;
                    }
                }
                renderReview();
            });
    // The review's only links are its own (pack text is escaped): handled here, never followed.
    m_review->setOpenLinks(false);
    connect(m_review, &QTextBrowser::anchorClicked, this, &ResultsPage::openReviewLink);
    connect(m_topicToggle, &QPushButton::toggled, this, [this](bool on) {
        m_topics->setVisible(on);
        fitHeightToRows(m_topics);
        m_topicToggle->setText(on ? tr("Hide o&bjectives") : tr("Show o&bjectives"));
    });
    connect(m_pdfButton, &QPushButton::clicked, this, &ResultsPage::savePdfInteractively);
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        exportCsvInteractively(this, tr("Export answers"), QStringLiteral("exam-answers.csv"),
                               sessionCsv(m_shown.exam, m_shown.items));
    });
}

ResultsPage::~ResultsPage() = default;

void ResultsPage::showSession(const ExamSession& session)
{
    const bool another = session.id() != m_shown.id;
    m_shown = report::sessionReport(session);
    m_reported.clear();
    if (auto reported = reportedQuestions(m_store)) {
        m_reported = std::move(reported.value());
    }
    const SessionScore& s = m_shown.score;
    m_timeUp->setVisible(session.timedOut());
    if (s.abandoned) {
        m_verdict->setText(tr("ABANDONED"));
        setTextColor(m_verdict, mutedColor());
    } else {
        m_verdict->setText(s.passed ? tr("PASS") : tr("FAIL"));
        setTextColor(m_verdict, verdictColor(s.passed));
    }
    int flagged = 0;
    for (const auto& it : m_shown.items) {
        flagged += it.flagged;
    }
    // The clock's time (durationText, as every screen says it): what the countdown used, including the review
    // screen and, for a strict exam, any time the app was closed. The pace divides it by the questions
    // answered, not by all of them.
    const QString allowed = QString::fromStdString(paceText(s.minutesAllowedPerQuestion));
    const QString pace =
        s.answered > 0 ? tr("%1 per answered question (the exam allows %2)")
                             .arg(QString::fromStdString(paceText(s.minutesPerAnsweredQuestion())), allowed)
                       : tr("no question answered (the exam allows %1 per question)").arg(allowed);
    m_details->setText(
        (s.abandoned ? tr("Abandoned: no verdict, and not counted as an exam simulation for readiness; the "
                          "answers given count in the tracker. ")
                     : QString()) +
        tr("Score %1% (%2 of %3 correct, %4); pass mark %5%. Time used %6 of %7: %8, "
           "%9 of it on the review screen. Flagged %10. Multi-select near misses %11.")
            .arg(s.score * 100.0, 0, 'f', 1)
            .arg(s.correct)
            .arg(s.total)
            .arg(unansweredText(s.unanswered(), s.incomplete))
            .arg(m_shown.exam.passPercent)
            .arg(QString::fromStdString(durationText(s.elapsedMs)))
            .arg(QString::fromStdString(durationText(m_shown.exam.durationMinutes * 60'000LL)))
            .arg(pace)
            .arg(QString::fromStdString(durationText(s.reviewMs)))
            .arg(flagged)
            .arg(s.nearMisses) +
        (s.excluded == 1  ? tr(" 1 question excluded from your scores as disputed.")
         : s.excluded > 1 ? tr(" %1 questions excluded from your scores as disputed.").arg(s.excluded)
                          : QString()));
    renderDomains(s);
    renderChart(s);
    renderTopics(s);
    m_missPanel->showSession(session);
    renderReview();
    fitToText();
    // Another session opens at its verdict, not where the last one was scrolled to; the same session shown
    // again (a question excluded) keeps its place.
    if (another) {
        scrollToTop(m_scroll);
    }
}

void ResultsPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitToText(); // View ▸ Larger text: rows and the chart grow with the text
    }
}

void ResultsPage::fitToText()
{
    // The domain column is as wide as its longest word, so names wrap between words and are never cut
    // ("LLM Architec…" at 200%), and no narrower than it always was.
    int longestWord = 0;
    for (int row = 0; row < m_topics->rowCount(); ++row) {
        if (const QTableWidgetItem* cell = m_topics->item(row, 1)) {
            for (const QString& word : cell->text().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                longestWord = std::max(longestWord, fontMetrics().horizontalAdvance(word));
            }
        }
    }
    m_topics->horizontalHeader()->resizeSection(1, std::max(130, longestWord + 2 * fontMetrics().height()));
    fitHeightToRows(m_domains);
    m_missPanel->fitToText();
    if (m_topics->isVisible()) {
        fitHeightToRows(m_topics);
    }
    // Ten bars with their domain names (a line and a half each), the title, the axis, the legend and the
    // margins take about 28 lines of text.
    if (QChart* chart = m_chart->chart()) {
        applyChartFont(chart, font());
    }
    m_chart->setFixedHeight(fontMetrics().height() * 28);
}

bool ResultsPage::exportCsv(const QString& path, QString* error) const
{
    return saveCsv(path, sessionCsv(m_shown.exam, m_shown.items), error);
}

Result<int> ResultsPage::savePdf(const QString& path) const
{
    return report::writeSessionPdf(m_shown, path);
}

void ResultsPage::savePdfInteractively()
{
    gui::savePdfInteractively(this, tr("Save the report as PDF"),
                              QStringLiteral("certdrill-exam-%1.pdf").arg(m_shown.id),
                              [this](const QString& path) { return savePdf(path); });
}

void ResultsPage::renderDomains(const SessionScore& s)
{
    m_domains->setRowCount(0);
    for (const auto& t : s.domains) {
        const Domain* d = m_shown.exam.findDomain(t.id);
        addTallyRow(
            m_domains,
            {QString::fromStdString(d ? d->name : t.id), QStringLiteral("%1%").arg(d ? d->weight : 0)}, t,
            m_shown.exam.passPercent, s.minutesAllowedPerQuestion);
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
        const Domain* d = m_shown.exam.findDomain(it->id);
        const double p = percent(*it);
        const bool ok = p >= m_shown.exam.passPercent;
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
        tr("Percent correct per domain; the line is the pass mark (%1%)").arg(m_shown.exam.passPercent));
    auto* domainsAxis = new QBarCategoryAxis;
    domainsAxis->append(categories);
    auto* percentAxis = new QValueAxis;
    percentAxis->setRange(0, 100);
    percentAxis->setTickCount(6);
    percentAxis->setLabelFormat(QStringLiteral("%d%%"));
    chart->addAxis(domainsAxis, Qt::AlignLeft);
    chart->addAxis(percentAxis, Qt::AlignBottom);
    bars->attachAxis(domainsAxis);
    bars->attachAxis(percentAxis);

    // The pass mark as a vertical line over the bars, on a hidden axis spanning the category slots.
    auto* mark = markSeries(tr("pass mark %1%").arg(m_shown.exam.passPercent), markColor(), Qt::DashLine);
    const double slotCount = static_cast<double>(categories.size());
    mark->append(m_shown.exam.passPercent, -0.5);
    mark->append(m_shown.exam.passPercent, slotCount - 0.5);
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
        const Domain* d = m_shown.exam.findDomain(t.id.substr(0, slash));
        const std::string topicId = t.id.substr(slash + 1);
        const Topic* topic = d ? d->findTopic(topicId) : nullptr;
        const QString name = QString::fromStdString(topic ? d->topicLabel(*topic) : topicId);
        addTallyRow(m_topics, {name, QString::fromStdString(d ? d->name : t.id.substr(0, slash))}, t,
                    m_shown.exam.passPercent, s.minutesAllowedPerQuestion);
    }
}

void ResultsPage::reportProblem(int position)
{
    if (position < 0 || position >= static_cast<int>(m_shown.items.size())) {
        return;
    }
    const SessionItem& it = m_shown.items[static_cast<size_t>(position)];
    ProblemReport report;
    report.questionRow = it.questionRow;
    report.chosen = it.chosen;
    report.sessionId = m_shown.id;
    report.packVersion = it.packVersion; // the version this exam served, not a later one
    if (!reportProblemInteractively(this, m_store, report, QString::fromStdString(it.question.id))) {
        return;
    }
    // Scores follow the exclusion at once: the session read again is scored by the same rule as history.
    if (auto session = ExamSession::open(m_store, m_shown.id)) {
        const int filter = m_filter->currentIndex();
        showSession(*session.value());
        m_filter->setCurrentIndex(filter);
    }
}

void ResultsPage::renderReview()
{
    QString html;
    for (const auto& it : m_shown.items) {
        const bool ok = it.correct();
        if ((m_filter->currentIndex() == 1 && ok) || (m_filter->currentIndex() == 2 && !it.flagged)) {
            continue;
        }
        // The pack's id stays the same in every form, so a question can be found again (and reported); then
        // where it sits in the exam and the time spent on it, as the printed report gives them.
        QString notes =
            QStringLiteral(" · %1 · %2 · %3")
                .arg(QString::fromStdString(it.question.id), questionPlace(m_shown.exam, it.question),
                     tr("%1 on it").arg(QString::fromStdString(minutesSecondsText(it.timeMs))));
        if (it.confidence) {
            notes += tr(" · you were: %1").arg(confidenceText(*it.confidence));
        }
        if (it.flagged) {
            notes += tr(" · flagged");
        }
        if (it.revealed) {
            notes += tr(" · answer revealed during practice");
        }
        if (answerChange(it) == AnswerChange::RightToWrong) {
            notes += tr(" · your first answer was right");
        } else if (answerChange(it) == AnswerChange::WrongToRight) {
            notes += tr(" · changed to the right answer");
        }
        if (it.missReason) {
            notes += tr(" · missed: %1").arg(tr(missReasonText(*it.missReason)));
        }
        if (it.excluded) {
            notes += tr(" · excluded from your scores");
        } else if (m_reported.count(it.questionRow)) {
            notes += tr(" · reported");
        }
        html +=
            QStringLiteral("<h3 style='color:%1'>%2. %3<span style='color:%5; font-weight:normal'>%4</span>"
                           "</h3>")
                .arg(verdictColor(ok).name())
                .arg(it.position + 1)
                .arg(verdictText(it))
                .arg(notes.toHtmlEscaped())
                .arg(mutedColor().name());
        // The candidate's marks, as links the review handles itself (TextPane never follows a link).
        const auto marks = annotation(m_store, it.questionRow);
        const bool bookmarked = marks && marks->bookmarked;
        const bool noted = marks && !marks->note.empty();
        html += QStringLiteral("<p><a href='bookmark:%1'>%2</a> · <a href='note:%1'>%3</a></p>")
                    .arg(it.position)
                    .arg(bookmarked ? tr("★ Bookmarked (remove)") : tr("☆ Bookmark"),
                         noted ? tr("✎ Edit note…") : tr("✎ Add note…"));
        if (noted) {
            html += tr("<p><i>Your note:</i> %1</p>")
                        .arg(QString::fromStdString(marks->note)
                                 .toHtmlEscaped()
                                 .replace(QLatin1Char('\n'), QStringLiteral("<br/>")));
        }
        html += stemHtml(it.question.stem);
        html += answerKeyHtml(it);
        html += answerHtml(it);
        html += QStringLiteral("<p><a href='report:%1'>%2</a></p><hr/>")
                    .arg(it.position)
                    .arg(tr("Report a problem…"));
    }
    m_review->setHtml(html);
}

void ResultsPage::openReviewLink(const QUrl& link)
{
    const int position = link.path().toInt();
    if (link.scheme() == QLatin1String("report")) {
        reportProblem(position);
        return;
    }
    const auto it = std::find_if(m_shown.items.begin(), m_shown.items.end(),
                                 [&](const SessionItem& item) { return item.position == position; });
    if (it == m_shown.items.end()) {
        return;
    }
    if (link.scheme() == QLatin1String("bookmark")) {
        const auto marks = annotation(m_store, it->questionRow);
        if (!marks || !setBookmark(m_store, it->questionRow, !marks->bookmarked)) {
            return;
        }
    } else if (link.scheme() != QLatin1String("note") ||
               !editNoteInteractively(this, m_store, it->questionRow)) {
        return;
    }
    // The page stays where it was: the review is rendered again in place, with the keyboard still on the link
    // just used (else the next Tab started again at question 1's first link).
    const int at = m_scroll->verticalScrollBar()->value();
    renderReview();
    m_scroll->verticalScrollBar()->setValue(at);
    m_review->focusLink(link.toString());
}

} // namespace certdrill::gui
