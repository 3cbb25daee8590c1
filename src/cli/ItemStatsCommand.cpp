#include <nlohmann/json.hpp>

#include "certdrill/exam/ItemStats.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double>& v)
{
    return v ? json(*v) : json(nullptr);
}

/// "A*4 B1 C1 D0": each option's letter in the pack's order, a star on the key, and how often it was chosen.
std::string optionsText(const ItemStats& s)
{
    std::string out;
    for (const OptionUse& o : s.options) {
        out += (out.empty() ? "" : " ") + std::string(1, o.letter) + (o.correct ? "*" : "") +
               std::to_string(o.chosen);
    }
    return out + (s.unanswered ? " none" + std::to_string(s.unanswered) : "");
}

std::string flagsText(const ItemStats& s)
{
    std::string flags;
    const auto add = [&](const std::string& flag) {
        flags += (flags.empty() ? "" : "; ") + flag;
    };
    if (s.discriminatesNegatively()) {
        add("discriminates negatively");
    }
    if (const std::string unused = s.unusedDistractors(); !unused.empty()) {
        add("never chosen: " + unused);
    }
    if (s.tooFew()) {
        add("few responses");
    }
    return flags;
}

std::string padded(std::string s, size_t width)
{
    s.resize(std::max(width, s.size()), ' ');
    return s;
}

} // namespace

int itemStatsCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    if (args.empty() || !unknownOption(args).empty()) {
        return ctx.usage(
            "item-stats: usage is item-stats [--json] FILE.csv..., files of certdrill-cli results ID "
            "--csv");
    }
    std::vector<Attempt> attempts;
    for (const std::string& file : args) {
        auto read = readResultsFile(file);
        if (!read) {
            ctx.err() << "certdrill-cli: " << read.error().message << "\n";
            return kInvalid;
        }
        for (Attempt& a : read.value()) {
            attempts.push_back(std::move(a));
        }
    }
    const ItemAnalysis analysis = analyseItems(attempts);
    for (const std::string& warning : analysis.warnings) {
        ctx.err() << "certdrill-cli: warning: " << warning << "\n";
    }
    if (asJson) {
        json items = json::array();
        for (const ItemStats& s : analysis.items) {
            json options = json::array();
            for (const OptionUse& o : s.options) {
                options.push_back(
                    {{"letter", std::string(1, o.letter)}, {"correct", o.correct}, {"chosen", o.chosen}});
            }
            items.push_back({{"pack", s.packId},
                             {"question", s.questionId},
                             {"content_hash", s.contentHash},
                             {"pack_versions", s.packVersions},
                             {"responses", s.responses},
                             {"correct", s.correct},
                             {"unanswered", s.unanswered},
                             {"facility", s.facility},
                             {"discrimination", optionalNumber(s.discrimination)},
                             {"discriminative_efficiency", optionalNumber(s.efficiency)},
                             {"upper_lower", optionalNumber(s.upperLower)},
                             {"group_size", s.groupSize},
                             {"options", options},
                             {"discriminates_negatively", s.discriminatesNegatively()},
                             {"unused_distractors", s.unusedDistractors()},
                             {"too_few_responses", s.tooFew()}});
        }
        ctx.out() << json{{"attempts", analysis.attempts},
                          {"min_responses", kItemStatsMinResponses},
                          {"items", items},
                          {"warnings", analysis.warnings}}
                         .dump(2)
                  << "\n";
        return kOk;
    }
    ctx.out() << counted(static_cast<size_t>(analysis.attempts), "attempt") << ", "
              << counted(analysis.items.size(), "question") << " (definitions: docs/item-analysis.md)\n";
    std::vector<std::vector<std::string>> table = {{"question", "versions", "n", "facility", "discrim.",
                                                    "efficiency", "D 27%", "options (* key)", "flags"}};
    for (const ItemStats& s : analysis.items) {
        std::string versions;
        for (const std::string& v : s.packVersions) {
            versions += (versions.empty() ? "" : ",") + v;
        }
        // As Moodle shows them: facility, discrimination index and efficiency in percent; D as a difference
        // of two shares, -1 to 1.
        table.push_back({s.packId + "/" + s.questionId, versions, std::to_string(s.responses),
                         pct(s.facility), s.discrimination ? pct(*s.discrimination) : "-",
                         s.efficiency ? pct(*s.efficiency) : "-",
                         s.upperLower ? fixed(*s.upperLower, 2) : "-", optionsText(s), flagsText(s)});
    }
    std::vector<size_t> widths(table.front().size(), 0);
    for (const auto& row : table) {
        for (size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    for (const auto& row : table) {
        std::string line;
        for (size_t c = 0; c + 1 < row.size(); ++c) {
            line += padded(row[c], widths[c] + 2);
        }
        line += row.back();
        while (!line.empty() && line.back() == ' ') {
            line.pop_back();
        }
        ctx.out() << line << "\n";
    }
    const bool anyFew = std::any_of(analysis.items.begin(), analysis.items.end(),
                                    [](const ItemStats& s) { return s.tooFew(); });
    if (anyFew) {
        ctx.out()
            << "few responses: fewer than " << kItemStatsMinResponses
            << " attempts were served the question; a discrimination's standard error is then above 0.18, "
               "so its sign is not to be trusted\n";
    }
    return kOk;
}

} // namespace certdrill::cli
