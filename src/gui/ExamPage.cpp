#include "ExamPage.h"

#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "certdrill/exam/ItemStatus.h"

#include "Display.h"
#include "OptionRow.h"
#include "PageScroll.h"
#include "ReviewPage.h"
#include "TextPane.h"

namespace certdrill::gui {

namespace {

constexpr std::int64_t kMinute = 60'000;
/// How long a time warning stays on screen before it goes by itself.
constexpr std::int64_t kWarningShownMs = kMinute;

/// The navigator filter's entries, in combo-box order.
constexpr ItemFilter kFilters[] = {ItemFilter::All, ItemFilter::Complete, ItemFilter::Incomplete,
                                   ItemFilter::Unseen, ItemFilter::Flagged};

} // namespace

ExamPage::ExamPage(QWidget* parent)
    : QWidget(parent)
    , m_titleLabel(new QLabel)
    , m_progressLabel(new QLabel)
    , m_clockLabel(new QLabel)
    , m_paceLabel(new QLabel)
    , m_clockToggle(new QPushButton(tr("Hide clock")))
    , m_pauseButton(new QPushButton(tr("&Pause")))
    , m_flagButton(new QPushButton(tr("Flag for review")))
    , m_timeWarning(new QLabel)
    , m_panels(new QStackedWidget)
    , m_questionPanel(new QWidget)
    , m_pausedPanel(new QLabel(tr("Paused: the clock is stopped and the question is hidden.\n"
                                  "Press Resume (Alt+U) to continue.")))
    , m_review(new ReviewPage)
    , m_stem(new TextPane)
    , m_selectHint(new QLabel)
    , m_message(new QLabel)
    , m_revealView(new TextPane)
    , m_revealButton(new QPushButton(tr("&Reveal answer")))
    , m_confidenceBox(new QWidget)
    , m_confidence(new QButtonGroup(this))
    , m_optionsBox(new QWidget)
    , m_optionsLayout(new QVBoxLayout(m_optionsBox))
    , m_navigatorFilter(new QComboBox)
    , m_navigator(new QListWidget)
    , m_navigatorBox(new QWidget)
    , m_prevButton(new QPushButton(tr("◀ Previous")))
    , m_nextButton(new QPushButton(tr("Next ▶")))
    , m_submitButton(new QPushButton(tr("Review and submit…")))
    , m_timer(new QTimer(this))
{
    m_progressLabel->setObjectName(QStringLiteral("progressLabel"));
    m_clockLabel->setObjectName(QStringLiteral("clockLabel"));
    m_paceLabel->setObjectName(QStringLiteral("paceLabel"));
    m_clockToggle->setObjectName(QStringLiteral("clockToggle"));
    m_pauseButton->setObjectName(QStringLiteral("pauseButton"));
    m_flagButton->setObjectName(QStringLiteral("flagButton"));
    m_timeWarning->setObjectName(QStringLiteral("timeWarning"));
    m_pausedPanel->setObjectName(QStringLiteral("pausedPanel"));
    m_stem->setObjectName(QStringLiteral("stemView"));
    m_selectHint->setObjectName(QStringLiteral("selectHint"));
    m_message->setObjectName(QStringLiteral("optionMessage"));
    m_revealView->setObjectName(QStringLiteral("revealView"));
    m_revealButton->setObjectName(QStringLiteral("revealButton"));
    m_confidenceBox->setObjectName(QStringLiteral("confidenceBox"));
    m_navigatorFilter->setObjectName(QStringLiteral("navigatorFilter"));
    m_navigator->setObjectName(QStringLiteral("navigatorList"));
    m_prevButton->setObjectName(QStringLiteral("previousButton"));
    m_nextButton->setObjectName(QStringLiteral("nextButton"));
    m_submitButton->setObjectName(QStringLiteral("submitButton"));
    m_flagButton->setCheckable(true);
    styleToggle(m_flagButton);
    m_flagButton->setToolTip(tr("Flag this question to come back to it from the review screen (F)"));
    m_message->setWordWrap(true);
    m_clockToggle->setCheckable(true);
    m_clockToggle->setToolTip(tr("Hide the countdown; it comes back by itself at 5 minutes."));
    m_pauseButton->setCheckable(true);
    QFont bold = m_titleLabel->font();
    bold.setBold(true);
    m_titleLabel->setFont(bold);
    setRelativeFont(m_clockLabel, 1.4);
    m_selectHint->setFont(bold);
    m_timeWarning->setStyleSheet(
        QStringLiteral("background: #fff3cd; color: #5d4200; border: 1px solid #e0b000; padding: 6px"));
    m_timeWarning->setFont(bold);
    m_timeWarning->hide();
    static_cast<QLabel*>(m_pausedPanel)->setAlignment(Qt::AlignCenter);
    static_cast<QLabel*>(m_pausedPanel)->setWordWrap(true);
    setRelativeFont(m_pausedPanel, 1.4);
    m_optionsLayout->setAlignment(Qt::AlignTop);
    m_revealView->hide();
    m_navigatorFilter->addItems({tr("All"), tr("Complete"), tr("Incomplete"), tr("Unseen"), tr("Flagged")});
    m_navigatorFilter->setToolTip(tr("Show only some questions in the navigator"));
    m_navigator->setViewMode(QListView::IconMode);
    m_navigator->setMovement(QListView::Static);
    m_navigator->setResizeMode(QListView::Adjust);
    m_navigator->setToolTip(
        tr("Green: complete · amber: incomplete · grey: unseen · ⚑ flagged. Click to jump (Ctrl+G)."));

    // Confidence: three toggles of which at most one is on; clicking the one that is on clears it.
    auto* confidenceLayout = new QHBoxLayout(m_confidenceBox);
    confidenceLayout->setContentsMargins(0, 0, 0, 0);
    confidenceLayout->addWidget(new QLabel(tr("Confidence:")));
    const std::pair<Confidence, QString> tags[] = {{Confidence::Sure, tr("&Sure")},
                                                   {Confidence::Unsure, tr("&Unsure")},
                                                   {Confidence::Guess, tr("&Guess")}};
    for (const auto& [c, label] : tags) {
        auto* b = new QPushButton(label);
        b->setCheckable(true);
        b->setObjectName(QStringLiteral("confidence%1").arg(confidenceText(c)));
        styleToggle(b);
        m_confidence->addButton(b, static_cast<int>(c));
        confidenceLayout->addWidget(b);
    }
    m_confidence->setExclusive(false);
    confidenceLayout->addStretch();
    confidenceLayout->addWidget(m_revealButton);

    // Two rows, the title and the clock, then where the candidate is and what they can do with the question:
    // in one row they set a minimum width that 200% text pushes past a 1024-pixel screen. The title and the
    // pace wrap.
    auto* top = new QVBoxLayout;
    auto* titleRow = new QHBoxLayout;
    m_titleLabel->setWordWrap(true);
    titleRow->addWidget(m_titleLabel, 1);
    titleRow->addSpacing(16);
    titleRow->addWidget(m_clockLabel);
    titleRow->addWidget(m_clockToggle);
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_progressLabel);
    statusRow->addSpacing(16);
    m_paceLabel->setWordWrap(true);
    statusRow->addWidget(m_paceLabel, 1);
    statusRow->addSpacing(16);
    statusRow->addWidget(m_pauseButton);
    statusRow->addWidget(m_flagButton);
    top->addLayout(titleRow);
    top->addLayout(statusRow);

