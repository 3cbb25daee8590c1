#include "Output.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <ostream>
#include <system_error>

#include "certdrill/Diagnostic.h"
#include "certdrill/Text.h"
#include "certdrill/learn/Tracker.h"

namespace certdrill::cli {

using nlohmann::json;

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string pct(double share)
{
    return fixed(share * 100.0, 1) + "%";
}

std::string utcMinute(std::int64_t unixMs)
{
    const std::time_t t = static_cast<std::time_t>(unixMs / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
    return buf;
}

const char* outcomeWord(bool abandoned, bool passed, const char* abandonedWord)
{
    if (abandoned) {
        return abandonedWord;
    }
    return passed ? "PASS" : "FAIL";
}

std::string cell(const std::string& text, std::size_t width)
{
    std::string out = codePointCount(text) < width ? text : echoed(text, width >= 2 ? width - 2 : 0);
    out.append(width - std::min(width, codePointCount(out)), ' ');
    return out;
}

std::string counted(std::size_t n, const std::string& noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

namespace {

/// What a file type is called in a refusal to write over it.
const char* fileTypeName(std::filesystem::file_type type)
{
    switch (type) {
    case std::filesystem::file_type::directory:
        return "a folder";
    case std::filesystem::file_type::character:
    case std::filesystem::file_type::block:
        return "a device";
    case std::filesystem::file_type::fifo:
        return "a FIFO";
    case std::filesystem::file_type::socket:
        return "a socket";
    default:
        return "not a file";
    }
}

/// The path a write to `path` lands on: the end of its chain of symbolic links (a relative target is read
/// from its link's folder), so that the link is written through and not replaced by a file. Empty, with
/// `error` set, when the chain cannot be followed.
std::filesystem::path linkTarget(const std::filesystem::path& path, std::string& error)
{
    constexpr int kMaxLinks = 40; // as the kernel's ELOOP
    std::filesystem::path p = path;
    for (int links = 0; links <= kMaxLinks; ++links) {
        std::error_code ec;
        if (std::filesystem::symlink_status(p, ec).type() != std::filesystem::file_type::symlink) {
            return p;
        }
        const std::filesystem::path target = std::filesystem::read_symlink(p, ec);
        if (ec) {
            error = "cannot write " + path.string() + ": " + ec.message();
            return {};
        }
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    error = "cannot write " + path.string() + ": too many levels of symbolic links";
    return {};
}

} // namespace

bool isStandardOutput(const std::filesystem::path& path)
{
    return path == "-";
}

std::string writeTextFile(const std::filesystem::path& path, const std::string& text,
                          std::ostream& standardOutput)
{
    if (isStandardOutput(path)) {
        standardOutput << text;
        standardOutput.flush();
        return standardOutput ? std::string() : "cannot write to standard output";
    }
    // Only a regular file (or a new one) is replaced: a device, a FIFO or a folder is refused before
    // anything is written, as the readers refuse to read one. The type is that of what the path names after
    // every link (/dev/stdout names the terminal or pipe the command writes to).
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
        return "cannot write " + path.string() + ": it is " + fileTypeName(status.type()) +
               ", not a regular file" +
               (status.type() == std::filesystem::file_type::directory ? ""
                                                                       : " (-o - writes to standard output)");
    }
    std::string error;
    const std::filesystem::path target = linkTarget(path, error);
    if (target.empty()) {
        return error;
    }
    std::filesystem::path temporary = target;
    temporary += ".partial";
    const auto reason = [](const std::string& what) {
        const int e = errno;
        return e ? what + ": " + std::generic_category().message(e) : what;
    };
    errno = 0;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            return reason("cannot write " + temporary.string());
        }
        out << text;
        out.flush();
        if (!out) {
            error = reason("cannot write " + temporary.string());
            out.close();
            std::filesystem::remove(temporary, ec);
            return error;
        }
    }
    // The file keeps the permissions it had (a pack kept read-only for others stays so).
    if (std::filesystem::is_regular_file(status)) {
        std::filesystem::permissions(temporary, status.permissions(), ec);
    }
    std::filesystem::rename(temporary, target, ec);
    if (ec) {
        error = "cannot write " + path.string() + ": " + ec.message();
        std::filesystem::remove(temporary, ec);
        return error;
    }
    return {};
}

json masteryJson(const TrackerRow& r)
{
    json j = {{"domain", r.domainId},
              {"name", r.name},
              {"weight", r.weight},
              {"answers", r.mastery.answers},
              {"mastery", r.mastery.mean},
              {"lower80", r.mastery.lower},
              {"upper80", r.mastery.upper},
              {"band", bandName(r.band)},
              {"self_rating", r.selfRating ? json(bandName(*r.selfRating)) : json(nullptr)},
              {"due", r.dueItems},
              {"seen", r.seenItems},
              {"bank", r.bankItems}};
    if (!r.topicId.empty()) {
        j["topic"] = r.topicId;
    }
    if (const auto d = r.disagreement(); !d.empty()) {
        j["disagreement"] = d;
    }
    return j;
}

std::string masteryText(const TrackerRow& r)
{
    return r.mastery.answers == 0 ? intervalText(r.mastery)
                                  : intervalText(r.mastery) + " over " + std::to_string(r.mastery.answers);
}

} // namespace certdrill::cli
