#pragma once

#include <string>
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

    /// `FILE:LINE:COLUMN: error: POINTER: MESSAGE`, the form compilers use, so editors can jump to it.
    std::string format() const;
    bool isError() const { return severity == Severity::Error; }
};

/// Number of errors (not warnings) in a list.
int errorCount(const std::vector<Diagnostic>& diagnostics);

} // namespace certdrill