    // The stem, the options and a revealed answer scroll as one page, each as tall as its text; the
    // buttons stay below it.
    auto* content = new QWidget;
    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(m_stem);
    m_selectHint->setWordWrap(true);
    contentLayout->addWidget(m_selectHint);
    contentLayout->addWidget(m_optionsBox);
    contentLayout->addWidget(m_revealView);
    contentLayout->addStretch(1);
    m_scroll = makePageScroll(content, QStringLiteral("questionScroll"));
    auto* question = new QVBoxLayout;
    question->setContentsMargins(0, 0, 0, 0);
    question->addWidget(m_scroll, 1);
    question->addWidget(m_confidenceBox);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_prevButton);
    buttons->addWidget(m_nextButton);
    buttons->addStretch();
    buttons->addWidget(m_submitButton);
    question->addLayout(buttons);

    auto* navigator = new QVBoxLayout;
    navigator->addWidget(m_navigatorFilter);
    navigator->addWidget(m_navigator, 1);
    m_navigatorBox->setLayout(navigator);
    fitNavigatorToText();

    auto* body = new QHBoxLayout(m_questionPanel);
    body->setContentsMargins(0, 0, 0, 0);
    body->addLayout(question, 1);
    body->addWidget(m_navigatorBox);

    m_panels->addWidget(m_questionPanel);
    m_panels->addWidget(m_pausedPanel);
    m_panels->addWidget(m_review);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_timeWarning);
    layout->addWidget(m_panels, 1);

    connect(m_nextButton, &QPushButton::clicked, this, &ExamPage::next);
    connect(m_prevButton, &QPushButton::clicked, this, &ExamPage::previous);
    connect(m_flagButton, &QPushButton::clicked, this, &ExamPage::toggleFlag);
    connect(m_submitButton, &QPushButton::clicked, this, &ExamPage::openReview);
    connect(m_pauseButton, &QPushButton::clicked, this, &ExamPage::togglePause);
    connect(m_revealButton, &QPushButton::clicked, this, &ExamPage::revealAnswer);
    connect(m_clockToggle, &QPushButton::toggled, this, [this](bool hidden) {
        m_clockLabel->setVisible(!hidden);
        m_clockToggle->setText(hidden ? tr("Show clock") : tr("Hide clock"));
    });
    // The candidate's choice is kept with the session, so a resumed exam keeps it (not the forced reveal at
    // 5 minutes, which is no choice).
    connect(m_clockToggle, &QPushButton::clicked, this, [this](bool hidden) {
        if (m_session) {
            (void)m_session->setClockHidden(hidden); // unsaved, it only lasts until the app closes
        }
    });
    connect(m_confidence, &QButtonGroup::idClicked, this, [this](int id) {
        if (!questionShowing()) {
            return;
        }
        const auto& item = m_session->items()[static_cast<size_t>(m_position)];
        const auto c = static_cast<Confidence>(id);
        setConfidence(item.confidence == c ? std::nullopt : std::optional<Confidence>(c));
    });
    connect(m_navigatorFilter, &QComboBox::currentIndexChanged, this, &ExamPage::refreshNavigator);
    connect(m_navigator, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_updating && row >= 0) {
            showQuestion(row);
        }
    });
    connect(m_review, &ReviewPage::jumpTo, this, &ExamPage::leaveReview);
    connect(m_review, &ReviewPage::flagToggled, this, &ExamPage::setFlag);
    connect(m_review, &ReviewPage::reviewPassRequested, this, &ExamPage::startReviewPass);
    connect(m_review, &ReviewPage::backRequested, this, &ExamPage::closeReview);
    connect(m_review, &ReviewPage::submitRequested, this, &ExamPage::requestSubmit);
    connect(m_timer, &QTimer::timeout, this, &ExamPage::updateClock);

    // Keyboard: 1–9 and A–J toggle options, except F, which flags (so the sixth option is also key 6);
    // Left/Right or P/N move, Ctrl+G opens the navigator, Ctrl+Enter the review screen. The question keys act
    // only while a question shows, never on the hidden one behind the review or pause screen; F on the review
    // screen flags the selected row's question instead.
    auto optionKey = [this](const QKeySequence& key, int index) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WidgetWithChildrenShortcut); // only while the exam screen is showing
        connect(sc, &QShortcut::activated, this, [this, index] {
            if (questionShowing() && m_group && index < static_cast<int>(m_group->buttons().size())) {
                m_group->button(index)->click();
            }
        });
    };
    for (int i = 0; i < 10; ++i) {
        if (QChar('A' + i) != QLatin1Char('F')) {
            optionKey(QKeySequence(QChar('A' + i)), i);
        }
        if (i < 9) {
            optionKey(QKeySequence(QChar('1' + i)), i);
        }
    }
    auto bind = [this](const QKeySequence& key, void (ExamPage::*slot)(), bool questionOnly) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WidgetWithChildrenShortcut); // only while the exam screen is showing
        connect(sc, &QShortcut::activated, this, [this, slot, questionOnly] {
            if (!questionOnly || questionShowing()) {
                (this->*slot)();
            }
        });
    };
    bind(QKeySequence(Qt::Key_F), &ExamPage::toggleFlag, false); // on the review screen: the selected row
    bind(QKeySequence(Qt::Key_Right), &ExamPage::next, true);
    bind(QKeySequence(Qt::Key_N), &ExamPage::next, true);
    bind(QKeySequence(Qt::Key_Left), &ExamPage::previous, true);
    bind(QKeySequence(Qt::Key_P), &ExamPage::previous, true);
    bind(QKeySequence(Qt::CTRL | Qt::Key_G), &ExamPage::openNavigator, false);
    bind(QKeySequence(Qt::CTRL | Qt::Key_Return), &ExamPage::openReview, false);
    bind(QKeySequence(Qt::CTRL | Qt::Key_Enter), &ExamPage::openReview, false);
}

