#pragma once
// The keys of the exam and drill screens, written once for the start screen and the shortcut sheet.

#include <QList>
#include <QPair>
#include <QString>

namespace certdrill::gui {

/// A key (as the candidate types it) and what it does.
using KeyHelp = QPair<QString, QString>;

/// The exam screen's keys; `practice` adds pause and reveal.
QList<KeyHelp> examKeys(bool practice);
/// The drill screen's keys.
QList<KeyHelp> drillKeys();
/// The keys as a two-column HTML table, keys in bold, the second column at the same place in every such
/// table of a page.
QString keyTableHtml(const QList<KeyHelp>& keys);

} // namespace certdrill::gui
