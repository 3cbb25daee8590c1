#pragma once
// WCAG 2.x contrast: the ratio every color certdrill draws text or a control boundary with is held to.

#include <initializer_list>

#include <QColor>
#include <QPalette>

namespace certdrill::gui {

/// Text needs 4.5:1 against its background (WCAG 1.4.3, AA); a control's boundary 3:1 (WCAG 1.4.11).
constexpr double kTextContrast = 4.5;
constexpr double kControlContrast = 3.0;

/// WCAG relative luminance of an sRGB color, 0 (black) to 1 (white); alpha is ignored.
double relativeLuminance(const QColor& color);

/// WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), from 1 (same) to 21 (black on white). A translucent `a`
/// is measured as composited over the opaque `b`.
double contrastRatio(const QColor& a, const QColor& b);

/// `color` unchanged when it reaches `minimum` against every background, else moved towards black or white
/// (whichever the first background contrasts with more) just far enough that it does.
QColor withContrast(const QColor& color, std::initializer_list<QColor> backgrounds, double minimum);

/// `palette` with every text role of the active and inactive groups moved to AA against the backgrounds it
/// is drawn on (text on Base and AlternateBase, window text on Window, button text on Button, placeholder
/// text on Base and Window, links on Base and Window, highlighted text on Highlight, tooltips). Disabled
/// colors stay as they are: WCAG exempts inactive controls, and they must look inactive.
QPalette accessiblePalette(QPalette palette);

/// The color a radio button's or check box's boundary is drawn in: 3:1 against Window and Base.
QColor controlBorderColor(const QPalette& palette);

/// The color the keyboard focus is drawn in: the highlight, moved to 3:1 against everything a focused control
/// sits on or is filled with (Window, Base, Button and the lighter face Fusion gives a button, Light), so the
/// focus stands out in both themes (WCAG 2.4.7 and 1.4.11). The dark theme's highlight is 1.6:1 on its
/// window.
QColor focusRingColor(const QPalette& palette);

} // namespace certdrill::gui
