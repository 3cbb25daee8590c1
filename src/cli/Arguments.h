#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "certdrill/pack/PackLoader.h"

namespace certdrill::cli {

// Argument parsing shared by the commands. Each command takes its options out of its argument list and
// treats what is left as positional arguments (or as an error).

/// Reads the whole of `text` as the whole number `option` takes: decimal digits only, a '-' only for a signed
/// T, nothing before or after ("65x", "1e3", "2.5" and " 7" are refused, unlike std::stoi). Returns the usage
/// message, or empty when `out` is set.
template <typename T> std::string parseWholeNumber(const std::string& option, const std::string& text, T& out)
{
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range) {
        return option + " " + text + " is out of range";
    }
    if (text.empty() || ec != std::errc{} || stop != end) {
        return option + " takes a whole number" + (std::is_signed_v<T> ? "" : " (0 or more)") + ", not \"" +
               text + "\"";
    }
    out = value;
    return {};
}

/// Removes `flag` from args; true if it was there.
bool takeFlag(std::vector<std::string>& args, const std::string& flag);
/// Removes `--name VALUE` from args; returns false (and sets missing) when the value is absent.
bool takeOption(std::vector<std::string>& args, const std::string& name, std::string& value, bool& missing);
/// Removes --exam, --pack-id, --pack-version, --domain and --map, which say where GIFT and Moodle XML
/// questions go; false (with `error` set) on a missing value. Without --pack-version the version is left
/// empty: the one already imported for the pack id, else 1.0.0 (ImportOptions::version), as the GUI's import
/// dialog offers.
bool takeImportOptions(std::vector<std::string>& args, ImportOptions& moodle, std::string& error);

/// Removes `-o PATH` (or `--output PATH`), where convert and export write; returns the usage error (a missing
/// path, or the option given twice), else empty. `path` stays empty when the option is absent.
std::string takeOutput(std::vector<std::string>& args, std::string& path);

/// The arguments mock-plan and drill-plan share.
struct PlanArgs
{
    bool json = false;
    std::string examId;
    std::optional<int> count;
    std::uint64_t seed = 0;
};

/// Parses --json, --exam, --count and --seed; the seed defaults to `defaultSeed`, and count stays empty
/// only when --count is absent (the caller range-checks it). Returns the usage error (prefixed with
/// `command`), or empty when everything parsed.
std::string parsePlanArgs(std::vector<std::string> args, const std::string& command,
                          std::uint64_t defaultSeed, PlanArgs& out);

/// The first argument that looks like an option, or empty.
std::string unknownOption(const std::vector<std::string>& args);

} // namespace certdrill::cli
