#pragma once

#include <vector>

#include <QColor>
#include <QMessageBox>
#include <QString>

class QAbstractButton;
class QChart;
class QLabel;
class QLineSeries;
class QWidget;

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/ItemStatus.h"
#include "certdrill/learn/Mastery.h"

#include "ReportText.h"
#include "SafeTextView.h"

namespace certdrill::gui {

// Display text and colors shared by the exam, review, results and history screens. What the printed reports
// show as well (a stem's HTML, an answer's review, the fixed cell colors) is in ReportText.h, Qt Gui only.
using report::answerHtml;
using report::answerKeyHtml;
using report::answerKeyInlineHtml;
using report::bandColor;
using report::bandText;
using report::cellTextColor;
using report::codeBlockBackground;
using report::confidenceText;
using report::explainedOptionsHtml;
using report::inlineHtml;
using report::isBlockMarkdown;
using report::markedVerdictText;
using report::questionPlace;
using report::scoreBackground;
using report::stemHtml;
using report::textHtml;
using report::unansweredText;
using report::verdictText;

/// `text` with a zero-width space after every 30 characters of a run without white space, so a label that
/// wraps can break a long word (a URL, a hostile 10,000-character "word") instead of growing as wide as it.
/// Only for display: a label's own word wrap breaks at white space only.
QString breakable(const QString& text);
/// `text` from a pack or the core for a tooltip, shown as plain text: a tooltip, like a QLabel, renders text
/// that looks like HTML as HTML, and HTML may name an image file to load.
QString plainToolTip(const QString& text);
/// A modal message box whose text is shown as written (Qt::PlainText): messages that quote a pack (an
/// import's diagnostics, a core error naming a question) must never be read as HTML.
void showPlainMessage(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text);
/// Prepares a label for text that comes from a pack or the core: plain text (never HTML) that wraps, long
/// words included (setText with breakable()).
void setPackText(QLabel* label, const QString& text);

/// "Complete", "Incomplete" or "Unseen".
QString statusText(ItemStatus s);
/// The navigator's and review screen's background for a status: green, amber, grey.
QColor statusColor(ItemStatus s);
/// Whether the dark theme (View ▸ Dark theme) is on, read from the application's palette.
bool darkTheme();
/// Switches the whole application to a dark palette (Fusion style) or back to the system's look. Screens
/// color their text with the functions below when they render, so each shows the new colors when next
/// refreshed.
void applyTheme(bool dark);
/// The color of a pass, and of a score at or above a mark, on every screen (results, history); lighter in
/// the dark theme so it stays readable.
QColor passColor();
/// The color of a fail, and of a score below a mark; lighter in the dark theme.
QColor failColor();
/// passColor() for a pass or a right answer, failColor() otherwise.
QColor verdictColor(bool passed);
/// Colors the text of `w` (a style sheet "color: #rrggbb", which wins over the palette); call it when the
/// widget is rendered, so it takes the theme's color of the moment.
void setTextColor(QWidget* w, const QColor& color);
/// Gives a checkable button (Flag, Sure/Unsure/Guess) an "on" look that cannot be mistaken for "off" in
/// either theme: amber with dark text and a dark border, where the style's own checked state is a barely
/// darker grey.
void styleToggle(QAbstractButton* button);
/// `text` as a sentence: its first letter in upper case. Core messages start in lower case so they can be
/// composed ("certdrill-cli: …"); shown on their own they read as sentences.
QString sentence(const QString& text);
/// A core message (UTF-8) shown on its own in a dialog: as a sentence.
QString sentence(const std::string& message);
/// Secondary text (a question's origin, an id beside a heading): grey that reads on either theme.
QColor mutedColor();
/// The pass-mark line: near-black, or near-white in the dark theme.
QColor markColor();
/// A chart in the theme's colors (QChart's dark or light theme); call before adding series, whose colors
/// the theme would otherwise reset.
void applyChartTheme(QChart* chart);
/// Sets `chart`'s title, legend and axis labels in `font`: a chart draws with fonts of its own, which must
/// follow the text size (View ▸ Larger text) like the rest of its page.
void applyChartFont(QChart* chart, const QFont& font);
/// An empty line series drawn as a 2-px line in `color` and `style`, for a mark across a chart (the pass
/// mark, the readiness score); the caller appends its two ends.
QLineSeries* markSeries(const QString& name, const QColor& color, Qt::PenStyle style);
/// Shows a question's stem (Markdown, docs/pack-format.md) in `view`. Raw HTML is off, so a stem that
/// quotes "<question>" in a prompt template or "<tag>" in a command shows it as written instead of losing
/// everything after it to an unknown HTML tag. Every screen that shows a stem goes through this or stemHtml;
/// the view is a SafeTextView, so an image or link the Markdown names is never read or followed.
void showStem(SafeTextView* view, const std::string& stem);
/// Gives `w` a bold font `scale` times the application's text size (a title, the clock), and keeps it in
/// that proportion when the text size changes (applyTextPercent); a font set by hand would stay fixed.
void setRelativeFont(QWidget* w, double scale);
/// The text sizes View ▸ Larger / Smaller text steps through, in percent of the system's font.
const std::vector<int>& textPercents();
/// The next step from `percent` in `direction` (+1 larger, −1 smaller), or `percent` at either end.
int stepTextPercent(int percent, int direction);
/// Sets the whole application's text to `percent` of the system font (as it was when first called), and
/// rescales every setRelativeFont widget to match.
void applyTextPercent(int percent);
/// "Select TWO." for a multi-select question, as the real exam words it; empty for a single answer.
QString selectHint(const Question& question);

} // namespace certdrill::gui