ExamPage::~ExamPage() = default;

void ExamPage::setSession(std::unique_ptr<ExamSession> session, const QString& examTitle)
{
    m_session = std::move(session);
    const bool practice = m_session->mode() == SessionMode::Practice;
    setPackText(m_titleLabel, examTitle + (practice ? tr(" — practice exam") : tr(" — exam simulation")));
    m_pauseButton->setVisible(practice);
    m_revealButton->setVisible(practice);
    m_warned30 = m_warned5 = false;
    m_timeWarning->hide();
    m_clockToggle->setChecked(m_session->clockHidden());
    m_clockToggle->setEnabled(true);
    m_updating = true;
    m_navigator->clear();
    for (size_t i = 0; i < m_session->items().size(); ++i) {
        auto* cell = new QListWidgetItem(QString::number(i + 1), m_navigator);
        cell->setTextAlignment(Qt::AlignCenter);
    }
    fitNavigatorToText(); // each cell the grid's size: the status color fills it, not just the number
    m_navigatorFilter->setCurrentIndex(0);
    m_updating = false;
    m_pass.clear();
    // A resumed session reopens where the candidate was, not at question 1.
    m_position = m_session->lastPosition();
    showPauseState();
    m_progressLabel->setText(progressText()); // paused, no question shows, but the candidate is on one
    if (!m_session->paused()) {
        showQuestion(m_position);
    }
    updateClock();
    m_timer->start(1000);
}

