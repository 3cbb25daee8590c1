#include "DrillPage.h"

#include <cmath>

#include <QApplication>
#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QShortcut>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "certdrill/exam/SessionHistory.h"

#include "AnnotationBar.h"
#include "Display.h"
#include "OptionRow.h"
#include "PageScroll.h"
#include "ReportProblemDialog.h"
#include "Tables.h"
#include "TextPane.h"

namespace certdrill::gui {

namespace {

QString reasonText(PlannedQuestion::Reason reason)
{
    switch (reason) {
    case PlannedQuestion::Reason::Due:
        return DrillPage::tr("Due for review");
    case PlannedQuestion::Reason::Unseen:
        return DrillPage::tr("New question");
    case PlannedQuestion::Reason::Weakest:
        return DrillPage::tr("Weak objective");
    }
    return {};
}

} // namespace

DrillPage::DrillPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_stack(new QStackedWidget)
    , m_progress(new QLabel)
    , m_reason(new QLabel)
    , m_marks(new AnnotationBar(store))
    , m_stem(new TextPane)
    , m_selectHint(new QLabel)
    , m_optionsBox(new QWidget)
    , m_optionsLayout(new QVBoxLayout(m_optionsBox))
    , m_confidence(new QButtonGroup(this))
    , m_verdict(new QLabel)
    , m_feedback(new TextPane)
    , m_checkButton(new QPushButton(tr("Check")))
    , m_endButton(new QPushButton(tr("End drill")))
    , m_reportButton(new QPushButton(tr("Re&port a problem…")))
    , m_summary(new QLabel)
{
    setObjectName(QStringLiteral("drillPage"));
    m_progress->setObjectName(QStringLiteral("drillProgress"));
    m_reason->setObjectName(QStringLiteral("drillReason"));
    m_stem->setObjectName(QStringLiteral("drillStem"));
    m_selectHint->setObjectName(QStringLiteral("drillSelectHint"));
    m_verdict->setObjectName(QStringLiteral("drillVerdict"));
    m_feedback->setObjectName(QStringLiteral("drillFeedback"));
    m_checkButton->setObjectName(QStringLiteral("checkButton"));
    m_endButton->setObjectName(QStringLiteral("endDrillButton"));
    m_summary->setObjectName(QStringLiteral("drillSummary"));

    auto* question = new QWidget;
    auto* outerQuestion = new QVBoxLayout(question);
    auto* top = new QHBoxLayout;
    setRelativeFont(m_progress, 1.2);
    top->addWidget(m_progress);
    top->addSpacing(12);
    // Why it wraps: "picked for your level: about a 46% chance..." at 200% text is wider than a screen.
    m_reason->setWordWrap(true);
    m_reason->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    top->addWidget(m_reason, 1);
    outerQuestion->addLayout(top);
    // The question, its options and, once checked, every option's explanation scroll as one page: the stem
    // and the explanations are as tall as their text, so nothing sits in a fixed box beside empty space.
    auto* body = new QWidget;
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    m_scroll = makePageScroll(body, QStringLiteral("drillScroll"));
    outerQuestion->addWidget(m_scroll, 1);
    layout->addWidget(m_marks);
    layout->addWidget(m_stem);
    m_selectHint->setStyleSheet(QStringLiteral("font-weight: bold;"));
    m_selectHint->setWordWrap(true);
    layout->addWidget(m_selectHint);
    layout->addWidget(m_optionsBox);

    auto* conf = new QHBoxLayout;
    conf->addWidget(new QLabel(tr("How sure are you?")));
    const std::pair<const char*, Confidence> tags[] = {{QT_TR_NOOP("&Sure"), Confidence::Sure},
                                                       {QT_TR_NOOP("&Unsure"), Confidence::Unsure},
                                                       {QT_TR_NOOP("&Guess"), Confidence::Guess}};
    for (const auto& [label, tag] : tags) {
        auto* b = new QRadioButton(tr(label));
        b->setObjectName(QStringLiteral("confidence_%1").arg(QLatin1String(confidenceName(tag))));
        m_confidence->addButton(b, static_cast<int>(tag));
        conf->addWidget(b);
    }
    conf->addStretch();
    layout->addLayout(conf);

    setRelativeFont(m_verdict, 1.4); // not a style sheet's fixed size: it follows View ▸ text size
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);
    layout->addWidget(m_feedback);
    layout->addStretch(1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_endButton);
    m_reportButton->setObjectName(QStringLiteral("drillReportButton"));
    m_reportButton->setToolTip(
        tr("A wrong key, an unclear or outdated question, a typo: tell the pack's author, "
           "and exclude the question from your scores if you wish"));
    buttons->addWidget(m_reportButton);
    buttons->addStretch();
    m_checkButton->setDefault(true);
    buttons->addWidget(m_checkButton);
    outerQuestion->addLayout(buttons);

