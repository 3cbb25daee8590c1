#pragma once

#include <vector>

#include <QWidget>

#include "certdrill/exam/ExamSession.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// The review screen before submitting: every question with its status, incomplete and flagged first, each
/// row a link back to its question.
class ReviewPage : public QWidget
{
    Q_OBJECT

public:
    explicit ReviewPage(QWidget* parent = nullptr);
    ~ReviewPage() override;

    /// Lists the items in review order (see certdrill::reviewOrder), the first row current.
    void setItems(const std::vector<SessionItem>& items);
    /// Gives the list the keyboard focus (call once the page shows).
    void focusList();

signals:
    /// The candidate chose a row: go back to that question.
    void jumpTo(int position);
    void backRequested();
    void submitRequested();

private:
    void rowChosen(int row);

    QLabel* m_summary;
    QTableWidget* m_table;
    QPushButton* m_backButton;
    QPushButton* m_submitButton;
};

} // namespace certdrill::gui
