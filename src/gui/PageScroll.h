#pragma once

class QScrollArea;
class QString;
class QWidget;

namespace certdrill::gui {

/// The scroll area a page's `content` lives in: it scrolls up and down only, so text wraps to the page's
/// width instead of widening it, and it has no frame. `name` is its object name (the GUI tests find the
/// drill's, exam's and results' by it; the others name their screen for a reader of a widget dump).
QScrollArea* makePageScroll(QWidget* content, const QString& name);

/// Makes Page Up and Page Down page a screen's page scroll area when the screen itself has the focus (the
/// exam page after Begin or Next, which holds the question's scroll area): the keys went nowhere, and at
/// large text the options below the fold could not be reached without Tab. Installed once on the application.
void installPageKeys();

/// Scrolls `scroll` back to its top.
void scrollToTop(QScrollArea* scroll);

/// Scrolls `scroll` so that `head` shows and, below it, as much of `body` as fits (both inside the scroll
/// area's widget): what a page shows after Check or Reveal, which at large text would be below the fold.
/// The layout settles first, since what was filled in a moment ago still has the height it had empty.
void scrollIntoView(QScrollArea* scroll, QWidget* head, QWidget* body);

} // namespace certdrill::gui
