#include "TextPane.h"

#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QScrollBar>

namespace certdrill::gui {

namespace {

/// Narrow enough for any screen; the text wraps to whatever width the layout gives.
constexpr int kMinimumWidth = 160;

} // namespace

TextPane::TextPane(QWidget* parent)
    : SafeTextView(parent)
{
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &TextPane::fitHeight);
    connect(horizontalScrollBar(), &QScrollBar::rangeChanged, this, &TextPane::fitHeight);
}

QSize TextPane::sizeHint() const
{
    return {SafeTextView::sizeHint().width(), height()};
}

QSize TextPane::minimumSizeHint() const
{
    return {kMinimumWidth, height()};
}

void TextPane::resizeEvent(QResizeEvent* event)
{
    SafeTextView::resizeEvent(event);
    fitHeight();
}

void TextPane::fitHeight()
{
    // The document lays out at the viewport's width; its height plus the frame is the pane's height.
    const int text = static_cast<int>(std::ceil(document()->size().height()));
    // A code line wider than the pane is not wrapped: it scrolls, and the scroll bar below takes its height.
    const int scrollBar =
        horizontalScrollBar()->maximum() > 0 ? horizontalScrollBar()->sizeHint().height() : 0;
    const int wanted =
        text + scrollBar + 2 * frameWidth() + contentsMargins().top() + contentsMargins().bottom();
    if (wanted != height()) {
        setFixedHeight(wanted);
        updateGeometry();
    }
}

} // namespace certdrill::gui
