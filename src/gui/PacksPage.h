#pragma once

#include <vector>

#include <QWidget>

#include "certdrill/store/PackOverview.h"
#include "certdrill/store/Store.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace certdrill::gui {

/// File ▸ Packs: the question packs in the database, for the instructor who maintains them. Each pack with
/// its version, questions, import date and surface-cue score; the selected one in full (id, authors,
/// licence, source file, questions per domain, every lint figure). Import…, Export… and Remove… act on
/// them; the exam definitions are named apart, as they hold no questions.
class PacksPage : public QWidget
{
    Q_OBJECT

public:
    explicit PacksPage(Store& store, QWidget* parent = nullptr);
    ~PacksPage() override;

    /// The id of the selected pack, empty when none is.
    QString selectedPackId() const;
    /// Selects the row of pack `id`, if it is listed.
    void selectPack(const QString& id);
    /// Says what the last action did, under the list (an import, an export, a removal).
    void setStatus(const QString& text);

signals:
    /// Import… was clicked: the window runs its import flow (choose files, preview, import).
    void importRequested();
    /// A pack was removed: the screens that count questions read the store again.
    void packsChanged();

public slots:
    /// Reads the packs from the store again (their lint only for packs that changed), keeping the selection.
    void refresh();
    /// Asks where to write the selected pack, then writes it as a pack file.
    void exportSelected();
    /// Asks to confirm, naming the pack and what happens, then retires its questions.
    void removeSelected();

private:
    /// The overview of the selected row, or null.
    const PackOverview* selected() const;
    void showSelected();

    Store& m_store;
    PackLintCache m_lintCache;
    std::vector<PackOverview> m_packs; ///< the listed packs, in row order (no exam-definition-only pack)
    QTableWidget* m_table;
    QLabel* m_examDefinitions;
    QPushButton* m_exportButton;
    QPushButton* m_removeButton;
    QLabel* m_status;
    QLabel* m_details;
    QTableWidget* m_domains;
    QLabel* m_lint;
};

} // namespace certdrill::gui
