#include "HomePage.h"

#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>

#include <QDateTime>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QGroupBox>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include "certdrill/exam/ExamSession.h"

#include "Display.h"
#include "PageScroll.h"
#include "PlanDialog.h"

namespace certdrill::gui {

namespace {

/// The candidate's time zone at `unixMs`, in minutes east of UTC: the plan counts local calendar days.
int utcOffsetMinutes(std::int64_t unixMs)
{
    return QDateTime::fromMSecsSinceEpoch(unixMs).offsetFromUtc() / 60;
}

QString bandWord(Band band)
{
    switch (band) {
    case Band::Red:
        return HomePage::tr("Red");
    case Band::Yellow:
        return HomePage::tr("Yellow");
    case Band::Green:
        return HomePage::tr("Green");
    }
    return {};
}

QString percentText(double share)
{
    return QStringLiteral("%1%").arg(std::lround(share * 100.0));
}

} // namespace

HomePage::HomePage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_bankProblem(new QLabel)
    , m_titleLabel(new QLabel)
    , m_verdictLabel(new QLabel)
    , m_nextButton(new QPushButton)
    , m_nextText(new QLabel)
    , m_reasonLabel(new QLabel)
    , m_domainGrid(new QGridLayout)
    , m_dueLabel(new QLabel)
    , m_scoresLabel(new QLabel)
    , m_adviceLabel(new QLabel)
    , m_planLabel(new QLabel)
    , m_planButton(new QPushButton(tr("Set exam &date…")))
{
    setObjectName(QStringLiteral("homePage"));
    m_bankProblem->setObjectName(QStringLiteral("bankProblemLabel"));
    m_bankProblem->setWordWrap(true);
    m_bankProblem->setTextFormat(Qt::PlainText);                       // diagnostics quote pack files
    m_bankProblem->setTextInteractionFlags(Qt::TextSelectableByMouse); // to copy into a report
    m_bankProblem->hide();
    m_titleLabel->setObjectName(QStringLiteral("examTitleLabel"));
    m_verdictLabel->setObjectName(QStringLiteral("homeVerdictLabel"));
    m_nextButton->setObjectName(QStringLiteral("nextStepButton"));
    m_reasonLabel->setObjectName(QStringLiteral("nextStepReason"));
    m_dueLabel->setObjectName(QStringLiteral("dueLabel"));
    m_scoresLabel->setObjectName(QStringLiteral("scoresLabel"));
    m_adviceLabel->setObjectName(QStringLiteral("homeAdviceLabel"));
    m_planLabel->setObjectName(QStringLiteral("planLabel"));
    m_planButton->setObjectName(QStringLiteral("setExamDateButton"));
    // Every text wraps: at 200% the exam's name and the longest step are wider than a 1024-pixel screen.
    for (QLabel* l : {m_titleLabel, m_verdictLabel, m_reasonLabel, m_dueLabel, m_scoresLabel, m_adviceLabel,
                      m_planLabel}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
    }
    m_scoresLabel->setTextFormat(Qt::RichText); // our own numbers, colored; no pack text goes in
    setRelativeFont(m_titleLabel, 1.1);
    setRelativeFont(m_verdictLabel, 1.2);
    // The step's text is a label inside the button, so that it wraps: a button's own text never does, and at
    // 200% "Drill 20: GPU Acceleration & Optimization (Red), …" is wider than a 1024-pixel screen.
    m_nextText->setObjectName(QStringLiteral("nextStepText"));
    m_nextText->setWordWrap(true);
    m_nextText->setTextFormat(Qt::PlainText); // names domains, which come from packs
    m_nextText->setAlignment(Qt::AlignCenter);
    m_nextText->setTextFormat(Qt::PlainText);
    m_nextText->setAttribute(Qt::WA_TransparentForMouseEvents);
    setRelativeFont(m_nextText, 1.3);
    auto* nextLayout = new QVBoxLayout(m_nextButton);
    nextLayout->setContentsMargins(16, 12, 16, 12);
    nextLayout->addWidget(m_nextText);
    m_nextButton->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_nextButton->setToolTip(tr("Enter"));
    connect(m_nextButton, &QPushButton::clicked, this, &HomePage::runNextStep);
    connect(m_planButton, &QPushButton::clicked, this, &HomePage::editPlan);

    auto* domainsBox = new QGroupBox(tr("Domains (blueprint weight)"));
    domainsBox->setLayout(m_domainGrid);
    m_domainGrid->setSpacing(4);

    auto* planBox = new QGroupBox(tr("Plan"));
    auto* planLayout = new QVBoxLayout(planBox);
    planLayout->addWidget(m_planLabel);
    auto* planButtons = new QHBoxLayout;
    planButtons->addWidget(m_planButton);
    planButtons->addStretch();
    planLayout->addLayout(planButtons);

    // Everything else a candidate may want, smaller, below: the next step is the one obvious action.
    auto* actions = new QGridLayout;
    const std::pair<QString, void (HomePage::*)()> starts[] = {
        {tr("Mock exam (Ctrl+M)"), &HomePage::mockRequested},
        {tr("Practice exam"), &HomePage::practiceRequested},
        {tr("Planned drill (Ctrl+D)"), &HomePage::drillRequested},
        {tr("Tracker (Ctrl+T)"), &HomePage::trackerRequested}};
    const char* names[] = {"homeMockButton", "homePracticeButton", "homeDrillButton", "homeTrackerButton"};
    for (std::size_t i = 0; i < std::size(starts); ++i) {
        auto* b = new QPushButton(starts[i].first);
        b->setObjectName(QLatin1String(names[i]));
        connect(b, &QPushButton::clicked, this, starts[i].second);
        // Two by two: in one row their labels at 200% text need more than a 1024-pixel screen.
        actions->addWidget(b, static_cast<int>(i / 2), static_cast<int>(i % 2));
    }

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    // Taller than the screen, the page scrolls instead of squeezing its rows.
    layout->setSizeConstraint(QLayout::SetMinimumSize);
    layout->addWidget(m_bankProblem);
    layout->addWidget(m_titleLabel);
    layout->addWidget(m_verdictLabel);
    layout->addSpacing(6);
    layout->addWidget(m_nextButton);
    layout->addWidget(m_reasonLabel);
    layout->addSpacing(6);
    layout->addWidget(domainsBox);
    layout->addWidget(m_dueLabel);
    layout->addWidget(m_scoresLabel);
    layout->addWidget(m_adviceLabel);
    layout->addWidget(planBox);
    layout->addLayout(actions);
    layout->addStretch();
    // At 200% text the page is taller than a laptop screen: it scrolls, and never widens the window.
    auto* scroll = makePageScroll(content, QStringLiteral("homeScroll"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    // The plan reads the whole bank and the history (at 100,000 questions most of a start's time), so the
    // window first paints with the exam's title and a placeholder, and the plan follows at once: the verdict
    // line's first paint queues it (refresh() computes it at once for anyone who asks sooner).
    showExam();
    m_verdictLabel->setText(tr("Working out where you stand…"));
    m_nextButton->setEnabled(false);
    m_dueLabel->hide();
    m_scoresLabel->hide();
    m_adviceLabel->hide();
    m_verdictLabel->installEventFilter(this);
}

bool HomePage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_verdictLabel && event->type() == QEvent::Paint && m_planPending) {
        m_verdictLabel->removeEventFilter(this);
        QTimer::singleShot(0, this, [this] {
            if (m_planPending) {
                refresh();
            }
        });
    }
    return QWidget::eventFilter(watched, event);
}

HomePage::~HomePage() = default;

QString HomePage::dueText(int due, int unseen, int bankItems)
{
    // One sentence whatever the count: with one question due, the unseen count went missing.
    return (due == 1 ? tr("Due today: 1 question for review")
                     : tr("Due today: %1 questions for review").arg(due)) +
           tr("; %1 of %2 not seen yet.").arg(unseen).arg(bankItems);
}

void HomePage::setBankProblem(const QString& text)
{
    m_bankProblem->setText(text);
    setTextColor(m_bankProblem, failColor());
    m_bankProblem->setVisible(!text.isEmpty());
}

QString HomePage::examId() const
{
    return m_examId;
}

void HomePage::showExam()
{
    auto exams = m_store.exams();
    const bool hasExam = exams && !exams.value().empty();
    m_examId = hasExam ? QString::fromStdString(exams.value().front().id) : QString();
    setPackText(m_titleLabel, hasExam ? QString::fromStdString(exams.value().front().title)
                                      : tr("No exam in the database"));
}

void HomePage::refresh()
{
    m_planPending = false;
    setTextColor(m_bankProblem, failColor()); // the theme's, which may have changed
    showExam();
    QElapsedTimer took;
    took.start();
    auto plan = buildStudyPlan(m_store, m_examId.toStdString(), utcOffsetMinutes(m_store.clock().wallMs()));
    spdlog::info("home screen: plan computed in {} ms", took.elapsed());
    if (!plan) {
        m_plan = StudyPlan{};
        m_verdictLabel->setText(sentence(QString::fromStdString(plan.error().message)));
        m_nextText->clear();
        m_nextButton->setEnabled(false);
        m_adviceLabel->hide();
        return;
    }
    m_plan = std::move(plan.value());
    m_verdictLabel->setText((m_plan.ready ? QStringLiteral("✓ ") : QString()) +
                            QString::fromStdString(m_plan.verdict));
    if (m_plan.ready) {
        setTextColor(m_verdictLabel, passColor());
    } else {
        m_verdictLabel->setStyleSheet(QString()); // the theme's own text color
    }
    m_nextButton->setEnabled(true);
    m_nextText->setText(QStringLiteral("▶  ") + QString::fromStdString(m_plan.next.title));
    m_nextButton->setAccessibleName(tr("Next step: %1").arg(QString::fromStdString(m_plan.next.title)));
    m_reasonLabel->setText(QString::fromStdString(m_plan.next.reason));
    setTextColor(m_reasonLabel, mutedColor());
    const bool hasBank = m_plan.bankItems > 0;
    m_dueLabel->setVisible(hasBank);
    m_scoresLabel->setVisible(hasBank);
    m_dueLabel->setText(dueText(m_plan.dueToday, m_plan.unseen, m_plan.bankItems));
    showDomains();
    showScores();
    QStringList advice;
    for (const std::string* line : {&m_plan.readinessBasis, &m_plan.missAdvice}) {
        if (!line->empty()) {
            advice << QString::fromStdString(*line);
        }
    }
    m_adviceLabel->setText(advice.join(QLatin1Char('\n')));
    m_adviceLabel->setVisible(!advice.isEmpty());
    QStringList lines;
    for (const auto& line : m_plan.lines) {
        lines << QString::fromStdString(line);
    }
    m_planLabel->setText(lines.join(QLatin1Char('\n')));
    m_planButton->setText(m_plan.examDay ? tr("Change exam &date…") : tr("Set exam &date…"));
    if (isVisible()) {
        m_nextButton->setFocus();
    }
}

void HomePage::showDomains()
{
    qDeleteAll(m_domainButtons);
    m_domainButtons.clear();
    for (std::size_t d = 0; d < m_plan.domains.size(); ++d) {
        const TrackerRow& row = m_plan.domains[d];
        const QString name = QString::fromStdString(row.name);
        // The band as a letter too, never by colour alone.
        auto* b = new QPushButton(QStringLiteral("%1  %2  %3%")
                                      .arg(bandWord(row.band).left(1),
                                           // A button reads "&" as its mnemonic marker.
                                           QString(name).replace(QLatin1Char('&'), QStringLiteral("&&")))
                                      .arg(row.weight));
        b->setObjectName(QStringLiteral("domainButton_%1").arg(QString::fromStdString(row.domainId)));
        b->setAccessibleName(tr("%1, %2% of the exam, %3").arg(name).arg(row.weight).arg(bandWord(row.band)));
        b->setToolTip(tr("%1: %2, %3 answers, %4 due. Open it in the tracker.")
                          .arg(name, bandWord(row.band))
                          .arg(row.mastery.answers)
                          .arg(row.dueItems));
        // The band's pastel with dark text stays readable in both themes (cellTextColor); the border keeps
        // the button's outline at 3:1 and a focus ring visible.
        b->setStyleSheet(
            QStringLiteral("QPushButton { background: %1; color: %2; text-align: left; padding: 4px "
                           "8px; border: 1px solid %3; border-radius: 3px }"
                           "QPushButton:focus { border: 2px solid %4 }")
                .arg(bandColor(row.band).name(), cellTextColor().name(), markColor().name(),
                     palette().color(QPalette::Highlight).name()));
        // A style-sheeted button's hint leaves no room for descenders at large text sizes.
        b->setMinimumHeight(b->fontMetrics().height() + 14);
        const QString id = QString::fromStdString(row.domainId);
        connect(b, &QPushButton::clicked, this, [this, id] { emit trackerDomainRequested(id); });
        m_domainButtons << b;
    }
    arrangeDomains();
}

void HomePage::arrangeDomains()
{
    // Two columns when two of the widest fit beside each other, else one: at 200% text the longest names
    // side by side are wider than a 1024-pixel screen.
    int widest = 0;
    for (QPushButton* b : std::as_const(m_domainButtons)) {
        widest = std::max(widest, b->sizeHint().width());
        m_domainGrid->removeWidget(b);
    }
    const int available = width() - 60;
    const int columns = m_domainButtons.isEmpty() || 2 * widest + 12 <= available ? 2 : 1;
    for (int i = 0; i < m_domainButtons.size(); ++i) {
        m_domainGrid->addWidget(m_domainButtons[i], i / columns, i % columns);
    }
    m_columns = columns;
}

void HomePage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    int widest = 0;
    for (QPushButton* b : std::as_const(m_domainButtons)) {
        widest = std::max(widest, b->sizeHint().width());
    }
    if ((2 * widest + 12 <= width() - 60 ? 2 : 1) != m_columns) {
        arrangeDomains();
    }
}

void HomePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // refresh() focuses the step only while the page shows, and the window's showHome refreshes it before
    // showing it: the focus would stay where it fell when the strip's old buttons were deleted (a domain
    // button), and Enter would open the tracker instead of doing the step.
    if (m_nextButton->isEnabled()) {
        m_nextButton->setFocus();
    }
}

void HomePage::showScores()
{
    const QString pass = percentText(m_plan.passMark);
    const QString ready = percentText(m_plan.readinessScore);
    if (m_plan.recentExamScores.empty()) {
        m_scoresLabel->setText(
            tr("Last exam simulations: none yet (pass mark %1, ready at %2 three times).").arg(pass, ready));
        return;
    }
    // Each score colored against the pass mark, and marked in words too: ✓ at the readiness line, ✗ below
    // the pass mark.
    QStringList scores;
    for (const double s : m_plan.recentExamScores) {
        const bool passed = reachesMark(s, m_plan.passMark);
        const QString mark = reachesMark(s, m_plan.readinessScore) ? tr(" ✓") : passed ? QString() : tr(" ✗");
        scores << QStringLiteral("<span style='color:%1'><b>%2%3</b></span>")
                      .arg(verdictColor(passed).name(), QString::fromStdString(examScorePercent(s)), mark);
    }
    m_scoresLabel->setText(
        tr("Last exam simulations, newest first: %1 (pass mark %2, ready at %3 three times).")
            .arg(scores.join(QStringLiteral(" · ")), pass, ready));
}

