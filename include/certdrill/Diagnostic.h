#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace certdrill {

/// A 1-based position in a source file; columns count Unicode code points.
struct SourcePos
{
    int line = 1;
    int column = 1;
};

/// A located validation message.
struct Diagnostic
{
    enum class Severity
    {
        Error,
        Warning
    };

    Severity severity = Severity::Error;
    std::string file;
    SourcePos pos;
    std::string pointer; ///< JSON pointer of the offending value, e.g. /questions/12/options
    std::string message;
    /// How many later warnings of the same message in the same file this one stands for
    /// (summariseRepeats); they are not listed.
    int more = 0;
    /// The same place in the terms of the file's author, when they are not the pointer's: in a Moodle file,
    /// `question "q1", answer 2` (LoadedPack::placeOf), since its author never sees the converted pack the
    /// pointer names. Empty: the pointer says it.
    std::string place = {};

    /// `FILE:LINE:COLUMN: error: POINTER: MESSAGE`, the form compilers use, so editors can jump to it, with
    /// the place (when there is one) in the pointer's stead. The place, pointer and the message are safe to
    /// print on a terminal: control characters (ESC, BEL, NUL, C1) come out as \u escapes and a pointer or
    /// message too long to read is cut (pack values quoted in them come from strangers). A summarised warning
    /// ends with "(and N more like it in this file)".
    std::string format() const;
    bool isError() const { return severity == Severity::Error; }
    /// The place, else the pointer.
    const std::string& where() const { return place.empty() ? pointer : place; }
};

/// Number of errors (not warnings) in a list.
int errorCount(const std::vector<Diagnostic>& diagnostics);

/// Number of warnings in a list, the summarised repeats included.
int warningCount(const std::vector<Diagnostic>& diagnostics);

/// A message quotes at most this many characters of a value from a pack.
inline constexpr std::size_t kMaxEchoedChars = 80;

/// `value` for quoting in a message: control characters as \u escapes, and at most `limit` characters
/// (code points) followed by "…" when longer.
std::string echoed(std::string_view value, std::size_t limit = kMaxEchoedChars);

/// Keeps the first `keep` warnings of each message in each file and folds the rest into the last one kept
/// (its `more`), so 20,000 questions with the same warning print three lines, not 20,000. Errors and the
/// order of what is kept are unchanged.
void summariseRepeats(std::vector<Diagnostic>& diagnostics, std::size_t keep = 3);

} // namespace certdrill
