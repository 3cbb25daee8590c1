#pragma once

#include <QWidget>

#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace certdrill::gui {

/// The tracker screen: the Red/Yellow/Green sheet kept from evidence. Domains expand to their objectives;
/// columns weight, answers, mastery with its interval, the measured band as a coloured cell, the candidate's
/// own rating (editable) and due questions. The readiness verdict is on top; the sheet exports as CSV and
/// prints as PDF.
class TrackerPage : public QWidget
{
    Q_OBJECT

public:
    explicit TrackerPage(Store& store, QWidget* parent = nullptr);

    /// Recomputes the sheet for `examId` from the store.
    void refresh(const QString& examId);
    const TrackerReport& report() const { return m_report; }
    /// Selects, expands and scrolls to the domain's row, with the keyboard focus in the sheet.
    void showDomain(const QString& domainId);
    /// Writes the sheet as CSV; false (and a message) when the file cannot be written.
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    /// The calibration report as text: accuracy per confidence tag and one sentence of advice.
    QString calibrationText() const;
    /// Writes the sheet as a printable PDF (report::writeTrackerPdf), dated by the store's clock: the number
    /// of pages, or why not.
    Result<int> savePdf(const QString& path) const;

public slots:
    /// Save PDF… (the button, File ▸ Save as PDF…): asks where, then writes the sheet.
    void savePdfInteractively();

signals:
    void drillRequested();
    void customDrillRequested();

private:
    void addRow(QTreeWidgetItem* item, const TrackerRow& row);
    void rate(const TrackerRow& row, int comboIndex);

    Store& m_store;
    QString m_examId;
    TrackerReport m_report;
    QLabel* m_readiness;
    QTreeWidget* m_tree;
};

} // namespace certdrill::gui
