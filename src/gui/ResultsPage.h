#pragma once

#include <set>

#include <QWidget>

#include "certdrill/exam/ExamSession.h"

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace certdrill::gui {

/// After an exam: pass/fail, the per-domain breakdown (table, bar chart against the pass mark, objectives on
/// demand), and a review of every question with every option's
/// why.
class ResultsPage : public QWidget
{
    Q_OBJECT

public:
    explicit ResultsPage(QWidget* parent = nullptr);
    ~ResultsPage() override;

    /// The store reports are filed in (Report a problem…); without one the review offers no report link.
    void setStore(Store* store) { m_store = store; }
    /// Shows a finished session.
    void showSession(const ExamSession& session);
    /// Report a problem… on the question at `position`: the dialog, then the report filed and the session
    /// shown again, scored without the question when the candidate excluded it.
    void reportProblem(int position);
    /// Writes every question of the shown session as CSV (sessionCsv) to `path`.
    bool exportCsv(const QString& path, QString* error = nullptr) const;

protected:
    /// Refits the tables and the chart when the text size changes.
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Sizes the tables to their rows and the chart to the text size.
    void fitToText();
    void renderReview();
    void renderDomains(const SessionScore& s);
    void renderChart(const SessionScore& s);
    void renderTopics(const SessionScore& s);

    Store* m_store = nullptr;
    std::int64_t m_sessionId = 0;
    ExamDef m_exam;
    std::vector<SessionItem> m_items;
    std::set<std::int64_t> m_reported; ///< question rows with a report
    QLabel* m_verdict;
    QLabel* m_details;
    QTableWidget* m_domains;
    QChartView* m_chart;
    QPushButton* m_topicToggle;
    QTableWidget* m_topics;
    QComboBox* m_filter;
    QPushButton* m_exportButton;
    QTextBrowser* m_review;
};

} // namespace certdrill::gui
