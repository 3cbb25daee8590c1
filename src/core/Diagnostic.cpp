#include "certdrill/Diagnostic.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <utility>

namespace certdrill {

namespace {

/// The code point that starts at s[i] and its length in bytes; a byte that does not start a well-formed
/// UTF-8 sequence counts as itself (diagnostics may quote what a file that is not UTF-8 holds).
std::pair<std::uint32_t, std::size_t> codePointAt(std::string_view s, std::size_t i)
{
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n <= 1 || i + n > s.size()) {
        return {c, 1};
    }
    std::uint32_t cp = c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
        const auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) {
            return {c, 1};
        }
        cp = (cp << 6) | (cc & 0x3F);
    }
    return {cp, n};
}

/// C0 and C1 controls and DEL: what a terminal may act on instead of printing.
bool isControl(std::uint32_t cp)
{
    return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

/// `s` with every control character but a plain space written as \uXXXX, cut after `limit` code points.
std::string printable(std::string_view s, std::size_t limit)
{
    std::string out;
    std::size_t points = 0;
    for (std::size_t i = 0; i < s.size();) {
        if (points == limit) {
            return out + "\u2026"; // …
        }
        const auto [cp, n] = codePointAt(s, i);
        if (isControl(cp)) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(s.substr(i, n));
        }
        i += n;
        ++points;
    }
    return out;
}

// What one diagnostic line may hold: a pointer or a message beyond these is noise, or an attack on stderr.
constexpr std::size_t kMaxPointerChars = 200;
constexpr std::size_t kMaxMessageChars = 2000;

} // namespace

std::string echoed(std::string_view value, std::size_t limit)
{
    return printable(value, limit);
}

std::string Diagnostic::format() const
{
    std::string line = printable(file, 4096) + ":" + std::to_string(pos.line) + ":" +
                       std::to_string(pos.column) + ": " + (isError() ? "error: " : "warning: ") +
                       (where().empty() ? "" : printable(where(), kMaxPointerChars) + ": ") +
                       printable(message, kMaxMessageChars);
    if (more > 0) {
        line += " (and " + std::to_string(more) + " more like it in this file)";
    }
    return line;
}

int errorCount(const std::vector<Diagnostic>& diagnostics)
{
    return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                          [](const Diagnostic& d) { return d.isError(); }));
}

int warningCount(const std::vector<Diagnostic>& diagnostics)
{
    int n = 0;
    for (const auto& d : diagnostics) {
        n += d.isError() ? 0 : 1 + d.more;
    }
    return n;
}

void summariseRepeats(std::vector<Diagnostic>& diagnostics, std::size_t keep)
{
    // (file, message) -> how many were kept, and the index of the last one kept in `out`.
    std::map<std::pair<std::string, std::string>, std::pair<std::size_t, std::size_t>> seen;
    std::vector<Diagnostic> out;
    out.reserve(diagnostics.size());
    for (auto& d : diagnostics) {
        if (d.isError()) {
            out.push_back(std::move(d));
            continue;
        }
        auto& [kept, last] = seen[{d.file, d.message}];
        if (kept < keep) {
            ++kept;
            last = out.size();
            out.push_back(std::move(d));
        } else {
            out[last].more += 1 + d.more;
        }
    }
    diagnostics = std::move(out);
}

} // namespace certdrill
