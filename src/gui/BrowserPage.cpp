#include "BrowserPage.h"

#include <algorithm>

#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "AnnotationBar.h"
#include "Display.h"
#include "PageScroll.h"
#include "ReportProblemDialog.h"
#include "Tables.h"
#include "TextPane.h"

namespace certdrill::gui {

namespace {

/// Questions per page of the list: enough to scroll, few enough to list at once.
constexpr int kPageSize = 100;

QString statusLabel(QuestionStatus s)
{
    switch (s) {
    case QuestionStatus::Unseen:
        return BrowserPage::tr("Unseen");
    case QuestionStatus::AnsweredRight:
        return BrowserPage::tr("Answered right");
    case QuestionStatus::Missed:
        return BrowserPage::tr("Missed");
    case QuestionStatus::MissedTwice:
        return BrowserPage::tr("Missed more than once");
    case QuestionStatus::Flagged:
        return BrowserPage::tr("Flagged in an exam");
    case QuestionStatus::Bookmarked:
        return BrowserPage::tr("Bookmarked");
    case QuestionStatus::WithNote:
        return BrowserPage::tr("With a note");
    case QuestionStatus::Reported:
        return BrowserPage::tr("Reported");
    }
    return {};
}

QString modeLabel(const std::string& mode)
{
    if (mode == "exam") {
        return BrowserPage::tr("Mock exam");
    }
    if (mode == "practice") {
        return BrowserPage::tr("Practice exam");
    }
    if (mode == "drill") {
        return BrowserPage::tr("Drill");
    }
    if (mode == "cram drill") {
        return BrowserPage::tr("Cram drill");
    }
    return BrowserPage::tr("Browser");
}

/// Options as letters in the browser's order (the pack's): "A, C"; a dash for none.
QString letters(const std::vector<int>& chosen)
{
    QStringList out;
    for (const int o : chosen) {
        out << QString(QChar('A' + o));
    }
    return out.isEmpty() ? QStringLiteral("—") : out.join(QStringLiteral(", "));
}

/// The options of a question without its key: what an unseen question shows before Show answer.
QString optionsHtml(const Question& q)
{
    QString html = QStringLiteral("<ul>");
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        html += QStringLiteral("<li><b>%1.</b> %2</li>")
                    .arg(QString(QChar('A' + static_cast<int>(i))), textHtml(q.options[i].text));
    }
    return html + QStringLiteral("</ul>");
}

QComboBox* makeFilter(const QString& objectName)
{
    auto* c = new QComboBox;
    c->setObjectName(objectName);
    // Long domain and objective names must not widen the window: the box shows what fits and its list all.
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(8);
    c->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    return c;
}

} // namespace

