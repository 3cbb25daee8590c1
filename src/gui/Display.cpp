#include "Display.h"

#include <algorithm>

#include <QApplication>
#include <QCoreApplication>
#include <QLineSeries>
#include <QPen>
#include <QTextBrowser>
#include <QTextDocument>
#include <QWidget>

namespace certdrill::gui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Display", text);
}

} // namespace

QString statusText(ItemStatus s)
{
    switch (s) {
    case ItemStatus::Complete:
        return tr("Complete");
    case ItemStatus::Incomplete:
        return tr("Incomplete");
    case ItemStatus::Unseen:
        return tr("Unseen");
    }
    return {};
}

QColor passColor()
{
    return {0x2e, 0x7d, 0x32};
}

QColor failColor()
{
    return {0xc6, 0x28, 0x28};
}

namespace {

/// GitHub's dialect without raw HTML: "<b>" is shown as the four characters, not read as a tag.
constexpr auto kStemMarkdown =
    QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML);

} // namespace

void showStem(QTextBrowser* view, const std::string& stem)
{
    view->document()->setMarkdown(QString::fromStdString(stem), kStemMarkdown);
}

QString stemHtml(const std::string& stem)
{
    QTextDocument doc;
    doc.setMarkdown(QString::fromStdString(stem), kStemMarkdown);
    // toHtml() is a whole document; the caller wants what is inside <body>.
    const QString html = doc.toHtml();
    const qsizetype open = html.indexOf(QLatin1Char('>'), html.indexOf(QStringLiteral("<body")));
    const qsizetype close = html.lastIndexOf(QStringLiteral("</body>"));
    return open >= 0 && close > open ? html.mid(open + 1, close - open - 1)
                                     : QString::fromStdString(stem).toHtmlEscaped();
}

namespace {

/// The dynamic property that marks a setRelativeFont widget with its scale.
constexpr const char* kFontScale = "certdrillFontScale";

/// The application font before certdrill changed it: every text size is a percentage of this.
const QFont& systemFont()
{
    static const QFont font = QApplication::font();
    return font;
}

void applyRelativeFont(QWidget* w, double scale)
{
    QFont f = QApplication::font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(true);
    w->setFont(f);
}

} // namespace

void setRelativeFont(QWidget* w, double scale)
{
    w->setProperty(kFontScale, scale);
    applyRelativeFont(w, scale);
}

const std::vector<int>& textPercents()
{
    static const std::vector<int> steps = {80, 90, 100, 110, 125, 150, 175, 200};
    return steps;
}

int stepTextPercent(int percent, int direction)
{
    const auto& steps = textPercents();
    if (direction > 0) {
        const auto next = std::upper_bound(steps.begin(), steps.end(), percent);
        return next == steps.end() ? steps.back() : *next;
    }
    const auto at = std::lower_bound(steps.begin(), steps.end(), percent);
    return at == steps.begin() ? steps.front() : *std::prev(at);
}

void applyTextPercent(int percent)
{
    QFont f = systemFont();
    f.setPointSizeF(systemFont().pointSizeF() * percent / 100.0);
    QApplication::setFont(f);
    // The platform theme may give some classes (text editors, item views) fonts of their own, which the
    // application font does not reach; a window's font does, as every child inherits its size from it.
    for (QWidget* w : QApplication::topLevelWidgets()) {
        w->setFont(f);
    }
    // Widgets with a font of their own keep its absolute size; the marked ones follow in proportion.
    for (QWidget* w : QApplication::allWidgets()) {
        if (const QVariant scale = w->property(kFontScale); scale.isValid()) {
            applyRelativeFont(w, scale.toDouble());
        }
    }
}

QColor markColor()
{
    return {0x21, 0x21, 0x21};
}

QLineSeries* markSeries(const QString& name, const QColor& color, Qt::PenStyle style)
{
    auto* series = new QLineSeries;
    series->setName(name);
    QPen pen(color);
    pen.setWidth(2);
    pen.setStyle(style);
    series->setPen(pen);
    return series;
}

QColor statusColor(ItemStatus s)
{
    switch (s) {
    case ItemStatus::Complete:
        return {0xc8, 0xe6, 0xc9};
    case ItemStatus::Incomplete:
        return {0xff, 0xec, 0xb3};
    case ItemStatus::Unseen:
        return {0xee, 0xee, 0xee};
    }
    return {};
}

QString verdictText(const SessionItem& item)
{
    return item.correct() ? tr("Correct") : item.answered() ? tr("Wrong") : tr("Unanswered");
}

QString selectHint(const Question& question)
{
    static const char* const kCountWords[] = {"",     "ONE", "TWO",   "THREE", "FOUR",
                                              "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};
    if (!question.isMultiSelect()) {
        return {};
    }
    return tr("Select %1.").arg(QLatin1String(kCountWords[std::clamp(question.select, 0, 9)]));
}

QString confidenceText(Confidence c)
{
    switch (c) {
    case Confidence::Sure:
        return tr("Sure");
    case Confidence::Unsure:
        return tr("Unsure");
    case Confidence::Guess:
        return tr("Guess");
    }
    return {};
}

QString explainedOptionsHtml(const Question& question, const std::vector<int>& optionOrder,
                             const std::vector<int>& chosen)
{
    QString html = QStringLiteral("<ul>");
    for (size_t d = 0; d < optionOrder.size(); ++d) {
        const int o = optionOrder[d];
        const Option& opt = question.options[static_cast<size_t>(o)];
        const bool picked = std::find(chosen.begin(), chosen.end(), o) != chosen.end();
        html += QStringLiteral("<li><b>%1. %2</b>%3%4<br/><i>%5</i></li>")
                    .arg(QChar('A' + static_cast<int>(d)))
                    .arg(QString::fromStdString(opt.text).toHtmlEscaped())
                    .arg(opt.correct ? tr(" ✔ correct") : QString())
                    .arg(picked ? tr(" ← your answer") : QString())
                    .arg(QString::fromStdString(opt.why).toHtmlEscaped());
    }
    html +=
        QStringLiteral("</ul><p>%1</p>").arg(QString::fromStdString(question.explanation).toHtmlEscaped());
    return html;
}

QString answerHtml(const SessionItem& item)
{
    return explainedOptionsHtml(item.question, item.optionOrder, item.chosen);
}

} // namespace certdrill::gui
