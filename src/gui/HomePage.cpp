#include "HomePage.h"

#include <map>

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/pack/ItemLint.h"

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QTableWidgetItem* item(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment(align);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return it;
}

QTableWidgetItem* number(double value, const QString& suffix = {})
{
    return item(QString::number(value) + suffix, Qt::AlignRight | Qt::AlignVCenter);
}

/// "19.8% (chance 20.1%)", with every strategy and the strict verdict in the tooltip; empty for a pack
/// without questions (an exam definition).
QTableWidgetItem* lintItem(const LintSummary& s)
{
    if (s.questions == 0) {
        return item(QString());
    }
    const double longest = s.share(s.strategyRight[static_cast<std::size_t>(Strategy::Longest)]);
    const auto failures = s.strictFailures();
    auto* it = item(HomePage::tr("%1 (chance %2)%3")
                        .arg(QString::fromStdString(percentText(longest)))
                        .arg(QString::fromStdString(percentText(s.share(s.chanceRight))))
                        .arg(failures.empty() ? QString() : HomePage::tr(": cued")));
    QStringList tip;
    for (std::size_t i = 0; i < kStrategyCount; ++i) {
        tip << QString::fromStdString(s.strategyLine(static_cast<Strategy>(i)));
    }
    for (const auto& f : failures) {
        tip << QString::fromStdString(f);
    }
    it->setToolTip(tip.join(QLatin1Char('\n')));
    if (!failures.empty()) {
        it->setForeground(verdictColor(false));
    }
    return it;
}

} // namespace

HomePage::HomePage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_titleLabel(new QLabel)
    , m_summaryLabel(new QLabel)
    , m_domainsTable(makeReadOnlyTable(
          {tr("Domain"), tr("Weight"), tr("Objectives"), tr("Questions"), tr("Multi-select")},
          QStringLiteral("domainsTable")))
    , m_packsTable(makeReadOnlyTable(
          {tr("Pack"), tr("Version"), tr("Questions"), tr("Longest option scores"), tr("License")},
          QStringLiteral("packsTable")))
{
    m_titleLabel->setObjectName(QStringLiteral("examTitleLabel"));
    m_summaryLabel->setObjectName(QStringLiteral("examSummaryLabel"));
    setRelativeFont(m_titleLabel, 1.5);
    m_titleLabel->setWordWrap(true); // the exam's long name at 200% text is wider than a 1024-pixel screen
    m_summaryLabel->setWordWrap(true);
    auto* domainsBox = new QGroupBox(tr("Blueprint"));
    auto* domainsLayout = new QVBoxLayout(domainsBox);
    domainsLayout->addWidget(m_domainsTable);
    auto* packsBox = new QGroupBox(tr("Question packs"));
    auto* packsLayout = new QVBoxLayout(packsBox);
    packsLayout->addWidget(m_packsTable);

    // The four things a candidate comes here to do, one click (or one shortcut) away.
    // Two by two: in one row their labels at 200% text need more than a 1024-pixel screen.
    auto* actions = new QGridLayout;
    const std::pair<QString, void (HomePage::*)()> starts[] = {
        {tr("Start mock exam (Ctrl+M)"), &HomePage::mockRequested},
        {tr("Practice exam"), &HomePage::practiceRequested},
        {tr("Drill weak areas (Ctrl+D)"), &HomePage::drillRequested},
        {tr("Tracker (Ctrl+T)"), &HomePage::trackerRequested}};
    const char* names[] = {"homeMockButton", "homePracticeButton", "homeDrillButton", "homeTrackerButton"};
    for (std::size_t i = 0; i < std::size(starts); ++i) {
        auto* b = new QPushButton(starts[i].first);
        b->setObjectName(QLatin1String(names[i]));
        b->setMinimumHeight(36);
        connect(b, &QPushButton::clicked, this, starts[i].second);
        actions->addWidget(b, static_cast<int>(i / 2), static_cast<int>(i % 2));
    }

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_titleLabel);
    layout->addWidget(m_summaryLabel);
    layout->addLayout(actions);
    layout->addWidget(domainsBox, 3);
    layout->addWidget(packsBox, 2);

    refresh();
}

HomePage::~HomePage() = default;

QString HomePage::examId() const
{
    return m_examId;
}

