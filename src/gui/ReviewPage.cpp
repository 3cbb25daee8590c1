#include "ReviewPage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "certdrill/exam/ItemStatus.h"

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

ReviewPage::ReviewPage(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_table(makeReadOnlyTable({tr("Question"), tr("Status"), tr("Flag")}, QStringLiteral("reviewTable")))
    , m_backButton(new QPushButton(tr("◀ &Back to exam")))
    , m_submitButton(new QPushButton(tr("&Submit exam…")))
{
    setObjectName(QStringLiteral("reviewPage"));
    m_summary->setObjectName(QStringLiteral("reviewSummary"));
    m_backButton->setObjectName(QStringLiteral("reviewBackButton"));
    m_submitButton->setObjectName(QStringLiteral("reviewSubmitButton"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setToolTip(tr("Click a question, or select it and press Enter, to go back to it."));
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_backButton);
    buttons->addStretch();
    buttons->addWidget(m_submitButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) { rowChosen(row); });
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { rowChosen(row); });
    connect(m_backButton, &QPushButton::clicked, this, &ReviewPage::backRequested);
    connect(m_submitButton, &QPushButton::clicked, this, &ReviewPage::submitRequested);
}

ReviewPage::~ReviewPage() = default;

void ReviewPage::setItems(const std::vector<SessionItem>& items)
{
    const ReviewCounts counts = reviewCounts(items);
    m_summary->setText(tr("Review before submitting: %1 of %2 unanswered or incomplete, %3 flagged. "
                          "Unanswered questions score zero.")
                           .arg(counts.unanswered)
                           .arg(items.size())
                           .arg(counts.flagged));
    m_table->setRowCount(0);
    for (int position : reviewOrder(items)) {
        const SessionItem& it = items[static_cast<size_t>(position)];
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        // The start of the stem, so the candidate recognises the question without opening it.
        QString stem = QString::fromStdString(it.question.stem).simplified();
        if (stem.size() > 110) {
            stem = stem.left(107) + QStringLiteral("…");
        }
        auto* q = new QTableWidgetItem(tr("Question %1: %2").arg(position + 1).arg(stem));
        q->setToolTip(plainToolTip(QString::fromStdString(it.question.stem)));
        q->setData(Qt::UserRole, position);
        auto* s = new QTableWidgetItem(statusText(statusOf(it)));
        s->setBackground(statusColor(statusOf(it)));
        s->setForeground(cellTextColor());
        m_table->setItem(row, 0, q);
        m_table->setItem(row, 1, s);
        m_table->setItem(row, 2, new QTableWidgetItem(it.flagged ? tr("⚑ flagged") : QString()));
    }
    if (m_table->rowCount() > 0) {
        m_table->setCurrentCell(0, 0);
    }
}

void ReviewPage::focusList()
{
    m_table->setFocus(Qt::ShortcutFocusReason);
}

void ReviewPage::rowChosen(int row)
{
    if (const QTableWidgetItem* q = m_table->item(row, 0)) {
        emit jumpTo(q->data(Qt::UserRole).toInt());
    }
}

} // namespace certdrill::gui
