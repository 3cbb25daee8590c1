#include "certdrill/pack/GiftReader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>

#include "certdrill/Text.h"
#include "certdrill/pack/HtmlText.h"
#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackBuilder.h"

namespace certdrill {

namespace {

constexpr std::size_t npos = std::string::npos;

/// One character of a question block after escapes, with where it stands in the file.
struct Ch
{
    char c;
    bool escaped; ///< written with a backslash, so never a GIFT control character
    SourcePos pos;
};
using Text = std::vector<Ch>;

/// The lines between two blank lines, comments removed, joined with "\n" as Moodle joins them.
struct Block
{
    Text text;
    SourcePos start;
    std::string comments; ///< its `//` lines, where Moodle reads `[tag:…]` and `[id:…]`
    /// Of source, its comment lines included; over kMaxGiftQuestionBytes, `text` and `comments` stop growing.
    std::size_t bytes = 0;
    bool question = false; ///< a line other than a comment was seen: comments alone are no question
};

/// Empties a block's text and comments once it is over kMaxGiftQuestionBytes: it is reported as too long, so
/// its characters are not needed.
void dropOversized(Block& b)
{
    b.text.clear();
    b.text.shrink_to_fit();
    b.comments.clear();
    b.comments.shrink_to_fit();
}

bool isBlankLine(std::string_view line)
{
    return line.find_first_not_of(" \t\r") == npos;
}

bool isCommentLine(std::string_view line)
{
    const std::size_t p = line.find_first_not_of(" \t");
    return p != npos && line.substr(p, 2) == "//";
}

/// Hands each block of `text` to `onBlock` in file order, until it returns false. Only one block is held at
/// a time (each character of it takes a Ch), so memory stays bounded by the largest question, not the file.
template <typename F> void forEachBlock(std::string_view text, F&& onBlock)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3); // a UTF-8 byte order mark
    }
    Block current;
    int lineNo = 0;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == npos) {
            end = text.size();
        }
        std::string_view line = text.substr(begin, end - begin);
        begin = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (isBlankLine(line)) {
            if (current.question && !onBlock(current)) {
                return;
            }
            current = Block{}; // comments alone, between blank lines, belong to no question
            continue;
        }
        const bool withinLimit = current.bytes <= kMaxGiftQuestionBytes;
        current.bytes += line.size() + 1;
        if (current.bytes > kMaxGiftQuestionBytes) {
            dropOversized(current);
        }
        if (isCommentLine(line)) {
            // Moodle takes whole comment lines out of the question (they do not end it) and reads its tags
            // there. They count towards the question's size, so comment lines cannot grow memory unbounded.
            if (current.bytes <= kMaxGiftQuestionBytes) {
                current.comments.append(line).append("\n");
            }
            continue;
        }
        if (!current.question) {
            current.question = true;
            current.start = {lineNo, 1};
        } else if (withinLimit) {
            current.text.push_back({'\n', false, {lineNo, 1}});
        }
        if (current.bytes > kMaxGiftQuestionBytes) {
            continue;
        }
        int column = 1;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const SourcePos pos{lineNo, column};
            if (line[i] == '\\' && i + 1 < line.size() && std::strchr("\\:#={}~n", line[i + 1]) != nullptr) {
                current.text.push_back({line[i + 1] == 'n' ? '\n' : line[i + 1], true, pos});
                ++i;
                column += 2;
                continue;
            }
            current.text.push_back({line[i], false, pos});
            // Columns count code points: UTF-8 continuation bytes do not start a new one.
            if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) {
                ++column;
            }
        }
        if (begin > text.size()) {
            break;
        }
    }
    if (current.question) {
        onBlock(current);
    }
}

bool isSpace(const Ch& ch)
{
    return !ch.escaped && (ch.c == ' ' || ch.c == '\t' || ch.c == '\n' || ch.c == '\r');
}

/// [b, e) without surrounding white space.
std::pair<std::size_t, std::size_t> trimmed(const Text& t, std::size_t b, std::size_t e)
{
    while (b < e && isSpace(t[b])) {
        ++b;
    }
    while (e > b && isSpace(t[e - 1])) {
        --e;
    }
    return {b, e};
}

std::string str(const Text& t, std::size_t b, std::size_t e)
{
    const auto [tb, te] = trimmed(t, b, e);
    std::string out;
    for (std::size_t i = tb; i < te; ++i) {
        out += t[i].c;
    }
    return out;
}