void HomePage::refresh()
{
    m_domainsTable->setRowCount(0);
    m_packsTable->setRowCount(0);
    m_packRows.clear();
    auto exams = m_store.exams();
    if (!exams || exams.value().empty()) {
        m_examId.clear();
        m_titleLabel->setText(tr("No exam in the database"));
        m_summaryLabel->setText(tr("Import a question pack with File ▸ Import pack…"));
        return;
    }
    const ExamDef& exam = exams.value().front();
    m_examId = QString::fromStdString(exam.id);
    std::map<std::string, DomainCount> counts;
    if (auto c = m_store.domainCounts(exam.id)) {
        for (const auto& dc : c.value()) {
            counts[dc.domainId] = dc;
        }
    }
    int total = 0;
    for (const Domain& d : exam.domains) {
        const int row = m_domainsTable->rowCount();
        m_domainsTable->insertRow(row);
        const DomainCount& dc = counts[d.id];
        total += dc.questions;
        m_domainsTable->setItem(row, 0, item(QString::fromStdString(d.name)));
        m_domainsTable->setItem(row, 1, number(d.weight, QStringLiteral("%")));
        m_domainsTable->setItem(row, 2, number(static_cast<double>(d.topics().size())));
        m_domainsTable->setItem(row, 3, number(dc.questions));
        m_domainsTable->setItem(row, 4, number(dc.multiSelect));
    }
    setPackText(m_titleLabel, QString::fromStdString(exam.title));
    // The length and time of the candidate's own mocks (Exam ▸ Exam settings…).
    MockSettings mock;
    if (auto stored = loadMockSettings(m_store, exam)) {
        mock = stored.value();
    }
    const QString time = mock.extraMinutes == 0 ? tr("%1 minutes").arg(exam.durationMinutes)
                                                : tr("%1 minutes (%2 + %3 extra)")
                                                      .arg(exam.durationMinutes + mock.extraMinutes)
                                                      .arg(exam.durationMinutes)
                                                      .arg(mock.extraMinutes);
    m_summaryLabel->setText(tr("%1 questions in %2 (%3 to %4 possible), pass mark %5% (a community "
                               "estimate; NVIDIA does not publish it). The bank holds %6 questions.")
                                .arg(mock.length(exam))
                                .arg(time)
                                .arg(exam.countMin)
                                .arg(exam.countMax)
                                .arg(exam.passPercent)
                                .arg(total));

    m_packRows.clear();
    bool missing = false;
    if (auto packs = m_store.packs()) {
        for (const auto& p : packs.value()) {
            const int row = m_packsTable->rowCount();
            m_packsTable->insertRow(row);
            m_packsTable->setItem(row, 0, item(QString::fromStdString(p.title)));
            m_packsTable->setItem(row, 1, item(QString::fromStdString(p.version)));
            m_packsTable->setItem(row, 2, number(p.activeQuestions));
            m_packsTable->setItem(row, 3, item(QString()));
            m_packsTable->setItem(row, 4, item(QString::fromStdString(p.license)));
            m_packRows.emplace_back(p.id, p.sha256);
            const auto cached = m_lint.find(p.id);
            missing = missing || cached == m_lint.end() || cached->second.sha256 != p.sha256;
        }
    }
    showLint();
    if (missing) {
        scheduleLint();
    }
}

void HomePage::scheduleLint()
{
    m_lintWanted = true;
    if (!isVisible()) {
        // Off screen (a test, or another page shown): now, unless the page is on screen by then, when its
        // paint starts it.
        QTimer::singleShot(0, this, [this] {
            if (!isVisible()) {
                runWantedLint();
            }
        });
    } else if (m_painted) {
        QTimer::singleShot(50, this, &HomePage::runWantedLint);
    }
}

void HomePage::paintEvent(QPaintEvent* event)
{
    m_painted = true;
    if (m_lintWanted) {
        QTimer::singleShot(50, this, &HomePage::runWantedLint);
    }
    QWidget::paintEvent(event);
}

void HomePage::runWantedLint()
{
    if (m_lintWanted) {
        m_lintWanted = false;
        fillLint();
    }
}

void HomePage::fillLint()
{
    // Each pack's surface-cue check (the item-quality lint): what always picking the longest option scores
    // against blind guessing, so a pack whose scores cannot be trusted is seen before it is used. Kept per
    // pack version: a return to this screen recomputes nothing.
    std::map<std::string, std::vector<Question>> questionsByPack;
    if (auto stored = m_store.activeQuestions(m_examId.toStdString())) {
        for (auto& sq : stored.value()) {
            questionsByPack[sq.packId].push_back(std::move(sq.question));
        }
    }
    for (const auto& [id, sha256] : m_packRows) {
        const auto cached = m_lint.find(id);
        if (cached == m_lint.end() || cached->second.sha256 != sha256) {
            m_lint[id] = CachedLint{sha256, lintQuestions(questionsByPack[id])};
        }
    }
    showLint();
}

void HomePage::showLint()
{
    for (int row = 0; row < static_cast<int>(m_packRows.size()); ++row) {
        const auto& [id, sha256] = m_packRows[static_cast<std::size_t>(row)];
        const auto cached = m_lint.find(id);
        if (cached != m_lint.end() && cached->second.sha256 == sha256) {
            m_packsTable->setItem(row, 3, lintItem(cached->second.summary));
        }
    }
}

} // namespace certdrill::gui
