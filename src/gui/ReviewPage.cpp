#include "ReviewPage.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QString flagText(bool flagged)
{
    return flagged ? ReviewPage::tr("⚑ Flagged") : ReviewPage::tr("Flag");
}

} // namespace

ReviewPage::ReviewPage(QWidget* parent)
    : QWidget(parent)
    , m_summary(new QLabel)
    , m_allButton(new QPushButton)
    , m_incompleteButton(new QPushButton)
    , m_flaggedButton(new QPushButton)
    , m_table(makeReadOnlyTable({tr("Question"), tr("Status"), tr("Flag")}, QStringLiteral("reviewTable")))
    , m_backButton(new QPushButton(tr("◀ &Back to exam")))
    , m_submitButton(new QPushButton(tr("&Submit exam…")))
{
    setObjectName(QStringLiteral("reviewPage"));
    m_summary->setObjectName(QStringLiteral("reviewSummary"));
    m_allButton->setObjectName(QStringLiteral("reviewAllButton"));
    m_incompleteButton->setObjectName(QStringLiteral("reviewIncompleteButton"));
    m_flaggedButton->setObjectName(QStringLiteral("reviewFlaggedButton"));
    m_backButton->setObjectName(QStringLiteral("reviewBackButton"));
    m_submitButton->setObjectName(QStringLiteral("reviewSubmitButton"));
    m_allButton->setToolTip(tr("Go through every question in order; after the last, back to this screen."));
    m_incompleteButton->setToolTip(
        tr("Go through only the incomplete questions, unanswered or partly answered; after the last, back to "
           "this screen."));
    m_flaggedButton->setToolTip(
        tr("Go through only the flagged questions; after the last, back to this screen."));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Rows measured whenever their cells or the column widths change, not once when filled: filled while the
    // page was hidden (on its first visit) they were measured at a column width the table never had, 29 px
    // there and 23 on every later visit.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setToolTip(tr("Click a question, or select it and press Enter, to go back to it. "
                           "F, or the row's Flag button, flags the selected question."));
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_summary->setWordWrap(true);

    auto* passes = new QHBoxLayout;
    passes->addWidget(m_allButton);
    passes->addWidget(m_incompleteButton);
    passes->addWidget(m_flaggedButton);
    passes->addStretch();
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_backButton);
    buttons->addStretch();
    buttons->addWidget(m_submitButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addLayout(passes);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int column) {
        if (column != 2) { // the flag column's button acts on its own
            rowChosen(row);
        }
    });
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { rowChosen(row); });
    connect(m_allButton, &QPushButton::clicked, this, [this] { emit reviewPassRequested(ReviewSet::All); });
    connect(m_incompleteButton, &QPushButton::clicked, this,
            [this] { emit reviewPassRequested(ReviewSet::Incomplete); });
    connect(m_flaggedButton, &QPushButton::clicked, this,
            [this] { emit reviewPassRequested(ReviewSet::Flagged); });
    connect(m_backButton, &QPushButton::clicked, this, &ReviewPage::backRequested);
    connect(m_submitButton, &QPushButton::clicked, this, &ReviewPage::submitRequested);
}

ReviewPage::~ReviewPage() = default;

void ReviewPage::setItems(const std::vector<SessionItem>& items)
{
    m_table->setRowCount(0);
    for (int position : reviewOrder(items)) {
        const SessionItem& it = items[static_cast<size_t>(position)];
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        // The start of the stem, so the candidate recognises the question without opening it.
        const QString stem = stemLine(it.question.stem, 108);
        auto* q = new QTableWidgetItem(tr("Question %1: %2").arg(position + 1).arg(stem));
        q->setToolTip(plainToolTip(QString::fromStdString(it.question.stem)));
        q->setData(Qt::UserRole, position);
        auto* s = new QTableWidgetItem(statusText(statusOf(it)));
        s->setBackground(statusColor(statusOf(it)));
        s->setForeground(cellTextColor());
        m_table->setItem(row, 0, q);
        m_table->setItem(row, 1, s);
        // Each row flags its own question, as on the real exam's review screen. The button takes no focus,
        // so the keyboard stays in the list (where F flags the selected row).
        auto* flag = new QPushButton(flagText(it.flagged));
        flag->setObjectName(QStringLiteral("reviewFlag%1").arg(position));
        flag->setCheckable(true);
        flag->setChecked(it.flagged);
        flag->setFocusPolicy(Qt::NoFocus);
        flag->setToolTip(tr("Flag question %1 for review").arg(position + 1));
        styleToggle(flag);
        connect(flag, &QPushButton::toggled, this, [this, flag, position](bool on) {
            flag->setText(flagText(on));
            emit flagToggled(position, on);
        });
        m_table->setCellWidget(row, 2, flag);
    }
    if (m_table->rowCount() > 0) {
        m_table->setCurrentCell(0, 0);
    }
    showCounts(items);
}

void ReviewPage::updateItems(const std::vector<SessionItem>& items)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const int position = m_table->item(row, 0)->data(Qt::UserRole).toInt();
        if (auto* flag = qobject_cast<QPushButton*>(m_table->cellWidget(row, 2))) {
            const bool flagged = items[static_cast<size_t>(position)].flagged;
            const QSignalBlocker quiet(flag);
            flag->setChecked(flagged);
            flag->setText(flagText(flagged));
        }
    }
    showCounts(items);
}

void ReviewPage::showCounts(const std::vector<SessionItem>& items)
{
    const ReviewCounts counts = reviewCounts(items);
    m_summary->setText(
        tr("Review before submitting: %1 of %2 incomplete (unanswered or partly answered), %3 flagged. "
           "Unanswered questions score zero.")
            .arg(counts.unanswered)
            .arg(items.size())
            .arg(counts.flagged));
    m_allButton->setText(tr("Review &all (%1)").arg(items.size()));
    m_incompleteButton->setText(tr("Review &incomplete (%1)").arg(counts.unanswered));
    m_flaggedButton->setText(tr("Review flagge&d (%1)").arg(counts.flagged));
    m_allButton->setEnabled(!items.empty());
    m_incompleteButton->setEnabled(counts.unanswered > 0);
    m_flaggedButton->setEnabled(counts.flagged > 0);
}

int ReviewPage::currentPosition() const
{
    const QTableWidgetItem* q = m_table->item(m_table->currentRow(), 0);
    return q ? q->data(Qt::UserRole).toInt() : -1;
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
