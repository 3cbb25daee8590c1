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
        keys << KeyHelp{tr("Alt+P, Alt+R"), tr("pause, reveal the answer")};
    }
    return keys;
}

QList<KeyHelp> drillKeys()
{
    return {{tr("1–9 or A–J"), tr("choose an option")},
            {tr("Alt+S, Alt+U, Alt+G"), tr("Sure, Unsure, Guess: how sure you are")},
            {tr("Enter"), tr("check the answer; again: the next question")},
            {tr("Alt+B, Alt+N"), tr("bookmark the question; add or edit your note on it")}};
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