    auto* summary = new QWidget;
    auto* sl = new QVBoxLayout(summary);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    // The missed questions are links the page handles (question:ROW), never followed as URLs.
    m_summary->setOpenExternalLinks(false);
    m_summary->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    connect(m_summary, &QLabel::linkActivated, this, [this](const QString& link) {
        const QString prefix = QStringLiteral("question:");
        bool ok = false;
        const qint64 row = link.startsWith(prefix) ? link.mid(prefix.size()).toLongLong(&ok) : 0;
        if (ok) {
            emit questionRequested(row);
        }
    });
    // A first drill can change twenty bands; the summary scrolls rather than clip them.
    sl->addWidget(makePageScroll(m_summary, QStringLiteral("drillSummaryScroll")), 1);
    auto* sb = new QHBoxLayout;
    auto* tracker = new QPushButton(tr("Open tracker"));
    tracker->setObjectName(QStringLiteral("openTrackerButton"));
    auto* again = new QPushButton(tr("Next drill"));
    again->setObjectName(QStringLiteral("nextDrillButton"));
    again->setDefault(true);
    sb->addStretch();
    sb->addWidget(tracker);
    sb->addWidget(again);
    sl->addLayout(sb);

    m_stack->addWidget(question);
    m_stack->addWidget(summary);
    auto* outer = new QVBoxLayout(this);
    outer->addWidget(m_stack);

    connect(m_checkButton, &QPushButton::clicked, this, &DrillPage::checkOrNext);
    connect(m_endButton, &QPushButton::clicked, this, &DrillPage::finishDrill);
    connect(m_reportButton, &QPushButton::clicked, this, &DrillPage::reportProblem);
    connect(again, &QPushButton::clicked, this, &DrillPage::nextDrillRequested);
    connect(tracker, &QPushButton::clicked, this, &DrillPage::trackerRequested);
    // The exam's keys: A–J and 1–9 toggle options. Enter checks, then moves on.
    for (int i = 0; i < 10; ++i) {
        const auto bind = [this, i, question](const QKeySequence& key) {
            auto* sc = new QShortcut(key, question);
            connect(sc, &QShortcut::activated, this, [this, i] { toggleOption(i); });
        };
        bind(QKeySequence(QChar('A' + i)));
        if (i < 9) {
            bind(QKeySequence(QChar('1' + i)));
        }
    }
    for (const auto key : {Qt::Key_Return, Qt::Key_Enter}) {
        auto* sc = new QShortcut(QKeySequence(key), question);
        connect(sc, &QShortcut::activated, this, &DrillPage::checkOrNext);
    }
}

DrillPage::~DrillPage() = default;

void DrillPage::setSession(std::unique_ptr<DrillSession> session, TrackerReport before)
{
    m_session = std::move(session);
    m_before = std::move(before);
    m_stack->setCurrentIndex(0);
    showQuestion(m_session->nextUnchecked()); // a resumed drill goes on where it was left
}

