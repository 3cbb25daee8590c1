#include "certdrill/pack/JsonReader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "certdrill/Text.h"

namespace certdrill {

namespace {

constexpr int kMaxDepth = 64;

struct ParseFailure
{
    SourcePos pos;
    std::string message;
    std::string pointer; ///< set for a refusal that is not a syntax error (an ArrayLimit)
};

/// Reads JSON text from a byte offset on, keeping the line and column of where it is (columns count code
/// points). The parser builds values with it; a document's locate() scans with it.
class Cursor
{
public:
    Cursor(std::string_view text, const JsonMark& at)
        : m_text(text)
        , m_at(at.offset)
        , m_line(at.pos.line)
        , m_column(at.pos.column)
    {
    }

    [[noreturn]] void fail(const std::string& message) const { throw ParseFailure{position(), message, {}}; }

    SourcePos position() const { return {m_line, m_column}; }
    JsonMark mark() const { return {m_at, position()}; }

    char peek() const { return m_at < m_text.size() ? m_text[m_at] : '\0'; }
    bool atEnd() const { return m_at >= m_text.size(); }

    void advance()
    {
        const auto c = static_cast<unsigned char>(m_text[m_at++]);
        if (c == '\n') {
            ++m_line;
            m_column = 1;
        } else if ((c & 0xC0) != 0x80) {
            // Count code points, not bytes: a continuation byte does not start a new column.
            ++m_column;
        }
    }

    void skipWhitespace()
    {
        while (!atEnd()) {
            const char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                advance();
            } else {
                break;
            }
        }
    }

    unsigned parseHex4()
    {
        unsigned value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = peek();
            value <<= 4;
            if (c >= '0' && c <= '9') {
                value |= static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                value |= static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                value |= static_cast<unsigned>(c - 'A' + 10);
            } else {
                fail("invalid \\u escape, expected four hex digits");
            }
            advance();
        }
        return value;
    }

    std::string parseString()
    {
        advance(); // opening quote
        std::string out;
        while (true) {
            // A run of plain characters is copied at once: no line break can be in it (a raw one is a control
            // character), so only the column moves.
            const std::size_t runStart = m_at;
            while (m_at < m_text.size()) {
                const auto c = static_cast<unsigned char>(m_text[m_at]);
                if (c == '"' || c == '\\' || c < 0x20) {
                    break;
                }
                if ((c & 0xC0) != 0x80) {
                    ++m_column;
                }
                ++m_at;
            }
            out.append(m_text.data() + runStart, m_at - runStart);
            if (atEnd()) {
                fail("unterminated string");
            }
            const char c = peek();
            if (c == '"') {
                advance();
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail("control character in string (escape it, e.g. \\n)");
            }
            advance(); // backslash
            const char e = peek();
            if (atEnd()) {
                fail("unterminated escape");
            }
            advance();
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                unsigned cp = parseHex4();
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (peek() != '\\') {
                        fail("unpaired surrogate in \\u escape");
                    }
                    advance();
                    if (peek() != 'u') {
                        fail("unpaired surrogate in \\u escape");
                    }
                    advance();
                    const unsigned low = parseHex4();
                    if (low < 0xDC00 || low > 0xDFFF) {
                        fail("unpaired surrogate in \\u escape");
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail("unpaired surrogate in \\u escape");
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                fail(std::string("invalid escape \\") + e);
            }
        }
    }

    /// Steps over one value of valid JSON without building it.
    void skipValue()
    {
        const char first = peek();
        if (first == '"') {
            skipString();
            return;
        }
        if (first != '{' && first != '[') {
            while (!atEnd()) {
                const char c = peek();
                if (c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    return;
                }
                advance();
            }
            return;
        }
        int depth = 0;
        while (!atEnd()) {
            const char c = peek();
            if (c == '"') {
                skipString();
                continue;
            }
            advance();
            if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return;
            }
        }
    }

    /// From the value here, follows `tokens` (from `next` on) as a JSON pointer does and returns where the
    /// value it names starts (or its key, for `key` and an object member), else where the deepest value that
    /// exists on the way starts.
    SourcePos follow(const std::vector<std::string>& tokens, std::size_t next, bool key)
    {
        SourcePos current = position();
        for (std::size_t i = next; i < tokens.size(); ++i) {
            const bool last = i + 1 == tokens.size();
            if (peek() == '{') {
                advance();
                skipWhitespace();
                bool found = false;
                while (peek() == '"') {
                    const SourcePos keyAt = position();
                    const std::string name = parseString();
                    skipWhitespace();
                    advance(); // ':'
                    skipWhitespace();
                    if (name == tokens[i]) {
                        if (last && key) {
                            return keyAt;
                        }
                        found = true;
                        break;
                    }
                    skipValue();
                    skipWhitespace();
                    if (peek() == ',') {
                        advance();
                        skipWhitespace();
                    }
                }
                if (!found) {
                    return current;
                }
            } else if (peek() == '[') {
                std::size_t index = 0;
                const std::string& t = tokens[i];
                const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), index);
                if (t.empty() || ec != std::errc() || end != t.data() + t.size()) {
                    return current;
                }
                advance();
                skipWhitespace();
                for (std::size_t k = 0; k < index; ++k) {
                    if (atEnd() || peek() == ']') {
                        return current;
                    }
                    skipValue();
                    skipWhitespace();
                    if (peek() == ',') {
                        advance();
                        skipWhitespace();
                    }
                }
                if (atEnd() || peek() == ']') {
                    return current;
                }
            } else {
                return current;
            }
            current = position();
        }
        return current;
    }

