#include "ExamPage.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QShortcut>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace certdrill::gui {

namespace {

QString clockText(std::int64_t ms)
{
    const std::int64_t s = ms / 1000;
    return QStringLiteral("%1:%2:%3")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
        .arg(s % 60, 2, 10, QLatin1Char('0'));
}

const char* kCountWords[] = {"", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};

} // namespace

ExamPage::ExamPage(QWidget* parent)
    : QWidget(parent)
    , m_titleLabel(new QLabel)
    , m_progressLabel(new QLabel)
    , m_clockLabel(new QLabel)
    , m_paceLabel(new QLabel)
    , m_flagButton(new QPushButton(tr("Flag for review")))
    , m_stem(new QTextBrowser)
    , m_selectHint(new QLabel)
    , m_message(new QLabel)
    , m_optionsBox(new QWidget)
    , m_optionsLayout(new QVBoxLayout(m_optionsBox))
    , m_navigator(new QListWidget)
    , m_prevButton(new QPushButton(tr("◀ Previous")))
    , m_nextButton(new QPushButton(tr("Next ▶")))
    , m_submitButton(new QPushButton(tr("Submit exam…")))
    , m_timer(new QTimer(this))
{
    m_progressLabel->setObjectName(QStringLiteral("progressLabel"));
    m_clockLabel->setObjectName(QStringLiteral("clockLabel"));
    m_paceLabel->setObjectName(QStringLiteral("paceLabel"));
    m_flagButton->setObjectName(QStringLiteral("flagButton"));
    m_stem->setObjectName(QStringLiteral("stemView"));
    m_selectHint->setObjectName(QStringLiteral("selectHint"));
    m_message->setObjectName(QStringLiteral("optionMessage"));
    m_navigator->setObjectName(QStringLiteral("navigatorList"));
    m_prevButton->setObjectName(QStringLiteral("previousButton"));
    m_nextButton->setObjectName(QStringLiteral("nextButton"));
    m_submitButton->setObjectName(QStringLiteral("submitButton"));
    m_flagButton->setCheckable(true);
    QFont bold = m_titleLabel->font();
    bold.setBold(true);
    m_titleLabel->setFont(bold);
    QFont clockFont = m_clockLabel->font();
    clockFont.setPointSizeF(clockFont.pointSizeF() * 1.4);
    clockFont.setBold(true);
    m_clockLabel->setFont(clockFont);
    m_selectHint->setFont(bold);
    m_message->setStyleSheet(QStringLiteral("color: #b71c1c"));
    m_stem->setOpenExternalLinks(false);
    m_optionsLayout->setAlignment(Qt::AlignTop);
    m_stem->setMinimumHeight(140);
    m_navigator->setViewMode(QListView::IconMode);
    m_navigator->setGridSize(QSize(44, 32));
    m_navigator->setMovement(QListView::Static);
    m_navigator->setResizeMode(QListView::Adjust);
    m_navigator->setMaximumWidth(260);
    m_navigator->setToolTip(tr("Green: answered · grey: unanswered · ⚑ flagged. Click to jump."));

    auto* top = new QHBoxLayout;
    top->addWidget(m_titleLabel);
    top->addStretch();
    top->addWidget(m_progressLabel);
    top->addSpacing(16);
    top->addWidget(m_paceLabel);
    top->addSpacing(16);
    top->addWidget(m_clockLabel);
    top->addSpacing(16);
    top->addWidget(m_flagButton);

    auto* question = new QVBoxLayout;
    question->addWidget(m_stem, 1);
    question->addWidget(m_selectHint);
    question->addWidget(m_optionsBox, 3);
    question->addWidget(m_message);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_prevButton);
    buttons->addWidget(m_nextButton);
    buttons->addStretch();
    buttons->addWidget(m_submitButton);
    question->addLayout(buttons);

    auto* body = new QHBoxLayout;
    body->addLayout(question, 1);
    body->addWidget(m_navigator);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(body, 1);

    connect(m_nextButton, &QPushButton::clicked, this, &ExamPage::next);
    connect(m_prevButton, &QPushButton::clicked, this, &ExamPage::previous);
    connect(m_flagButton, &QPushButton::clicked, this, &ExamPage::toggleFlag);
    connect(m_submitButton, &QPushButton::clicked, this, &ExamPage::requestSubmit);
    connect(m_navigator, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_updating && row >= 0) {
            showQuestion(row);
        }
    });
    connect(m_timer, &QTimer::timeout, this, &ExamPage::updateClock);

    // Keyboard: 1–9 and A–J toggle options, except F, which flags (so the sixth option is also key 6);
    // Left/Right or P/N move, Ctrl+Enter submits.
    auto optionKey = [this](const QKeySequence& key, int index) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WidgetWithChildrenShortcut); // only while the exam screen is showing
        connect(sc, &QShortcut::activated, this, [this, index] {
            if (m_group && index < static_cast<int>(m_group->buttons().size())) {
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
    auto bind = [this](const QKeySequence& key, void (ExamPage::*slot)()) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WidgetWithChildrenShortcut); // only while the exam screen is showing
        connect(sc, &QShortcut::activated, this, slot);
    };
    bind(QKeySequence(Qt::Key_F), &ExamPage::toggleFlag);
    bind(QKeySequence(Qt::Key_Right), &ExamPage::next);
    bind(QKeySequence(Qt::Key_N), &ExamPage::next);
    bind(QKeySequence(Qt::Key_Left), &ExamPage::previous);
    bind(QKeySequence(Qt::Key_P), &ExamPage::previous);
    bind(QKeySequence(Qt::CTRL | Qt::Key_Return), &ExamPage::requestSubmit);
}