/// Whether [b, e) starts with the unescaped `seq`.
bool startsWith(const Text& t, std::size_t b, std::size_t e, const char* seq)
{
    const std::size_t n = std::strlen(seq);
    if (e - b < n) {
        return false;
    }
    for (std::size_t k = 0; k < n; ++k) {
        if (t[b + k].escaped || t[b + k].c != seq[k]) {
            return false;
        }
    }
    return true;
}

/// The first unescaped occurrence of `seq` in [from, to), or npos.
std::size_t find(const Text& t, const char* seq, std::size_t from, std::size_t to)
{
    const std::size_t n = std::strlen(seq);
    for (std::size_t i = from; i + n <= to; ++i) {
        bool match = true;
        for (std::size_t k = 0; k < n && match; ++k) {
            match = !t[i + k].escaped && t[i + k].c == seq[k];
        }
        if (match) {
            return i;
        }
    }
    return npos;
}

/// The last unescaped occurrence of `seq` in [from, to), or npos.
std::size_t rfind(const Text& t, const char* seq, std::size_t from, std::size_t to)
{
    std::size_t found = npos;
    for (std::size_t i = find(t, seq, from, to); i != npos; i = find(t, seq, i + 1, to)) {
        found = i;
    }
    return found;
}

/// The tags of Moodle's `[tag:name]` tokens in a question's comment lines, `\]` standing for `]` (Moodle's
/// extract_idnumber_and_tags_from_comment).
std::vector<std::string> commentTags(const std::string& comments)
{
    std::vector<std::string> tags;
    for (std::size_t at = comments.find("[tag:"); at != npos; at = comments.find("[tag:", at + 1)) {
        std::string tag;
        std::size_t i = at + 5;
        for (; i < comments.size() && comments[i] != ']' && comments[i] != '\n'; ++i) {
            if (comments[i] == '\\' && i + 1 < comments.size() && comments[i + 1] == ']') {
                ++i;
            }
            tag += comments[i];
        }
        tag.erase(0, tag.find_first_not_of(" \t"));
        tag.erase(tag.find_last_not_of(" \t") + 1);
        if (i < comments.size() && comments[i] == ']' && !tag.empty()) {
            tags.push_back(tag);
        }
    }
    return tags;
}

/// `s` without its leading text-format marker ([html], [moodle], [plain] or [markdown], in any case), and the
/// format it names; `fallback`, the question text's format, when it has none (Moodle's
/// parse_text_with_format).
std::pair<std::string, MoodleFormat> withFormat(const std::string& s, MoodleFormat fallback)
{
    static const std::pair<const char*, MoodleFormat> markers[] = {{"[html]", MoodleFormat::Html},
                                                                   {"[moodle]", MoodleFormat::Moodle},
                                                                   {"[plain]", MoodleFormat::Plain},
                                                                   {"[markdown]", MoodleFormat::Markdown}};
    for (const auto& [marker, format] : markers) {
        const std::size_t n = std::strlen(marker);
        if (s.size() >= n && asciiLower(s.substr(0, n)) == marker) {
            const std::size_t p = s.find_first_not_of(" \t\n", n);
            return {p == npos ? std::string() : s.substr(p), format};
        }
    }
    return {s, fallback};
}

class Converter
{
public:
    explicit Converter(PackBuilder& builder)
        : m_builder(builder)
    {
    }