void ExamPage::focusQuestion()
{
    // The exam's keys are shortcuts of this page: they act only in the active window and while the focus is
    // inside the page. Neither is arranged by itself after a dialog (the resume question) closes: without a
    // window manager nothing reactivates the window, and the focus stays wherever it last was.
    window()->activateWindow();
    setFocus(Qt::OtherFocusReason);
}

void ExamPage::showPauseState()
{
    const bool paused = m_session->paused();
    m_pauseButton->setChecked(paused);
    m_pauseButton->setText(paused ? tr("Res&ume") : tr("&Pause"));
    m_flagButton->setEnabled(!paused);
    m_submitButton->setEnabled(!paused);
    m_panels->setCurrentWidget(paused ? m_pausedPanel : m_questionPanel);
    m_flagButton->setVisible(true);
}

void ExamPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitNavigatorToText();
    }
}

void ExamPage::fitNavigatorToText()
{
    // A cell holds the widest label, a flagged two-digit number, with room around it; never smaller than
    // the 44×32 it has at normal size. Five columns across, the same in both modes.
    const QFontMetrics metrics = m_navigator->fontMetrics();
    const QSize cell(std::max(44, metrics.horizontalAdvance(QStringLiteral("88⚑")) + 14),
                     std::max(32, metrics.height() + 14));
    m_navigator->setGridSize(cell);
    m_navigatorBox->setFixedWidth(5 * cell.width() + 40);
    for (int i = 0; i < m_navigator->count(); ++i) {
        m_navigator->item(i)->setSizeHint(cell - QSize(4, 4));
    }
}

bool ExamPage::questionShowing() const
{
    return m_session && !m_session->finished() && m_panels->currentWidget() == m_questionPanel;
}

