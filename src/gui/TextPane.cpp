#include "TextPane.h"

#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyleOptionFocusRect>
#include <QTextBlock>
#include <QTextCursor>

namespace certdrill::gui {

namespace {

/// Narrow enough for any screen; the text wraps to whatever width the layout gives.
constexpr int kMinimumWidth = 160;

/// The page scroll area `w` sits in, if any.
QScrollArea* enclosingScroll(QWidget* w)
{
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(p)) {
            return scroll;
        }
    }
    return nullptr;
}

} // namespace

TextPane::TextPane(QWidget* parent)
    : SafeTextView(parent)
{
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &TextPane::fitHeight);
    connect(horizontalScrollBar(), &QScrollBar::rangeChanged, this, &TextPane::fitHeight);
    // Tab walks the pane's links by moving its text cursor; the pane never scrolls itself (it is as tall as
    // its text), so the page it sits in must bring the focused link into view.
    connect(this, &QTextBrowser::cursorPositionChanged, this, &TextPane::showCursorInPage);
}

bool TextPane::focusLink(const QString& href)
{
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.isValid() && fragment.charFormat().isAnchor() &&
                fragment.charFormat().anchorHref() == href) {
                QTextCursor cursor(document());
                cursor.setPosition(fragment.position());
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
                setTextCursor(cursor);
                return true;
            }
        }
    }
    return false;
}

void TextPane::showCursorInPage()
{
    QScrollArea* scroll = hasFocus() ? enclosingScroll(this) : nullptr;
    if (!scroll || !scroll->widget() || !scroll->widget()->isAncestorOf(this)) {
        return;
    }
    const QRect r = cursorRect();
    const QPoint centre = viewport()->mapTo(scroll->widget(), r.center());
    scroll->ensureVisible(centre.x(), centre.y(), 0, r.height() * 2);
}

bool TextPane::focusNextPrevChild(bool next)
{
    // Tab within the text moves to its next link without always saying the cursor moved.
    const bool stayed = SafeTextView::focusNextPrevChild(next);
    if (stayed && hasFocus()) {
        showCursorInPage();
    }
    return stayed;
}

void TextPane::keyPressEvent(QKeyEvent* event)
{
    // The pane has nothing of its own to page through: Page Up and Page Down page the page it sits in, as
    // they would with the focus anywhere else on it.
    if ((event->key() == Qt::Key_PageDown || event->key() == Qt::Key_PageUp) &&
        event->modifiers() == Qt::NoModifier) {
        if (QScrollArea* scroll = enclosingScroll(this)) {
            scroll->verticalScrollBar()->triggerAction(event->key() == Qt::Key_PageDown
                                                           ? QAbstractSlider::SliderPageStepAdd
                                                           : QAbstractSlider::SliderPageStepSub);
            return;
        }
    }
    SafeTextView::keyPressEvent(event);
}

void TextPane::paintEvent(QPaintEvent* event)
{
    SafeTextView::paintEvent(event);
    // Tab stops on a pane (a question's stem, for Page Up/Down and its links): it is marked like every other
    // focused control, by the style's focus frame (ContrastStyle's ring), or the focus looked lost.
    if (hasFocus() && window()->testAttribute(Qt::WA_KeyboardFocusChange)) {
        QPainter painter(viewport());
        QStyleOptionFocusRect option;
        option.initFrom(this);
        option.rect = viewport()->rect();
        style()->drawPrimitive(QStyle::PE_FrameFocusRect, &option, &painter, this);
    }
}

void TextPane::focusInEvent(QFocusEvent* event)
{
    SafeTextView::focusInEvent(event);
    viewport()->update(); // the focus frame
}

void TextPane::focusOutEvent(QFocusEvent* event)
{
    SafeTextView::focusOutEvent(event);
    viewport()->update();
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
