#pragma once

#include <QWidget>

#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/Store.h"

class QChartView;
class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// Past mock and practice exams: a chart of their scores against the pass mark and the readiness score,
/// with how far the last exam simulations are from "ready to schedule", then the list, newest first;
/// opening one shows its results again; Compare… sets two of them side by side (RetakeDialog).
class HistoryPage : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryPage(Store& store, QWidget* parent = nullptr);
    ~HistoryPage() override;

public slots:
    /// Re-reads the finished sessions from the store.
    void refresh();

signals:
    void openSession(qint64 sessionId);

protected:
    void changeEvent(QEvent* event) override;

private:
    /// The chart's fonts and height, and the table's height, follow the page's text size (View ▸ Larger
    /// text).
    void fitChartToText();
    void openRow(int row);
    /// The two selected sessions (not abandoned); empty unless exactly two rows are selected.
    std::vector<const SessionSummary*> selectedPair() const;
    /// Opens a RetakeDialog on the two selected sessions, or says in a message box why they cannot be
    /// compared.
    void compareSelected();
    /// Charts the sessions of the newest session's exam, oldest to newest, and says what readiness needs.
    void renderTrend(const std::vector<SessionSummary>& history);

    Store& m_store;
    QLabel* m_summary;
    QLabel* m_readiness;
    QChartView* m_chart;
    QTableWidget* m_table;
    QPushButton* m_openButton;
    QPushButton* m_compareButton;
    std::vector<SessionSummary> m_sessions; ///< the table's rows, in order
};

} // namespace certdrill::gui
