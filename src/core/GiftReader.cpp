#include "certdrill/GiftReader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

namespace certdrill {

namespace {

using nlohmann::json;
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
};

bool isBlankLine(const std::string& line)
{
    return line.find_first_not_of(" \t\r") == npos;
}

bool isCommentLine(const std::string& line)
{
    const std::size_t p = line.find_first_not_of(" \t");
    return p != npos && line.compare(p, 2, "//") == 0;
}

std::vector<Block> splitBlocks(std::string text)
{
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) {
        text.erase(0, 3); // a UTF-8 byte order mark
    }
    std::vector<Block> blocks;
    Block current;
    int lineNo = 0;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == npos) {
            end = text.size();
        }
        std::string line = text.substr(begin, end - begin);
        begin = end + 1;
        ++lineNo;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (isBlankLine(line)) {
            if (!current.text.empty()) {
                blocks.push_back(std::move(current));
                current = Block{};
            }
            continue;
        }
        if (isCommentLine(line)) {
            continue; // Moodle drops whole comment lines; they do not end a question
        }
        if (current.text.empty()) {
            current.start = {lineNo, 1};
        } else {
            current.text.push_back({'\n', false, {lineNo, 1}});
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
    if (!current.text.empty()) {
        blocks.push_back(std::move(current));
    }
    return blocks;
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

/// Drops a leading [html], [moodle], [plain] or [markdown] text-format marker.
std::string withoutFormat(std::string s)
{
    for (const char* f : {"[html]", "[moodle]", "[plain]", "[markdown]"}) {
        if (s.rfind(f, 0) == 0) {
            s.erase(0, std::strlen(f));
            const std::size_t p = s.find_first_not_of(" \t\n");
            return p == npos ? std::string() : s.substr(p);
        }
    }
    return s;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

/// Lower-case letters and digits, every other run of characters one hyphen, at most `limit` long.
std::string slug(const std::string& s, std::size_t limit = 64)
{
    std::string out;
    for (unsigned char c : s) {
        if (std::isalnum(c) && c < 0x80) {
            out += static_cast<char>(std::tolower(c));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
        if (out.size() >= limit) {
            break;
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out;
}

/// The id a question gets: its name, else the start of its stem.
std::string questionId(const std::string& name, const std::string& stem)
{
    if (const std::string s = slug(name); !s.empty()) {
        return s;
    }
    std::string words;
    int count = 0;
    for (std::size_t i = 0; i < stem.size() && count < 8; ++i) {
        words += stem[i];
        if (stem[i] == ' ' && i > 0 && stem[i - 1] != ' ') {
            ++count;
        }
    }
    const std::string s = slug(words, 48);
    return s.empty() ? std::string("q") : s;
}

/// A category segment names a domain (or subtopic) by its id, its name, or its name as an id.
template <typename Row> const Row* findRow(const std::vector<Row>& rows, const std::string& segment)
{
    for (const auto& r : rows) {
        if (r.id == segment || r.id == slug(segment) || lower(r.name) == lower(segment)) {
            return &r;
        }
    }
    return nullptr;
}

class Converter
{
public:
    Converter(const std::string& fileName, const std::vector<ExamDef>& exams, const GiftOptions& options,
              GiftConversion& out)
        : m_file(fileName)
        , m_out(out)
        , m_fallbackDomain(options.domain)
    {
        if (!options.exam.empty()) {
            for (const auto& e : exams) {
                if (e.id == options.exam) {
                    m_exam = &e;
                }
            }
            if (!m_exam) {
                error({1, 1}, "exam \"" + options.exam + "\" is not in the database; import its pack first");
            }
        } else if (exams.size() == 1) {
            m_exam = &exams.front();
        } else {
            std::string names;
            for (const auto& e : exams) {
                names += (names.empty() ? "" : ", ") + e.id;
            }
            error({1, 1}, exams.empty()
                              ? "no exam in the database to put these questions in; import an exam first"
                              : "which exam are these questions for? Pass --exam (one of " + names + ")");
        }
    }

    void block(const Block& b)
    {
        const Text& t = b.text;
        auto [begin, end] = trimmed(t, 0, t.size());
        if (startsWith(t, begin, end, "$CATEGORY:")) {
            m_category = str(t, begin + 10, end);
            return;
        }
        std::string name;
        SourcePos namePos = t[begin].pos;
        if (startsWith(t, begin, end, "::")) {
            const std::size_t close = find(t, "::", begin + 2, end);
            if (close == npos) {
                error(t[begin].pos, "the question name opened with \"::\" is not closed with \"::\"");
                return;
            }
            name = str(t, begin + 2, close);
            begin = close + 2;
        }
        const std::size_t open = find(t, "{", begin, end);
        const std::size_t close = open == npos ? npos : find(t, "}", open + 1, end);
        if (open == npos && find(t, "}", begin, end) == npos) {
            warning(b.start, "a description without an answer block is not a question; skipped");
            return;
        }
        if (open == npos || close == npos) {
            error(open == npos ? t[find(t, "}", begin, end)].pos : t[open].pos,
                  open == npos ? "\"}\" without an opening \"{\""
                               : "the answer block \"{\" is not closed with \"}\"");
            return;
        }
        std::string stem = withoutFormat(str(t, begin, open));
        if (const std::string after = str(t, close + 1, end); !after.empty()) {
            stem += " _____ " + withoutFormat(after); // Moodle's "missing word" form
        }
        const auto [stemBegin, stemEnd] = trimmed(t, begin, open);
        const SourcePos stemPos = stemBegin < stemEnd ? t[stemBegin].pos : t[open].pos;

        std::size_t innerEnd = close;
        json q;
        const std::size_t general = rfind(t, "####", open + 1, close);
        if (general != npos) {
            q["explanation"] = withoutFormat(str(t, general + 4, close));
            innerEnd = general;
        }
        const auto [ab, ae] = trimmed(t, open + 1, innerEnd);
        const std::string kind = questionKind(t, ab, ae);
        if (kind != "multiple choice" && kind != "true/false") {
            warning(b.start, kind + " questions are not imported (certdrill has multiple choice and "
                                    "true/false); skipped");
            return;
        }

        const std::string pointer = "/questions/" + std::to_string(m_questions.size());
        json options = json::array();
        if (kind == "true/false") {
            trueFalse(t, ab, ae, pointer, options);
        } else if (!multipleChoice(t, ab, ae, pointer, options)) {
            return;
        }
        int correct = 0;
        for (const auto& o : options) {
            correct += o["correct"].get<bool>() ? 1 : 0;
        }
        if (correct == 0) {
            error(t[open].pos, "no answer is marked right: mark it with \"=\" (or several with \"~%50%\")");
            return;
        }

        // Ids must be unique in a pack but GIFT names need not be (Moodle's own fixtures repeat one), so a
        // repeat gets -2, -3, … in file order.
        std::string id = questionId(name, stem);
        if (m_ids.count(id)) {
            const std::string base = id;
            for (int k = 2; m_ids.count(id); ++k) {
                id = base + "-" + std::to_string(k);
            }
            if (!name.empty()) {
                warning(namePos,
                        "the name \"" + name + "\" is used before; this question's id is \"" + id + "\"");
            }
        }
        m_ids.insert(id);
        q["id"] = id;
        q["exam"] = m_exam ? m_exam->id : "";
        q["stem"] = stem;
        q["select"] = correct;
        q["options"] = options;
        if (kind == "true/false") {
            q["shuffle"] = false; // True before False, as everyone expects
        }
        if (!placeInBlueprint(q, b.start)) {
            return;
        }
        origin(pointer, b.start);
        origin(pointer + "/id", name.empty() ? stemPos : namePos);
        origin(pointer + "/stem", stemPos);
        origin(pointer + "/select", t[open].pos);
        origin(pointer + "/options", t[open].pos);
        if (general != npos) {
            origin(pointer + "/explanation", t[general].pos);
        }
        m_questions.push_back(std::move(q));
    }

    json questions() const { return m_questions; }

private:
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
        const std::string value = lower(str(t, b, hash == npos ? e : hash));
        if (value == "t" || value == "true" || value == "f" || value == "false") {
            return "true/false";
        }
        return "short answer";
    }

    /// `{TRUE#feedback when wrong#feedback when right}`.
    void trueFalse(const Text& t, std::size_t b, std::size_t e, const std::string& pointer, json& options)
    {
        const std::size_t h1 = find(t, "#", b, e);
        const std::size_t h2 = h1 == npos ? npos : find(t, "#", h1 + 1, e);
        const bool value = lower(str(t, b, h1 == npos ? e : h1))[0] == 't';
        const std::string whenWrong = h1 == npos ? "" : withoutFormat(str(t, h1 + 1, h2 == npos ? e : h2));
        const std::string whenRight = h2 == npos ? "" : withoutFormat(str(t, h2 + 1, e));
        for (const bool option : {true, false}) {
            json o = {{"text", option ? "True" : "False"}, {"correct", option == value}};
            const std::string& why = option == value ? whenRight : whenWrong;
            if (!why.empty()) {
                o["why"] = why;
            }
            options.push_back(o);
            origin(pointer + "/options/" + std::to_string(options.size() - 1), t[b].pos);
        }
    }

    /// `{=right ~wrong}` or `{~%50%right ~%50%right ~%-100%wrong}`, each answer with an optional `#why`.
    bool multipleChoice(const Text& t, std::size_t b, std::size_t e, const std::string& pointer,
                        json& options)
    {
        // With an "=" one answer is right (Moodle's single choice); without, every positive share is right.
        const bool single = find(t, "=", b, e) != npos;
        std::vector<std::size_t> marks;
        for (std::size_t i = b; i < e; ++i) {
            if (!t[i].escaped && (t[i].c == '=' || t[i].c == '~')) {
                marks.push_back(i);
            }
        }
        if (marks.empty() || marks.front() != b) {
            error(t[b].pos, "answers start with \"=\" (right) or \"~\" (wrong)");
            return false;
        }
        for (std::size_t k = 0; k < marks.size(); ++k) {
            const std::size_t from = marks[k] + 1;
            const std::size_t to = k + 1 < marks.size() ? marks[k + 1] : e;
            double weight = t[marks[k]].c == '=' ? 1.0 : 0.0;
            std::size_t textBegin = trimmed(t, from, to).first;
            if (textBegin < to && !t[textBegin].escaped && t[textBegin].c == '%') {
                const std::size_t pct = find(t, "%", textBegin + 1, to);
                const std::string share = pct == npos ? "" : str(t, textBegin + 1, pct);
                char* rest = nullptr;
                const double value = std::strtod(share.c_str(), &rest);
                if (pct == npos || share.empty() || *rest != '\0') {
                    error(t[textBegin].pos, "a credit share is written \"%50%\" (a number between % signs)");
                    return false;
                }
                weight = value / 100.0;
                textBegin = pct + 1;
            }
            const std::size_t hash = find(t, "#", textBegin, to);
            const std::string text = withoutFormat(str(t, textBegin, hash == npos ? to : hash));
            const bool correct = single ? weight >= 1.0 - 1e-9 : weight > 0.0;
            if (single && weight > 1e-9 && !correct) {
                warning(t[marks[k]].pos, "partial credit is scored as wrong: certdrill marks a whole answer "
                                         "right or wrong");
            }
            json o = {{"text", text}, {"correct", correct}};
            const std::string op = pointer + "/options/" + std::to_string(options.size());
            origin(op, t[marks[k]].pos);
            if (hash != npos) {
                if (const std::string why = withoutFormat(str(t, hash + 1, to)); !why.empty()) {
                    o["why"] = why;
                    origin(op + "/why", t[hash].pos);
                }
            }
            options.push_back(o);
        }
        return true;
    }

    /// Sets domain and subtopic from the category path; false, with an error, when it names no domain.
    bool placeInBlueprint(json& q, const SourcePos& at)
    {
        if (!m_exam) {
            return false; // already reported once, at the top of the file
        }
        std::vector<std::string> segments;
        std::size_t from = 0;
        while (from <= m_category.size()) {
            std::size_t slash = m_category.find('/', from);
            if (slash == npos) {
                slash = m_category.size();
            }
            std::string s = m_category.substr(from, slash - from);
            s.erase(0, s.find_first_not_of(" \t"));
            s.erase(s.find_last_not_of(" \t") + 1);
            if (!s.empty() && s[0] != '$' && lower(s) != "top") {
                segments.push_back(s);
            }
            from = slash + 1;
        }
        for (std::size_t i = 0; i < segments.size(); ++i) {
            if (const Domain* d = findRow(m_exam->domains, segments[i])) {
                q["domain"] = d->id;
                if (i + 1 < segments.size()) {
                    if (const Subtopic* s = findRow(d->subtopics, segments[i + 1])) {
                        q["subtopic"] = s->id;
                    }
                }
                return true;
            }
        }
        if (!m_fallbackDomain.empty()) {
            if (findRow(m_exam->domains, m_fallbackDomain)) {
                q["domain"] = m_fallbackDomain;
                return true;
            }
            error(at, "--domain \"" + m_fallbackDomain + "\" is not a domain of exam \"" + m_exam->id + "\"");
            return false;
        }
        error(at, (m_category.empty() ? std::string("the question has no $CATEGORY")
                                      : "its category \"" + m_category + "\" names none of exam \"" +
                                            m_exam->id + "\"'s domains") +
                      ", so it has no blueprint domain; put it under a line such as \"$CATEGORY: " +
                      m_exam->id + "/" + m_exam->domains.front().id + "\"");
        return false;
    }

    void origin(const std::string& pointer, const SourcePos& pos)
    {
        m_out.origins.emplace_back(pointer, pos);
    }

    void error(const SourcePos& pos, const std::string& message)
    {
        report(Diagnostic::Severity::Error, pos, message);
    }

    void warning(const SourcePos& pos, const std::string& message)
    {
        report(Diagnostic::Severity::Warning, pos, message);
    }

    void report(Diagnostic::Severity severity, const SourcePos& pos, const std::string& message)
    {
        m_out.diagnostics.push_back({severity, m_file, pos, "", message});
    }

    std::string m_file;
    GiftConversion& m_out;
    std::string m_fallbackDomain;
    const ExamDef* m_exam = nullptr;
    std::string m_category;
    json m_questions = json::array();
    std::set<std::string> m_ids;
};

} // namespace

SourcePos GiftConversion::originOf(const std::string& pointer) const
{
    SourcePos best{1, 1};
    std::size_t bestLength = 0;
    for (const auto& [p, pos] : origins) {
        const bool prefix =
            pointer.compare(0, p.size(), p) == 0 && (pointer.size() == p.size() || pointer[p.size()] == '/');
        if (prefix && p.size() >= bestLength) {
            best = pos;
            bestLength = p.size();
        }
    }
    return best;
}

bool isGiftFile(const std::string& fileName)
{
    const std::string name = lower(std::filesystem::path(fileName).filename().string());
    const auto endsWith = [&](const std::string& suffix) {
        return name.size() > suffix.size() && name.compare(name.size() - suffix.size(), npos, suffix) == 0;
    };
    return endsWith(".gift") || endsWith(".gift.txt");
}

GiftConversion convertGift(const std::string& text, const std::string& fileName,
                           const std::vector<ExamDef>& exams, const GiftOptions& options)
{
    GiftConversion out;
    Converter converter(fileName, exams, options, out);
    for (const Block& b : splitBlocks(text)) {
        converter.block(b);
    }
    std::string base = lower(std::filesystem::path(fileName).filename().string());
    for (const char* suffix : {".gift.txt", ".gift"}) {
        if (base.size() > std::strlen(suffix) &&
            base.compare(base.size() - std::strlen(suffix), npos, suffix) == 0) {
            base.erase(base.size() - std::strlen(suffix));
            break;
        }
    }
    const json pack = {{"format", "certdrill-pack/1"},
                       {"pack",
                        {{"id", options.packId.empty() ? "gift-" + slug(base, 59) : options.packId},
                         {"title", std::filesystem::path(fileName).filename().string()},
                         {"version", options.version},
                         {"authors", {"imported from GIFT"}},
                         {"license", "as the source file"}}},
                       {"questions", converter.questions()}};
    out.json = pack.dump(1);
    return out;
}

} // namespace certdrill
