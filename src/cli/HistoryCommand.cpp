#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/exam/SessionHistory.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

int historyCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    if (!args.empty()) {
        return ctx.usage("history: unexpected argument " + args.front());
    }
    const auto sessions = ctx.finishedSessions();
    if (!sessions) {
        return kInvalid;
    }
    if (asJson) {
        json j = json::array();
        for (const auto& h : *sessions) {
            json domains = json::array();
            for (const auto& d : h.domains) {
                domains.push_back({{"id", d.id},
                                   {"correct", d.correct},
                                   {"total", d.total},
                                   {"seen", d.seen},
                                   {"answered", d.answered},
                                   {"minutes_per_question", d.minutesPerQuestion()}});
            }
            j.push_back({{"id", h.id},
                         {"exam", h.examId},
                         {"mode", h.mode == SessionMode::Exam ? "exam" : "practice"},
                         {"started_at_ms", h.startedAtMs},
                         {"finished_at_ms", h.finishedAtMs},
                         {"finish_reason", h.finishReason},
                         {"abandoned", h.abandoned},
                         {"correct", h.correct},
                         {"total", h.total},
                         {"excluded", h.excluded},
                         {"answered", h.answered},
                         {"unanswered", h.unanswered()},
                         {"incomplete", h.incomplete},
                         {"score", h.score},
                         {"pass_percent", h.passPercent},
                         {"passed", h.passed},
                         {"elapsed_ms", h.elapsedMs},
                         {"time_used", minutesSecondsText(h.elapsedMs)},
                         {"review_ms", h.reviewMs},
                         {"minutes_per_answered_question", h.minutesPerAnsweredQuestion()},
                         {"domains", domains}});
        }
        ctx.out() << j.dump(2) << "\n";
        return kOk;
    }
    if (sessions->empty()) {
        ctx.out() << "no finished sessions\n";
        return kOk;
    }
    ctx.out() << std::left << std::setw(6) << "id" << std::setw(10) << "mode" << std::setw(18)
              << "started (UTC)" << std::setw(18) << "finished (UTC)" << std::setw(11) << "reason"
              << std::right << std::setw(9) << "score" << std::setw(7) << "result" << std::setw(14) << "time"
              << std::setw(11) << "unanswered"
              << "  domains (correct/total)\n";
    for (const auto& h : *sessions) {
        ctx.out() << std::left << std::setw(6) << h.id << std::setw(10)
                  << (h.mode == SessionMode::Exam ? "exam" : "practice") << std::setw(18)
                  << utcMinute(h.startedAtMs) << std::setw(18) << utcMinute(h.finishedAtMs) << std::setw(11)
                  << h.finishReason << std::right << std::setw(9) << pct(h.score) << std::setw(7)
                  << outcomeWord(h.abandoned, h.passed, "-") << std::setw(14) << durationText(h.elapsedMs)
                  << std::setw(11) << h.unanswered() << " ";
        for (const auto& d : h.domains) {
            ctx.out() << " " << d.id << " " << d.correct << "/" << d.total;
        }
        if (h.excluded) {
            ctx.out() << " (" << counted(static_cast<size_t>(h.excluded), "question") << " excluded)";
        }
        ctx.out() << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
