#pragma once

#include <optional>
#include <vector>

#include <QColor>
#include <QObject>
#include <QString>
#include <QTextObjectInterface>

class QTextCursor;

namespace certdrill::report {

/// One bar: a label, a value in percent, an optional interval around it, and its color.
struct Bar
{
    QString label;
    double percent = 0;
    std::optional<std::pair<double, double>> interval; ///< drawn as a whisker, in percent
    QColor color;
};

/// A horizontal bar chart on a 0–100% axis with one marked line (the pass mark, the Green target).
struct BarChartData
{
    std::vector<Bar> bars;
    double mark = 0;   ///< percent
    QString markLabel; ///< "pass mark 70%"
};

/// Draws bar charts inside a QTextDocument as vector graphics: the chart is an object in the text flow, so
/// it moves with the text on a printed page and its labels stay text in a PDF. Labels are drawn as plain
/// text, never read as HTML. The handler keeps the charts it inserted; it must outlive the document's
/// layout (parent it to the document).
class BarChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)

public:
    /// Registers the handler with `doc`'s layout.
    explicit BarChartObject(QTextDocument* doc);

    /// Inserts `chart` at the cursor, as wide as the text and as tall as its bars.
    void insert(QTextCursor& cursor, BarChartData chart);

    QSizeF intrinsicSize(QTextDocument* doc, int posInDocument, const QTextFormat& format) override;
    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* doc, int posInDocument,
                    const QTextFormat& format) override;

private:
    /// The chart a format names, or nullptr.
    const BarChartData* chartOf(const QTextFormat& format) const;

    std::vector<BarChartData> m_charts;
};

} // namespace certdrill::report
