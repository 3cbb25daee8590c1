#pragma once

#include <QWidget>

#include "certdrill/Store.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// Past mock and practice exams, newest first; opening one shows its results again.
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

private:
    void openRow(int row);

    Store& m_store;
    QLabel* m_summary;
    QTableWidget* m_table;
    QPushButton* m_openButton;
};

} // namespace certdrill::gui
