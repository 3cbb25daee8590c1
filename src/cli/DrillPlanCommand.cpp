#include <iomanip>
#include <map>

#include <nlohmann/json.hpp>

#include "certdrill/exam/FinalExams.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Tracker.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

int drillPlanCommand(Context& ctx, Args args)
{
    PlanArgs a;
    if (const auto error =
            parsePlanArgs(args, "drill-plan", static_cast<std::uint64_t>(ctx.clock().wallMs()), a);
        !error.empty()) {
        return ctx.usage(error);
    }
    const bool asJson = a.json;
    std::string& examId = a.examId;
    PlannerOptions options;
    options.count = a.count.value_or(options.count);
    options.seed = a.seed;
    if (options.count < 1 || options.count > 500) {
        return ctx.usage("drill-plan: --count must be between 1 and 500");
    }
    Store* s = ctx.store(OpenMode::ReadOnly);
    if (!s || !ctx.resolveExam(examId)) {
        return kInvalid;
    }
    auto exam = s->exam(examId);
    // The practice bank: questions held back for final exams are never planned.
    auto bank = exam ? practiceBank(*s, exam.value()) : Result<PlanningBank>(exam.error());
    if (!bank) {
        ctx.err() << "certdrill-cli: " << bank.error().message << "\n";
        return kInvalid;
    }
    const auto report = ctx.loadTracker(exam.value(), bank.value());
    if (!report) {
        return kInvalid;
    }
    const TrackerReport& t = *report;
    const DrillPlan plan = planDrill(t.planner, options);
    // The ids of the planned questions only: a map of the whole bank cost more than the plan at 100,000.
    std::map<std::int64_t, std::string> idOf;
    for (const auto& q : plan.questions) {
        idOf.emplace(q.id, std::string());
    }
    for (const auto& r : bank.value().rows) {
        if (const auto it = idOf.find(r.rowId); it != idOf.end()) {
            it->second = r.questionId;
        }
    }
    if (asJson) {
        json domains = json::array();
        for (std::size_t d = 0; d < t.domains.size(); ++d) {
            domains.push_back({{"id", t.domains[d].domainId},
                               {"band", bandName(t.domains[d].band)},
                               {"mastery", t.domains[d].mastery.mean},
                               {"ability", d < t.planner.ability.size() ? t.planner.ability[d] : 0.0},
                               {"questions", plan.perDomain[d]},
                               {"eligible", plan.eligible[d]}});
        }
        json questions = json::array();
        for (const auto& q : plan.questions) {
            questions.push_back({{"id", idOf[q.id]},
                                 {"domain", t.domains[static_cast<std::size_t>(q.domain)].domainId},
                                 {"reason", reasonName(q.reason)},
                                 {"solve", q.solve}});
        }
        ctx.out() << json{{"exam", examId},
                          {"seed", options.seed},
                          {"domains", domains},
                          {"questions", questions}}
                         .dump(2)
                  << "\n";
        return kOk;
    }
    ctx.out() << "Drill plan for " << examId << ": " << counted(plan.questions.size(), "question")
              << ", seed " << options.seed << "\n";
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        ctx.out() << "  " << cell(t.domains[d].name, 44) << std::left << std::setw(8)
                  << bandName(t.domains[d].band) << std::setw(24) << masteryText(t.domains[d]) << std::right
                  << std::setw(4) << plan.perDomain[d] << "\n";
    }
    for (const auto& q : plan.questions) {
        ctx.out() << "  " << idOf[q.id] << " (" << reasonName(q.reason);
        if (q.solve >= 0) {
            ctx.out() << ", solve " << fixed(q.solve * 100.0, 0) << "%";
        }
        ctx.out() << ")\n";
    }
    return kOk;
}

} // namespace certdrill::cli
