#include "ReportText.h"

#include <algorithm>

#include <QCoreApplication>
#include <QTextDocument>

#include "SafeTextDocument.h"

namespace certdrill::report {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ReportText", text);
}

/// GitHub's dialect without raw HTML: "<b>" is shown as the four characters, not read as a tag.
constexpr auto kStemMarkdown =
    QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub | QTextDocument::MarkdownNoHTML);

} // namespace

QString verdictText(const SessionItem& item)
{
    return item.correct() ? tr("Correct") : item.answered() ? tr("Wrong") : tr("Unanswered");
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

QString bandText(Band band)
{
    switch (band) {
    case Band::Red:
        return tr("Red");
    case Band::Yellow:
        return tr("Yellow");
    case Band::Green:
        return tr("Green");
    }
    return {};
}

QString inlineHtml(const std::string& text)
{
    const QString escaped = QString::fromStdString(text).toHtmlEscaped();
    QString html;
    bool code = false;
    for (const QChar c : escaped) {
        if (c == QLatin1Char('`')) {
            html += code ? QStringLiteral("</code>") : QStringLiteral("<code>");
            code = !code;
        } else {
            html += c;
        }
    }
    // An unpaired backtick is a backtick: the span it opened is given back as text.
    if (code) {
        const qsizetype open = html.lastIndexOf(QStringLiteral("<code>"));
        html.replace(open, 6, QStringLiteral("`"));
    }
    return html;
}

void setStemMarkdown(QTextDocument* doc, const std::string& stem)
{
    doc->setMarkdown(QString::fromStdString(stem), kStemMarkdown);
}

QString stemHtml(const std::string& stem)
{
    gui::SafeTextDocument doc; // toHtml() does not lay out, but nothing the Markdown names is read either way
    setStemMarkdown(&doc, stem);
    // toHtml() is a whole document; the caller wants what is inside <body>.
    const QString html = doc.toHtml();
    const qsizetype open = html.indexOf(QLatin1Char('>'), html.indexOf(QStringLiteral("<body")));
    const qsizetype close = html.lastIndexOf(QStringLiteral("</body>"));
    return open >= 0 && close > open ? html.mid(open + 1, close - open - 1)
                                     : QString::fromStdString(stem).toHtmlEscaped();
}

QString explainedOptionsHtml(const Question& question, const std::vector<int>& optionOrder,
                             const std::vector<int>& chosen)
{
    QString html = QStringLiteral("<ul>");
    for (size_t d = 0; d < optionOrder.size(); ++d) {
        const int o = optionOrder[d];
        const Option& opt = question.options[static_cast<size_t>(o)];
        const bool picked = std::find(chosen.begin(), chosen.end(), o) != chosen.end();
        // One arg() call: a chain would read a "%2" inside a pack's text as the next placeholder.
        html += QStringLiteral("<li><b>%1. %2</b>%3%4<br/><i>%5</i></li>")
                    .arg(QString(QChar('A' + static_cast<int>(d))), inlineHtml(opt.text),
                         opt.correct ? tr(" ✔ correct") : QString(),
                         picked ? tr(" ← your answer") : QString(), inlineHtml(opt.why));
    }
    html += QStringLiteral("</ul><p>%1</p>").arg(inlineHtml(question.explanation));
    return html;
}

QString answerHtml(const SessionItem& item)
{
    return explainedOptionsHtml(item.question, item.optionOrder, item.chosen);
}

QColor cellTextColor()
{
    return {0x21, 0x21, 0x21};
}

QColor bandColor(Band band)
{
    switch (band) {
    case Band::Red:
        return {0xef, 0x9a, 0x9a};
    case Band::Yellow:
        return {0xff, 0xe0, 0x82};
    case Band::Green:
        return {0xa5, 0xd6, 0xa7};
    }
    return {};
}

QColor scoreBackground(bool passed)
{
    return passed ? QColor(0xc8, 0xe6, 0xc9) : QColor(0xff, 0xcd, 0xd2);
}

} // namespace certdrill::report
