#pragma once
// The keys of each screen, written once for the start screen and the shortcut sheet.

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
/// Keys that work the same on every screen (Tab, Enter on a focused button).
QList<KeyHelp> generalKeys();
/// The exam start screen's keys.
QList<KeyHelp> startKeys();
/// The exam's review screen's keys.
QList<KeyHelp> reviewKeys();
/// The results page's keys.
QList<KeyHelp> resultsKeys();
/// The question browser's keys.
QList<KeyHelp> browserKeys();
/// The keys as a two-column HTML table, keys in bold, the second column at the same place in every such
/// table of a page.
QString keyTableHtml(const QList<KeyHelp>& keys);

} // namespace certdrill::gui
