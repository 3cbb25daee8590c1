#include "certdrill/pack/HtmlText.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string_view>

#include "certdrill/Text.h"

namespace certdrill {

namespace {

// A line break that the markup asked for, kept apart from the source's own white space, which a browser
// folds into single spaces.
constexpr char kBreak = '\n';
// Inside <pre>, the source's own spaces, line breaks and tabs are the code's: they stand in as these bytes
// until the folding is done, which leaves them alone (the Moodle readers refuse control characters before
// converting, so the text holds none of its own).
constexpr char kPreSpace = '\x01';
constexpr char kPreBreak = '\x02';
constexpr char kPreTab = '\x03';

/// A code point from a numeric reference, with what is not a character replaced by U+FFFD, as browsers do.
std::uint32_t character(unsigned long cp)
{
    return cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ? 0xFFFD
                                                                      : static_cast<std::uint32_t>(cp);
}

/// Decodes the character reference at `s[i]` == '&' into `out`; returns the index after it, or i + 1 with a
/// literal '&' when it is not one we know.
std::size_t reference(const std::string& s, std::size_t i, std::string& out)
{
    static const std::map<std::string, std::uint32_t> named = {
        {"amp", '&'},      {"lt", '<'},       {"gt", '>'},        {"quot", '"'},     {"apos", '\''},
        {"nbsp", 0xA0},    {"ndash", 0x2013}, {"mdash", 0x2014},  {"lsquo", 0x2018}, {"rsquo", 0x2019},
        {"ldquo", 0x201C}, {"rdquo", 0x201D}, {"hellip", 0x2026}, {"times", 0xD7},   {"le", 0x2264},
        {"ge", 0x2265},    {"ne", 0x2260},    {"rarr", 0x2192},   {"larr", 0x2190},  {"deg", 0xB0},
        {"middot", 0xB7},  {"bull", 0x2022},  {"copy", 0xA9},     {"reg", 0xAE},     {"trade", 0x2122},
    };
    // No reference we decode is longer than 12 bytes: look no further for its ';', so a run of '&' without
    // one costs a bounded step each, not a scan to the end of the text.
    const std::size_t window = std::min<std::size_t>(13, s.size() - i);
    const std::size_t semi = std::string_view(s).substr(0, i + window).find(';', i + 1);
    if (semi == std::string::npos) {
        out += '&';
        return i + 1;
    }
    const std::string name = s.substr(i + 1, semi - i - 1);
    if (name.size() > 1 && name[0] == '#') {
        const bool hex = name[1] == 'x' || name[1] == 'X';
        const std::string digits = name.substr(hex ? 2 : 1);
        char* rest = nullptr;
        const unsigned long cp = std::strtoul(digits.c_str(), &rest, hex ? 16 : 10);
        if (!digits.empty() && *rest == '\0') {
            appendUtf8(out, character(cp));
            return semi + 1;
        }
    } else if (const auto it = named.find(name); it != named.end()) {
        // A no-break space is a space to a reader; keeping U+00A0 would only defeat the white-space folding.
        appendUtf8(out, it->second == 0xA0 ? ' ' : it->second);
        return semi + 1;
    }
    out += '&';
    return i + 1;
}

/// Folds runs of spaces, trims around line breaks, keeps at most one empty line in a row, trims the ends.
std::string folded(const std::string& raw)
{
    std::string out;
    bool space = false;
    int breaks = 0;
    for (const char c : raw) {
        if (c == kBreak) {
            space = false;
            ++breaks;
        } else if (c == ' ') {
            space = true;
        } else {
            if (!out.empty()) {
                if (breaks > 0) {
                    out.append(static_cast<std::size_t>(std::min(breaks, 2)), '\n');
                } else if (space) {
                    out += ' ';
                }
            }
            breaks = 0;
            space = false;
            out += c;
        }
    }
    return out;
}

/// Opens a fenced code block for a <pre>: an empty line before it, as before any block.
void openPre(std::string& raw)
{
    raw += kBreak;
    raw += kBreak;
    raw += "```";
    raw += kBreak;
}

/// Closes the code block of a <pre>; the code's last line break is the fence's.
void closePre(std::string& raw)
{
    while (!raw.empty() && raw.back() == kPreBreak) {
        raw.pop_back();
    }
    raw += kBreak;
    raw += "```";
    raw += kBreak;
    raw += kBreak;
}

} // namespace

HtmlText htmlToText(const std::string& html)
{
    static const std::set<std::string> blocks = {"p",  "div", "br", "tr", "table", "ul",  "ol",         "h1",
                                                 "h2", "h3",  "h4", "h5", "h6",    "pre", "blockquote", "hr"};
    HtmlText result;
    const std::string lowered = asciiLower(html); // for finding </script> and </style> in any case
    std::string raw;
    // The next '>' at or after a position, found once and kept until passed: searching afresh from every '<'
    // would scan to the end of the text for each one of a run of '<' without a '>'.
    std::size_t nextGt = 0;
    const auto closingGt = [&](std::size_t from) {
        if (nextGt != std::string::npos && nextGt < from) {
            nextGt = html.find('>', from);
        }
        return nextGt;
    };
    int pre = 0; // open <pre> elements: their text keeps its spaces and line breaks, as a code block
    std::size_t i = 0;
    while (i < html.size()) {
        const char c = html[i];
        if (c == '<') {
            const std::size_t close = closingGt(i + 1);
            std::size_t n = i + 1;
            const bool end = n < html.size() && html[n] == '/';
            n += end ? 1 : 0;
            std::size_t nameEnd = n;
            while (nameEnd < html.size() && std::isalnum(static_cast<unsigned char>(html[nameEnd]))) {
                ++nameEnd;
            }
            // "<" not starting a tag (a comparison in text that was not escaped) stays a character.
            if (close == std::string::npos || (nameEnd == n && html.compare(i, 4, "<!--") != 0)) {
                raw += c;
                ++i;
                continue;
            }
            if (html.compare(i, 4, "<!--") == 0) {
                const std::size_t commentEnd = html.find("-->", i + 4);
                i = commentEnd == std::string::npos ? html.size() : commentEnd + 3;
                continue;
            }
            const std::string name = asciiLower(html.substr(n, nameEnd - n));
            i = close + 1;
            if (!end && (name == "script" || name == "style")) {
                // Everything up to the matching end tag is dropped; an end tag never closed with '>' (or no
                // end tag) drops the rest of the text. Either way `i` only moves forward, so this ends.
                const std::size_t stop = lowered.find("</" + name, i);
                const std::size_t gt = stop == std::string::npos ? std::string::npos : closingGt(stop);
                i = gt == std::string::npos ? html.size() : gt + 1;
                continue;
            }
            if (name == "img") {
                ++result.images;
            } else if (name == "pre") {
                if (!end && pre++ == 0) {
                    openPre(raw);
                    // As in a browser, a line break right after <pre> is not part of the code.
                    i += html.compare(i, 2, "\r\n") == 0 ? 2 : html.compare(i, 1, "\n") == 0 ? 1 : 0;
                } else if (end && pre > 0 && --pre == 0) {
                    closePre(raw);
                }
            } else if (pre > 0) {
                if (name == "br") {
                    raw += kPreBreak;
                }
                // Any other tag inside the code (<code>, a highlighter's <span>) is dropped.
            } else if (name == "code") {
                raw += '`'; // a code span, as Markdown and the options' text write it
            } else if (name == "li") {
                if (!end) {
                    raw += kBreak;
                    raw += "\u2022 ";
                }
            } else if (blocks.count(name)) {
                raw += kBreak;
                if (name == "p" && end) {
                    raw += kBreak; // a paragraph ends with an empty line before the next one
                }
            } else if (name == "td" || name == "th") {
                raw += ' ';
            }
        } else if (c == '&') {
            i = reference(html, i, raw);
            if (pre > 0 && !raw.empty() && raw.back() == ' ') {
                raw.back() = kPreSpace; // a decoded &nbsp; in code is a space of the code's
            }
        } else if (pre > 0) {
            // "\r\n" is one line break; a lone "\r" is one too. A break before any code (<pre><code> and a
            // line break, as Moodle's editor writes it) would only be an empty first line.
            const bool lineBreak = c == '\n' || c == '\r';
            const bool atFence = raw.size() >= 4 && raw.compare(raw.size() - 4, 4, "```\n") == 0;
            if ((c != '\r' || i + 1 >= html.size() || html[i + 1] != '\n') && !(lineBreak && atFence)) {
                raw += c == '\n' || c == '\r' ? kPreBreak : c == ' ' ? kPreSpace : c == '\t' ? kPreTab : c;
            }
            ++i;
        } else {
            raw += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
            ++i;
        }
    }
    if (pre > 0) {
        closePre(raw); // an unclosed <pre> still ends its code block
    }
    result.text = folded(raw);
    for (char& ch : result.text) {
        ch = ch == kPreSpace ? ' ' : ch == kPreBreak ? '\n' : ch == kPreTab ? '\t' : ch;
    }
    return result;
}

bool hasHtmlTags(std::string_view text)
{
    // The elements people write by hand and Moodle's editors write. <s> and <q> are left out: "<s>" and
    // "</s>" are a tokenizer's start and end tokens in text about language models far more often than
    // strike-through.
    static const std::set<std::string, std::less<>> elements = {
        "a",     "abbr",   "b",      "big",   "blockquote", "br",  "caption", "center", "cite",
        "code",  "dd",     "del",    "div",   "dl",         "dt",  "em",      "font",   "h1",
        "h2",    "h3",     "h4",     "h5",    "h6",         "hr",  "i",       "img",    "ins",
        "kbd",   "li",     "mark",   "ol",    "p",          "pre", "samp",    "script", "small",
        "span",  "strike", "strong", "style", "sub",        "sup", "table",   "tbody",  "td",
        "tfoot", "th",     "thead",  "tr",    "tt",         "u",   "ul"};
    constexpr std::size_t kLongestName = 10; // "blockquote"
    // The next '>' at or after a position, found once and kept until passed, so the scan stays linear.
    std::size_t nextGt = 0;
    for (std::size_t i = text.find('<'); i != std::string_view::npos; i = text.find('<', i + 1)) {
        std::size_t n = i + 1 + (i + 1 < text.size() && text[i + 1] == '/' ? 1 : 0);
        std::size_t end = n;
        while (end < text.size() && end - n <= kLongestName &&
               std::isalnum(static_cast<unsigned char>(text[end]))) {
            ++end;
        }
        // A tag's name ends at '>', '/' or white space, and a '>' closes it.
        if (end == n || end >= text.size() ||
            !(text[end] == '>' || text[end] == '/' || std::isspace(static_cast<unsigned char>(text[end])))) {
            continue;
        }
        if (nextGt != std::string_view::npos && nextGt < end) {
            nextGt = text.find('>', end);
        }
        if (nextGt == std::string_view::npos) {
            return false; // no '>' left: no tag can close
        }
        char name[kLongestName + 1];
        const std::size_t length = end - n;
        if (length > kLongestName) {
            continue;
        }
        for (std::size_t k = 0; k < length; ++k) {
            name[k] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[n + k])));
        }
        if (elements.count(std::string_view(name, length))) {
            return true;
        }
    }
    return false;
}

HtmlText moodleText(const std::string& text, MoodleFormat format)
{
    switch (format) {
    case MoodleFormat::Html:
        return htmlToText(text);
    case MoodleFormat::Moodle:
        if (hasHtmlTags(text)) {
            // Moodle shows its own format as HTML with each line break of the source a <br>.
            std::string html;
            html.reserve(text.size());
            for (const char c : text) {
                if (c == '\n') {
                    html += "<br>";
                } else {
                    html += c;
                }
            }
            return htmlToText(html);
        }
        return {text, 0, false};
    case MoodleFormat::Markdown:
        return {text, 0, hasHtmlTags(text)};
    case MoodleFormat::Plain:
        break;
    }
    return {text, 0, false};
}

} // namespace certdrill
