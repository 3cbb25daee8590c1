#include <algorithm>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/FinalExams.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

int mockPlanCommand(Context& ctx, Args args)
{
    PlanArgs a;
    if (const auto error =
            parsePlanArgs(args, "mock-plan", static_cast<std::uint64_t>(ctx.clock().wallMs()), a);
        !error.empty()) {
        return ctx.usage(error);
    }
    const bool asJson = a.json;
    std::string& examId = a.examId;
    const std::uint64_t seed = a.seed;
    Store* s = ctx.store(OpenMode::ReadOnly);
    if (!s || !ctx.resolveExam(examId)) {
        return kInvalid;
    }
    auto exam = s->exam(examId);
    if (!exam) {
        ctx.err() << "certdrill-cli: " << exam.error().message << "\n";
        return kInvalid;
    }
    // The exam's default length applies only when --count is absent; "--count 0" is out of range like 71.
    if (a.count && (*a.count < exam->countMin || *a.count > exam->countMax)) {
        return ctx.usage("mock-plan: --count must be between " + std::to_string(exam->countMin) + " and " +
                         std::to_string(exam->countMax) + " for " + examId);
    }
    // The practice pool as planning reads it: the form the app would assemble from the same seed, without a
    // Question for every question of the bank.
    auto bank = practiceBank(*s, exam.value());
    auto served =
        bank ? s->lastServed() : Result<std::unordered_map<std::int64_t, std::int64_t>>(bank.error());
    if (!served) {
        ctx.err() << "certdrill-cli: " << served.error().message << "\n";
        return kInvalid;
    }
    const Form form = assembleForm(exam.value(), bank.value(), served.value(), a.count.value_or(0), seed);
    if (asJson) {
        json domains = json::array();
        for (const auto& d : form.domains) {
            domains.push_back({{"id", d.domainId},
                               {"weight", d.weight},
                               {"target", d.target},
                               {"available", d.available},
                               {"chosen", d.chosen},
                               {"multi_select", d.chosenMulti},
                               {"missing", std::max(0, d.missing())}});
        }
        json ids = json::array();
        for (const auto& i : form.items) {
            ids.push_back(i.question.id);
        }
        ctx.out() << json{{"exam", form.examId},
                          {"seed", form.seed},
                          {"requested", form.requested},
                          {"questions", form.items.size()},
                          {"multi_select", form.multiSelect()},
                          {"multi_select_target", form.multiSelectTarget},
                          {"complete", form.complete()},
                          {"domains", domains},
                          {"question_ids", ids}}
                         .dump(2)
                  << "\n";
    } else {
        ctx.out() << "Mock exam form for " << form.examId << ": " << form.items.size() << " of "
                  << counted(static_cast<std::size_t>(form.requested), "question") << ", "
                  << form.multiSelect() << " multi-select (target " << form.multiSelectTarget << "), seed "
                  << form.seed << "\n";
        ctx.out() << "  " << std::left << std::setw(40) << "domain" << std::right << std::setw(7) << "weight"
                  << std::setw(8) << "target" << std::setw(7) << "drawn" << std::setw(7) << "multi"
                  << std::setw(7) << "bank"
                  << "\n";
        for (const auto& d : form.domains) {
            ctx.out() << "  " << cell(d.name, 40) << std::right << std::setw(6) << fixed(d.weight, 0) << "%"
                      << std::setw(8) << d.target << std::setw(7) << d.chosen << std::setw(7) << d.chosenMulti
                      << std::setw(7) << d.available << "\n";
        }
        ctx.out() << "  questions:";
        for (const auto& i : form.items) {
            ctx.out() << " " << i.question.id;
        }
        ctx.out() << "\n";
    }
    for (const auto& line : form.shortfalls()) {
        ctx.err() << "certdrill-cli: the bank cannot fill " << line << "\n";
    }
    return form.complete() ? kOk : kInvalid;
}

} // namespace certdrill::cli