BrowserPage::BrowserPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_search(new QLineEdit)
    , m_typing(new QTimer(this))
    , m_domain(makeFilter(QStringLiteral("browserDomain")))
    , m_objective(makeFilter(QStringLiteral("browserObjective")))
    , m_difficulty(makeFilter(QStringLiteral("browserDifficulty")))
    , m_type(makeFilter(QStringLiteral("browserType")))
    , m_pack(makeFilter(QStringLiteral("browserPack")))
    , m_status(makeFilter(QStringLiteral("browserStatus")))
    , m_list(new QTreeWidget)
    , m_count(new QLabel)
    , m_previous(new QPushButton(tr("◀ P&revious")))
    , m_next(new QPushButton(tr("Ne&xt ▶")))
    , m_detail(new QWidget)
    , m_heading(new QLabel)
    , m_marks(new AnnotationBar(store))
    , m_report(new QPushButton(tr("Report a proble&m…")))
    , m_stem(new TextPane)
    , m_selectHint(new QLabel)
    , m_options(new TextPane)
    , m_hiddenHint(new QLabel)
    , m_reveal(new QPushButton(tr("Show &answer")))
    , m_historyTitle(new QLabel(tr("Your answers")))
    , m_history(makeReadOnlyTable({tr("Date"), tr("Mode"), tr("Your answer"), tr("Result"), tr("Time")},
                                  QStringLiteral("answerHistory")))
{
    setObjectName(QStringLiteral("browserPage"));
    m_search->setObjectName(QStringLiteral("browserSearch"));
    m_search->setPlaceholderText(tr("Words in the question, its options, explanations or your note"));
    m_search->setClearButtonEnabled(true);
    m_list->setObjectName(QStringLiteral("browserList"));
    m_count->setObjectName(QStringLiteral("browserCount"));
    m_previous->setObjectName(QStringLiteral("browserPrevious"));
    m_next->setObjectName(QStringLiteral("browserNext"));
    m_heading->setObjectName(QStringLiteral("browserHeading"));
    m_stem->setObjectName(QStringLiteral("browserStem"));
    m_options->setObjectName(QStringLiteral("browserOptions"));
    m_reveal->setObjectName(QStringLiteral("showAnswerButton"));
    m_hiddenHint->setObjectName(QStringLiteral("browserHiddenHint"));

    auto* title = new QLabel(tr("Browse questions"));
    setRelativeFont(title, 1.4);
    auto* searchRow = new QHBoxLayout;
    auto* searchLabel = new QLabel(tr("&Search:"));
    searchLabel->setBuddy(m_search);
    searchRow->addWidget(searchLabel);
    searchRow->addWidget(m_search, 1);

    // Two rows of three filters: at 200% text six side by side would be wider than a 1024-pixel screen.
    auto* filters = new QGridLayout;
    const std::pair<const char*, QComboBox*> boxes[] = {{QT_TR_NOOP("&Domain:"), m_domain},
                                                        {QT_TR_NOOP("&Objective:"), m_objective},
                                                        {QT_TR_NOOP("Diffi&culty:"), m_difficulty},
                                                        {QT_TR_NOOP("&Type:"), m_type},
                                                        {QT_TR_NOOP("&Pack:"), m_pack},
                                                        {QT_TR_NOOP("Stat&us:"), m_status}};
    for (int i = 0; i < 6; ++i) {
        auto* label = new QLabel(tr(boxes[i].first));
        label->setBuddy(boxes[i].second);
        filters->addWidget(label, i / 3, (i % 3) * 2);
        filters->addWidget(boxes[i].second, i / 3, (i % 3) * 2 + 1);
        filters->setColumnStretch((i % 3) * 2 + 1, 1);
    }
    m_difficulty->addItem(tr("Any"), 0);
    for (int d = 1; d <= 5; ++d) {
        m_difficulty->addItem(d == 1   ? tr("1 (easiest)")
                              : d == 5 ? tr("5 (hardest)")
                                       : QString::number(d),
                              d);
    }
    m_type->addItems({tr("Any"), tr("Single answer"), tr("Multi-select")});
    m_status->addItem(tr("Any"), -1);
    for (const auto s : questionStatuses()) {
        m_status->addItem(statusLabel(s), static_cast<int>(s));
    }

    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Id"), tr("Question"), tr("Status")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAllColumnsShowFocus(true);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_list->setMinimumWidth(160);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_list, 1);
    auto* paging = new QHBoxLayout;
    paging->addWidget(m_previous);
    m_count->setWordWrap(true);
    m_count->setAlignment(Qt::AlignCenter);
    paging->addWidget(m_count, 1);
    paging->addWidget(m_next);
    leftLayout->addLayout(paging);

    // The question, its key and its history scroll as one page, each part as tall as its text.
    auto* detail = new QVBoxLayout(m_detail);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    detail->addWidget(m_heading);
    detail->addWidget(m_marks);
    m_report->setObjectName(QStringLiteral("browserReportButton"));
    m_report->setToolTip(tr("A wrong key, an unclear or outdated question, a typo: for the pack's author "
                            "(certdrill-cli errata lists the reports); you may also exclude it from your "
                            "scores"));
    detail->addWidget(m_report, 0, Qt::AlignLeft);
    detail->addWidget(m_stem);
    m_selectHint->setStyleSheet(QStringLiteral("font-weight: bold;"));
    m_selectHint->setWordWrap(true);
    detail->addWidget(m_selectHint);
    detail->addWidget(m_options);
    m_hiddenHint->setWordWrap(true);
    m_hiddenHint->setText(tr(
        "You have not seen this question's answer. Show answer records that you saw it, as a practice "
        "exam's Reveal answer does: mock exams then prefer questions you have not seen; it is no answer, so "
        "your tracker does not change."));
    detail->addWidget(m_hiddenHint);
    auto* revealRow = new QHBoxLayout;
    revealRow->addWidget(m_reveal);
    revealRow->addStretch();
    detail->addLayout(revealRow);
    setRelativeFont(m_historyTitle, 1.1);
    detail->addWidget(m_historyTitle);
    detail->addWidget(m_history);
    detail->addStretch(1);
    m_scroll = makePageScroll(m_detail, QStringLiteral("browserScroll"));

    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("browserSplit"));
    split->setChildrenCollapsible(false);
    split->addWidget(left);
    split->addWidget(m_scroll);
    // Half each: at 2:3 the list's question column showed about 40 characters of a stem ("An inference team
    // wants to serve a mode…") while the question beside it had room to spare.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes(
        {10000, 10000}); // in proportion: the stretch factors share only the room beyond size hints

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(searchRow);
    layout->addLayout(filters);
    layout->addWidget(split, 1);

    // Typing searches after a pause; Enter at once.
    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    connect(m_search, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    connect(m_typing, &QTimer::timeout, this, &BrowserPage::search);
    connect(m_search, &QLineEdit::returnPressed, this, &BrowserPage::search);
    connect(m_domain, &QComboBox::currentIndexChanged, this, [this] {
        fillObjectives();
        search();
    });
    for (QComboBox* c : {m_objective, m_difficulty, m_type, m_pack, m_status}) {
        connect(c, &QComboBox::currentIndexChanged, this, &BrowserPage::search);
    }
    connect(m_previous, &QPushButton::clicked, this, [this] {
        m_offset = std::max(0, m_offset - kPageSize);
        runQuery();
    });
    connect(m_next, &QPushButton::clicked, this, [this] {
        m_offset += kPageSize;
        runQuery();
    });
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item) {
            showQuestion(item->data(0, Qt::UserRole).toLongLong());
        }
    });
    connect(m_reveal, &QPushButton::clicked, this, &BrowserPage::revealAnswer);
    connect(m_marks, &AnnotationBar::changed, this, &BrowserPage::refreshStatus);
    connect(m_report, &QPushButton::clicked, this, &BrowserPage::reportProblem);
    m_detail->setVisible(false);
}

