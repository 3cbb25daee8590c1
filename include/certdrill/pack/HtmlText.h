#pragma once

#include <string>

namespace certdrill {

/// Plain text from the HTML of a Moodle question (text format "html"), for an app that shows text as text.
struct HtmlText
{
    std::string text;
    int images = 0; ///< <img> elements, which are dropped
};

/// Drops tags, turns paragraphs, line breaks and list items into line breaks ("• " before an item),
/// decodes character references (&amp;, &#8217;, &#x2019;, …), and collapses white space as a browser does.
/// <script> and <style> content is dropped. A <pre> (Moodle's editor writes code as <pre><code>) becomes a
/// Markdown fenced code block that keeps its lines, indentation and tabs; a <code> outside it becomes a
/// `code` span. Text that is not HTML comes back unchanged apart from white space.
HtmlText htmlToText(const std::string& html);

} // namespace certdrill
