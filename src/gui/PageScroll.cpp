#include "PageScroll.h"

#include <algorithm>

#include <QApplication>
#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QString>

namespace certdrill::gui {

namespace {

/// Marks a scroll area made by makePageScroll.
constexpr const char* kPageScroll = "certdrillPageScroll";

/// Page Up / Page Down on a focused widget that is not itself in a scroll area (there the key reaches the
/// area by propagation) and holds a page scroll area: that area pages.
class PageKeys : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::KeyPress) {
            return QObject::eventFilter(watched, event);
        }
        const auto* key = static_cast<QKeyEvent*>(event);
        auto* widget = qobject_cast<QWidget*>(watched);
        if ((key->key() != Qt::Key_PageDown && key->key() != Qt::Key_PageUp) ||
            key->modifiers() != Qt::NoModifier || !widget || widget != QApplication::focusWidget()) {
            return QObject::eventFilter(watched, event);
        }
        for (QWidget* p = widget; p; p = p->parentWidget()) {
            if (qobject_cast<QAbstractScrollArea*>(p)) {
                return QObject::eventFilter(watched, event); // it pages, or its page does
            }
        }
        for (QScrollArea* scroll : widget->findChildren<QScrollArea*>()) {
            if (scroll->property(kPageScroll).toBool() && scroll->isVisible()) {
                scroll->verticalScrollBar()->triggerAction(key->key() == Qt::Key_PageDown
                                                               ? QAbstractSlider::SliderPageStepAdd
                                                               : QAbstractSlider::SliderPageStepSub);
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }
};

} // namespace

void installPageKeys()
{
    static PageKeys* installed = nullptr;
    if (!installed && qApp) {
        installed = new PageKeys(qApp);
        qApp->installEventFilter(installed);
    }
}

QScrollArea* makePageScroll(QWidget* content, const QString& name)
{
    auto* scroll = new QScrollArea;
    scroll->setProperty(kPageScroll, true);
    scroll->setObjectName(name);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // No Tab stop of its own: focused, it showed nothing, and the user thought the focus lost. Its page still
    // pages with Page Up / Page Down from a control inside it or from the screen (installPageKeys).
    scroll->setFocusPolicy(Qt::NoFocus);
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
