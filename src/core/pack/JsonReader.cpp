#include "certdrill/pack/JsonReader.h"

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

class Parser
{
public:
    Parser(std::string_view text, JsonDocument& doc, const ArrayLimit& limit)
        : m_text(text)
        , m_doc(doc)
        , m_limit(limit)
    {
    }

    void parseDocument()
    {
        skipWhitespace();
        m_doc.root = parseValue("", 0);
        skipWhitespace();
        if (m_at < m_text.size()) {
            fail("unexpected text after the JSON value");
        }
    }

private:
    [[noreturn]] void fail(const std::string& message) { throw ParseFailure{position(), message, {}}; }

    SourcePos position() const { return {m_line, m_column}; }

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

    void expect(char c, const char* what)
    {
        if (peek() != c) {
            fail(std::string("expected ") + what);
        }
        advance();
    }

    nlohmann::json parseValue(const std::string& pointer, int depth)
    {
        if (depth > kMaxDepth) {
            fail("nesting deeper than 64 levels");
        }
        m_doc.valuePos.emplace(pointer, position());
        if (atEnd()) {
            fail("unexpected end of file, expected a value");
        }
        switch (peek()) {
        case '{':
            return parseObject(pointer, depth);
        case '[':
            return parseArray(pointer, depth);
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

    nlohmann::json parseObject(const std::string& pointer, int depth)
    {
        advance(); // {
        nlohmann::json object = nlohmann::json::object();
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
            const SourcePos keyAt = position();
            std::string key = parseString();
            if (object.contains(key)) {
                throw ParseFailure{keyAt, "duplicate key \"" + key + "\"", {}};
            }
            const std::string memberPointer = pointer + "/" + jsonPointerEscape(key);
            m_doc.keyPos.emplace(memberPointer, keyAt);
            skipWhitespace();
            expect(':', "':' after the key");
            skipWhitespace();
            object[key] = parseValue(memberPointer, depth + 1);
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

    nlohmann::json parseArray(const std::string& pointer, int depth)
    {
        advance(); // [
        nlohmann::json array = nlohmann::json::array();
        skipWhitespace();
        if (peek() == ']') {
            advance();
            return array;
        }
        const bool limited = !m_limit.pointer.empty() && pointer == m_limit.pointer;
        while (true) {
            skipWhitespace();
            if (limited && array.size() >= m_limit.maxItems) {
                throw ParseFailure{position(), m_limit.message, pointer};
            }
            array.push_back(parseValue(pointer + "/" + std::to_string(array.size()), depth + 1));
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
            if (c != '\\') {
                out += c;
                advance();
                continue;
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

    std::string_view m_text;
    JsonDocument& m_doc;
    const ArrayLimit& m_limit;
    size_t m_at = 0;
    int m_line = 1;
    int m_column = 1;
};

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

std::string parentPointer(const std::string& pointer)
{
    const auto slash = pointer.rfind('/');
    return slash == std::string::npos ? std::string() : pointer.substr(0, slash);
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
    std::string p = pointer;
    while (true) {
        if (const auto it = valuePos.find(p); it != valuePos.end()) {
            return it->second;
        }
        if (p.empty()) {
            return {};
        }
        p = parentPointer(p);
    }
}

SourcePos JsonDocument::keyPositionOf(const std::string& pointer) const
{
    if (const auto it = keyPos.find(pointer); it != keyPos.end()) {
        return it->second;
    }
    return positionOf(pointer);
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

std::optional<JsonDocument> parseJson(std::string_view text, const std::string& fileName, Diagnostic* error,
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
    // A UTF-8 byte-order mark is tolerated: editors on some systems add one.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    JsonDocument doc;
    try {
        Parser parser(text, doc, limit);
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