void HomePage::runNextStep()
{
    switch (m_plan.next.kind) {
    case NextStep::Kind::ImportPack:
        emit importRequested();
        break;
    case NextStep::Kind::PracticeExam:
        emit practiceRequested();
        break;
    case NextStep::Kind::ExamSimulation:
        emit mockRequested();
        break;
    case NextStep::Kind::Review:
    case NextStep::Kind::Drill:
        emit plannedDrillRequested(m_plan.next.drill);
        break;
    case NextStep::Kind::SetExamDate:
        editPlan();
        break;
    }
}

void HomePage::editPlan()
{
    auto current = loadPlanSettings(m_store);
    if (!current) {
        QMessageBox::warning(this, tr("Cannot read the plan"), sentence(current.error().message));
        return;
    }
    PlanDialog dialog(current.value(), m_plan.today, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    if (auto saved = savePlanSettings(m_store, dialog.settings(), m_plan.today); !saved) {
        QMessageBox::warning(this, tr("Cannot save the plan"),
                             sentence(QString::fromStdString(saved.error().message)));
    }
    refresh();
}

void HomePage::keyPressEvent(QKeyEvent* event)
{
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        event->modifiers() == Qt::NoModifier) {
        // Enter does the next step; on a focused button it presses that button instead (FocusedButtonEnter,
        // before this page sees the key).
        if (m_nextButton->isEnabled()) {
            runNextStep();
        }
        return;
    }
    QWidget::keyPressEvent(event);
}

} // namespace certdrill::gui