void DrillPage::showQuestion(int position)
{
    if (!m_session || position < 0 || position >= static_cast<int>(m_session->items().size())) {
        return;
    }
    m_position = position;
    const DrillItem& item = m_session->items()[static_cast<std::size_t>(position)];
    const Domain* domain = m_session->exam().findDomain(item.question.domain);
    m_progress->setText(tr("Drill: question %1 of %2").arg(position + 1).arg(m_session->items().size()));
    QString reason = QStringLiteral("%1 · %2").arg(domain ? QString::fromStdString(domain->name) : QString(),
                                                   reasonText(item.reason));
    if (item.pickedForLevel()) {
        // Why show it: the planner picked this question for its level, and saying so explains why a drill
        // feels harder than a mock.
        reason += tr(" · picked for your level: about a %1% chance you work it out, guessing aside")
                      .arg(std::lround(100 * item.solve));
    }
    setPackText(m_reason, reason);
    m_reason->setToolTip(
        item.pickedForLevel()
            ? tr("New questions are picked so that you work them out about half the time: those teach the "
                 "most. The chance comes from the question's difficulty tag and your answers so far.")
            : QString());
    setTextColor(m_reason, mutedColor());
    m_marks->setQuestion(item.questionRow);
    showStem(m_stem, item.question.stem);
    scrollToTop(m_scroll); // a new question starts at its stem
    m_selectHint->setText(selectHint(item.question));
    m_selectHint->setVisible(item.question.isMultiSelect());

    // A focused option goes with its question: the focus then moves to the page, not nowhere (Tab would
    // start again at the window's first control).
    auto* focused = qobject_cast<QAbstractButton*>(QApplication::focusWidget());
    const bool optionFocused = m_options && focused && m_options->buttons().contains(focused);
    delete m_options;
    while (auto* child = m_optionsLayout->takeAt(0)) {
        delete child->widget();
        delete child;
    }
    m_options = new QButtonGroup(this);
    m_options->setExclusive(!item.question.isMultiSelect());
    // A refusal ("choose 2 before checking") is about the answer as it was: changing it clears the refusal.
    connect(m_options, &QButtonGroup::buttonToggled, m_verdict, [this] {
        if (m_session && !m_session->items()[static_cast<std::size_t>(m_position)].checked) {
            m_verdict->clear();
        }
    });
    for (std::size_t d = 0; d < item.optionOrder.size(); ++d) {
        const Option& opt = item.question.options[static_cast<std::size_t>(item.optionOrder[d])];
        auto* row = new OptionRow(item.question.isMultiSelect(), static_cast<int>(d),
                                  QString::fromStdString(opt.text));
        QAbstractButton* b = row->button();
        b->setObjectName(QStringLiteral("drillOption%1").arg(d));
        m_options->addButton(b, static_cast<int>(d));
        m_optionsLayout->addWidget(row);
        row->show(); // a layout shows new children of a visible widget only later, after this call returns
    }
    // New widgets join the end of the focus chain, after End drill and Check; put them in reading order,
    // right after the stem and before the confidence row.
    QWidget* previous = m_stem;
    for (QAbstractButton* b : m_options->buttons()) {
        QWidget::setTabOrder(previous, b);
        previous = b;
    }
    if (optionFocused) {
        setFocus(Qt::OtherFocusReason);
    }
    m_confidence->setExclusive(false);
    for (auto* b : m_confidence->buttons()) {
        b->setChecked(false);
        b->setEnabled(true);
    }
    m_confidence->setExclusive(true);
    m_verdict->clear();
    m_feedback->clear();
    m_feedback->setVisible(false);
    m_checkButton->setText(tr("Check"));
    m_optionsBox->setEnabled(true);
    if (item.checked) {
        showFeedback(item);
    }
}

void DrillPage::toggleOption(int displayIndex)
{
    if (!m_options || !m_optionsBox->isEnabled()) {
        return;
    }
    if (auto* b = m_options->button(displayIndex)) {
        b->click();
    }
}

std::vector<int> DrillPage::chosenOptions() const
{
    std::vector<int> out;
    const DrillItem& item = m_session->items()[static_cast<std::size_t>(m_position)];
    for (auto* b : m_options->buttons()) {
        if (b->isChecked()) {
            out.push_back(item.optionOrder[static_cast<std::size_t>(m_options->id(b))]);
        }
    }
    return out;
}

void DrillPage::reportProblem()
{
    if (!m_session || m_position < 0 || m_position >= static_cast<int>(m_session->items().size())) {
        return;
    }
    const DrillItem& item = m_session->items()[static_cast<std::size_t>(m_position)];
    ProblemReport report;
    report.questionRow = item.questionRow;
    report.chosen = item.checked ? item.chosen : chosenOptions();
    report.sessionId = m_session->id();
    reportProblemInteractively(this, m_store, report, QString::fromStdString(item.question.id));
}

