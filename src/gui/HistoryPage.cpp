#include "HistoryPage.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "certdrill/SessionHistory.h"

#include "Tables.h"

namespace certdrill::gui {

namespace {

QString localMinute(std::int64_t unixMs)
{
    return QDateTime::fromMSecsSinceEpoch(unixMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

HistoryPage::HistoryPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_summary(new QLabel)
    , m_table(makeReadOnlyTable(
          {tr("Finished"), tr("Mode"), tr("Score"), tr("Result"), tr("Ended by"), tr("Weakest domain")},
          QStringLiteral("historyTable")))
    , m_openButton(new QPushButton(tr("&Open results")))
{
    m_summary->setObjectName(QStringLiteral("historySummary"));
    m_openButton->setObjectName(QStringLiteral("historyOpenButton"));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setToolTip(tr("Double-click a session, or select it and press Enter, to see its results."));
    auto* title = new QLabel(tr("Past exams"));
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.5);
    f.setBold(true);
    title->setFont(f);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_openButton);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { openRow(row); });
    connect(m_openButton, &QPushButton::clicked, this, [this] { openRow(m_table->currentRow()); });
}

HistoryPage::~HistoryPage() = default;

void HistoryPage::refresh()
{
    m_table->setRowCount(0);
    auto history = sessionHistory(m_store);
    if (!history) {
        m_summary->setText(QString::fromStdString(history.error().message));
        return;
    }
    auto exams = m_store.exams();
    for (const SessionSummary& h : history.value()) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* when = new QTableWidgetItem(localMinute(h.finishedAtMs));
        when->setData(Qt::UserRole, static_cast<qint64>(h.id));
        // The weakest domain is the one to drill next; ties go to the heavier (earlier) domain.
        QString weakest;
        double low = 101;
        const ExamDef* exam = nullptr;
        if (exams) {
            for (const auto& e : exams.value()) {
                exam = e.id == h.examId ? &e : exam;
            }
        }
        for (const auto& d : h.domains) {
            const double p = d.total ? 100.0 * d.correct / d.total : 0.0;
            if (p < low) {
                low = p;
                const Domain* dom = exam ? exam->findDomain(d.id) : nullptr;
                weakest = QStringLiteral("%1 (%2/%3)")
                              .arg(QString::fromStdString(dom ? dom->name : d.id))
                              .arg(d.correct)
                              .arg(d.total);
            }
        }
        m_table->setItem(row, 0, when);
        m_table->setItem(
            row, 1,
            new QTableWidgetItem(h.mode == SessionMode::Exam ? tr("exam simulation") : tr("practice")));
        m_table->setItem(
            row, 2,
            new QTableWidgetItem(
                QStringLiteral("%1% (%2/%3)").arg(h.score * 100.0, 0, 'f', 1).arg(h.correct).arg(h.total)));
        auto* result = new QTableWidgetItem(h.passed ? tr("PASS") : tr("FAIL"));
        result->setForeground(h.passed ? QColor(0x2e, 0x7d, 0x32) : QColor(0xb7, 0x1c, 0x1c));
        m_table->setItem(row, 3, result);
        m_table->setItem(
            row, 4, new QTableWidgetItem(h.finishReason == "timeout" ? tr("time ran out") : tr("submitted")));
        m_table->setItem(row, 5, new QTableWidgetItem(weakest));
    }
    m_summary->setText(
        history.value().empty()       ? tr("No finished exams yet. Start one with Exam ▸ Start mock exam.")
        : history.value().size() == 1 ? tr("1 finished exam.")
                                      : tr("%1 finished exams, newest first.").arg(history.value().size()));
    if (m_table->rowCount() > 0) {
        m_table->setCurrentCell(0, 0);
    }
    m_openButton->setEnabled(m_table->rowCount() > 0);
}

void HistoryPage::openRow(int row)
{
    if (const QTableWidgetItem* when = m_table->item(row, 0)) {
        emit openSession(when->data(Qt::UserRole).toLongLong());
    }
}

} // namespace certdrill::gui
