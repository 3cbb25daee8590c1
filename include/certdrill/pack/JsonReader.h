#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "certdrill/Diagnostic.h"

namespace certdrill {

/// A place in JSON text: its byte offset and its line and column.
struct JsonMark
{
    std::size_t offset = 0;
    SourcePos pos;
};

/// A member of the root object: where its key and its value start, and, when the value is an array, where
/// each of its elements starts (the pack loader's /questions and /exams).
struct JsonRootMember
{
    std::string key;
    JsonMark keyMark;
    JsonMark valueMark;
    std::vector<JsonMark> elements;
};

/// A parsed JSON document that can say where any value and key stood in the source, so validation errors
/// can name a line and column. It keeps the source text and marks only the root's members and the elements
/// of arrays directly under the root; any deeper place is found again by scanning the source from the
/// nearest mark (one question at most), which costs nothing unless a diagnostic asks. (A map from every
/// value's JSON pointer to its position cost more than parsing itself.)
struct JsonDocument
{
    nlohmann::json root;
    /// The parsed text; null once dropSource() let it go.
    std::shared_ptr<const std::string> source;
    /// Where the root value starts (after a byte-order mark and white space).
    JsonMark rootMark;
    std::vector<JsonRootMember> members;

    /// Position of the value at pointer, else of the nearest enclosing value that exists. Without the
    /// source, the nearest mark's position (a question's first character, for a place inside a question).
    SourcePos positionOf(const std::string& pointer) const;
    /// Position of the member's key, falling back to positionOf.
    SourcePos keyPositionOf(const std::string& pointer) const;
    /// Frees the source text: positions found later are those of the nearest mark. The importer calls it,
    /// since every diagnostic has been located by then.
    void dropSource() { source.reset(); }

private:
    SourcePos locate(const std::string& pointer, bool key) const;
};

/// The error of a file that is not UTF-8, located at its first bad byte (line and column as in every
/// Diagnostic), or nothing when the text is valid UTF-8. A file starting with a UTF-16 byte-order mark, or
/// UTF-16 without one (a zero byte beside an ASCII one at the start), gets "file is UTF-16…; save it as
/// UTF-8" instead, since its every other byte would be reported. Every reader
/// (JSON, GIFT, Moodle XML) checks this first: the pack model and nlohmann::json hold UTF-8 only.
std::optional<Diagnostic> utf8Error(std::string_view text, const std::string& fileName);

/// An array that is a member of the root object (`pointer` is "/name"; the pack loader's /questions) which
/// the parser refuses to grow past `maxItems` values: it stops at the first value over, with `message`
/// located there, instead of building a document only to refuse it (see Limits.h). With a `sink`, each
/// element goes to it as soon as it is parsed, with its index, and the document's array stays empty: a pack
/// is checked one question at a time and never holds every question as JSON at once.
struct ArrayLimit
{
    std::string pointer; ///< empty: no limit
    std::size_t maxItems = 0;
    std::string message;
    std::function<void(const JsonDocument& document, std::size_t index, nlohmann::json&& element)> sink;
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
/// Returns the document (which keeps `text` to locate its values), or a Diagnostic located at the first
/// offending character. nlohmann::json's own parser reports only byte offsets and keeps the last of
/// duplicate keys, which is why this small parser exists; it builds nlohmann::json values.
std::optional<JsonDocument> parseJson(std::string text, const std::string& fileName, Diagnostic* error,
                                      const ArrayLimit& limit = {});

/// Escapes a key for use in a JSON pointer (~ → ~0, / → ~1).
std::string jsonPointerEscape(std::string_view key);

} // namespace certdrill
