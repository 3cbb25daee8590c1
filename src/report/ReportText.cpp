#include "ReportText.h"

#include <algorithm>
#include <functional>
#include <string_view>
#include <utility>

#include <QCoreApplication>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include "certdrill/exam/SessionHistory.h"

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

/// The space above and below a code block, in pixels.
constexpr qreal kCodeBlockSpace = 4;

} // namespace

namespace {

/// The verdict words, in one place for a scored session item and for a drill's checked answer.
QString verdictWord(bool correct, bool incomplete, bool answered)
{
    return correct      ? tr("Correct")
           : incomplete ? tr("Partly answered")
           : answered   ? tr("Wrong")
                        : tr("Unanswered");
}

QString marked(bool correct, const QString& verdict)
{
    return (correct ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) + verdict;
}

} // namespace

QString verdictText(const SessionItem& item)
{
    return verdictWord(item.correct(), item.incomplete(), item.answered());
}

QString markedVerdictText(const SessionItem& item)
{
    return marked(item.correct(), verdictText(item));
}

QString markedVerdictText(bool correct)
{
    // A drill checks only complete answers, so a wrong one is answered and complete.
    return marked(correct, verdictWord(correct, false, true));
}

QString unansweredText(int unanswered, int incomplete)
{
    return incomplete > 0 ? tr("%1 unanswered, %2 partly answered").arg(unanswered).arg(incomplete)
                          : tr("%1 unanswered").arg(unanswered);
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

QColor codeBlockBackground()
{
    return {128, 128, 128, 40};
}

void setStemMarkdown(QTextDocument* doc, const std::string& stem)
{
    // One edit for the import and the code's tidying, two more for the tables': a document shown in a view is
    // laid out again after every edit, and Qt's Markdown importer adds the stem block by block, so a long
    // stem was laid out once per block, line of code and table cell (a 1,000-line code block took 585 ms
    // instead of 5 ms, Qt 6.4).
    QTextCursor edit(doc);
    edit.beginEditBlock();
    doc->setMarkdown(QString::fromStdString(stem), kStemMarkdown);
    // A code block's lines (Qt's Markdown reader gives each a code language, fenced ones also their fence) on
    // a background of their own, so code reads apart from the prose around it, and a little space above its
    // first line and below its last (outside the background: a block has no padding). All of it goes into
    // stemHtml's HTML with the rest, for the review and the PDF.
    const auto isCode = [](const QTextBlock& b) {
        return b.isValid() && (b.blockFormat().hasProperty(QTextFormat::BlockCodeFence) ||
                               b.blockFormat().hasProperty(QTextFormat::BlockCodeLanguage));
    };
    QTextCursor lines(doc);
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        if (!isCode(b)) {
            continue;
        }
        QTextBlockFormat code;
        code.setBackground(codeBlockBackground());
        if (!isCode(b.previous())) {
            code.setTopMargin(std::max<qreal>(b.blockFormat().topMargin(), kCodeBlockSpace));
        }
        if (!isCode(b.next())) {
            code.setBottomMargin(std::max<qreal>(b.blockFormat().bottomMargin(), kCodeBlockSpace));
        }
        lines.setPosition(b.position());
        lines.mergeBlockFormat(code);
    }
    // Code in a fixed point size: Qt gives code spans and blocks the size of the system's fixed font, which
    // View ▸ Larger text would leave small. Without one, code takes the size of the text around it.
    // Collected first: setting a format may merge fragments under an iterator.
    std::vector<std::pair<int, int>> sized;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().hasProperty(QTextFormat::FontPointSize) &&
                !fragment.charFormat().isImageFormat()) {
                sized.emplace_back(fragment.position(), fragment.length());
            }
        }
    }
    QTextCursor cursor(doc);
    for (const auto& [position, length] : sized) {
        cursor.setPosition(position);
        cursor.setPosition(position + length, QTextCursor::KeepAnchor);
        QTextCharFormat format = cursor.charFormat();
        format.clearProperty(QTextFormat::FontPointSize);
        cursor.setCharFormat(format);
    }
    edit.endEditBlock();
    // Tables as one collapsed grid of padded cells (Qt's Markdown cells have no padding and stand apart).
    // Qt 6.4 also puts an empty paragraph before the first cell's text when a code block comes just before
    // the table, and that text then loses the header's bold: the paragraph is removed and the header row
    // made bold. Set on the document, all of it carries into stemHtml's HTML, so the review and the PDF
    // show the same grid.
    std::vector<QTextTable*> tables;
    for (QTextFrame* frame : doc->rootFrame()->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(frame)) {
            tables.push_back(table);
        }
    }
    // The empty paragraphs go first, as an edit of their own, last first so the earlier positions hold
    // (Qt 6.4 makes at most one a table, before the first cell's text): removed within the edit that sets the
    // formats, the header cell still began with an empty paragraph (RichContentTest tableRendersAsATable).
    std::vector<int> emptyParagraphs;
    for (QTextTable* table : tables) {
        for (int r = 0; r < table->rows(); ++r) {
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                const QTextCursor first = cell.firstCursorPosition();
                if (first.block().text().isEmpty() &&
                    first.position() < cell.lastCursorPosition().position()) {
                    emptyParagraphs.push_back(first.position());
                }
            }
        }
    }
    if (!emptyParagraphs.empty()) {
        std::sort(emptyParagraphs.begin(), emptyParagraphs.end(), std::greater<>());
        QTextCursor remove(doc);
        remove.beginEditBlock();
        for (const int position : emptyParagraphs) {
            remove.setPosition(position);
            remove.deleteChar();
        }
        remove.endEditBlock();
    }
    // Then the formats, as one edit however many tables and cells there are.
    QTextCursor cells(doc);
    cells.beginEditBlock();
    for (QTextTable* table : tables) {
        QTextTableFormat format = table->format();
        format.setCellPadding(4);
        format.setCellSpacing(0);
        format.setBorderCollapse(true);
        format.setBorder(1);
        table->setFormat(format);
        for (int r = 0; r < table->rows(); ++r) {
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                QTextCursor first = cell.firstCursorPosition();
                QTextBlockFormat block = first.blockFormat();
                block.setTopMargin(0);
                block.setBottomMargin(0);
                first.setBlockFormat(block);
                if (r == 0) {
                    QTextCharFormat bold;
                    bold.setFontWeight(QFont::Bold);
                    first.setPosition(cell.lastCursorPosition().position(), QTextCursor::KeepAnchor);
                    first.mergeCharFormat(bold);
                }
            }
        }
    }
    cells.endEditBlock();
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

