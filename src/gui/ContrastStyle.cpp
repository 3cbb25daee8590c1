#include "ContrastStyle.h"

#include <algorithm>

#include <QPainter>
#include <QPainterPath>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>

#include "Contrast.h"

namespace certdrill::gui {

ContrastStyle::ContrastStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion")))
{
}

int ContrastStyle::pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const
{
    const int base = QProxyStyle::pixelMetric(metric, option, widget);
    switch (metric) {
    case PM_IndicatorWidth:
    case PM_IndicatorHeight:
    case PM_ExclusiveIndicatorWidth:
    case PM_ExclusiveIndicatorHeight:
        // Fusion's 14 pixels suit text about 17 pixels high; larger text gets a box in proportion. Never
        // smaller than Fusion's, so normal text looks as it always did.
        return widget ? std::max(base, widget->fontMetrics().height() * 14 / 17) : base;
    default:
        return base;
    }
}

namespace {

/// How wide the focus ring is: two pixels at normal text, growing with the widget's text so that at 200% it
/// is no hairline around large letters.
double focusWidth(const QWidget* widget)
{
    return widget ? std::max(2.0, widget->fontMetrics().height() / 8.0) : 2.0;
}

/// The keyboard focus: a ring in focusRingColor() just inside `option`'s rect, focusWidth() wide.
void drawFocusRing(const QStyleOption* option, QPainter* painter, const QWidget* widget)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    const double w = focusWidth(widget);
    painter->setPen(QPen(focusRingColor(option->palette), w));
    painter->drawRoundedRect(QRectF(option->rect).adjusted(w / 2, w / 2, -w / 2, -w / 2), 2, 2);
    painter->restore();
}

} // namespace

void ContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                                  const QWidget* widget) const
{
    const bool focus =
        option->state.testFlag(State_HasFocus) && option->state.testFlag(State_KeyboardFocusChange);
    if (element == PE_FrameFocusRect) {
        // Fusion's focus frame is the highlight, 1.6:1 on the dark window: drawn here in the ring color.
        drawFocusRing(option, painter, widget);
        return;
    }
    if ((element == PE_IndicatorRadioButton || element == PE_IndicatorCheckBox) &&
        !option->state.testFlag(State_Enabled)) {
        // A locked answer option still shows the candidate's tick: Fusion draws it in the disabled text grey
        // (1.6:1 on the light window), here at least 3:1 like any graphical object.
        QStyleOptionButton locked;
        if (const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option)) {
            locked = *button;
        } else {
            static_cast<QStyleOption&>(locked) = *option;
        }
        // Fusion darkens the mark by a fifth before drawing it: start from text contrast so it stays above
        // 3:1.
        const QPalette& p = option->palette;
        const QColor mark = withContrast(controlBorderColor(p),
                                         {p.color(QPalette::Window), p.color(QPalette::Base)}, kTextContrast);
        locked.palette.setColor(QPalette::Disabled, QPalette::Text, mark);
        locked.palette.setColor(QPalette::Disabled, QPalette::WindowText, mark);
        QProxyStyle::drawPrimitive(element, &locked, painter, widget);
    } else {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
    }
    if (focus && (element == PE_PanelButtonCommand || element == PE_PanelButtonTool)) {
        // Fusion marks a focused button with a highlight-colored outline that hardly differs from its default
        // frame (Check, Begin exam) and vanishes in the dark theme: a ring in the focus color, inside the
        // rect.
        drawFocusRing(option, painter, widget);
        return;
    }
    if (element != PE_IndicatorRadioButton && element != PE_IndicatorCheckBox) {
        return;
    }
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    // A focused option's box is ringed in the focus color, thicker, so the candidate sees which option Space
    // would toggle.
    painter->setPen(focus ? QPen(focusRingColor(option->palette), std::min(focusWidth(widget), 3.0))
                          : QPen(controlBorderColor(option->palette), 1.2));
    const QRectF box = QRectF(option->rect).adjusted(1, 1, -1, -1);
    if (element == PE_IndicatorRadioButton) {
        // Fusion's circle: centred one pixel right and down of the rect's centre, radius about half the
        // width.
        const QPointF centre = QPointF(option->rect.center()) + QPointF(1, 1);
        const double radius = (option->rect.width() + (option->rect.width() + 1) % 2) / 2.0 - 1;
        painter->drawEllipse(centre, radius, radius);
    } else {
        painter->drawRoundedRect(box, 1.5, 1.5);
    }
    painter->restore();
}

} // namespace certdrill::gui