void ExamPage::showQuestion(int position)
{
    if (!m_session || m_session->finished() || m_session->paused() || position < 0 ||
        position >= static_cast<int>(m_session->items().size())) {
        return;
    }
    if (auto r = m_session->visit(position); !r) {
        showMessage(r.error().message);
    }
    if (std::find(m_pass.begin(), m_pass.end(), position) == m_pass.end()) {
        m_pass.clear(); // the candidate went elsewhere (the navigator): the review pass is over
    }
    m_position = position;
    const SessionItem& item = m_session->items()[static_cast<size_t>(position)];
    m_progressLabel->setText(progressText());
    showStem(m_stem, item.question.stem);
    scrollToTop(m_scroll); // a new question starts at its stem
    m_selectHint->setText(selectHint(item.question));
    m_selectHint->setVisible(item.question.isMultiSelect());
    m_message->clear();
    m_flagButton->setVisible(true);
    m_flagButton->setChecked(item.flagged);
    m_flagButton->setText(item.flagged ? tr("⚑ Flagged") : tr("Flag for review"));

    // The rows go with their question; a focused option going with them would leave the focus nowhere, and
    // the exam's keys, shortcuts of this page, dead until a Tab brought it back.
    auto* focused = qobject_cast<QAbstractButton*>(QApplication::focusWidget());
    const bool optionFocused = m_group && focused && m_group->buttons().contains(focused);
    delete m_group;
    QLayoutItem* child;
    while ((child = m_optionsLayout->takeAt(0)) != nullptr) {
        if (child->widget() != m_message) { // the message stays, to be put back under the new options
            delete child->widget();
        }
        delete child;
    }
    m_group = new QButtonGroup(this);
    m_group->setExclusive(false); // exclusivity is handled in optionToggled so a radio can be cleared
    for (size_t d = 0; d < item.optionOrder.size(); ++d) {
        const int original = item.optionOrder[d];
        auto* row =
            new OptionRow(item.question.isMultiSelect(), static_cast<int>(d),
                          QString::fromStdString(item.question.options[static_cast<size_t>(original)].text));
        QAbstractButton* b = row->button();
        b->setObjectName(QStringLiteral("option%1").arg(d));
        b->setAutoExclusive(false);
        b->setChecked(std::find(item.chosen.begin(), item.chosen.end(), original) != item.chosen.end());
        m_group->addButton(b, static_cast<int>(d));
        m_optionsLayout->addWidget(row);
        row->show(); // the layout would only show it on the next event-loop turn
    }
    // New widgets join the end of the focus chain: Tab would reach the options after every button and the
    // navigator. Put them in reading order instead, right after the stem and before the confidence tag.
    QWidget* previous = m_stem;
    for (QAbstractButton* b : m_group->buttons()) {
        QWidget::setTabOrder(previous, b);
        previous = b;
    }
    // A refusal is said right under the options it is about; all spare height goes below that, and a
    // wrapped option row keeps the height of its text.
    m_optionsLayout->addWidget(m_message);
    m_optionsLayout->addStretch(1);
    connect(m_group, &QButtonGroup::buttonToggled, this, &ExamPage::optionToggled);
    if (optionFocused) {
        setFocus(Qt::OtherFocusReason);
    }
    if (m_pass.empty()) {
        m_prevButton->setEnabled(position > 0);
        m_nextButton->setEnabled(position + 1 < static_cast<int>(m_session->items().size()));
        m_nextButton->setText(tr("Next ▶"));
    } else {
        // In a review pass Next always goes on: after the pass's last question, back to the review screen.
        m_prevButton->setEnabled(position != m_pass.front());
        m_nextButton->setEnabled(true);
        m_nextButton->setText(position == m_pass.back() ? tr("Review screen ▶") : tr("Next ▶"));
    }
    applyReveal(item);
    refreshConfidence();
    refreshNavigator();
}

QString ExamPage::progressText() const
{
    QString text = tr("Question %1 of %2").arg(m_position + 1).arg(m_session->items().size());
    if (const auto at = std::find(m_pass.begin(), m_pass.end(), m_position); at != m_pass.end()) {
        text +=
            tr(" · reviewing %1: %2 of %3").arg(m_passName).arg(at - m_pass.begin() + 1).arg(m_pass.size());
    }
    return text;
}

void ExamPage::showMessage(const std::string& message)
{
    setTextColor(m_message, failColor());
    setPackText(m_message, sentence(QString::fromStdString(message)));
}

void ExamPage::optionToggled(QAbstractButton* button, bool checked)
{
    if (m_updating || !m_session) {
        return;
    }
    const SessionItem& item = m_session->items()[static_cast<size_t>(m_position)];
    const int clicked = m_group->id(button);
    std::vector<int> chosen;
    m_updating = true;
    for (QAbstractButton* b : m_group->buttons()) {
        const int d = m_group->id(b);
        if (!item.question.isMultiSelect() && checked && d != clicked) {
            b->setChecked(false); // a single answer: choosing one clears the other
        }
        if (b->isChecked()) {
            chosen.push_back(item.optionOrder[static_cast<size_t>(d)]);
        }
    }
    // The session owns the rule (no more than `select` options); when it refuses, undo the click.
    if (auto r = m_session->choose(m_position, chosen); !r) {
        button->setChecked(false);
        m_updating = false;
        showMessage(r.error().message);
        return;
    }
    m_updating = false;
    m_message->clear();
    refreshNavigator();
}