bool isBlockMarkdown(const std::string& text)
{
    if (text.find("![") != std::string::npos) {
        return true;
    }
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        const std::string_view line = std::string_view(text).substr(start, end - start);
        const std::size_t first = line.find_first_not_of(' ');
        // Markdown allows up to three spaces before a fence; four make indented code, which is not a fence.
        if (first != std::string_view::npos && first < 4) {
            const std::string_view rest = line.substr(first);
            if (rest.starts_with("```") || rest.starts_with("~~~")) {
                return true;
            }
            // A table's delimiter row: only '|', '-', ':' and spaces, with at least one '|' and one '-'.
            if (rest.find_first_not_of("|-: \t\r") == std::string_view::npos &&
                rest.find('|') != std::string_view::npos && rest.find('-') != std::string_view::npos) {
                return true;
            }
        }
        start = end + 1;
    }
    return false;
}

QString textHtml(const std::string& text)
{
    return isBlockMarkdown(text) ? stemHtml(text) : inlineHtml(text);
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
        const QString letter(QChar('A' + static_cast<int>(d)));
        const QString marks =
            (opt.correct ? tr(" ✔ correct") : QString()) + (picked ? tr(" ← your answer") : QString());
        // A text with a code block or a table is blocks of its own, which cannot sit inside <b> or <i>: the
        // letter and marks go first, the blocks after them in a <blockquote>, which indents them under the
        // item (a bare <p> would end the list).
        html += isBlockMarkdown(opt.text)
                    ? QStringLiteral("<li><b>%1.</b>%2<blockquote>%3</blockquote>")
                          .arg(letter, marks, textHtml(opt.text))
                    : QStringLiteral("<li><b>%1. %2</b>%3").arg(letter, inlineHtml(opt.text), marks);
        html += isBlockMarkdown(opt.why)
                    ? QStringLiteral("<blockquote>%1</blockquote></li>").arg(textHtml(opt.why))
                    : QStringLiteral("<br/><i>%1</i></li>").arg(inlineHtml(opt.why));
    }
    html += isBlockMarkdown(question.explanation)
                ? QStringLiteral("</ul>") + textHtml(question.explanation)
                : QStringLiteral("</ul><p>%1</p>").arg(inlineHtml(question.explanation));
    return html;
}

QString answerKeyInlineHtml(const Question& question, const AnswerLetters& letters)
{
    const QString select = question.isMultiSelect() ? tr(" (select %1)").arg(question.select) : QString();
    return QStringLiteral("<b>%1</b> %2 · <b>%3</b> %4%5")
        .arg(tr("Your answer:"),
             letters.chosen.empty() ? tr("none") : QString::fromStdString(letters.chosen).toHtmlEscaped(),
             tr("Key:"), QString::fromStdString(letters.correct).toHtmlEscaped(), select);
}

QString answerKeyHtml(const SessionItem& item)
{
    return QStringLiteral("<p>") + answerKeyInlineHtml(item.question, answerLetters(item)) +
           QStringLiteral("</p>");
}

QString questionPlace(const ExamDef& exam, const Question& question)
{
    const Domain* d = exam.findDomain(question.domain);
    QString where = QString::fromStdString(d ? d->name : question.domain);
    if (d) {
        if (const Topic* topic = d->findTopic(question.topicIn(*d))) {
            where += QStringLiteral(" › ") + QString::fromStdString(d->topicLabel(*topic));
        }
    }
    return where;
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