    void block(const Block& b)
    {
        if (b.bytes > kMaxGiftQuestionBytes) {
            m_builder.error(b.start, "this question is " + std::to_string(b.bytes) +
                                         " bytes long; a question may be at most " +
                                         std::to_string(kMaxGiftQuestionBytes >> 20) + " MiB");
            return;
        }
        const Text& t = b.text;
        auto [begin, end] = trimmed(t, 0, t.size());
        SourcePos at = b.start;
        if (startsWith(t, begin, end, "$CATEGORY:")) {
            // The category is its own line. Moodle reads the whole block as the category's name, so a
            // question written on the next lines, with no blank line between, is lost there without a word:
            // certdrill imports it under the category and says so.
            const std::size_t lineEnd = find(t, "\n", begin, end);
            m_builder.setCategory(str(t, begin + 10, lineEnd == npos ? end : lineEnd));
            if (lineEnd == npos) {
                return;
            }
            begin = trimmed(t, lineEnd, end).first;
            if (begin == end) {
                return;
            }
            at = t[begin].pos;
            m_builder.warning(at, "this question needs a blank line after the $CATEGORY line above it: "
                                  "Moodle would read both as one category name and lose the question");
        }
        ForeignQuestion q;
        q.at = at;
        q.namePos = t[begin].pos;
        q.tags = commentTags(b.comments);
        if (startsWith(t, begin, end, "::")) {
            const std::size_t close = find(t, "::", begin + 2, end);
            if (close == npos) {
                m_builder.error(t[begin].pos,
                                "the question name opened with \"::\" is not closed with \"::\"");
                return;
            }
            q.name = str(t, begin + 2, close);
            begin = close + 2;
        }
        const std::size_t open = find(t, "{", begin, end);
        const std::size_t close = open == npos ? npos : find(t, "}", open + 1, end);
        if (open == npos && find(t, "}", begin, end) == npos) {
            m_builder.skip(at, "a description without an answer block is not a question; skipped");
            return;
        }
        if (open == npos || close == npos) {
            m_builder.error(open == npos ? t[find(t, "}", begin, end)].pos : t[open].pos,
                            open == npos ? "\"}\" without an opening \"{\""
                                         : "the answer block \"{\" is not closed with \"}\"");
            return;
        }
        if (const std::size_t category = find(t, "$CATEGORY:", close + 1, end); category != npos) {
            // The same without a blank line before a category: the category line became text of the question
            // above, and the questions after it stayed in the category before, both without a word.
            m_builder.error(t[category].pos,
                            "a $CATEGORY line needs a blank line before it: Moodle would read it "
                            "as text of the question above and keep the questions after it "
                            "in the category before");
            return;
        }
        if (const std::size_t second = find(t, "{", close + 1, end); second != npos) {
            // Two questions without a blank line between them are one block: Moodle takes the second as text
            // after the first's answers (a "missing word" question) and imports one garbled question.
            m_builder.error(
                t[trimmed(t, close + 1, end).first].pos,
                "a second answer block \"{\" after this question's own: put a blank line between "
                "two questions (Moodle would read them as one, the second inside the first's text)");
            return;
        }
        // No marker is Moodle's own format. Moodle's GIFT reader gives the answers and feedback the question
        // text's format, unless they name their own.
        const auto [stem, format] = withFormat(str(t, begin, open), MoodleFormat::Moodle);
        q.stem = stem;
        if (const std::string after = str(t, close + 1, end); !after.empty()) {
            q.stem += " _____ " + withFormat(after, format).first; // Moodle's "missing word" form
        }
        const auto [stemBegin, stemEnd] = trimmed(t, begin, open);
        q.stemPos = stemBegin < stemEnd ? t[stemBegin].pos : t[open].pos;
        q.answersPos = t[open].pos;

        std::size_t innerEnd = close;
        if (const std::size_t general = rfind(t, "####", open + 1, close); general != npos) {
            q.explanation = str(t, general + 4, close);
            q.explanationPos = t[general].pos;
            innerEnd = general;
        }
        const auto [ab, ae] = trimmed(t, open + 1, innerEnd);
        const std::string kind = questionKind(t, ab, ae);
        if (kind == "true/false") {
            trueFalse(t, ab, ae, q);
        } else if (kind == "multiple choice") {
            if (!multipleChoice(t, ab, ae, q)) {
                return;
            }
        } else {
            m_builder.skip(at, kind + " questions are not imported (certdrill has multiple choice and "
                                      "true/false); skipped");
            return;
        }
        if (const auto kept = asShown(q, format)) {
            m_builder.warning(*kept, "[markdown] text holds HTML tags, which certdrill shows as written (its "
                                     "Markdown has no raw HTML; Moodle shows them as HTML): write the text "
                                     "without tags, or mark it [html]");
        }
        m_builder.add(q);
    }

private:
    /// The question's texts as Moodle shows them (moodleText), each in the format its marker names, else in
    /// the question text's `format` (the stem's marker is already off), counting the images dropped. Returns
    /// where the first text whose HTML tags are kept as written stands, to warn there.
    static std::optional<SourcePos> asShown(ForeignQuestion& q, MoodleFormat format)
    {
        std::optional<SourcePos> kept;
        const auto show = [&](std::string& s, const SourcePos& pos, bool marked) {
            const auto [text, own] = marked ? withFormat(s, format) : std::pair(s, format);
            HtmlText h = moodleText(text, own);
            q.images += h.images;
            if (h.tagsKept && !kept) {
                kept = pos;
            }
            s = std::move(h.text);
        };
        show(q.stem, q.stemPos, false);
        show(q.explanation, q.explanationPos, true);
        for (auto& a : q.answers) {
            show(a.text, a.pos, true);
            show(a.why, a.whyPos, true);
        }
        return kept;
    }

