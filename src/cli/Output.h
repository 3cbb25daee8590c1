#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace certdrill {
struct TrackerRow;
}

namespace certdrill::cli {

// Formatting shared by the commands' text and JSON output.

/// `v` with `decimals` digits after the point ("%.*f"), independent of the locale.
std::string fixed(double v, int decimals);
/// A share as a percentage with one decimal: 0.5 -> "50.0%".
std::string pct(double share);
/// Unix ms as "2026-01-01 09:30" in UTC (the same on every machine, so scripts and tests can rely on it).
std::string utcMinute(std::int64_t unixMs);
/// A finished exam's outcome: "PASS" or "FAIL", or `abandonedWord` for an abandoned one, which has none.
const char* outcomeWord(bool abandoned, bool passed, const char* abandonedWord = "ABANDONED");
/// `text` as a left-aligned table cell `width` characters wide (Unicode code points, not bytes): padded with
/// spaces, or cut to width − 2 characters and "…" so one space still parts it from the next column. Names
/// from packs may hold "é" or "–": padded by bytes (std::setw), every column after such a name moved left,
/// and cut by bytes a name could end in half a character.
std::string cell(const std::string& text, std::size_t width);
/// The width of a table column of ids printed whole (to be copied into other commands): the longest
/// `text(row)` of `rows`, at least `least`, and one space to part it from the next column. Ids are ASCII
/// (pack ids and question ids match `^[a-z0-9][a-z0-9._-]*$`), so bytes are characters; a fixed width let a
/// long id push the rest of its row aside.
template <typename Rows, typename Text> int idColumnWidth(const Rows& rows, Text text, std::size_t least)
{
    std::size_t width = least;
    for (const auto& row : rows) {
        width = std::max(width, std::string_view(text(row)).size());
    }
    return static_cast<int>(width + 1);
}
/// "1 question", "2 questions".
std::string counted(std::size_t n, const std::string& noun);
/// Whether an output path given as "-" means standard output (convert -o -, export -o -).
bool isStandardOutput(const std::filesystem::path& path);
/// Writes `text` to `path`: "-" is `standardOutput`; otherwise through a temporary file beside the file the
/// path names, after its symbolic links, that then replaces it, so a failure leaves no half-written file
/// (and an existing one as it was) and a link stays a link. A path that names something other than a regular
/// file (a device, a FIFO, a folder) is refused and left alone. Returns the reason on failure, else empty.
std::string writeTextFile(const std::filesystem::path& path, const std::string& text,
                          std::ostream& standardOutput);
/// A tracker row's mastery as "84% [70-96] over 12", or "no answers".
std::string masteryText(const TrackerRow& r);
/// A tracker row as JSON (tracker --json).
nlohmann::json masteryJson(const TrackerRow& r);

} // namespace certdrill::cli