void ExamPage::refreshNavigator()
{
    if (!m_session) {
        return;
    }
    m_updating = true;
    const ItemFilter filter = kFilters[std::max(0, m_navigatorFilter->currentIndex())];
    for (size_t i = 0; i < m_session->items().size(); ++i) {
        const SessionItem& it = m_session->items()[i];
        QListWidgetItem* cell = m_navigator->item(static_cast<int>(i));
        const ItemStatus status = statusOf(it);
        cell->setText(QString::number(i + 1) + (it.flagged ? QStringLiteral("⚑") : QString()));
        cell->setBackground(statusColor(status));
        cell->setForeground(cellTextColor());
        cell->setToolTip(statusText(status) + (it.flagged ? tr(", flagged") : QString()));
        cell->setHidden(!matches(it, filter));
    }
    m_navigator->setCurrentRow(m_position);
    m_updating = false;
}

void ExamPage::refreshConfidence()
{
    const auto& c = m_session->items()[static_cast<size_t>(m_position)].confidence;
    for (QAbstractButton* b : m_confidence->buttons()) {
        b->setChecked(c && m_confidence->id(b) == static_cast<int>(*c));
    }
}

void ExamPage::setConfidence(std::optional<Confidence> confidence)
{
    if (!m_session || m_session->finished()) {
        return;
    }
    if (auto r = m_session->setConfidence(m_position, confidence); !r) {
        showMessage(r.error().message);
    } else {
        m_message->clear(); // a refusal shown before (a third tick of a Select TWO) is out of date now
    }
    refreshConfidence();
}

void ExamPage::next()
{
    if (m_pass.empty()) {
        showQuestion(m_position + 1);
        return;
    }
    const auto at = std::find(m_pass.begin(), m_pass.end(), m_position);
    if (at == m_pass.end() || std::next(at) == m_pass.end()) {
        openReview(); // the pass is done, as on the real exam
    } else {
        showQuestion(*std::next(at));
    }
}

void ExamPage::previous()
{
    if (m_pass.empty()) {
        showQuestion(m_position - 1);
        return;
    }
    if (const auto at = std::find(m_pass.begin(), m_pass.end(), m_position);
        at != m_pass.end() && at != m_pass.begin()) {
        showQuestion(*std::prev(at));
    }
}

void ExamPage::toggleFlag()
{
    if (!m_session || m_session->finished() || m_session->paused()) {
        return;
    }
    // On the review screen no question is showing: the flag is the selected row's.
    const int position = m_panels->currentWidget() == m_review ? m_review->currentPosition() : m_position;
    if (position < 0) {
        return;
    }
    setFlag(position, !m_session->items()[static_cast<size_t>(position)].flagged);
}

void ExamPage::setFlag(int position, bool flagged)
{
    if (!m_session || m_session->finished()) {
        return;
    }
    if (auto r = m_session->setFlagged(position, flagged); !r) {
        showMessage(r.error().message);
    } else {
        m_message->clear();
    }
    const bool on = m_session->items()[static_cast<size_t>(position)].flagged;
    if (position == m_position) {
        m_flagButton->setChecked(on);
        m_flagButton->setText(on ? tr("⚑ Flagged") : tr("Flag for review"));
    }
    if (m_panels->currentWidget() == m_review) {
        m_review->updateItems(m_session->items());
    }
    refreshNavigator();
}

void ExamPage::openNavigator()
{
    if (!m_session || m_session->finished() || m_session->paused()) {
        return;
    }
    closeReview();
    m_navigator->setFocus(Qt::ShortcutFocusReason);
}