    /// Moodle's type detection, first match wins.
    static std::string questionKind(const Text& t, std::size_t b, std::size_t e)
    {
        if (b == e) {
            return "essay";
        }
        if (!t[b].escaped && t[b].c == '#') {
            return "numerical";
        }
        if (find(t, "~", b, e) != npos) {
            return "multiple choice";
        }
        if (find(t, "=", b, e) != npos && find(t, "->", b, e) != npos) {
            return "matching";
        }
        const std::size_t hash = find(t, "#", b, e);
        const std::string value = asciiLower(str(t, b, hash == npos ? e : hash));
        if (value == "t" || value == "true" || value == "f" || value == "false") {
            return "true/false";
        }
        return "short answer";
    }

    /// `{TRUE#feedback when wrong#feedback when right}`: the first explains the wrong option.
    static void trueFalse(const Text& t, std::size_t b, std::size_t e, ForeignQuestion& q)
    {
        const std::size_t h1 = find(t, "#", b, e);
        const std::size_t h2 = h1 == npos ? npos : find(t, "#", h1 + 1, e);
        const bool value = asciiLower(str(t, b, h1 == npos ? e : h1))[0] == 't';
        const std::string whenWrong = h1 == npos ? "" : str(t, h1 + 1, h2 == npos ? e : h2);
        const std::string whenRight = h2 == npos ? "" : str(t, h2 + 1, e);
        for (const bool option : {true, false}) {
            const bool right = option == value;
            const SourcePos whyPos =
                right ? (h2 == npos ? t[b].pos : t[h2].pos) : (h1 == npos ? t[b].pos : t[h1].pos);
            q.answers.push_back({option ? "True" : "False", right ? 1.0 : 0.0, right ? whenRight : whenWrong,
                                 t[b].pos, whyPos});
        }
        q.shuffle = false; // True before False, as everyone expects
    }

    /// `{=right ~wrong}` or `{~%50%right ~%50%right ~%-100%wrong}`, each answer with an optional `#why`.
    bool multipleChoice(const Text& t, std::size_t b, std::size_t e, ForeignQuestion& q)
    {
        // With an "=" one answer is right (Moodle's single choice); without, every positive share is right.
        q.single = find(t, "=", b, e) != npos;
        std::vector<std::size_t> marks;
        for (std::size_t i = b; i < e; ++i) {
            if (!t[i].escaped && (t[i].c == '=' || t[i].c == '~')) {
                marks.push_back(i);
            }
        }
        if (marks.empty() || marks.front() != b) {
            m_builder.error(t[b].pos, "answers start with \"=\" (right) or \"~\" (wrong)");
            return false;
        }
        for (std::size_t k = 0; k < marks.size(); ++k) {
            const std::size_t to = k + 1 < marks.size() ? marks[k + 1] : e;
            ForeignQuestion::Answer a;
            a.credit = t[marks[k]].c == '=' ? 1.0 : 0.0;
            a.pos = t[marks[k]].pos;
            std::size_t textBegin = trimmed(t, marks[k] + 1, to).first;
            if (textBegin < to && !t[textBegin].escaped && t[textBegin].c == '%') {
                const std::size_t pct = find(t, "%", textBegin + 1, to);
                const std::string share = pct == npos ? "" : str(t, textBegin + 1, pct);
                const std::optional<double> value = parsePercent(share);
                if (!value) {
                    m_builder.error(t[textBegin].pos, "a credit share is written \"%50%\" (a finite number "
                                                      "between % signs)");
                    return false;
                }
                a.credit = *value / 100.0;
                textBegin = pct + 1;
            }
            const std::size_t hash = find(t, "#", textBegin, to);
            a.text = str(t, textBegin, hash == npos ? to : hash);
            if (hash != npos) {
                a.why = str(t, hash + 1, to);
                a.whyPos = t[hash].pos;
            }
            q.answers.push_back(std::move(a));
        }
        return true;
    }

    PackBuilder& m_builder;
};

} // namespace

bool isGiftFile(const std::string& fileName)
{
    const std::string name = asciiLower(std::filesystem::path(fileName).filename().string());
    const auto endsWith = [&](const std::string& suffix) {
        return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), npos, suffix) == 0;
    };
    return endsWith(".gift") || endsWith(".gift.txt");
}

Conversion convertGift(const std::string& text, const std::string& fileName,
                       const std::vector<ExamDef>& exams, const ImportOptions& options,
                       const CategoryMap* map)
{
    Conversion out;
    PackBuilder builder(fileName, "gift", exams, options, out, map);
    Converter converter(builder);
    forEachBlock(text, [&](const Block& b) {
        converter.block(b);
        return !builder.overLimit(); // a file over the question limit is refused without reading the rest
    });
    builder.finish();
    return out;
}

} // namespace certdrill