BrowserPage::~BrowserPage() = default;

void BrowserPage::setExam(const QString& examId)
{
    if (!m_exam.id.empty() && m_exam.id == examId.toStdString()) {
        // Back to the browser: the search and filters stay as they were left; the statuses may have changed.
        runQuery();
        return;
    }
    auto exam = m_store.exam(examId.toStdString());
    m_exam = exam ? exam.value() : ExamDef{};
    const QSignalBlocker blockDomain(m_domain), blockPack(m_pack), blockSearch(m_search);
    m_search->clear();
    m_domain->clear();
    m_domain->addItem(tr("All"), QString());
    for (const auto& d : m_exam.domains) {
        m_domain->addItem(QString::fromStdString(d.name), QString::fromStdString(d.id));
    }
    m_pack->clear();
    m_pack->addItem(tr("All"), QString());
    if (auto packs = m_store.packs()) {
        for (const auto& p : packs.value()) {
            if (p.activeQuestions > 0) {
                m_pack->addItem(QString::fromStdString(p.title), QString::fromStdString(p.id));
            }
        }
    }
    for (QComboBox* c : {m_difficulty, m_type, m_status}) {
        const QSignalBlocker block(c);
        c->setCurrentIndex(0);
    }
    fillObjectives();
    search();
}

void BrowserPage::fillObjectives()
{
    const QSignalBlocker block(m_objective);
    m_objective->clear();
    m_objective->addItem(tr("All"), QString());
    const QString domain = m_domain->currentData().toString();
    for (const auto& d : m_exam.domains) {
        if (domain.isEmpty() || domain == QString::fromStdString(d.id)) {
            for (const auto& o : d.objectives) {
                m_objective->addItem(QString::fromStdString(d.topicLabel(o)), QString::fromStdString(o.id));
            }
        }
    }
}

