#pragma once

#include <QWidget>

#include "certdrill/store/Store.h"

class QLabel;
class QTableWidget;

namespace certdrill::gui {

/// The landing screen: the exam, its blueprint with the bank's question counts, and the imported packs.
class HomePage : public QWidget
{
    Q_OBJECT

public:
    explicit HomePage(Store& store, QWidget* parent = nullptr);
    ~HomePage() override;

    /// The exam shown (the first in the database), empty if none.
    QString examId() const;

signals:
    void mockRequested();
    void practiceRequested();
    void drillRequested();
    void trackerRequested();

public slots:
    /// Re-reads exams, counts and packs from the store.
    void refresh();

private:
    Store& m_store;
    QString m_examId;
    QLabel* m_titleLabel;
    QLabel* m_summaryLabel;
    QTableWidget* m_domainsTable;
    QTableWidget* m_packsTable;
};

} // namespace certdrill::gui
