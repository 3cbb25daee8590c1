#include "Output.h"

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <system_error>

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

std::string counted(std::size_t n, const std::string& noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string writeTextFile(const std::filesystem::path& path, const std::string& text)
{
    std::filesystem::path temporary = path;
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
            const std::string error = reason("cannot write " + temporary.string());
            out.close();
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return error;
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        const std::string error = "cannot write " + path.string() + ": " + ec.message();
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