void DrillPage::checkOrNext()
{
    if (!m_session || m_stack->currentIndex() != 0) {
        return;
    }
    const DrillItem& item = m_session->items()[static_cast<std::size_t>(m_position)];
    if (item.checked) {
        if (m_position + 1 < static_cast<int>(m_session->items().size())) {
            showQuestion(m_position + 1);
        } else {
            finishDrill();
        }
        return;
    }
    std::optional<Confidence> tag;
    if (const int id = m_confidence->checkedId(); id >= 0) {
        tag = static_cast<Confidence>(id);
    }
    auto result = m_session->check(m_position, chosenOptions(), tag);
    if (result) {
        showFeedback(m_session->items()[static_cast<std::size_t>(m_position)]);
    } else {
        setTextColor(m_verdict, failColor());
        setPackText(m_verdict, QString::fromStdString(result.error().message));
    }
    // Only here, on Check: a question shown again starts at its stem, and a change of look stays where it
    // was. The refusal of an incomplete answer too, or Check would seem to do nothing.
    scrollIntoView(m_scroll, m_verdict, result ? static_cast<QWidget*>(m_feedback) : m_verdict);
}

void DrillPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    const bool palette =
        event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange;
    if (!palette || !m_session || m_position >= static_cast<int>(m_session->items().size())) {
        return;
    }
    setTextColor(m_reason, mutedColor());
    const DrillItem& item = m_session->items()[static_cast<std::size_t>(m_position)];
    if (item.checked) {
        showFeedback(item);
    } else {
        setTextColor(m_verdict, failColor()); // the only text it shows before Check is a refusal
    }
}

QString DrillPage::missedQuestionsHtml() const
{
    QString items;
    for (const DrillItem& item : m_session->items()) {
        if (!item.checked || item.correct) {
            continue;
        }
        const AnswerLetters letters = answerLetters(item.question, item.optionOrder, item.chosen);
        const Domain* domain = m_session->exam().findDomain(item.question.domain);
        // One arg(): a "%1" in pack text must stay text, not take the next value.
        items +=
            QStringLiteral("<li><a href='question:%1'>%2</a> · %3: %4<br/>%5</li>")
                .arg(QString::number(item.questionRow), tr("Question %1").arg(item.position + 1),
                     QString::fromStdString(domain ? domain->name : item.question.domain).toHtmlEscaped(),
                     stemLine(item.question.stem, 100).toHtmlEscaped(),
                     answerKeyInlineHtml(item.question, letters));
    }
    return items.isEmpty() ? QString()
                           : tr("<h3>Questions you missed</h3><p>Click one to read it again in the question "
                                "browser.</p>") +
                                 QStringLiteral("<ul>%1</ul>").arg(items);
}

void DrillPage::showFeedback(const DrillItem& item)
{
    m_optionsBox->setEnabled(false);
    // The tag was stored with the answer (DrillSession::check): shown as stored and locked, since another one
    // chosen now would look saved but was not, and would say how sure the learner was after seeing the key.
    m_confidence->setExclusive(false);
    for (auto* b : m_confidence->buttons()) {
        b->setChecked(item.confidence && m_confidence->id(b) == static_cast<int>(*item.confidence));
        b->setEnabled(false);
    }
    m_confidence->setExclusive(true);
    setTextColor(m_verdict, verdictColor(item.correct));
    m_verdict->setText(markedVerdictText(item.correct));
    m_feedback->setHtml(explainedOptionsHtml(item.question, item.optionOrder, item.chosen));
    m_feedback->setVisible(true);
    const bool last = m_position + 1 >= static_cast<int>(m_session->items().size());
    m_checkButton->setText(last ? tr("Finish") : tr("Next ▶"));
}