protected:
    void skipString()
    {
        advance(); // opening quote
        while (!atEnd()) {
            const char c = peek();
            advance();
            if (c == '\\') {
                if (!atEnd()) {
                    advance();
                }
            } else if (c == '"') {
                return;
            }
        }
    }

    std::string_view m_text;
    std::size_t m_at;
    int m_line;
    int m_column;
};

/// Builds the document: nlohmann::json values, the root's members and the elements of arrays under the root
/// marked (JsonDocument), nothing else recorded.
class Parser : public Cursor
{
public:
    Parser(std::string_view text, const JsonMark& start, JsonDocument& doc, const ArrayLimit& limit)
        : Cursor(text, start)
        , m_doc(doc)
        , m_limit(limit)
    {
    }

    void parseDocument()
    {
        skipWhitespace();
        m_doc.rootMark = mark();
        m_doc.root = parseValue(0, kRoot);
        skipWhitespace();
        if (m_at < m_text.size()) {
            fail("unexpected text after the JSON value");
        }
    }

private:
    // Where a value stands: the root, a member of the root (its index in JsonDocument::members), or deeper.
    static constexpr long kRoot = -1;
    static constexpr long kDeeper = -2;

    nlohmann::json parseValue(int depth, long member)
    {
        if (depth > kMaxDepth) {
            fail("nesting deeper than 64 levels");
        }
        if (atEnd()) {
            fail("unexpected end of file, expected a value");
        }
        switch (peek()) {
        case '{':
            return parseObject(depth, member == kRoot);
        case '[':
            return parseArray(depth, member);
        case '"':
            return parseString();
        case 't':
            return parseLiteral("true", true);
        case 'f':
            return parseLiteral("false", false);
        case 'n':
            return parseLiteral("null", nullptr);
        default:
            if (peek() == '-' || (peek() >= '0' && peek() <= '9')) {
                return parseNumber();
            }
            fail(std::string("unexpected character '") + peek() + "', expected a value");
        }
    }

    nlohmann::json parseLiteral(std::string_view word, nlohmann::json value)
    {
        if (m_text.substr(m_at, word.size()) != word) {
            fail("invalid literal, expected " + std::string(word));
        }
        for (size_t i = 0; i < word.size(); ++i) {
            advance();
        }
        return value;
    }