ExamPage::~ExamPage() = default;

void ExamPage::setSession(std::unique_ptr<ExamSession> session, const QString& examTitle)
{
    m_session = std::move(session);
    m_titleLabel->setText(examTitle + (m_session->mode() == SessionMode::Exam ? tr(" — exam simulation")
                                                                              : tr(" — practice exam")));
    m_updating = true;
    m_navigator->clear();
    for (size_t i = 0; i < m_session->items().size(); ++i) {
        m_navigator->addItem(QString::number(i + 1));
    }
    m_updating = false;
    showQuestion(0);
    updateClock();
    m_timer->start(1000);
}

void ExamPage::showQuestion(int position)
{
    if (!m_session || m_session->finished() || position < 0 ||
        position >= static_cast<int>(m_session->items().size())) {
        return;
    }
    if (auto r = m_session->visit(position); !r) {
        m_message->setText(QString::fromStdString(r.error().message));
    }
    m_position = position;
    const SessionItem& item = m_session->items()[static_cast<size_t>(position)];
    m_progressLabel->setText(tr("Question %1 of %2").arg(position + 1).arg(m_session->items().size()));
    m_stem->setMarkdown(QString::fromStdString(item.question.stem));
    m_selectHint->setText(
        item.question.isMultiSelect()
            ? tr("Select %1.").arg(QLatin1String(kCountWords[std::min(item.question.select, 9)]))
            : QString());
    m_selectHint->setVisible(item.question.isMultiSelect());
    m_message->clear();
    m_flagButton->setChecked(item.flagged);

    delete m_group;
    QLayoutItem* child;
    while ((child = m_optionsLayout->takeAt(0)) != nullptr) {
        delete child->widget();
        delete child;
    }
    m_group = new QButtonGroup(this);
    m_group->setExclusive(false); // exclusivity is handled in optionToggled so a radio can be cleared
    for (size_t d = 0; d < item.optionOrder.size(); ++d) {
        const int original = item.optionOrder[d];
        const QString text =
            QStringLiteral("%1.  %2")
                .arg(QChar('A' + static_cast<int>(d)))
                .arg(QString::fromStdString(item.question.options[static_cast<size_t>(original)].text));
        QAbstractButton* b = item.question.isMultiSelect()
                                 ? static_cast<QAbstractButton*>(new QCheckBox(text))
                                 : static_cast<QAbstractButton*>(new QRadioButton(text));
        b->setObjectName(QStringLiteral("option%1").arg(d));
        b->setAutoExclusive(false);
        b->setChecked(std::find(item.chosen.begin(), item.chosen.end(), original) != item.chosen.end());
        m_group->addButton(b, static_cast<int>(d));
        m_optionsLayout->addWidget(b);
        b->show(); // the layout would only show it on the next event-loop turn
    }
    m_optionsLayout->addStretch();
    connect(m_group, &QButtonGroup::buttonToggled, this, &ExamPage::optionToggled);
    m_prevButton->setEnabled(position > 0);
    m_nextButton->setEnabled(position + 1 < static_cast<int>(m_session->items().size()));
    refreshNavigator();
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
        m_message->setText(QString::fromStdString(r.error().message));
        return;
    }
    m_updating = false;
    m_message->clear();
    refreshNavigator();
}

