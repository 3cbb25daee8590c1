#pragma once

#include <string>
#include <string_view>

namespace certdrill {

/// Plain text from the HTML of a Moodle question (text format "html"), for an app that shows text as text.
struct HtmlText
{
    std::string text;
    int images = 0; ///< <img> elements, which are dropped
    /// moodleText only: the text holds HTML tags that were kept as written (Markdown), which Moodle would
    /// have shown as HTML; the reader warns about it.
    bool tagsKept = false;
};

/// How Moodle shows a text: the format a GIFT text's marker ([html], [moodle], [plain], [markdown]) or a
/// Moodle XML element's format="…" names.
enum class MoodleFormat
{
    Html,     ///< [html], format="html": HTML
    Moodle,   ///< [moodle] or no GIFT marker, format="moodle_auto_format": HTML, line breaks kept
    Plain,    ///< [plain], format="plain_text": shown as written, tags included
    Markdown, ///< [markdown], format="markdown" (and the old "wiki_like"): Markdown
};

/// Drops tags, turns paragraphs, line breaks and list items into line breaks ("• " before an item),
/// decodes character references (&amp;, &#8217;, &#x2019;, …), and collapses white space as a browser does.
/// <script> and <style> content is dropped. A <pre> (Moodle's editor writes code as <pre><code>) becomes a
/// Markdown fenced code block that keeps its lines, indentation and tabs; a <code> outside it becomes a
/// `code` span. Text that is not HTML comes back unchanged apart from white space.
HtmlText htmlToText(const std::string& html);

/// Whether `text` holds a tag of an HTML element (`<b>`, `</p>`, `<br/>`, `<img src=…>`): "a < b" and
/// "List<int>" do not, nor a tokenizer's `<s>` and `</s>`.
bool hasHtmlTags(std::string_view text);

/// A Moodle text as certdrill shows it, as Moodle shows it where certdrill can: Html by htmlToText; Moodle's
/// own format, which renders HTML too, the same way when it holds HTML tags (hasHtmlTags), each line break of
/// the source kept as one; else, and in Plain and Markdown, as written (Markdown that holds tags sets
/// `tagsKept`).
HtmlText moodleText(const std::string& text, MoodleFormat format);

} // namespace certdrill
