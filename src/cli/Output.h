#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

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
/// "1 question", "2 questions".
std::string counted(std::size_t n, const std::string& noun);
/// Writes `text` to `path` through a temporary file in the same folder that then replaces it, so a failure
/// leaves no half-written file (and an existing one as it was). Returns the reason on failure, else empty.
std::string writeTextFile(const std::filesystem::path& path, const std::string& text);
/// A tracker row's mastery as "84% [70-96] over 12", or "no answers".
std::string masteryText(const TrackerRow& r);
/// A tracker row as JSON (tracker --json).
nlohmann::json masteryJson(const TrackerRow& r);

} // namespace certdrill::cli
