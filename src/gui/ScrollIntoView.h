#pragma once

class QScrollArea;
class QWidget;

namespace certdrill::gui {

/// Scrolls `scroll` so that `head` shows and, below it, as much of `body` as fits (both inside the scroll
/// area's widget): what a page shows after Check or Reveal, which at large text would be below the fold.
/// The layout settles first, since what was filled in a moment ago still has the height it had empty.
void scrollIntoView(QScrollArea* scroll, QWidget* head, QWidget* body);

} // namespace certdrill::gui