    nlohmann::json parseObject(int depth, bool isRoot)
    {
        advance(); // {
        nlohmann::json object = nlohmann::json::object();
        auto& members = object.get_ref<nlohmann::json::object_t&>();
        skipWhitespace();
        if (peek() == '}') {
            advance();
            return object;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                fail("expected a string key");
            }
            const JsonMark keyAt = mark();
            std::string key = parseString();
            const auto hint = members.lower_bound(key);
            if (hint != members.end() && hint->first == key) {
                throw ParseFailure{keyAt.pos, "duplicate key \"" + key + "\"", {}};
            }
            skipWhitespace();
            expect(':', "':' after the key");
            skipWhitespace();
            long member = kDeeper;
            if (isRoot) {
                member = static_cast<long>(m_doc.members.size());
                m_doc.members.push_back(JsonRootMember{key, keyAt, mark(), {}});
            }
            members.emplace_hint(hint, std::move(key), parseValue(depth + 1, member));
            skipWhitespace();
            if (peek() == ',') {
                advance();
                continue;
            }
            if (peek() == '}') {
                advance();
                return object;
            }
            fail("expected ',' or '}' in object");
        }
    }

    void expect(char c, const char* what)
    {
        if (peek() != c) {
            fail(std::string("expected ") + what);
        }
        advance();
    }

    nlohmann::json parseArray(int depth, long member)
    {
        advance(); // [
        nlohmann::json array = nlohmann::json::array();
        auto& items = array.get_ref<nlohmann::json::array_t&>();
        skipWhitespace();
        if (peek() == ']') {
            advance();
            return array;
        }
        // Only an array under the root has its elements marked, limited or sunk.
        const bool underRoot = member >= 0;
        const bool limited = underRoot && m_limit.pointer.size() > 1 && m_limit.pointer[0] == '/' &&
                             m_limit.pointer.compare(
                                 1, std::string::npos,
                                 jsonPointerEscape(m_doc.members[static_cast<std::size_t>(member)].key)) == 0;
        const bool sunk = limited && static_cast<bool>(m_limit.sink);
        std::size_t count = 0;
        while (true) {
            skipWhitespace();
            if (limited && count >= m_limit.maxItems) {
                throw ParseFailure{position(), m_limit.message, m_limit.pointer};
            }
            if (underRoot) {
                m_doc.members[static_cast<std::size_t>(member)].elements.push_back(mark());
            }
            if (sunk) {
                m_limit.sink(m_doc, count, parseValue(depth + 1, kDeeper));
            } else {
                items.push_back(parseValue(depth + 1, kDeeper));
            }
            ++count;
            skipWhitespace();
            if (peek() == ',') {
                advance();
                continue;
            }
            if (peek() == ']') {
                advance();
                return array;
            }
            fail("expected ',' or ']' in array");
        }
    }

    nlohmann::json parseNumber()
    {
        const size_t start = m_at;
        bool isInteger = true;
        if (peek() == '-') {
            advance();
        }
        if (peek() == '0') {
            advance();
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9') {
                advance();
            }
        } else {
            fail("invalid number");
        }
        if (peek() == '.') {
            isInteger = false;
            advance();
            if (!(peek() >= '0' && peek() <= '9')) {
                fail("invalid number: digit expected after '.'");
            }
            while (peek() >= '0' && peek() <= '9') {
                advance();
            }
        }
        if (peek() == 'e' || peek() == 'E') {
            isInteger = false;
            advance();
            if (peek() == '+' || peek() == '-') {
                advance();
            }
            if (!(peek() >= '0' && peek() <= '9')) {
                fail("invalid number: digit expected in exponent");
            }
            while (peek() >= '0' && peek() <= '9') {
                advance();
            }
        }
        const std::string_view digits = m_text.substr(start, m_at - start);
        if (isInteger) {
            std::int64_t value = 0;
            const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
            if (ec == std::errc() && ptr == digits.data() + digits.size()) {
                return value;
            }
        }
        // from_chars, not strtod: strtod reads the decimal mark of the user's locale, which the app sets, so
        // "0.25" would read as 0 where the mark is ",".
        double value = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(value)) {
            fail("number out of range");
        }
        return value;
    }

    JsonDocument& m_doc;
    const ArrayLimit& m_limit;
};

/// A JSON pointer's reference tokens, unescaped (~1 → /, ~0 → ~).
std::vector<std::string> pointerTokens(const std::string& pointer)
{
    std::vector<std::string> tokens;
    std::size_t at = 0;
    while (at < pointer.size() && pointer[at] == '/') {
        const std::size_t end = std::min(pointer.find('/', at + 1), pointer.size());
        std::string token;
        for (std::size_t i = at + 1; i < end; ++i) {
            if (pointer[i] == '~' && i + 1 < end && (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
                token += pointer[++i] == '0' ? '~' : '/';
            } else {
                token += pointer[i];
            }
        }
        tokens.push_back(std::move(token));
        at = end;
    }
    return tokens;
}

/// Finds the first byte that is not well-formed UTF-8 (overlongs and surrogates included).
/// Returns npos when the text is valid.
size_t firstInvalidUtf8(std::string_view s)
{
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        int extra = 0;
        std::uint32_t cp = 0;
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            extra = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            extra = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            extra = 3;
            cp = c & 0x07;
        } else {
            return i;
        }
        if (i + static_cast<size_t>(extra) >= s.size()) {
            return i;
        }
        for (int k = 1; k <= extra; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
            if ((cc & 0xC0) != 0x80) {
                return i;
            }
            cp = (cp << 6) | (cc & 0x3F);
        }
        const bool overlong = (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000);
        if (overlong || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
            return i;
        }
        i += static_cast<size_t>(extra) + 1;
    }
    return std::string_view::npos;
}

SourcePos positionAtByte(std::string_view s, size_t byte)
{
    SourcePos pos;
    for (size_t i = 0; i < byte && i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++pos.column;
        }
    }
    return pos;
}

} // namespace

std::string jsonPointerEscape(std::string_view key)
{
    std::string out;
    for (const char c : key) {
        if (c == '~') {
            out += "~0";
        } else if (c == '/') {
            out += "~1";
        } else {
            out += c;
        }
    }
    return out;
}