SearchQuery BrowserPage::query() const
{
    SearchQuery q;
    q.text = m_search->text().toStdString();
    q.examId = m_exam.id;
    if (const QString d = m_domain->currentData().toString(); !d.isEmpty()) {
        q.domains.insert(d.toStdString());
    }
    if (const QString o = m_objective->currentData().toString(); !o.isEmpty()) {
        q.objectives.insert(o.toStdString());
    }
    if (const int d = m_difficulty->currentData().toInt(); d > 0) {
        q.difficulties.insert(d);
    }
    if (m_type->currentIndex() > 0) {
        q.multiSelect = m_type->currentIndex() == 2;
    }
    if (const QString p = m_pack->currentData().toString(); !p.isEmpty()) {
        q.packs.insert(p.toStdString());
    }
    if (const int s = m_status->currentData().toInt(); s >= 0) {
        q.statuses.insert(static_cast<QuestionStatus>(s));
    }
    q.offset = m_offset;
    q.limit = kPageSize;
    return q;
}

void BrowserPage::focusSearch()
{
    m_search->setFocus();
    m_search->selectAll();
}

void BrowserPage::search()
{
    m_typing->stop();
    m_offset = 0;
    runQuery();
}

QString BrowserPage::statusSummary(const QuestionRecord& record)
{
    QStringList parts;
    if (record.unseen()) {
        parts << tr("unseen");
    } else if (record.lastCorrect) {
        parts << (*record.lastCorrect ? tr("right") : tr("missed"));
    } else {
        parts << tr("seen");
    }
    if (record.wrong > 1) {
        parts << tr("%1× wrong").arg(record.wrong);
    }
    if (record.flagged) {
        parts << tr("flagged");
    }
    if (record.bookmarked) {
        parts << QStringLiteral("★");
    }
    if (record.noted) {
        parts << QStringLiteral("✎");
    }
    if (record.reported) {
        parts << tr("reported");
    }
    return parts.join(QStringLiteral(" · "));
}

void BrowserPage::runQuery()
{
    auto found = searchQuestions(m_store, query());
    m_results = found ? std::move(found.value()) : SearchResults{};
    const std::int64_t keep = m_current;
    {
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (const auto& h : m_results.hits) {
            const QString stem = stemLine(h.question.stem);
            // Plain-text items: a pack's text is never markup here.
            auto* item = new QTreeWidgetItem(
                m_list, {QString::fromStdString(h.question.id), stem, statusSummary(h.record)});
            item->setData(0, Qt::UserRole, static_cast<qlonglong>(h.rowId));
            item->setToolTip(0, plainToolTip(QString::fromStdString(h.key())));
            item->setToolTip(1, plainToolTip(stem.left(300)));
        }
    }
    const int shown = static_cast<int>(m_results.hits.size());
    if (!found) {
        m_count->setText(sentence(QString::fromStdString(found.error().message)));
    } else if (m_results.total == 0) {
        m_count->setText(tr("No question matches"));
    } else {
        m_count->setText(tr("%1–%2 of %3").arg(m_offset + 1).arg(m_offset + shown).arg(m_results.total));
    }
    m_previous->setEnabled(m_offset > 0);
    m_next->setEnabled(m_offset + shown < m_results.total);
    // The question on the right stays while it is still in the list; else the first one shows.
    int select = shown > 0 ? 0 : -1;
    for (int i = 0; i < shown; ++i) {
        if (m_results.hits[static_cast<std::size_t>(i)].rowId == keep) {
            select = i;
        }
    }
    if (select >= 0) {
        m_list->setCurrentItem(m_list->topLevelItem(select));
        showQuestion(m_results.hits[static_cast<std::size_t>(select)].rowId);
    } else {
        m_current = 0;
        m_detail->setVisible(false);
    }
}

