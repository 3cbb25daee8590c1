#pragma once

#include <vector>

#include <QWidget>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/ItemStatus.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// The review screen before submitting, as the real exam's: every question with its status, incomplete and
/// flagged first, each row a link back to its question and with its own flag; "Review all", "Review
/// incomplete" and "Review flagged" start a pass through only those questions. No question is current here,
/// so the exam's own Flag button is not shown while this screen is.
class ReviewPage : public QWidget
{
    Q_OBJECT

public:
    explicit ReviewPage(QWidget* parent = nullptr);
    ~ReviewPage() override;

    /// Lists the items in review order (see certdrill::reviewOrder), the first row current.
    void setItems(const std::vector<SessionItem>& items);
    /// Shows changed flags and counts without reordering, so a row stays where the candidate clicked it.
    void updateItems(const std::vector<SessionItem>& items);
    /// The position of the selected row's question, or -1.
    int currentPosition() const;
    /// Gives the list the keyboard focus (call once the page shows).
    void focusList();

signals:
    /// The candidate chose a row: go back to that question.
    void jumpTo(int position);
    /// A row's flag was switched.
    void flagToggled(int position, bool flagged);
    /// Step through only these questions, from the first.
    void reviewPassRequested(certdrill::ReviewSet set);
    void backRequested();
    void submitRequested();

private:
    void rowChosen(int row);
    void showCounts(const std::vector<SessionItem>& items);

    QLabel* m_summary;
    QPushButton* m_allButton;
    QPushButton* m_incompleteButton;
    QPushButton* m_flaggedButton;
    QTableWidget* m_table;
    QPushButton* m_backButton;
    QPushButton* m_submitButton;
};

} // namespace certdrill::gui
