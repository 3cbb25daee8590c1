#pragma once

#include <set>

#include <QWidget>

#include "certdrill/exam/ExamSession.h"

#include "PdfReport.h"
#include "TextPane.h"

class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QTableWidget;
class QTextBrowser;
class QUrl;

namespace certdrill::gui {

class MissReasonPanel;

/// After an exam: pass/fail, the per-domain breakdown (table, bar chart against the pass mark, objectives on
/// demand), and a review of every question with every option's why; the whole report saves as a PDF.
class ResultsPage : public QWidget
{
    Q_OBJECT

public:
    /// `store` keeps the bookmarks and notes the answer review sets and the reports it files.
    explicit ResultsPage(Store& store, QWidget* parent = nullptr);
    ~ResultsPage() override;

    /// Shows a finished session.
    void showSession(const ExamSession& session);
    /// Report a problem… on the question at `position`: the dialog, then the report filed and the session
    /// shown again, scored without the question when the candidate excluded it.
    void reportProblem(int position);
    /// Writes every question of the shown session as CSV (sessionCsv) to `path`.
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// Writes the shown session's report as PDF (report::writeSessionPdf): the number of pages, or why not.
    Result<int> savePdf(const QString& path) const;

public slots:
    /// Save PDF… (the button, File ▸ Save as PDF…): asks where, then writes the report.
    void savePdfInteractively();

protected:
    /// Refits the tables and the chart when the text size changes.
    /// (A width change refits the tables' rows through keepFittedToRows.)
    void changeEvent(QEvent* event) override;

private:
    /// Sizes the tables to their rows and the chart to the text size.
    void fitToText();
    void renderReview();
    void renderDomains(const SessionScore& s);
    void renderChart(const SessionScore& s);
    void renderTopics(const SessionScore& s);
    /// A link of the answer review: "bookmark:POSITION" toggles that question's bookmark, "note:POSITION"
    /// edits its note, "report:POSITION" reports a problem (reportProblem).
    void openReviewLink(const QUrl& link);

    report::SessionReport m_shown; ///< the session shown, as the PDF report prints it
    Store& m_store;
    std::set<std::int64_t> m_reported; ///< question rows with a report
    QLabel* m_timeUp;                  ///< says the clock ended the session, above the verdict
    QLabel* m_verdict;
    QLabel* m_details;
    QTableWidget* m_domains;
    QChartView* m_chart;
    QPushButton* m_topicToggle;
    QTableWidget* m_topics;
    MissReasonPanel* m_missPanel;
    QComboBox* m_filter;
    QPushButton* m_exportButton;
    QPushButton* m_pdfButton;
    TextPane* m_review;
    QScrollArea* m_scroll = nullptr; ///< the whole report
};

} // namespace certdrill::gui
