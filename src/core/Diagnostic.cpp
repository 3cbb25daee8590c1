#include "certdrill/Diagnostic.h"

#include <algorithm>

namespace certdrill {

std::string Diagnostic::format() const
{
    return file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + ": " +
           (isError() ? "error: " : "warning: ") + (pointer.empty() ? "" : pointer + ": ") + message;
}

int errorCount(const std::vector<Diagnostic>& diagnostics)
{
    return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                          [](const Diagnostic& d) { return d.isError(); }));
}

} // namespace certdrill
