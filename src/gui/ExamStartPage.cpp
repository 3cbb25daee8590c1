#include "ExamStartPage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QVBoxLayout>

#include "Display.h"
#include "PageScroll.h"
#include "Shortcuts.h"

namespace certdrill::gui {

namespace {

QString bullets(const QStringList& lines)
{
    QString html = QStringLiteral("<ul style='margin-left: 0px; -qt-list-indent: 1'>");
    for (const QString& line : lines) {
        html += QStringLiteral("<li style='margin-bottom: 4px'>%1</li>").arg(line);
    }
    return html + QStringLiteral("</ul>");
}

} // namespace

ExamStartPage::ExamStartPage(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel)
    , m_summary(new QLabel)
    , m_shortfalls(new QLabel)
    , m_rules(new QLabel)
    , m_shortcuts(new QLabel)
    , m_begin(new QPushButton(tr("&Begin exam")))
    , m_cancel(new QPushButton(tr("Cancel")))
{
    setObjectName(QStringLiteral("examStartPage"));
    m_title->setObjectName(QStringLiteral("startTitleLabel"));
    m_summary->setObjectName(QStringLiteral("startSummaryLabel"));
    m_shortfalls->setObjectName(QStringLiteral("startShortfallsLabel"));
    m_rules->setObjectName(QStringLiteral("startRulesLabel"));
    m_shortcuts->setObjectName(QStringLiteral("startShortcutsLabel"));
    m_begin->setObjectName(QStringLiteral("startBeginButton"));
    m_cancel->setObjectName(QStringLiteral("startCancelButton"));
    setRelativeFont(m_title, 1.5);
    for (QLabel* l : {m_title, m_summary, m_shortfalls, m_rules, m_shortcuts}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_rules->setTextFormat(Qt::RichText);
    m_shortcuts->setTextFormat(Qt::RichText);
    m_begin->setMinimumHeight(36);
    m_begin->setAutoDefault(true);
    m_begin->setToolTip(tr("Start the clock (Enter)"));
    m_cancel->setToolTip(tr("Back to the home screen; nothing is started (Esc)"));

    auto* rulesTitle = new QLabel(tr("Rules"));
    auto* keysTitle = new QLabel(tr("Keyboard"));
    for (QLabel* l : {rulesTitle, keysTitle}) {
        setRelativeFont(l, 1.15);
    }
    // A test centre's start screen is a card to read, not a form: one column of a readable width that
    // scrolls when a large text size makes it taller than the window.
    auto* card = new QWidget;
    card->setMaximumWidth(820);
    auto* column = new QVBoxLayout(card);
    column->addWidget(m_title);
    column->addWidget(m_summary);
    column->addWidget(m_shortfalls);
    column->addSpacing(8);
    column->addWidget(rulesTitle);
    column->addWidget(m_rules);
    column->addWidget(keysTitle);
    column->addWidget(m_shortcuts);
    column->addStretch(1);
    auto* centered = new QWidget;
    auto* centering = new QHBoxLayout(centered);
    centering->addStretch(1);
    centering->addWidget(card, 100);
    centering->addStretch(1);
    auto* scroll = makePageScroll(centered, QStringLiteral("examStartScroll"));

    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_begin);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addLayout(buttons);

    connect(m_begin, &QPushButton::clicked, this, &ExamStartPage::beginRequested);
    connect(m_cancel, &QPushButton::clicked, this, &ExamStartPage::cancelRequested);
    // Enter begins and Esc cancels wherever the focus is on this screen (a page is not a dialog, so it has
    // no default button of its own).
    const std::pair<QKeySequence, void (ExamStartPage::*)()> keys[] = {
        {QKeySequence(Qt::Key_Return), &ExamStartPage::beginRequested},
        {QKeySequence(Qt::Key_Enter), &ExamStartPage::beginRequested},
        {QKeySequence(Qt::Key_Escape), &ExamStartPage::cancelRequested}};
    for (const auto& [key, signal] : keys) {
        auto* sc = new QShortcut(key, this);
        sc->setContext(Qt::WidgetWithChildrenShortcut);
        connect(sc, &QShortcut::activated, this, signal);
    }
}

ExamStartPage::~ExamStartPage() = default;

void ExamStartPage::setExam(const ExamDef& exam, SessionMode mode, const Form& form, int extraMinutes)
{
    const bool practice = mode == SessionMode::Practice;
    // The title and the shortfalls' domain names come from a pack: plain text, never HTML that loads files.
    setPackText(m_title, QString::fromStdString(exam.title) +
                             (form.finalForm > 0
                                  ? tr(" — final exam %1 (questions you have never seen)").arg(form.finalForm)
                              : practice ? tr(" — practice exam")
                                         : tr(" — exam simulation")));
    int multi = 0;
    for (const FormItem& it : form.items) {
        multi += it.question.isMultiSelect();
    }
    const QString time = extraMinutes == 0 ? tr("%1 minutes").arg(exam.durationMinutes)
                                           : tr("%1 minutes (%2 + %3 extra time)")
                                                 .arg(exam.durationMinutes + extraMinutes)
                                                 .arg(exam.durationMinutes)
                                                 .arg(extraMinutes);
    m_summary->setText(tr("%1 questions in %2, weighted like the real exam over its %3 domains; %4 of them "
                          "multi-select. Pass mark %5% (a community estimate; NVIDIA does not publish it).")
                           .arg(form.items.size())
                           .arg(time)
                           .arg(exam.domains.size())
                           .arg(multi)
                           .arg(exam.passPercent));
    QStringList shortfalls;
    for (const auto& line : form.shortfalls()) {
        shortfalls << QString::fromStdString(line);
    }
    m_shortfalls->setVisible(!shortfalls.isEmpty());
    if (!shortfalls.isEmpty()) {
        setTextColor(m_shortfalls, failColor());
        setPackText(m_shortfalls, tr("The bank cannot fill the blueprint, so this form is short:\n%1")
                                      .arg(shortfalls.join(QLatin1Char('\n'))));
    }

    QStringList rules;
    if (practice) {
        rules
            << tr("The clock starts when you press <b>Begin</b>. <b>Pause</b> (Alt+P) stops it and hides the "
                  "question; it also stops while certdrill is closed.")
            << tr("<b>Reveal answer</b> (Alt+R) shows at once whether you are right and why every option is "
                  "right or wrong. The answer is then final.")
            << tr("A practice exam does not count toward readiness: only exam simulations do.");
    } else {
        rules
            << tr("The clock starts when you press <b>Begin</b> and cannot be paused. It keeps running while "
                  "certdrill is closed; at zero the exam is submitted as it stands.")
            << tr("No answer is shown until you submit, as in the real exam.");
    }
    rules << tr("Unanswered questions score zero. A multi-select question says how many to choose and scores "
                "only when exactly those are chosen.")
          << tr("<b>Flag</b> questions to come back to; <b>Review and submit…</b> lists every question, "
                "incomplete and flagged first, before anything is scored.")
          << tr("To stop without a score, choose <b>Exam ▸ Abandon exam</b>: the exam is kept in history as "
                "abandoned and never counts toward readiness; the answers you gave still count in the "
                "tracker.");
    m_rules->setText(bullets(rules));

    m_shortcuts->setText(keyTableHtml(examKeys(practice)));
}

void ExamStartPage::focusBegin()
{
    m_begin->setFocus(Qt::OtherFocusReason);
}

} // namespace certdrill::gui