void ExamPage::refreshNavigator()
{
    m_updating = true;
    for (size_t i = 0; i < m_session->items().size(); ++i) {
        const SessionItem& it = m_session->items()[i];
        QListWidgetItem* cell = m_navigator->item(static_cast<int>(i));
        const bool complete = static_cast<int>(it.chosen.size()) == it.question.select;
        cell->setText(QString::number(i + 1) + (it.flagged ? QStringLiteral("⚑") : QString()));
        cell->setBackground(complete        ? QColor(0xc8, 0xe6, 0xc9)
                            : it.visits > 0 ? QColor(0xff, 0xec, 0xb3)
                                            : QColor(0xee, 0xee, 0xee));
        cell->setToolTip(complete ? tr("Complete") : it.visits > 0 ? tr("Incomplete") : tr("Unseen"));
    }
    m_navigator->setCurrentRow(m_position);
    m_updating = false;
}

void ExamPage::next()
{
    showQuestion(m_position + 1);
}

void ExamPage::previous()
{
    showQuestion(m_position - 1);
}

void ExamPage::toggleFlag()
{
    if (!m_session || m_session->finished()) {
        return;
    }
    const bool flagged = !m_session->items()[static_cast<size_t>(m_position)].flagged;
    if (auto r = m_session->setFlagged(m_position, flagged); r) {
        m_flagButton->setChecked(flagged);
        refreshNavigator();
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
        emit finished(m_session->id());
        return;
    }
    const std::int64_t remaining = m_session->remainingMs();
    m_clockLabel->setText(clockText(remaining));
    m_clockLabel->setStyleSheet(remaining <= 5 * 60'000 ? QStringLiteral("color: #b71c1c") : QString());
    // Pace: questions answered against the time per question the exam allows (120/65 ≈ 1.85 minutes).
    const auto& items = m_session->items();
    const double duration = m_session->exam().durationMinutes * 60'000.0;
    const double perQuestion = items.empty() ? 0.0 : duration / static_cast<double>(items.size());
    int answered = 0;
    for (const auto& it : items) {
        answered += it.answered();
    }
    const double used = duration - static_cast<double>(remaining);
    const double behindMin = (used - answered * perQuestion) / 60'000.0;
    m_paceLabel->setText(behindMin > 1.0 ? tr("%1 min behind").arg(static_cast<int>(behindMin))
                                         : tr("on pace"));
}

void ExamPage::requestSubmit()
{
    if (!m_session || m_session->finished()) {
        return;
    }
    int unanswered = 0;
    int flagged = 0;
    for (const auto& it : m_session->items()) {
        unanswered += !it.answered();
        flagged += it.flagged;
    }
    const auto answer = QMessageBox::question(
        this, tr("Submit exam"),
        tr("Submit now? %1 unanswered and %2 flagged. You cannot change answers afterwards.")
            .arg(unanswered)
            .arg(flagged));
    if (answer == QMessageBox::Yes) {
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
        QMessageBox::warning(this, tr("Submit failed"), QString::fromStdString(r.error().message));
        return;
    }
    emit finished(m_session->id());
}

} // namespace certdrill::gui
