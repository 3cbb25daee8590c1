#pragma once

#include <QWidget>

#include "certdrill/exam/ExamSession.h"

class QLabel;
class QTableWidget;

namespace certdrill::gui {

/// The results' "Why you missed them": the answer changes the session measured, one row per missed
/// question with a reason to choose (pre-filled from what was measured), and the breakdown by reason with
/// the advice when one reason dominates. Each choice is stored at once.
class MissReasonPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MissReasonPanel(Store& store, QWidget* parent = nullptr);
    ~MissReasonPanel() override;

    /// Shows the misses of a finished session.
    void showSession(const ExamSession& session);
    /// Sizes the table to its rows (after a font or width change).
    void fitToText();

signals:
    /// A reason was stored; the session's items (with their reasons) as they now are.
    void reasonsChanged(const std::vector<SessionItem>& items);

private:
    /// Stores the reason chosen in the combo box of the item at `position` (index 0: untag).
    void choose(int position, int comboIndex);
    /// The change counts and the breakdown as they stand.
    void renderSummary();
    void renderTable();

    Store& m_store;
    std::int64_t m_sessionId = 0;
    bool m_timedOut = false;
    bool m_abandoned = false;
    std::vector<SessionItem> m_items;
    QLabel* m_changes;
    QLabel* m_breakdown;
    QTableWidget* m_table;
};

} // namespace certdrill::gui