SourcePos JsonDocument::positionOf(const std::string& pointer) const
{
    return locate(pointer, false);
}

SourcePos JsonDocument::keyPositionOf(const std::string& pointer) const
{
    return locate(pointer, true);
}

SourcePos JsonDocument::locate(const std::string& pointer, bool key) const
{
    const std::vector<std::string> tokens = pointerTokens(pointer);
    if (tokens.empty()) {
        return rootMark.pos;
    }
    const auto member = std::find_if(members.begin(), members.end(),
                                     [&](const JsonRootMember& m) { return m.key == tokens[0]; });
    if (member == members.end()) {
        return rootMark.pos;
    }
    if (tokens.size() == 1) {
        return key ? member->keyMark.pos : member->valueMark.pos;
    }
    // Start from the element's mark when the second token names one: a question is scanned, not the file.
    JsonMark start = member->valueMark;
    std::size_t next = 1;
    std::size_t index = 0;
    const std::string& t = tokens[1];
    if (const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), index);
        !t.empty() && ec == std::errc() && end == t.data() + t.size() && index < member->elements.size()) {
        start = member->elements[index];
        next = 2;
    }
    if (!source || next == tokens.size()) {
        return start.pos;
    }
    try {
        Cursor cursor(*source, start);
        return cursor.follow(tokens, next, key);
    } catch (const ParseFailure&) {
        return start.pos; // the source is valid JSON, so this is not expected
    }
}

std::optional<Diagnostic> utf8Error(std::string_view text, const std::string& fileName)
{
    if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF") {
        return Diagnostic{
            Diagnostic::Severity::Error, fileName, {1, 1}, "", "file is UTF-16; save it as UTF-8"};
    }
    // Without a byte-order mark, UTF-16 text starts with an ASCII character and a zero byte (or the other
    // way round): valid UTF-8 bytes, which would otherwise be reported as a syntax error at 1:2.
    if (text.size() >= 2 && (text[0] == '\0') != (text[1] == '\0')) {
        return Diagnostic{Diagnostic::Severity::Error,
                          fileName,
                          {1, 1},
                          "",
                          "file is UTF-16 (without a byte-order mark); save it as UTF-8"};
    }
    const size_t bad = firstInvalidUtf8(text);
    if (bad == std::string_view::npos) {
        return std::nullopt;
    }
    return Diagnostic{Diagnostic::Severity::Error, fileName, positionAtByte(text, bad), "",
                      "file is not valid UTF-8"};
}

std::optional<ControlCharacter> findControlCharacter(std::string_view text)
{
    for (size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) {
            return ControlCharacter{i, c};
        }
        // C1 controls (U+0080 to U+009F) are the two bytes C2 80 to C2 9F in UTF-8.
        if (c == 0xC2 && i + 1 < text.size()) {
            const auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9F) {
                return ControlCharacter{i, next};
            }
        }
    }
    return std::nullopt;
}

std::optional<Diagnostic> controlCharacterError(std::string_view text, const std::string& fileName)
{
    const auto found = findControlCharacter(text);
    if (!found) {
        return std::nullopt;
    }
    char name[8];
    std::snprintf(name, sizeof name, "U+%04X", found->codePoint);
    return Diagnostic{Diagnostic::Severity::Error, fileName, positionAtByte(text, found->at), "",
                      std::string("the control character ") + name +
                          " is not text; a pack holds printable text, tabs and line breaks only"};
}

std::optional<JsonDocument> parseJson(std::string text, const std::string& fileName, Diagnostic* error,
                                      const ArrayLimit& limit)
{
    auto report = [&](SourcePos pos, std::string message) {
        if (error) {
            *error = Diagnostic{Diagnostic::Severity::Error, fileName, pos, "", std::move(message)};
        }
    };
    if (auto bad = utf8Error(text, fileName)) {
        if (error) {
            *error = std::move(*bad);
        }
        return std::nullopt;
    }
    JsonDocument doc;
    doc.source = std::make_shared<const std::string>(std::move(text));
    // A UTF-8 byte-order mark is tolerated: editors on some systems add one. Columns count from after it.
    const std::string_view source = *doc.source;
    const JsonMark start{source.substr(0, 3) == "\xEF\xBB\xBF" ? 3u : 0u, {}};
    try {
        Parser parser(source, start, doc, limit);
        parser.parseDocument();
    } catch (const ParseFailure& failure) {
        if (!failure.pointer.empty()) {
            if (error) {
                *error = Diagnostic{Diagnostic::Severity::Error, fileName, failure.pos, failure.pointer,
                                    failure.message};
            }
            return std::nullopt;
        }
        report(failure.pos, "invalid JSON: " + failure.message);
        return std::nullopt;
    }
    return doc;
}

} // namespace certdrill
