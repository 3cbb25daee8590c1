#include "Contrast.h"

#include <cmath>
#include <utility>
#include <vector>

namespace certdrill::gui {

namespace {

double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

bool reaches(const QColor& color, std::initializer_list<QColor> backgrounds, double minimum)
{
    for (const QColor& bg : backgrounds) {
        if (contrastRatio(color, bg) < minimum) {
            return false;
        }
    }
    return true;
}

QColor mix(const QColor& from, const QColor& to, double t)
{
    return QColor::fromRgbF(static_cast<float>(from.redF() + (to.redF() - from.redF()) * t),
                            static_cast<float>(from.greenF() + (to.greenF() - from.greenF()) * t),
                            static_cast<float>(from.blueF() + (to.blueF() - from.blueF()) * t));
}

} // namespace

double relativeLuminance(const QColor& color)
{
    const QColor c = color.toRgb();
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

double contrastRatio(const QColor& a, const QColor& b)
{
    // A translucent foreground (Qt's default placeholder text is the text color at half alpha) is seen
    // composited over its background.
    const double la = relativeLuminance(a.alphaF() < 1 ? mix(b, a, a.alphaF()) : a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor withContrast(const QColor& color, std::initializer_list<QColor> backgrounds, double minimum)
{
    if (backgrounds.size() == 0 || reaches(color, backgrounds, minimum)) {
        return color;
    }
    const QColor& first = *backgrounds.begin();
    const QColor target = contrastRatio(Qt::white, first) >= contrastRatio(Qt::black, first)
                              ? QColor(Qt::white)
                              : QColor(Qt::black);
    // A translucent color (Qt's placeholder text) starts from how it looks on the background: mixing its
    // raw components would make it opaque at once, and a grey hint would come out as dark as typed text.
    const QColor start = color.alphaF() < 1 ? mix(first, color, color.alphaF()) : color;
    // Why small steps rather than solving for t: luminance is not linear in the mix, and 64 steps keep the
    // hue as close to the original as 8-bit color can show.
    for (int step = 1; step <= 64; ++step) {
        const QColor moved = mix(start, target, step / 64.0);
        if (reaches(moved, backgrounds, minimum)) {
            return moved.toRgb();
        }
    }
    return target;
}

QPalette accessiblePalette(QPalette palette)
{
    using R = QPalette::ColorRole;
    const std::vector<std::pair<R, std::vector<R>>> pairs = {
        {R::WindowText, {R::Window}},         {R::Text, {R::Base, R::AlternateBase}},
        {R::ButtonText, {R::Button}},         {R::PlaceholderText, {R::Base, R::Window}},
        {R::Link, {R::Base, R::Window}},      {R::LinkVisited, {R::Base, R::Window}},
        {R::HighlightedText, {R::Highlight}}, {R::ToolTipText, {R::ToolTipBase}},
    };
    for (const auto group : {QPalette::Active, QPalette::Inactive}) {
        for (const auto& [text, behind] : pairs) {
            const QColor fg = palette.color(group, text);
            QColor fixed = fg;
            // Each background in turn: a color moved for the first must still be checked against the second.
            for (int pass = 0; pass < 2; ++pass) {
                for (const R bg : behind) {
                    fixed = withContrast(fixed, {palette.color(group, bg)}, kTextContrast);
                }
            }
            if (fixed != fg) {
                palette.setColor(group, text, fixed);
            }
        }
    }
    return palette;
}

QColor controlBorderColor(const QPalette& palette)
{
    // Start from the text color half way to the window, so the ring reads as a boundary, not as text.
    const QColor window = palette.color(QPalette::Window);
    const QColor start = mix(palette.color(QPalette::WindowText), window, 0.5);
    return withContrast(start, {window, palette.color(QPalette::Base)}, kControlContrast);
}

QColor focusRingColor(const QPalette& palette)
{
    using R = QPalette::ColorRole;
    QColor ring = palette.color(R::Highlight);
    // Each background in turn, twice: a color moved for one must still be checked against the others.
    for (int pass = 0; pass < 2; ++pass) {
        for (const R bg : {R::Window, R::Base, R::Button, R::Light}) {
            ring = withContrast(ring, {palette.color(bg)}, kControlContrast);
        }
    }
    return ring;
}

} // namespace certdrill::gui
