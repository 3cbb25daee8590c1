#include "Shortcuts.h"

#include <QCoreApplication>

namespace certdrill::gui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Shortcuts", text);
}

} // namespace

QList<KeyHelp> examKeys(bool practice)
{
    QList<KeyHelp> keys = {
        {tr("1–9 or A–J"), tr("choose an option (F flags, so the sixth option is also 6)")},
        {tr("F"), tr("flag the question for review")},
        {tr("← → or P N"), tr("previous, next question")},
        {tr("Alt+S, Alt+U, Alt+G"), tr("Sure, Unsure, Guess: how sure you are")},
        {tr("Ctrl+G"), tr("the navigator: every question by number")},
        {tr("Ctrl+Enter"), tr("the review screen (it does not submit)")}};
    if (practice) {
        keys << KeyHelp{tr("Alt+P, Alt+U, Alt+R"), tr("pause, resume (while paused), reveal the answer")};
    }
    return keys;
}

QList<KeyHelp> drillKeys()
{
    return {{tr("1–9 or A–J"), tr("choose an option")},
            {tr("Alt+S, Alt+U, Alt+G"), tr("Sure, Unsure, Guess: how sure you are")},
            {tr("Enter"), tr("check the answer; again: the next question")},
            {tr("Alt+B, Alt+N"), tr("bookmark the question; add or edit your note on it")},
            {tr("Alt+P"), tr("report a problem with the question")}};
}

QList<KeyHelp> generalKeys()
{
    return {{tr("Tab, Shift+Tab"), tr("the next, previous control")},
            {tr("Enter or Space"), tr("press the focused button (Enter elsewhere: the screen's main step)")},
            {tr("Esc"), tr("close a dialog")}};
}

QList<KeyHelp> startKeys()
{
    return {{tr("Enter"), tr("begin the exam (the clock starts)")}, {tr("Esc"), tr("cancel, back home")}};
}

QList<KeyHelp> reviewKeys()
{
    return {{tr("↑ ↓, Enter"), tr("select a question, open it")},
            {tr("F"), tr("flag or unflag the selected question")},
            {tr("Alt+A, Alt+I, Alt+D"), tr("review all, incomplete, flagged questions in turn")},
            {tr("Alt+B"), tr("back to the exam")},
            {tr("Alt+S"), tr("submit the exam (asks first)")}};
}

QList<KeyHelp> resultsKeys()
{
    return {{tr("Alt+B"), tr("show or hide the objectives")},
            {tr("Alt+X, Alt+P"), tr("export the questions as CSV, save the report as PDF")},
            {tr("Tab, Enter"), tr("in the answer review: a question's bookmark, note or report link")}};
}

QList<KeyHelp> browserKeys()
{
    return {{tr("Ctrl+F, Alt+S"), tr("the search box (Enter searches)")},
            {tr("Alt+D, Alt+O, Alt+C, Alt+T, Alt+P, Alt+U"),
             tr("filter by domain, objective, difficulty, type, pack, status")},
            {tr("Alt+R, Alt+X"), tr("the previous, next 100 questions")},
            {tr("Alt+A"), tr("show the answer of a question you have not seen")},
            {tr("Alt+B, Alt+N, Alt+M"), tr("bookmark, note, report a problem")}};
}

QString keyTableHtml(const QList<KeyHelp>& keys)
{
    // Full width with the keys in a fixed share: tables one under another (the shortcut sheet's sections)
    // then start their second column at the same place, however long each section's keys are.
    QString table = QStringLiteral("<table width='100%' cellspacing='0' cellpadding='3'>");
    for (const auto& [key, what] : keys) {
        table += QStringLiteral("<tr><td width='38%'><b>%1</b></td><td>%2</td></tr>")
                     .arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    }
    return table + QStringLiteral("</table>");
}

} // namespace certdrill::gui
