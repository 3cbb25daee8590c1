#include "DrillDialog.h"

#include <numeric>
#include <utility>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace certdrill::gui {

namespace {

// The pools, in the order of the pool box (DrillDialog::options reads the same indexes).
enum Pool
{
    AllQuestions,
    Missed,
    Flagged,
    Unseen,
    Bookmarked
};

// Why a choice matches no question, in the learner's terms: the pools fill from their own answers.
QString noMatchText(int pool)
{
    switch (pool) {
    case Missed:
        return QObject::tr(
            "No question to drill: none of these was answered wrong the last time you answered "
            "it.");
    case Flagged:
        return QObject::tr(
            "No question to drill: you have not flagged any of these. Flag a question during a "
            "mock exam to come back to it.");
    case Unseen:
        return QObject::tr("No question to drill: you have answered every one of these at least once.");
    case Bookmarked:
        return QObject::tr(
            "No question to drill: you have not bookmarked any of these. Bookmark questions in "
            "a drill, the answer review or the question browser.");
    default:
        return QObject::tr("No question to drill: the bank has no question in what is ticked.");
    }
}

} // namespace

DrillDialog::DrillDialog(const ExamDef& exam, const PlannerInput& planner, QWidget* parent)
    : QDialog(parent)
    , m_planner(planner)
    , m_count(new QSpinBox)
    , m_pool(new QComboBox)
    , m_scope(new QTreeWidget)
    , m_cram(new QCheckBox(tr("Cram: practise without moving review due dates")))
    , m_matches(new QLabel)
{
    setObjectName(QStringLiteral("drillDialog"));
    setWindowTitle(tr("Custom drill"));
    m_count->setObjectName(QStringLiteral("drillCount"));
    m_scope->setAccessibleName(tr("Domains and objectives to drill"));
    m_count->setRange(1, 200);
    m_count->setValue(20);
    m_pool->setObjectName(QStringLiteral("drillPool"));
    m_pool->addItems({tr("All questions"), tr("Questions I missed"), tr("Questions I flagged"),
                      tr("Questions I have not seen"), tr("Questions I bookmarked")});
    m_scope->setObjectName(QStringLiteral("drillScope"));
    m_scope->setHeaderHidden(true);
    m_scope->header()->setSectionResizeMode(QHeaderView::Stretch);
    m_cram->setObjectName(QStringLiteral("cramCheck"));
    m_matches->setObjectName(QStringLiteral("drillMatches"));
    m_matches->setWordWrap(true);
    m_matches->setTextFormat(Qt::PlainText);
    for (const auto& d : exam.domains) {
        auto* top = new QTreeWidgetItem(m_scope, {QString::fromStdString(d.name)});
        top->setFlags(top->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
        top->setCheckState(0, Qt::Unchecked);
        for (const auto& t : d.topics()) {
            auto* child = new QTreeWidgetItem(top, {QString::fromStdString(d.topicLabel(t))});
            child->setFlags(child->flags() | Qt::ItemIsUserCheckable);
            child->setCheckState(0, Qt::Unchecked);
        }
    }
    auto* form = new QFormLayout;
    form->addRow(tr("&Questions:"), m_count);
    form->addRow(tr("&Pool:"), m_pool);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_scope, 1);
    layout->addWidget(m_matches);
    layout->addWidget(m_cram);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_start = box->button(QDialogButtonBox::Ok);
    m_start->setText(tr("Start drill"));
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_count, &QSpinBox::valueChanged, this, &DrillDialog::updateMatches);
    connect(m_pool, &QComboBox::currentIndexChanged, this, &DrillDialog::updateMatches);
    connect(m_scope, &QTreeWidget::itemChanged, this, &DrillDialog::updateMatches);
    updateMatches();
    resize(520, 560);
}

void DrillDialog::updateMatches()
{
    DrillFilter filter = options().filter;
    if (!m_counted || *m_counted != filter) {
        const std::vector<int> perDomain = eligibleQuestions(m_planner, filter);
        m_matching = std::accumulate(perDomain.begin(), perDomain.end(), 0);
        m_counted = std::move(filter);
    }
    const int matching = m_matching;
    // The count of a start that would be refused ("No drill") is shown before it, with the reason, and the
    // start is not offered.
    m_start->setEnabled(matching > 0);
    if (matching == 0) {
        m_matches->setText(noMatchText(m_pool->currentIndex()));
    } else if (matching < m_count->value()) {
        m_matches->setText(matching == 1
                               ? tr("1 question matches, so the drill will have 1.")
                               : tr("%1 questions match, so the drill will have %1.").arg(matching));
    } else {
        m_matches->setText(matching == 1 ? tr("1 question matches.")
                                         : tr("%1 questions match.").arg(matching));
    }
}

PlannerOptions DrillDialog::options() const
{
    PlannerOptions o;
    o.count = m_count->value();
    o.filter.missedOnly = m_pool->currentIndex() == Missed;
    o.filter.flaggedOnly = m_pool->currentIndex() == Flagged;
    o.filter.unseenOnly = m_pool->currentIndex() == Unseen;
    o.filter.bookmarkedOnly = m_pool->currentIndex() == Bookmarked;
    // Nothing ticked means the whole blueprint; a fully ticked domain is the domain; otherwise its
    // objectives.
    for (int d = 0; d < m_scope->topLevelItemCount(); ++d) {
        const QTreeWidgetItem* top = m_scope->topLevelItem(d);
        if (top->checkState(0) == Qt::Checked ||
            (top->childCount() == 0 && top->checkState(0) != Qt::Unchecked)) {
            o.filter.domains.insert(d);
        } else if (top->checkState(0) == Qt::PartiallyChecked) {
            for (int s = 0; s < top->childCount(); ++s) {
                if (top->child(s)->checkState(0) == Qt::Checked) {
                    o.filter.topics.insert({d, s});
                }
            }
        }
    }
    // Objective picks stand alone: a drill scoped to whole domains and some objectives covers both.
    if (!o.filter.topics.empty() && !o.filter.domains.empty()) {
        for (int d : o.filter.domains) {
            o.filter.topics.insert({d, -1}); // its questions without an objective
            for (int s = 0; s < m_scope->topLevelItem(d)->childCount(); ++s) {
                o.filter.topics.insert({d, s});
            }
        }
        o.filter.domains.clear();
    }
    return o;
}

bool DrillDialog::cram() const
{
    return m_cram->isChecked();
}

} // namespace certdrill::gui
