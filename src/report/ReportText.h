#pragma once

#include <string>
#include <vector>

#include <QColor>
#include <QString>

class QTextDocument;

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Mastery.h"

namespace certdrill::report {

// A question's text, the review of an answer and the fixed colors, as both the screens (src/gui) and the
// printed reports show them. Qt Gui only, no widgets: certdrill-cli prints the same reports.

/// "Correct", "Wrong", "Partly answered" (fewer options chosen than asked for) or "Unanswered" for a scored
/// item.
QString verdictText(const SessionItem& item);
/// The verdict with its mark, "✔ Correct" or "✘ Wrong" (or "✘ Partly answered", "✘ Unanswered"): the heading
/// over an answer checked in practice mode.
QString markedVerdictText(const SessionItem& item);
/// "✔ Correct" or "✘ Wrong": the heading over an answer checked in a drill, which checks only complete
/// answers.
QString markedVerdictText(bool correct);
/// "3 unanswered", with ", 2 incomplete" when some multi-selects have too few options chosen: the two
/// numbers the results and the printed report give next to the score.
QString unansweredText(int unanswered, int incomplete);
/// The display name of a confidence tag ("Sure", "Unsure", "Guess").
QString confidenceText(Confidence c);
/// "Red", "Yellow" or "Green".
QString bandText(Band band);
/// A pack's short text (an option, a why, an explanation) as HTML: escaped, so it can never inject markup,
/// with `code` spans shown as code, as the stems' Markdown shows them.
QString inlineHtml(const std::string& text);
/// Sets `doc` to a question's stem (Markdown, docs/pack-format.md) in GitHub's dialect without raw HTML:
/// fenced code blocks (monospace, lines never wrapped, on codeBlockBackground), tables, and images, of which
/// only the pack's own (data URIs, which the store puts in place of `image:NAME`) are shown, by a
/// SafeTextDocument.
void setStemMarkdown(QTextDocument* doc, const std::string& stem);
/// The background of a code block's lines: a translucent grey that sets code apart from prose on the light
/// and the dark theme's text background alike (and on the PDF's white page), darkening the one and lightening
/// the other, with the text over it still well above 4.5:1.
QColor codeBlockBackground();
/// A question's stem (Markdown, docs/pack-format.md) as an HTML fragment, rendered without raw HTML: a stem
/// that quotes "<question>" in a prompt template shows it as written. The screens and the reports render
/// every stem through this or Display's showStem, by the same rules.
QString stemHtml(const std::string& stem);
/// Whether an option, a why or an explanation holds what only Markdown can show: a fenced code block (a
/// line starting with ``` or ~~~), a table (a delimiter row such as `|---|---|`) or an image (`![`). Such a
/// text is rendered as a stem is; any other stays plain text with `code` spans (inlineHtml), as it always
/// was, so an option's `*` or `__init__` is never read as emphasis.
bool isBlockMarkdown(const std::string& text);
/// An option, a why or an explanation as HTML: stemHtml for block Markdown (isBlockMarkdown), else
/// inlineHtml.
QString textHtml(const std::string& text);
/// The options of a question in display order as HTML: each with its letter, a mark on the correct ones and
/// on the candidate's choice, and its `why`; then the question's explanation. Every screen that reviews an
/// answer (results, practice reveal, drill check) and the PDF report explain it through this one function.
QString explainedOptionsHtml(const Question& question, const std::vector<int>& optionOrder,
                             const std::vector<int>& chosen);
/// Every option of the item in display order, marking the correct ones and the candidate's choices, each with
/// its why; then the explanation.
QString answerHtml(const SessionItem& item);
/// "Your answer: BD · Key: BC (select 2)" as a paragraph of HTML, letters as the candidate saw them.
QString answerKeyHtml(const SessionItem& item);
/// The same line as inline HTML, for a list item: the drill's summary of missed questions.
QString answerKeyInlineHtml(const Question& question, const AnswerLetters& letters);
/// Where a question sits in the exam: "Model Optimization › 4.2 Choosing PTQ, QAT and precision", or the
/// domain alone when it names no objective or subtopic.
QString questionPlace(const ExamDef& exam, const Question& question);

/// The text color on the pastel cells (statuses, bands, pass/fail percentages), which stay light in both
/// themes and on paper, so their text must stay dark.
QColor cellTextColor();
/// A tracker band's cell: light red, amber or green.
QColor bandColor(Band band);
/// A results cell's background for a score at or above the pass mark (light green) or below it (light red).
QColor scoreBackground(bool passed);

} // namespace certdrill::report
