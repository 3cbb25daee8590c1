#pragma once

#include "SafeTextView.h"

namespace certdrill::gui {

/// A read-only rich-text view as tall as its text at the width it is given: a two-line stem takes two lines,
/// not a fixed box with empty space below, and a long explanation grows the page (which scrolls) instead of
/// scrolling inside a small box. Its minimum width is small, so it never widens the window. A SafeTextView:
/// what it shows may come from a pack, so it reads no file or URL and follows no link. In a page scroll area,
/// the page follows a link Tab reaches in the pane, and Page Up / Page Down page the page.
class TextPane : public SafeTextView
{
    Q_OBJECT

public:
    explicit TextPane(QWidget* parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// Puts the text cursor on the first link to `href`, as Tab would (so Enter activates it again and the
    /// next Tab goes on from there); false when the text has no such link. For a pane rendered again after
    /// one of its links was used.
    bool focusLink(const QString& href);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool focusNextPrevChild(bool next) override;
    void paintEvent(QPaintEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    /// Sets the fixed height to the document's height at the current width.
    void fitHeight();
    /// With the focus here, scrolls the page scroll area the pane sits in to the text cursor (a link that Tab
    /// reached).
    void showCursorInPage();
};

} // namespace certdrill::gui
