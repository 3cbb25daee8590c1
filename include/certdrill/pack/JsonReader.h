#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "certdrill/Diagnostic.h"

namespace certdrill {

/// A parsed JSON document that remembers where every value and key stood in the source,
/// so validation errors can name a line and column.
struct JsonDocument
{
    nlohmann::json root;
    /// JSON pointer → position of the value's first character.
    std::unordered_map<std::string, SourcePos> valuePos;
    /// JSON pointer of an object member → position of its key.
    std::unordered_map<std::string, SourcePos> keyPos;

    /// Position of the value at pointer, else of the nearest enclosing value that has one.
    SourcePos positionOf(const std::string& pointer) const;
    /// Position of the member's key, falling back to positionOf.
    SourcePos keyPositionOf(const std::string& pointer) const;
};

/// The error of a file that is not UTF-8, located at its first bad byte (line and column as in every
/// Diagnostic), or nothing when the text is valid UTF-8. A file starting with a UTF-16 byte-order mark, or
/// UTF-16 without one (a zero byte beside an ASCII one at the start), gets "file is UTF-16…; save it as
/// UTF-8" instead, since its every other byte would be reported. Every reader
/// (JSON, GIFT, Moodle XML) checks this first: the pack model and nlohmann::json hold UTF-8 only.
std::optional<Diagnostic> utf8Error(std::string_view text, const std::string& fileName);

/// An array the parser refuses to grow past `maxItems` values: it stops at the first value over, with
/// `message` located there, instead of building a document only to refuse it (the pack loader's
/// /questions; see Limits.h).
struct ArrayLimit
{
    std::string pointer; ///< empty: no limit
    std::size_t maxItems = 0;
    std::string message;
};

/// A control character in text: where it starts (a byte offset) and its code point.
struct ControlCharacter
{
    std::size_t at;
    unsigned codePoint;
};

/// The first control character in UTF-8 text other than tab, line feed and carriage return: C0 (NUL, BEL,
/// ESC, …), DEL and C1 (U+0080 to U+009F), or nothing.
std::optional<ControlCharacter> findControlCharacter(std::string_view text);

/// The error of a file holding a control character other than tab, line feed and carriage return (NUL,
/// BEL, ESC, DEL, the C1 controls), located at the first one, or nothing. The Moodle readers check this
/// after utf8Error: GIFT and XML would otherwise carry them into a pack, where an ESC in an id clears the
/// terminal that prints it. (The JSON reader refuses them in strings itself; written as \u escapes they are
/// refused by the pack rules.)
std::optional<Diagnostic> controlCharacterError(std::string_view text, const std::string& fileName);

/// Parses strict JSON (RFC 8259): UTF-8 only, duplicate object keys rejected, nesting depth capped.
/// Returns the document, or a Diagnostic located at the first offending character.
/// nlohmann::json's own parser reports only byte offsets and keeps the last of duplicate keys,
/// which is why this small parser exists; it builds nlohmann::json values.
std::optional<JsonDocument> parseJson(std::string_view text, const std::string& fileName, Diagnostic* error,
                                      const ArrayLimit& limit = {});

/// Escapes a key for use in a JSON pointer (~ → ~0, / → ~1).
std::string jsonPointerEscape(std::string_view key);

} // namespace certdrill
