#include "certdrill/Csv.h"

namespace certdrill {

namespace {

/// 1 for a byte that starts a UTF-8 code point, 0 for a continuation byte: columns count code points.
int startsCodePoint(char c)
{
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
}

} // namespace

Result<std::vector<CsvRecord>> parseCsv(const std::string& text, const std::string& file)
{
    std::vector<CsvRecord> records;
    CsvRecord record;
    std::string field;
    int line = 1;
    int column = 1;
    bool quoted = false;     // inside a quoted field
    bool wasQuoted = false;  // the current field was quoted and has been closed
    bool recordOpen = false; // something of the current record has been read
    int quoteLine = 0;
    int quoteColumn = 0;
    const auto endField = [&] {
        record.fields.push_back(std::move(field));
        field.clear();
        wasQuoted = false;
    };
    const auto endRecord = [&] {
        endField();
        records.push_back(std::move(record));
        record = CsvRecord{};
        recordOpen = false;
    };
    const auto at = [&](int l, int c) {
        return file + ":" + std::to_string(l) + ":" + std::to_string(c) + ": ";
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!recordOpen) {
            record.line = line;
            recordOpen = true;
        }
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
                column += 2;
                continue;
            }
            if (c == '"') {
                quoted = false;
                wasQuoted = true;
            } else {
                field += c;
            }
            if (c == '\n') {
                ++line;
                column = 1;
            } else {
                column += startsCodePoint(c);
            }
            continue;
        }
        if (c == ',') {
            endField();
            ++column;
        } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
            i += c == '\r' ? 1 : 0;
            endRecord();
            ++line;
            column = 1;
        } else if (wasQuoted) {
            // `"a"b` is not one field nor two: say where, rather than guess.
            return Error{at(line, column) + "text after the closing quote of a field"};
        } else if (c == '"' && field.empty()) {
            quoted = true;
            quoteLine = line;
            quoteColumn = column;
            ++column;
        } else {
            field += c;
            column += startsCodePoint(c);
        }
    }
    if (quoted) {
        return Error{at(quoteLine, quoteColumn) + "the quoted field that starts here never ends"};
    }
    if (recordOpen) {
        endRecord();
    }
    return records;
}

} // namespace certdrill
