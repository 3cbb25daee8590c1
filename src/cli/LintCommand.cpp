#include <nlohmann/json.hpp>

#include "certdrill/pack/ItemLint.h"
#include "certdrill/pack/PackLoader.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

namespace {

json summaryJson(const LintSummary& s)
{
    json strategies = json::array();
    for (std::size_t i = 0; i < kStrategyCount; ++i) {
        const auto strategy = static_cast<Strategy>(i);
        strategies.push_back({{"name", strategyName(strategy)},
                              {"label", strategyLabel(strategy)},
                              {"right", s.strategyRight[i]},
                              {"share", s.share(s.strategyRight[i])},
                              {"chance", s.share(s.chanceRight)}});
    }
    json rules = json::array();
    for (std::size_t i = 0; i < kRuleCount; ++i) {
        const auto rule = static_cast<LintRule>(i);
        // A structural flaw has no chance rate: a well-written item never has it.
        rules.push_back({{"name", ruleName(rule)},
                         {"label", ruleLabel(rule)},
                         {"questions", s.fired[i]},
                         {"share", s.share(s.fired[i])},
                         {"chance", i < kCueRuleCount ? json(s.share(s.chanceFired[i])) : json(nullptr)}});
    }
    const auto failures = s.strictFailures();
    return {{"questions", s.questions}, {"chance", s.share(s.chanceRight)}, {"strategies", strategies},
            {"rules", rules},           {"strict_ok", failures.empty()},    {"strict_failures", failures}};
}

void printSummary(std::ostream& out, const LintSummary& s)
{
    for (std::size_t i = 0; i < kStrategyCount; ++i) {
        out << "  " << s.strategyLine(static_cast<Strategy>(i)) << "\n";
    }
    for (std::size_t i = 0; i < kRuleCount; ++i) {
        const auto rule = static_cast<LintRule>(i);
        out << "  " << ruleLabel(rule) << ": " << s.fired[i] << " (" << pct(s.share(s.fired[i])) << ")";
        if (i < kCueRuleCount) {
            out << ", chance " << pct(s.share(s.chanceFired[i]));
        }
        out << "\n";
    }
}

} // namespace

int lintCommand(Context& ctx, Args args)
{
    const bool strict = takeFlag(args, "--strict");
    const bool asJson = takeFlag(args, "--json");
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return ctx.usage("lint: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("lint: unknown option " + bad);
    }
    if (args.empty()) {
        return ctx.usage("lint: name at least one pack file");
    }
    const auto stored = ctx.storedExams();
    if (!stored) {
        return kInvalid;
    }
    const auto loaded =
        loadPacks(std::vector<std::filesystem::path>(args.begin(), args.end()), *stored, moodle);
    // Only errors: a file that does not load cannot be linted. The validator's warnings are validate's to
    // show. With --json they are JSON too, so a script reading the output gets a document, not nothing.
    int errors = 0;
    json errorList = json::array();
    for (const auto& lp : loaded) {
        for (const auto& d : lp.diagnostics) {
            if (d.isError()) {
                ctx.err() << d.format() << "\n";
                errorList.push_back({{"file", d.file},
                                     {"line", d.pos.line},
                                     {"column", d.pos.column},
                                     {"pointer", d.pointer},
                                     {"place", d.place},
                                     {"message", d.message}});
                ++errors;
            }
        }
    }
    if (errors > 0) {
        if (asJson) {
            ctx.out() << json{{"errors", errorList},
                              {"total", nullptr},
                              {"packs", json::array()},
                              {"findings", json::array()}}
                             .dump(2, ' ', false,
                                   json::error_handler_t::replace) // a file name may not be UTF-8
                      << "\n";
        }
        ctx.err() << "certdrill-cli: lint: " << counted(static_cast<std::size_t>(errors), "error")
                  << "; fix them (certdrill-cli validate) before the lint can judge the questions\n";
        return kInvalid;
    }
    const LintReport report = lintPacks(loaded);
    const auto failures = report.total.strictFailures();
    if (asJson) {
        json packs = json::array();
        for (const auto& p : report.packs) {
            json j = summaryJson(p.summary);
            j["id"] = p.packId;
            j["file"] = p.file;
            packs.push_back(j);
        }
        json findings = json::array();
        for (const auto& f : report.findings) {
            findings.push_back({{"file", f.file},
                                {"line", f.pos.line},
                                {"column", f.pos.column},
                                {"pointer", f.pointer},
                                {"place", f.place},
                                {"question", f.questionId},
                                {"rule", ruleName(f.rule)},
                                {"message", f.message}});
        }
        ctx.out() << json{{"errors", json::array()},
                          {"total", summaryJson(report.total)},
                          {"packs", packs},
                          {"findings", findings}}
                         .dump(2)
                  << "\n";
    } else {
        for (const auto& f : report.findings) {
            ctx.out() << f.diagnostic().format() << "\n";
        }
        for (const auto& p : report.packs) {
            if (p.summary.questions == 0) {
                continue;
            }
            ctx.out() << "Pack " << p.packId << " (" << p.file
                      << "): " << counted(static_cast<std::size_t>(p.summary.questions), "question") << "\n";
            printSummary(ctx.out(), p.summary);
        }
        if (report.packs.size() > 1) {
            ctx.out() << "All " << report.packs.size()
                      << " packs: " << counted(static_cast<std::size_t>(report.total.questions), "question")
                      << "\n";
            printSummary(ctx.out(), report.total);
        }
        if (failures.empty()) {
            ctx.out() << "lint: every surface strategy and cue within " << fixed(kStrictMarginPoints, 0)
                      << " points of chance, no structural flaw\n";
        } else {
            ctx.out() << "lint: " << (strict ? "--strict fails" : "--strict would fail") << ":\n";
            for (const auto& f : failures) {
                ctx.out() << "  - " << f << "\n";
            }
        }
    }
    return strict && !failures.empty() ? kInvalid : kOk;
}

} // namespace certdrill::cli
