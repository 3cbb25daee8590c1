#pragma once

#include <string>
#include <vector>

#include "certdrill/Result.h"

namespace certdrill {

/// One record of a CSV file: its fields and the line it starts on (1-based; a quoted field may span lines).
struct CsvRecord
{
    int line = 1;
    std::vector<std::string> fields;
};

/// The records of RFC 4180 text (what csvField writes): fields split by commas, records by CRLF or LF, a
/// quoted field may hold commas, line breaks and doubled quotes. A final line break ends the last record
/// rather than starting an empty one. An unterminated quote or text after a closing quote is an Error naming
/// `file`, its line and column.
Result<std::vector<CsvRecord>> parseCsv(const std::string& text, const std::string& file);

} // namespace certdrill
