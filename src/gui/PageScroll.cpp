#include "PageScroll.h"

#include <algorithm>

#include <QCoreApplication>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QString>

namespace certdrill::gui {

QScrollArea* makePageScroll(QWidget* content, const QString& name)
{
    auto* scroll = new QScrollArea;
    scroll->setObjectName(name);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

void scrollToTop(QScrollArea* scroll)
{
    scroll->verticalScrollBar()->setValue(0);
}

void scrollIntoView(QScrollArea* scroll, QWidget* head, QWidget* body)
{
    // A label given text, or a pane shown, asks its layout for room by a posted event; a pane as tall as its
    // text (TextPane) then sets its height once it has its width, which asks again, and only then does the
    // scroll area grow its widget. Scrolled to before that, the target would be where the empty widget was.
    // Each pass sends what the one before posted: three links in that chain, and one pass to spare.
    for (int pass = 0; pass < 4; ++pass) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    }
    QWidget* content = scroll->widget();
    const int top = head->mapTo(content, QPoint(0, 0)).y();
    const int bottom = body->mapTo(content, QPoint(0, body->height())).y();
    const int margin = head->fontMetrics().height() / 2;
    QScrollBar* bar = scroll->verticalScrollBar();
    // As far down as shows the end of the body, but never so far that the head leaves the top.
    const int value =
        std::min(std::max(bar->value(), bottom + margin - scroll->viewport()->height()), top - margin);
    bar->setValue(value);
}

} // namespace certdrill::gui
