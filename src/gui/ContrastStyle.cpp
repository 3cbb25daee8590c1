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

void ContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                                  const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element != PE_IndicatorRadioButton && element != PE_IndicatorCheckBox) {
        return;
    }
    const bool focus =
        option->state.testFlag(State_HasFocus) && option->state.testFlag(State_KeyboardFocusChange);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(controlBorderColor(option->palette), focus ? 2.0 : 1.2));
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
