#pragma once

#include <cstdint>

#include <QWidget>

#include "certdrill/exam/QuestionSearch.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QTableWidget;
class QTimer;
class QTreeWidget;

namespace certdrill::gui {

class SafeTextView;

class AnnotationBar;

/// Learn ▸ Browse questions: full-text search and filters over the bank (searchQuestions), a list of what
/// matched, and the selected question with the candidate's bookmark and note, its key with every option's
/// why, and its answer history. A question never seen shows its options without the key until Show answer,
/// which is recorded like a revealed practice answer (revealInBrowser).
class BrowserPage : public QWidget
{
    Q_OBJECT

public:
    explicit BrowserPage(Store& store, QWidget* parent = nullptr);
    ~BrowserPage() override;

    /// Shows the bank of `examId` with the filters cleared and runs the search; for the exam already shown,
    /// runs the search as it was left again.
    void setExam(const QString& examId);
    /// The query the search box and filters make up, on the current page.
    SearchQuery query() const;
    /// What the last search found (this page).
    const SearchResults& results() const { return m_results; }
    /// The question shown on the right, 0 for none.
    std::int64_t currentQuestion() const { return m_current; }
    /// Puts the keyboard focus in the search box.
    void focusSearch();

public slots:
    /// Runs the search from the first page (the filters changed, or Enter in the search box).
    void search();
    /// Shows the question in row `questionRow` on the right.
    void showQuestion(std::int64_t questionRow);
    /// Show answer: records the reveal, then shows the key and every option's why.
    void revealAnswer();

protected:
    /// Recolors the question on a theme switch.
    void changeEvent(QEvent* event) override;

private:
    /// Runs the query on the current page and fills the list.
    void runQuery();
    /// The objective filter's choices: the selected domain's objectives, or every domain's.
    void fillObjectives();
    /// Updates the list row of `questionRow` after a new mark or report.
    void refreshStatus(std::int64_t questionRow);
    /// Report a problem… on the question shown.
    void reportProblem();
    /// The list row's status column for a question.
    static QString statusSummary(const QuestionRecord& record);

    Store& m_store;
    ExamDef m_exam;
    SearchResults m_results;
    int m_offset = 0;
    std::int64_t m_current = 0;
    QLineEdit* m_search;
    QTimer* m_typing;
    QComboBox* m_domain;
    QComboBox* m_objective;
    QComboBox* m_difficulty;
    QComboBox* m_type;
    QComboBox* m_pack;
    QComboBox* m_status;
    QTreeWidget* m_list;
    QLabel* m_count;
    QPushButton* m_previous;
    QPushButton* m_next;
    QWidget* m_detail;
    QScrollArea* m_scroll = nullptr; ///< the question shown (m_detail)
    QLabel* m_heading;
    AnnotationBar* m_marks;
    QPushButton* m_report; ///< Report a problem… (ReportProblemDialog)
    SafeTextView* m_stem;
    QLabel* m_selectHint;
    SafeTextView* m_options;
    QLabel* m_hiddenHint;
    QPushButton* m_reveal;
    QLabel* m_historyTitle;
    QTableWidget* m_history;
};

} // namespace certdrill::gui
