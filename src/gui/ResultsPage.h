#pragma once

#include <QWidget>

#include "certdrill/ExamSession.h"

class QComboBox;
class QLabel;
class QTableWidget;
class QTextBrowser;

namespace certdrill::gui {

/// After an exam: pass/fail, the per-domain breakdown, and a review of every question with every option's
/// why.
class ResultsPage : public QWidget
{
    Q_OBJECT

public:
    explicit ResultsPage(QWidget* parent = nullptr);
    ~ResultsPage() override;

    /// Shows a finished session.
    void showSession(const ExamSession& session);

private:
    void renderReview();

    ExamDef m_exam;
    std::vector<SessionItem> m_items;
    QLabel* m_verdict;
    QLabel* m_details;
    QTableWidget* m_domains;
    QComboBox* m_filter;
    QTextBrowser* m_review;
};

} // namespace certdrill::gui