void DrillPage::finishDrill()
{
    if (!m_session) {
        return;
    }
    (void)m_session->finish();
    const DrillSummary summary = m_session->summary();
    if (summary.all.total == 0) {
        // Nothing checked, no answer recorded: no "0 of 0 right" over empty tables and unchanged bands.
        m_summary->setText(
            tr("<h2>Drill ended</h2><p>No question was checked, so no answer was recorded: your "
               "tracker and your plan are as they were.</p>"));
        m_stack->setCurrentIndex(1);
        return;
    }
    // The planner's expectation covers only the questions it pitched at the learner's level; due reviews are
    // picked by memory and have none.
    const auto expectedCell = [this](const DrillTally& t) {
        if (t.pitched == 0) {
            return QStringLiteral("—");
        }
        const QString e = QString::number(t.expected, 'f', 1);
        return t.pitched == t.total ? e : tr("%1 (for the %2 picked by level)").arg(e).arg(t.pitched);
    };
    QString html =
        tr("<h2>Drill finished: %1 of %2 right</h2>").arg(summary.all.right).arg(summary.all.total);
    html += tr("<table cellpadding='4'><tr><th align='left'>Domain</th><th align='right'>Right</th>"
               "<th align='right'>Expected from your level</th></tr>");
    for (const auto& [id, t] : summary.domains) {
        // One arg(): a "%1" in a domain name must stay text, not take the next value.
        html +=
            QStringLiteral("<tr><td>%1</td><td align='right'>%2 / %3</td><td align='right'>%4</td></tr>")
                .arg(
                    breakable(QString::fromStdString(m_session->exam().findDomain(id)->name)).toHtmlEscaped(),
                    QString::number(t.right), QString::number(t.total), expectedCell(t));
    }
    html += QStringLiteral("</table>");
    html += missedQuestionsHtml();
    if (const DrillTally& all = summary.all; all.pitched > 0) {
        // Why show it: it tells the candidate whether the planner reads their level right, which is what
        // decides how hard the next drill's new questions are. The expectation is explained where it is
        // shown: each question's chance of being worked out plus a lucky guess, added up.
        const long percent = std::lround(100.0 * all.expected / all.pitched);
        if (all.pitched == 1) {
            html +=
                tr("<h3>Against your level</h3><p>The question picked for your level was %1. From your "
                   "level the planner gave it about a %2% chance: the chance you work it out, plus a lucky "
                   "guess among its options. ")
                    .arg(all.pitchedRight == 1 ? tr("right") : tr("wrong"))
                    .arg(percent);
        } else {
            html +=
                tr("<h3>Against your level</h3><p>%1 of the %2 questions picked for your level were right. "
                   "From your level the planner expected about %3 of them (%4%): each question's chance "
                   "that you work it out, plus a lucky guess among its options, added up. ")
                    .arg(all.pitchedRight)
                    .arg(all.pitched)
                    .arg(all.expected, 0, 'f', 1)
                    .arg(percent);
        }
        const std::string verdict = all.againstExpected();
        if (verdict == "better") {
            html +=
                tr("Better than predicted: its estimate of your level was low, and your answers raise it, "
                   "so the next drill pitches harder questions.</p>");
        } else if (verdict == "worse") {
            html +=
                tr("Fewer than predicted: its estimate of your level was high, and your answers lower it, "
                   "so the next drill pitches easier questions.</p>");
        } else {
            html += tr("About as predicted.</p>");
        }
    }
    auto after = buildTracker(m_store, m_session->exam().id, m_before.settings);
    if (after) {
        std::vector<std::string> asked;
        for (const auto& [id, tally] : summary.domains) {
            asked.push_back(id);
        }
        const auto changes = bandChanges(m_before, after.value(), asked);
        const auto list = [](const std::vector<std::string>& lines) {
            QString out = QStringLiteral("<ul>");
            for (const auto& c : lines) {
                out += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(c).toHtmlEscaped());
            }
            return out + QStringLiteral("</ul>");
        };
        html += tr("<h3>Band changes</h3>");
        if (changes.asked.empty()) {
            html += tr("<p>No band of this drill's domains changed. Bands move once the evidence is strong "
                       "enough either way.</p>");
        } else {
            html += list(changes.asked);
        }
        if (!changes.others.empty()) {
            // Why say it: a band moving in a domain the drill never asked about looks like a mistake. It is
            // the pooling of the mastery model (docs/adaptive-model.md, section 3).
            html +=
                tr("<p>Also moved, though this drill asked nothing there: every domain's estimate leans on "
                   "your level across all domains, and older answers weigh less as days pass.</p>") +
                list(changes.others);
        }
    }
    m_summary->setText(html);
    m_stack->setCurrentIndex(1);
}

} // namespace certdrill::gui
