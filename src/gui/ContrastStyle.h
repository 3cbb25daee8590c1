#pragma once

#include <QProxyStyle>

namespace certdrill::gui {

/// Fusion with radio buttons and check boxes whose boundary reaches 3:1 against the window (WCAG 1.4.11).
/// Fusion draws that boundary in the window color darkened by 40-50%: about 1.2:1 on the dark theme's
/// window and 2:1 on its light one, so an unchecked answer option is barely visible. This style draws
/// Fusion's indicator and then the ring in controlBorderColor(). The keyboard focus, on an indicator, a
/// button or any focus frame, is a ring in focusRingColor() (3:1 in both themes, where Fusion's highlight
/// outline is 1.6:1 on the dark window and hardly differs from a default button's frame), as wide as the text
/// is large. The indicators also grow with their widget's text (View ▸ Larger text): Fusion draws them at a
/// fixed 14 pixels, a small target beside 200% text.
class ContrastStyle : public QProxyStyle
{
    Q_OBJECT

public:
    /// Wraps a new Fusion style.
    ContrastStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
    int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                    const QWidget* widget = nullptr) const override;
};

} // namespace certdrill::gui