void ExamPage::openReview()
{
    if (!m_session || m_session->finished() || m_session->paused()) {
        return;
    }
    // The review screen's time is its own, not the question's that was showing.
    if (auto r = m_session->enterReview(); !r) {
        showMessage(r.error().message);
    }
    m_pass.clear();
    m_review->setItems(m_session->items());
    m_panels->setCurrentWidget(m_review);
    // No question is current here: the top bar names none and offers no Flag that would act on a hidden one.
    m_progressLabel->setText(tr("Review screen"));
    m_flagButton->setVisible(false);
    m_review->focusList();
}

void ExamPage::closeReview()
{
    if (m_panels->currentWidget() == m_review) {
        leaveReview(m_position);
    }
}

void ExamPage::leaveReview(int position)
{
    m_panels->setCurrentWidget(m_questionPanel);
    showQuestion(position);
    m_stem->setFocus();
}

void ExamPage::startReviewPass(ReviewSet set)
{
    if (!m_session || m_session->finished() || m_session->paused()) {
        return;
    }
    std::vector<int> pass = reviewSteps(m_session->items(), set);
    if (pass.empty()) {
        return;
    }
    // The pass is fixed when it starts: unflagging a question on the way does not pull it from under Next.
    m_passName = set == ReviewSet::Flagged      ? tr("flagged")
                 : set == ReviewSet::Incomplete ? tr("incomplete")
                                                : tr("all");
    m_pass = std::move(pass);
    leaveReview(m_pass.front());
}

void ExamPage::togglePause()
{
    if (!m_session || m_session->finished()) {
        return;
    }
    const bool pausing = !m_session->paused();
    const auto r = pausing ? m_session->pause() : m_session->resume();
    if (!r) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot pause"),
                         QString::fromStdString(r.error().message));
    }
    showPauseState();
    if (!m_session->paused()) {
        showQuestion(m_position);
    }
    updateClock();
}

void ExamPage::revealAnswer()
{
    if (!questionShowing()) {
        return;
    }
    // A revealed answer is final, so one tick on a "Select TWO" would be scored as it stands: ask first, as
    // the submit dialog does for questions not answered in full. Revealing with nothing chosen is a
    // deliberate "show me" and needs no question.
    const SessionItem& current = m_session->items()[static_cast<size_t>(m_position)];
    if (current.incomplete()) {
        QMessageBox box(QMessageBox::Question, tr("Reveal answer"),
                        tr("You chose %1 of the %2 options this question asks for. Reveal the answer anyway?")
                            .arg(current.chosen.size())
                            .arg(current.question.select),
                        QMessageBox::Yes | QMessageBox::No, this);
        box.setInformativeText(tr("Your answer is final once the key is shown, and a partly answered "
                                  "question scores as wrong."));
        box.setObjectName(QStringLiteral("revealIncompleteConfirmation"));
        box.setDefaultButton(QMessageBox::No);
        if (box.exec() != QMessageBox::Yes) {
            return;
        }
    }
    if (auto r = m_session->reveal(m_position); !r) {
        showMessage(r.error().message);
        return;
    }
    applyReveal(m_session->items()[static_cast<size_t>(m_position)]);
    // Only here, on Reveal: a revealed question shown again starts at its stem.
    scrollIntoView(m_scroll, m_revealView, m_revealView);
}

void ExamPage::applyReveal(const SessionItem& item)
{
    // A revealed answer is final (ExamSession::choose and setConfidence refuse a change), so its options and
    // its confidence tag are locked.
    for (QAbstractButton* b : m_group->buttons()) {
        b->setEnabled(!item.revealed);
    }
    for (QAbstractButton* b : m_confidence->buttons()) {
        b->setEnabled(!item.revealed);
    }
    m_revealButton->setEnabled(!item.revealed);
    if (item.revealed) {
        showReveal(item);
    } else {
        m_revealView->hide();
    }
}

void ExamPage::showReveal(const SessionItem& item)
{
    m_revealView->setHtml(QStringLiteral("<h3 style='color:%1'>%2</h3>")
                              .arg(verdictColor(item.correct()).name())
                              .arg(markedVerdictText(item)) +
                          answerHtml(item));
    m_revealView->show();
}

