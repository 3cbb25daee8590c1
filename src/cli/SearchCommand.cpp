#include <algorithm>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/exam/QuestionSearch.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

namespace {

constexpr const char* kSearchUsage =
    "search: usage is search [TEXT...] [--exam ID] [--domain ID] [--objective ID] "
    "[--difficulty N] [--pack ID] [--multi|--single] [--status S] [--limit N] "
    "[--offset N] [--json]";

/// Takes every `--name VALUE` of a repeatable option; false (usage error) when one has no value.
bool takeAll(Args& args, const std::string& name, std::set<std::string>& values)
{
    std::string value;
    bool missing = false;
    while (takeOption(args, name, value, missing)) {
        values.insert(value);
    }
    return !missing;
}

/// The statuses that hold for a question, by name.
json statusNames(const QuestionRecord& record)
{
    json out = json::array();
    for (const auto s : questionStatuses()) {
        if (record.has(s)) {
            out.push_back(questionStatusName(s));
        }
    }
    return out;
}

/// The stem's first line, at most `width` characters (whole UTF-8 sequences).
std::string shortStem(const std::string& stem, std::size_t width)
{
    std::string line = stem.substr(0, stem.find('\n'));
    if (line.size() <= width) {
        return line;
    }
    std::size_t cut = width;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    return line.substr(0, cut) + "…";
}

} // namespace

int searchCommand(Context& ctx, Args args)
{
    SearchQuery query;
    const bool asJson = takeFlag(args, "--json");
    const bool multi = takeFlag(args, "--multi");
    const bool single = takeFlag(args, "--single");
    if (multi && single) {
        return ctx.usage("search: --multi and --single exclude each other");
    }
    if (multi || single) {
        query.multiSelect = multi;
    }
    std::set<std::string> difficulties, statuses, exams;
    if (!takeAll(args, "--domain", query.domains) || !takeAll(args, "--objective", query.objectives) ||
        !takeAll(args, "--pack", query.packs) || !takeAll(args, "--difficulty", difficulties) ||
        !takeAll(args, "--status", statuses) || !takeAll(args, "--exam", exams) || exams.size() > 1) {
        return ctx.usage(kSearchUsage);
    }
    for (const auto& d : difficulties) {
        int n = 0;
        if (auto error = parseWholeNumber("--difficulty", d, n); !error.empty()) {
            return ctx.usage("search: " + error);
        }
        query.difficulties.insert(n);
    }
    for (const auto& s : statuses) {
        const auto status = parseQuestionStatus(s);
        if (!status) {
            std::string names;
            for (const auto known : questionStatuses()) {
                names += (names.empty() ? "" : ", ") + std::string(questionStatusName(known));
            }
            return ctx.usage("search: --status " + s + " is not one of " + names);
        }
        query.statuses.insert(*status);
    }
    for (const char* option : {"--limit", "--offset"}) {
        std::string value;
        bool missing = false;
        if (takeOption(args, option, value, missing)) {
            int& target = std::string(option) == "--limit" ? query.limit : query.offset;
            if (auto error = parseWholeNumber(option, value, target); !error.empty() || target < 0) {
                return ctx.usage("search: " +
                                 (error.empty() ? std::string(option) + " must be 0 or more" : error));
            }
        } else if (missing) {
            return ctx.usage(kSearchUsage);
        }
    }
    if (const auto unknown = unknownOption(args); !unknown.empty()) {
        return ctx.usage("search: unknown option " + unknown);
    }
    // The words may come as one argument or many: `search kv cache` and `search "kv cache"` are the same.
    for (const auto& word : args) {
        query.text += (query.text.empty() ? "" : " ") + word;
    }
    query.examId = exams.empty() ? std::string() : *exams.begin();
    Store* store = ctx.store();
    if (!store || !ctx.resolveExam(query.examId)) {
        return kInvalid;
    }
    const auto found = searchQuestions(*store, query);
    if (!found) {
        ctx.err() << "certdrill-cli: " << found.error().message << "\n";
        return kInvalid;
    }
    if (asJson) {
        json results = json::array();
        for (const auto& h : found->hits) {
            results.push_back({{"id", h.key()},
                               {"pack", h.packId},
                               {"question", h.question.id},
                               {"domain", h.question.domain},
                               {"objective", h.question.objective},
                               {"difficulty", h.question.difficulty},
                               {"select", h.question.select},
                               {"stem", h.question.stem},
                               {"answers", h.record.answers},
                               {"wrong", h.record.wrong},
                               {"status", statusNames(h.record)}});
        }
        ctx.out() << json{{"exam", query.examId}, {"total", found->total}, {"results", results}}.dump(2)
                  << "\n";
        return kOk;
    }
    // The keys (note, bookmark take them) and domain ids are printed whole.
    const int keyCol = idColumnWidth(
        found->hits, [](const auto& h) { return h.key(); }, 28);
    const int domainCol = idColumnWidth(
        found->hits, [](const auto& h) -> const std::string& { return h.question.domain; }, 20);
    for (const auto& h : found->hits) {
        std::string flags;
        for (const auto& s : statusNames(h.record)) {
            flags += (flags.empty() ? "" : ",") + s.get<std::string>();
        }
        ctx.out() << std::left << std::setw(keyCol) << h.key() << std::setw(domainCol) << h.question.domain
                  << std::setw(24) << flags << " " << shortStem(h.question.stem, 60) << "\n";
    }
    ctx.out() << found->hits.size() << " shown of " << found->total << " matching\n";
    return kOk;
}

} // namespace certdrill::cli
