#include "BarChart.h"

#include <algorithm>

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QPainter>
#include <QTextCursor>
#include <QTextDocument>

namespace certdrill::report {

namespace {

constexpr int kChartType = QTextFormat::UserObject + 1;
constexpr int kChartIndex = QTextFormat::UserProperty + 1;
const QColor kInk(0x21, 0x21, 0x21);
const QColor kGrid(0xbd, 0xbd, 0xbd);

/// The measures of a chart in the document's units (the printer's pixels when it prints).
struct Geometry
{
    QFont font;
    qreal line = 0;   ///< a line of text
    qreal row = 0;    ///< one bar's row
    qreal top = 0;    ///< the mark's label above the bars
    qreal bottom = 0; ///< the axis' labels below them
};

Geometry geometryOf(QTextDocument* doc, const QTextFormat& format)
{
    Geometry g;
    g.font = format.toCharFormat().font();
    // A font the format does not set is the document's.
    g.font = g.font.resolve(doc->defaultFont());
    QPaintDevice* device = doc->documentLayout()->paintDevice();
    const QFontMetricsF fm = device ? QFontMetricsF(g.font, device) : QFontMetricsF(g.font);
    g.line = fm.height();
    g.row = fm.height() * 1.6;
    g.top = fm.height() * 1.4;
    g.bottom = fm.height() * 1.6;
    return g;
}

} // namespace

BarChartObject::BarChartObject(QTextDocument* doc)
    : QObject(doc)
{
    doc->documentLayout()->registerHandler(kChartType, this);
}

void BarChartObject::insert(QTextCursor& cursor, BarChartData chart)
{
    QTextCharFormat format;
    format.setObjectType(kChartType);
    format.setProperty(kChartIndex, static_cast<int>(m_charts.size()));
    m_charts.push_back(std::move(chart));
    cursor.insertText(QString(QChar::ObjectReplacementCharacter), format);
}

const BarChartData* BarChartObject::chartOf(const QTextFormat& format) const
{
    const int index = format.intProperty(kChartIndex);
    return index >= 0 && index < static_cast<int>(m_charts.size()) ? &m_charts[static_cast<size_t>(index)]
                                                                   : nullptr;
}

QSizeF BarChartObject::intrinsicSize(QTextDocument* doc, int posInDocument, const QTextFormat& format)
{
    Q_UNUSED(posInDocument)
    const BarChartData* chart = chartOf(format);
    const Geometry g = geometryOf(doc, format);
    // As wide as the text, less a little, so the object never wraps onto a line of its own.
    const qreal width = (doc->textWidth() > 0 ? doc->textWidth() : doc->pageSize().width()) -
                        2 * doc->documentMargin() - g.line;
    const qreal rows = chart ? static_cast<qreal>(chart->bars.size()) : 0;
    return {std::max<qreal>(width, 10 * g.line), g.top + rows * g.row + g.bottom};
}

void BarChartObject::drawObject(QPainter* painter, const QRectF& rect, QTextDocument* doc, int posInDocument,
                                const QTextFormat& format)
{
    Q_UNUSED(posInDocument)
    const BarChartData* chart = chartOf(format);
    if (!chart) {
        return;
    }
    const Geometry g = geometryOf(doc, format);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(g.font);
    const QFontMetricsF fm(g.font, painter->device());
    const qreal pad = g.line * 0.5;

    // Labels on the left (at most 40% of the width, elided beyond), the value on the right, the bars between.
    qreal labelWidth = 0;
    for (const Bar& b : chart->bars) {
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(b.label));
    }
    labelWidth = std::min(labelWidth + pad, rect.width() * 0.4);
    const qreal valueWidth = fm.horizontalAdvance(QStringLiteral("100%")) + pad;
    const qreal x0 = rect.left() + labelWidth;
    const qreal x1 = rect.right() - valueWidth;
    const auto xOf = [&](double percent) {
        return x0 + (x1 - x0) * std::clamp(percent, 0.0, 100.0) / 100.0;
    };
    const qreal barsTop = rect.top() + g.top;
    const qreal barsBottom = barsTop + g.row * static_cast<qreal>(chart->bars.size());

    // Grid and axis: every 20%.
    painter->setPen(QPen(kGrid, g.line * 0.05));
    for (int p = 0; p <= 100; p += 20) {
        const qreal x = xOf(p);
        painter->drawLine(QPointF(x, barsTop), QPointF(x, barsBottom));
        const QString tick = QStringLiteral("%1%").arg(p);
        painter->setPen(kInk);
        painter->drawText(QRectF(x - 2 * g.line, barsBottom, 4 * g.line, g.bottom), Qt::AlignCenter, tick);
        painter->setPen(QPen(kGrid, g.line * 0.05));
    }

    for (size_t i = 0; i < chart->bars.size(); ++i) {
        const Bar& b = chart->bars[i];
        const qreal y = barsTop + g.row * static_cast<qreal>(i);
        const qreal mid = y + g.row / 2;
        painter->setPen(kInk);
        painter->drawText(QRectF(rect.left(), y, labelWidth - pad, g.row), Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(b.label, Qt::ElideRight, labelWidth - pad));
        const QRectF bar(x0, mid - g.row * 0.3, xOf(b.percent) - x0, g.row * 0.6);
        painter->setPen(QPen(b.color.darker(150), g.line * 0.04));
        painter->setBrush(b.color);
        painter->drawRect(bar);
        if (b.interval) {
            // The interval as a whisker with end ticks over the bar.
            const qreal lo = xOf(b.interval->first);
            const qreal hi = xOf(b.interval->second);
            const qreal tick = g.row * 0.2;
            painter->setPen(QPen(kInk, g.line * 0.08));
            painter->drawLine(QPointF(lo, mid), QPointF(hi, mid));
            painter->drawLine(QPointF(lo, mid - tick), QPointF(lo, mid + tick));
            painter->drawLine(QPointF(hi, mid - tick), QPointF(hi, mid + tick));
        }
        painter->setPen(kInk);
        painter->drawText(QRectF(x1 + pad / 2, y, valueWidth, g.row), Qt::AlignLeft | Qt::AlignVCenter,
                          QStringLiteral("%1%").arg(b.percent, 0, 'f', 0));
    }

    // The mark across every bar, named above them.
    const qreal mx = xOf(chart->mark);
    QPen dashed(kInk, g.line * 0.1);
    dashed.setStyle(Qt::DashLine);
    painter->setPen(dashed);
    painter->drawLine(QPointF(mx, barsTop - g.line * 0.2), QPointF(mx, barsBottom));
    painter->setPen(kInk);
    const qreal labelW = fm.horizontalAdvance(chart->markLabel) + pad;
    const qreal lx = std::clamp(mx - labelW / 2, rect.left(), rect.right() - labelW);
    painter->drawText(QRectF(lx, rect.top(), labelW, g.top), Qt::AlignCenter, chart->markLabel);
    painter->restore();
}

} // namespace certdrill::report
