#include "Display.h"

#include <algorithm>

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QApplication>
#include <QChart>
#include <QCoreApplication>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QPalette>
#include <QPen>
#include <QStyle>
#include <QStyleFactory>
#include <QTextDocument>
#include <QWidget>

#include "Contrast.h"
#include "ContrastStyle.h"
#include "SafeTextDocument.h"

namespace certdrill::gui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Display", text);
}

} // namespace

QString breakable(const QString& text)
{
    constexpr int kRun = 30;
    QString out;
    out.reserve(text.size() + text.size() / kRun);
    int run = 0;
    for (const QChar c : text) {
        run = c.isSpace() ? 0 : run + 1;
        if (run > kRun) {
            out += QChar(0x200B); // ZERO WIDTH SPACE: a line-break opportunity that shows nothing
            run = 1;
        }
        out += c;
    }
    return out;
}

QString plainToolTip(const QString& text)
{
    return Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal);
}

void showPlainMessage(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text)
{
    QMessageBox box(icon, title, text, QMessageBox::Ok, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

void setPackText(QLabel* label, const QString& text)
{
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setText(breakable(text));
}

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

namespace {

/// The look before certdrill changed it, restored when the dark theme is switched off.
struct SystemLook
{
    QString style = QApplication::style()->name();
    QPalette palette = QApplication::palette();
};

const SystemLook& systemLook()
{
    static const SystemLook look;
    return look;
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x30, 0x30, 0x30);
    const QColor base(0x24, 0x24, 0x24);
    const QColor text(0xe8, 0xe8, 0xe8);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor muted(0xaa, 0xaa, 0xaa); // secondary text: 5.7:1 on the window
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2c, 0x2c, 0x2c));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, muted);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    p.setColor(QPalette::Highlight, QColor(0x1e, 0x63, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x4a, 0x4a, 0x4a));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Mid, QColor(0x2a, 0x2a, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x1c, 0x1c, 0x1c));
    p.setColor(QPalette::Shadow, Qt::black);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    return p;
}

} // namespace

namespace {

/// A widget with a style sheet of its own (a toggle's checked look, a colored label) keeps the palette and
/// the font size it was polished with: an unchecked Flag would stay light in the dark theme, and a colored
/// label small at 200% text. Setting its sheet again polishes it against the new palette and font.
void repolishStyleSheets()
{
    for (QWidget* w : QApplication::allWidgets()) {
        if (const QString sheet = w->styleSheet(); !sheet.isEmpty()) {
            w->setStyleSheet(QString());
            w->setStyleSheet(sheet);
        }
    }
}

} // namespace

bool darkTheme()
{
    return QApplication::palette().color(QPalette::Window).lightness() < 128;
}

void applyTheme(bool dark)
{
    const SystemLook& look = systemLook(); // captured before the first change
    // Fusion (the dark theme's style, and Qt's own where the desktop names none) gets the boundary of radio
    // buttons and check boxes redrawn at 3:1; a desktop's own style is left as the desktop draws it.
    const bool fusion = dark || look.style.compare(QStringLiteral("fusion"), Qt::CaseInsensitive) == 0;
    // A palette that already reaches AA is left alone, so the system's look keeps following the desktop.
    const QPalette palette = accessiblePalette(dark ? darkPalette() : look.palette);
    static bool changed = false;
    if (!dark && !changed && !fusion && palette == look.palette) {
        return;
    }
    changed = true;
    if (fusion) {
        QApplication::setStyle(new ContrastStyle); // QApplication owns and deletes it
    } else {
        QApplication::setStyle(QStyleFactory::create(look.style));
    }
    QApplication::setPalette(palette);
    repolishStyleSheets();
}

namespace {

/// `color` as text on the current window and its text fields: at least 4.5:1 against both.
QColor onWindow(const QColor& color)
{
    const QPalette p = QApplication::palette();
    return withContrast(color, {p.color(QPalette::Window), p.color(QPalette::Base)}, kTextContrast);
}

} // namespace

QColor passColor()
{
    return onWindow(darkTheme() ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32));
}

QColor failColor()
{
    return onWindow(darkTheme() ? QColor(0xef, 0x9a, 0x9a) : QColor(0xc6, 0x28, 0x28));
}

QColor verdictColor(bool passed)
{
    return passed ? passColor() : failColor();
}

void setTextColor(QWidget* w, const QColor& color)
{
    w->setStyleSheet(QStringLiteral("color: %1").arg(color.name()));
}

void styleToggle(QAbstractButton* button)
{
    // Only the checked state is styled, so the unchecked button keeps the platform's look. The colors are
    // fixed, not the theme's: amber under dark text reads the same on a light and on a dark window. A
    // disabled button (Flag while a practice exam is paused) keeps the platform's disabled look: amber said
    // "active".
    button->setStyleSheet(
        QStringLiteral("QPushButton:checked:enabled { background-color: #ffd54f; color: #212121; "
                       "border: 2px solid #7a5d00; border-radius: 3px; padding: 2px 8px; }"));
}

QString sentence(const QString& text)
{
    return text.isEmpty() ? text : text.front().toUpper() + text.mid(1);
}

QString sentence(const std::string& message)
{
    return sentence(QString::fromStdString(message));
}

QColor mutedColor()
{
    return onWindow(darkTheme() ? QColor(0xaa, 0xaa, 0xaa) : QColor(0x55, 0x55, 0x55));
}

void applyChartTheme(QChart* chart)
{
    chart->setTheme(darkTheme() ? QChart::ChartThemeDark : QChart::ChartThemeLight);
}

void applyChartFont(QChart* chart, const QFont& font)
{
    chart->setTitleFont(font);
    chart->legend()->setFont(font);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(font);
    }
}

void showStem(SafeTextView* view, const std::string& stem)
{
    report::setStemMarkdown(view->document(), stem);
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
    repolishStyleSheets();
}

QColor markColor()
{
    return onWindow(darkTheme() ? QColor(0xe0, 0xe0, 0xe0) : QColor(0x21, 0x21, 0x21));
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

QString selectHint(const Question& question)
{
    static const char* const kCountWords[] = {"",     "ONE", "TWO",   "THREE", "FOUR",
                                              "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"};
    if (!question.isMultiSelect()) {
        return {};
    }
    return tr("Select %1.").arg(QLatin1String(kCountWords[std::clamp(question.select, 0, 9)]));
}

} // namespace certdrill::gui
