#include "DrillDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace certdrill::gui {

DrillDialog::DrillDialog(const ExamDef& exam, QWidget* parent)
    : QDialog(parent)
    , m_exam(exam)
    , m_count(new QSpinBox)
    , m_pool(new QComboBox)
    , m_scope(new QTreeWidget)
    , m_cram(new QCheckBox(tr("Cram: practise without moving review due dates")))
{
    setObjectName(QStringLiteral("drillDialog"));
    setWindowTitle(tr("Custom drill"));
    m_count->setObjectName(QStringLiteral("drillCount"));
    m_count->setRange(1, 200);
    m_count->setValue(20);
    m_pool->setObjectName(QStringLiteral("drillPool"));
    m_pool->addItems({tr("All questions"), tr("Questions I missed"), tr("Questions I flagged"),
                      tr("Questions I have not seen"), tr("Questions I bookmarked")});
    m_scope->setObjectName(QStringLiteral("drillScope"));
    m_scope->setHeaderHidden(true);
    m_scope->header()->setSectionResizeMode(QHeaderView::Stretch);
    m_cram->setObjectName(QStringLiteral("cramCheck"));
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
    layout->addWidget(m_cram);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    box->button(QDialogButtonBox::Ok)->setText(tr("Start drill"));
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(520, 560);
}

PlannerOptions DrillDialog::options() const
{
    PlannerOptions o;
    o.count = m_count->value();
    o.filter.missedOnly = m_pool->currentIndex() == 1;
    o.filter.flaggedOnly = m_pool->currentIndex() == 2;
    o.filter.unseenOnly = m_pool->currentIndex() == 3;
    o.filter.bookmarkedOnly = m_pool->currentIndex() == 4;
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