void ExamPage::updateWarnings(std::int64_t remaining)
{
    // Each warning once per sitting; a session resumed with less than 30 minutes left gets the one that fits.
    // Either names the minutes really left, to the nearest minute: 30 (or 5) just after the mark, 12 for an
    // exam resumed at 0:12:20.
    const std::int64_t minutes = std::max<std::int64_t>(1, (remaining + kMinute / 2) / kMinute);
    const QString left = minutes == 1 ? tr("1 minute remaining.") : tr("%1 minutes remaining.").arg(minutes);
    if (remaining <= 5 * kMinute && !m_warned5) {
        m_warned5 = m_warned30 = true;
        m_timeWarning->setText(left + tr(" Unanswered questions score zero: answer them now."));
        m_timeWarning->show();
        m_warningShownAt = remaining;
    } else if (remaining <= 30 * kMinute && !m_warned30) {
        m_warned30 = true;
        m_timeWarning->setText(left);
        m_timeWarning->show();
        m_warningShownAt = remaining;
    } else if (m_timeWarning->isVisible() && m_warningShownAt - remaining >= kWarningShownMs) {
        m_timeWarning->hide();
    }
    if (remaining <= 5 * kMinute) {
        // The last five minutes are always on screen, as in the real exam.
        m_clockToggle->setChecked(false);
        m_clockToggle->setEnabled(false);
    }
}

void ExamPage::updateClock()
{
    if (!m_session) {
        return;
    }
    auto finishedNow = m_session->tick();
    if (finishedNow && finishedNow.value()) {
        m_timer->stop();
        if (m_confirm) {
            m_confirm->reject(); // time ran out while "Submit now?" was asked: the question is moot
        }
        emit finished(m_session->id());
        return;
    }
    const std::int64_t remaining = m_session->remainingMs();
    m_clockLabel->setText(QString::fromStdString(countdownText(remaining)));
    if (remaining <= 5 * kMinute) {
        setTextColor(m_clockLabel, failColor());
    } else {
        m_clockLabel->setStyleSheet(QString());
    }
    updateWarnings(remaining);
    // Pace: questions answered against the time per question the exam allows (120/65 ≈ 1.85 minutes).
    const auto& items = m_session->items();
    const double duration = m_session->exam().durationMinutes * static_cast<double>(kMinute);
    const double perQuestion = items.empty() ? 0.0 : duration / static_cast<double>(items.size());
    int answered = 0; // complete answers, as every other count: a "Select TWO" with one tick is not done
    for (const auto& it : items) {
        answered += it.complete();
    }
    const double used = duration - static_cast<double>(remaining);
    const double behindMin = (used - answered * perQuestion) / static_cast<double>(kMinute);
    m_paceLabel->setText(behindMin > 1.0 ? tr("%1 min behind").arg(static_cast<int>(behindMin))
                                         : tr("on pace"));
}

void ExamPage::requestSubmit()
{
    if (!m_session || m_session->finished()) {
        return;
    }
    const ReviewCounts counts = reviewCounts(m_session->items());
    QMessageBox box(QMessageBox::Question, tr("Submit exam"),
                    tr("Submit now? %1 incomplete (unanswered or partly answered) and %2 flagged. You "
                       "cannot change answers afterwards.")
                        .arg(counts.unanswered)
                        .arg(counts.flagged),
                    QMessageBox::Yes | QMessageBox::No, this);
    // Submitting is final, so Enter must not do it: No is the default.
    box.setDefaultButton(QMessageBox::No);
    box.setObjectName(QStringLiteral("submitConfirmation"));
    m_confirm = &box;
    const int answer = box.exec();
    m_confirm = nullptr;
    // The clock may have run out while the box was open; the exam is then already submitted.
    if (answer == QMessageBox::Yes && !m_session->finished()) {
        submitNow();
    }
}

void ExamPage::submitNow()
{
    if (!m_session) {
        return;
    }
    m_timer->stop();
    if (auto r = m_session->submit(); !r) {
        showPlainMessage(this, QMessageBox::Warning, tr("Submit failed"),
                         QString::fromStdString(r.error().message));
        return;
    }
    m_panels->setCurrentWidget(m_questionPanel);
    emit finished(m_session->id());
}

void ExamPage::abandonNow()
{
    if (!m_session || m_session->finished()) {
        return;
    }
    m_timer->stop();
    if (auto r = m_session->abandon(); !r) {
        QMessageBox::warning(this, tr("Abandon failed"), sentence(r.error().message));
        m_timer->start(1000);
        return;
    }
    m_panels->setCurrentWidget(m_questionPanel);
    emit finished(m_session->id());
}

} // namespace certdrill::gui
