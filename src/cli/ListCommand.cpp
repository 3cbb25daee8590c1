#include <iomanip>
#include <map>

#include <nlohmann/json.hpp>

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

int listCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    if (missing) {
        return ctx.usage("list: --exam needs an id");
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("list: unknown option " + bad);
    }
    if (args.size() != 1 || (args[0] != "exams" && args[0] != "packs" && args[0] != "domains")) {
        return ctx.usage("list: say what to list: exams, packs or domains");
    }
    Store* s = ctx.store(OpenMode::ReadOnly);
    if (!s) {
        return kInvalid;
    }
    const std::string what = args[0];
    if (what == "packs") {
        auto packs = s->packs();
        if (!packs) {
            ctx.err() << "certdrill-cli: " << packs.error().message << "\n";
            return kInvalid;
        }
        json j = json::array();
        const int idCol = idColumnWidth(
            packs.value(), [](const auto& p) -> const std::string& { return p.id; }, 35);
        for (const auto& p : packs.value()) {
            j.push_back({{"id", p.id},
                         {"title", p.title},
                         {"version", p.version},
                         {"license", p.license},
                         {"sha256", p.sha256},
                         {"source", p.sourcePath},
                         {"questions", p.activeQuestions},
                         {"retired", p.retiredQuestions},
                         {"authors", p.authors},
                         {"removed", p.removed}});
            if (!asJson) {
                ctx.out() << std::left << std::setw(idCol) << p.id << std::setw(10) << p.version << std::right
                          << std::setw(5) << p.activeQuestions
                          << (p.activeQuestions == 1 ? " question   " : " questions  ") << p.title
                          << (p.removed ? " (removed)" : "") << "\n";
            }
        }
        if (asJson) {
            ctx.out() << j.dump(2) << "\n";
        }
        return kOk;
    }
    auto exams = s->exams();
    if (!exams) {
        ctx.err() << "certdrill-cli: " << exams.error().message << "\n";
        return kInvalid;
    }
    json j = json::array();
    bool found = examId.empty();
    for (const auto& e : exams.value()) {
        if (!examId.empty() && e.id != examId) {
            continue;
        }
        found = true;
        auto counts = s->domainCounts(e.id);
        std::map<std::string, DomainCount> byDomain;
        if (counts) {
            for (const auto& c : counts.value()) {
                byDomain[c.domainId] = c;
            }
        }
        int total = 0;
        json domains = json::array();
        for (const auto& d : e.domains) {
            const auto& c = byDomain[d.id];
            total += c.questions;
            const auto topicsJson = [](const std::vector<Topic>& topics) {
                json list = json::array();
                for (const auto& t : topics) {
                    list.push_back({{"id", t.id}, {"name", t.name}});
                }
                return list;
            };
            domains.push_back({{"id", d.id},
                               {"name", d.name},
                               {"weight", d.weight},
                               {"questions", c.questions},
                               {"multi_select", c.multiSelect},
                               {"objectives", topicsJson(d.objectives)},
                               {"subtopics", topicsJson(d.subtopics)}});
        }
        j.push_back(
            {{"id", e.id},
             {"title", e.title},
             {"version", e.version},
             {"duration_minutes", e.durationMinutes},
             {"question_count", {{"min", e.countMin}, {"max", e.countMax}, {"default", e.countDefault}}},
             {"pass_percent", e.passPercent},
             {"multi_select_share", e.multiSelectShare},
             {"questions", total},
             {"domains", domains}});
        if (asJson) {
            continue;
        }
        if (what == "exams") {
            ctx.out() << e.id << "  " << e.title << " (" << e.version << "): " << e.durationMinutes
                      << " min, " << counted(static_cast<std::size_t>(e.countDefault), "question") << " ("
                      << e.countMin << "-" << e.countMax << "), pass " << fixed(e.passPercent, 0) << "%, "
                      << counted(e.domains.size(), "domain") << ", "
                      << counted(static_cast<std::size_t>(total), "question") << " in the bank\n";
        } else {
            ctx.out() << e.id << ":\n";
            for (const auto& d : e.domains) {
                const auto& c = byDomain[d.id];
                ctx.out() << "  " << std::left << std::setw(24) << d.id << cell(d.name, 44) << std::right
                          << std::setw(4) << fixed(d.weight, 0) << "%" << std::setw(6) << c.questions
                          << (c.questions == 1 ? " question\n" : " questions\n");
            }
        }
    }
    if (!found) {
        ctx.err() << "certdrill-cli: no exam \"" << examId << "\" in the database\n";
        return kInvalid;
    }
    if (asJson) {
        ctx.out() << (what == "domains" && j.size() == 1 ? j[0]["domains"] : j).dump(2) << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
