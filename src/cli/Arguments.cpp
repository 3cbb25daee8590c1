#include "Arguments.h"

namespace certdrill::cli {

bool takeFlag(std::vector<std::string>& args, const std::string& flag)
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it == flag) {
            args.erase(it);
            return true;
        }
    }
    return false;
}

bool takeOption(std::vector<std::string>& args, const std::string& name, std::string& value, bool& missing)
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it == name) {
            if (it + 1 == args.end()) {
                missing = true;
                return false;
            }
            value = *(it + 1);
            args.erase(it, it + 2);
            return true;
        }
    }
    return false;
}

bool takeImportOptions(std::vector<std::string>& args, ImportOptions& moodle, std::string& error)
{
    moodle.domainHint = "pass --domain ID";
    moodle.mapHint = "a category map (--map MAP.json)";
    moodle.versionHint = "--pack-version";
    bool missing = false;
    takeOption(args, "--exam", moodle.exam, missing);
    takeOption(args, "--pack-id", moodle.packId, missing);
    moodle.version.clear();
    if (takeOption(args, "--pack-version", moodle.version, missing) && moodle.version.empty()) {
        missing = true;
    }
    takeOption(args, "--domain", moodle.domain, missing);
    std::string map;
    if (takeOption(args, "--map", map, missing)) {
        missing = missing || map.empty();
        moodle.map = map;
    }
    if (missing) {
        error = "--exam, --pack-id, --pack-version, --domain and --map need a value";
        return false;
    }
    // Checked here, where the user typed it: the loader would report it as an error of every Moodle file, at
    // its first line, as if the file were wrong.
    if (!moodle.version.empty() && !isPackVersion(moodle.version)) {
        error = "--pack-version takes dotted numbers such as 1.0.0 or 1.2, not \"" + echoed(moodle.version) +
                "\"";
        return false;
    }
    return true;
}

std::string takeOutput(std::vector<std::string>& args, std::string& path)
{
    bool missing = false;
    int given = 0;
    for (const char* name : {"-o", "--output"}) {
        std::string value;
        while (takeOption(args, name, value, missing)) {
            path = value;
            ++given;
        }
    }
    if (missing || (given == 1 && path.empty())) {
        return "-o needs a path";
    }
    return given > 1 ? "-o given more than once" : "";
}

std::string parsePlanArgs(std::vector<std::string> args, const std::string& command,
                          std::uint64_t defaultSeed, PlanArgs& out)
{
    out.json = takeFlag(args, "--json");
    std::string countText, seedText;
    bool missing = false;
    takeOption(args, "--exam", out.examId, missing);
    const bool hasCount = takeOption(args, "--count", countText, missing);
    const bool hasSeed = takeOption(args, "--seed", seedText, missing);
    if (missing) {
        return command + ": an option is missing its value";
    }
    if (!args.empty()) {
        return command + ": unexpected argument " + args.front();
    }
    if (hasCount) {
        int count = 0;
        if (const auto error = parseWholeNumber("--count", countText, count); !error.empty()) {
            return command + ": " + error;
        }
        out.count = count;
    }
    out.seed = defaultSeed;
    if (hasSeed) {
        if (const auto error = parseWholeNumber("--seed", seedText, out.seed); !error.empty()) {
            return command + ": " + error;
        }
    }
    return {};
}

std::string unknownOption(const std::vector<std::string>& args)
{
    for (const auto& a : args) {
        if (a.size() > 1 && a[0] == '-') {
            return a;
        }
    }
    return {};
}

} // namespace certdrill::cli
