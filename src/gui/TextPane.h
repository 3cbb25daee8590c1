#pragma once

#include "SafeTextView.h"

namespace certdrill::gui {

/// A read-only rich-text view as tall as its text at the width it is given: a two-line stem takes two lines,
/// not a fixed box with empty space below, and a long explanation grows the page (which scrolls) instead of
/// scrolling inside a small box. Its minimum width is small, so it never widens the window. A SafeTextView:
/// what it shows may come from a pack, so it reads no file or URL and follows no link.
class TextPane : public SafeTextView
{
    Q_OBJECT

public:
    explicit TextPane(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Sets the fixed height to the document's height at the current width.
    void fitHeight();
};

} // namespace certdrill::gui
