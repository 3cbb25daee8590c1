#pragma once

#include <map>
#include <string>
#include <vector>

#include <QWidget>

#include "certdrill/pack/ItemLint.h"
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

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    /// Computes the item-quality lint of the packs whose current version has none cached yet and shows every
    /// pack's. It reads every question's text, which at 100,000 questions takes seconds, so it runs after the
    /// screen has first been painted, not before.
    void fillLint();
    void showLint();
    /// Asks for fillLint: on screen, 50 ms after the next paint (so the first paint never waits for it);
    /// off screen, at once from the event loop.
    void scheduleLint();
    void runWantedLint();

    /// A pack's lint, for the version (SHA-256) it was computed on.
    struct CachedLint
    {
        std::string sha256;
        LintSummary summary;
    };

    Store& m_store;
    std::map<std::string, CachedLint> m_lint;                    ///< by pack id
    std::vector<std::pair<std::string, std::string>> m_packRows; ///< (pack id, sha256) of each table row
    bool m_painted = false;
    bool m_lintWanted = false;
    QString m_examId;
    QLabel* m_titleLabel;
    QLabel* m_summaryLabel;
    QTableWidget* m_domainsTable;
    QTableWidget* m_packsTable;
};

} // namespace certdrill::gui