void BrowserPage::showQuestion(std::int64_t questionRow)
{
    auto hit = browseQuestion(m_store, questionRow);
    if (!hit) {
        m_detail->setVisible(false);
        return;
    }
    const bool sameQuestion = questionRow == m_current;
    m_current = questionRow;
    // The list marks the question shown: one opened from elsewhere (a drill's summary) is not the row the
    // list had, and a question the list does not hold leaves no row marked.
    {
        const QSignalBlocker block(m_list);
        QTreeWidgetItem* shown = nullptr;
        for (int i = 0; i < m_list->topLevelItemCount() && !shown; ++i) {
            if (m_list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong() == questionRow) {
                shown = m_list->topLevelItem(i);
            }
        }
        if (shown) {
            m_list->setCurrentItem(shown);
        } else {
            m_list->setCurrentItem(nullptr);
            m_list->clearSelection();
        }
    }
    const Question& q = hit->question;
    const Domain* domain = m_exam.findDomain(q.domain);
    const Topic* objective = domain ? domain->findObjective(q.objective) : nullptr;
    QStringList heading{QString::fromStdString(hit->key())};
    if (domain) {
        heading << QString::fromStdString(domain->name);
    }
    if (objective) {
        heading << QString::fromStdString(domain->topicLabel(*objective));
    }
    if (q.difficulty > 0) {
        heading << tr("difficulty %1 of 5").arg(q.difficulty);
    }
    m_heading->setText(heading.join(QStringLiteral(" · ")));
    setTextColor(m_heading, mutedColor());
    m_marks->setQuestion(questionRow);
    showStem(m_stem, q.stem);
    m_selectHint->setText(selectHint(q));
    m_selectHint->setVisible(q.isMultiSelect());

    const auto history = answerHistory(m_store, questionRow);
    const bool hidden = hit->record.unseen();
    if (hidden) {
        m_options->setHtml(optionsHtml(q));
    } else {
        // The options in the pack's order, the key marked, every why; "your answer" is the latest one.
        std::vector<int> order(q.options.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            order[i] = static_cast<int>(i);
        }
        std::vector<int> latest;
        if (history) {
            for (const auto& h : history.value()) {
                if (!h.chosen.empty()) {
                    latest = h.chosen;
                    break;
                }
            }
        }
        m_options->setHtml(explainedOptionsHtml(q, order, latest));
    }
    m_hiddenHint->setVisible(hidden);
    m_reveal->setVisible(hidden);

    m_history->setRowCount(0);
    if (history) {
        for (const auto& h : history.value()) {
            const int r = m_history->rowCount();
            m_history->insertRow(r);
            const QString result = h.correct    ? (*h.correct ? tr("Right") : tr("Wrong"))
                                   : h.revealed ? tr("Answer shown")
                                                : tr("Unanswered");
            const QStringList cells{
                QDateTime::fromMSecsSinceEpoch(h.atMs).toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                modeLabel(h.mode), letters(h.chosen), result,
                h.timeMs > 0 ? QString::fromStdString(minutesSecondsText(h.timeMs)) : QStringLiteral("—")};
            for (int c = 0; c < cells.size(); ++c) {
                m_history->setItem(r, c, new QTableWidgetItem(cells[c]));
            }
            if (h.correct) {
                m_history->item(r, 3)->setForeground(verdictColor(*h.correct));
            }
        }
    }
    const bool anyHistory = m_history->rowCount() > 0;
    m_historyTitle->setText(anyHistory ? tr("Your answers") : tr("Your answers: none yet"));
    m_history->setVisible(anyHistory);
    m_detail->setVisible(true);
    fitHeightToRows(m_history);
    if (!sameQuestion) {
        scrollToTop(m_scroll);
    }
}

void BrowserPage::revealAnswer()
{
    if (m_current <= 0) {
        return;
    }
    auto revealed = revealInBrowser(m_store, m_current);
    if (!revealed) {
        QMessageBox::warning(this, tr("Show answer"),
                             sentence(QString::fromStdString(revealed.error().message)));
        return;
    }
    showQuestion(m_current);
    // The button sits below the options, so a long question was scrolled down to reach it; the key and the
    // whys are drawn above, where the options were.
    scrollIntoView(m_scroll, m_options, m_options);
    refreshStatus(m_current);
}

void BrowserPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    const bool palette =
        event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange;
    if (palette && m_current > 0 && m_detail->isVisible()) {
        showQuestion(m_current);
    }
}

void BrowserPage::refreshStatus(std::int64_t questionRow)
{
    // The list's status column follows the new mark or report.
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_list->topLevelItem(i);
        if (item->data(0, Qt::UserRole).toLongLong() == questionRow) {
            if (auto hit = browseQuestion(m_store, questionRow)) {
                item->setText(2, statusSummary(hit->record));
            }
        }
    }
}

void BrowserPage::reportProblem()
{
    auto hit = browseQuestion(m_store, m_current);
    if (!hit) {
        return;
    }
    // From the browser there is no answer of the moment and no session: the report names the question and
    // the pack version now stored.
    ProblemReport report;
    report.questionRow = m_current;
    if (reportProblemInteractively(this, m_store, report, QString::fromStdString(hit->key()))) {
        refreshStatus(m_current);
    }
}

} // namespace certdrill::gui
