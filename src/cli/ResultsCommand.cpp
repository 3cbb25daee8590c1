#include <algorithm>
#include <iomanip>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int resultsCommand(Context& ctx, Args args)
{
    const bool asCsv = takeFlag(args, "--csv");
    if (args.size() != 1 || !unknownOption(args).empty()) {
        return ctx.usage("results: usage is results ID [--csv], with ID from history");
    }
    std::int64_t id = 0;
    if (!parseWholeNumber("ID", args.front(), id).empty()) {
        return ctx.usage("results: the session ID must be a number, not \"" + args.front() + "\"");
    }
    // Only a finished mock or practice exam: the answers of one still running stay hidden, as in the app.
    const auto sessions = ctx.finishedSessions();
    if (!sessions) {
        return kInvalid;
    }
    const auto found =
        std::find_if(sessions->begin(), sessions->end(), [&](const SessionSummary& h) { return h.id == id; });
    if (found == sessions->end()) {
        ctx.err() << "certdrill-cli: no finished exam with ID " << id << " (see certdrill-cli history)\n";
        return kInvalid;
    }
    auto session = ExamSession::open(*ctx.store(OpenMode::ReadOnly), id);
    if (!session) {
        ctx.err() << "certdrill-cli: " << session.error().message << "\n";
        return kInvalid;
    }
    const ExamSession& e = *session.value();
    if (asCsv) {
        ctx.out() << sessionCsv(e.exam(), e.items());
        return kOk;
    }
    ctx.out() << (found->mode == SessionMode::Exam ? "exam" : "practice") << " " << id << ", finished "
              << utcMinute(found->finishedAtMs) << " UTC: " << pct(found->score) << " (" << found->correct
              << "/" << found->total << ") " << outcomeWord(found->abandoned, found->passed) << "\n";
    // The clock's time, not the sum of the question screens' (the review screen and a strict exam's time
    // while the app was closed count too), per question actually answered.
    const SessionScore score = e.score();
    const std::string pace = score.answered > 0
                                 ? fixed(score.minutesPerAnsweredQuestion(), 1) + " min per answered question"
                                 : "no question answered";
    ctx.out() << "time used " << minutesSecondsText(score.elapsedMs) << " of " << e.exam().durationMinutes
              << " minutes, " << pace << ", " << minutesSecondsText(score.reviewMs)
              << " on the review screen; " << score.unanswered() << " of " << score.total << " unanswered\n";
    ctx.out() << std::left << std::setw(5) << "#" << std::setw(12) << "question" << std::setw(30) << "domain"
              << std::setw(12) << "result" << std::setw(7) << "yours" << std::setw(7) << "key" << std::right
              << std::setw(6) << "secs"
              << "\n";
    for (const SessionItem& it : e.items()) {
        const AnswerLetters letters = answerLetters(it);
        ctx.out() << std::left << std::setw(5) << it.position + 1 << std::setw(12) << it.question.id
                  << std::setw(30) << it.question.domain << std::setw(12) << resultName(it) << std::setw(7)
                  << (letters.chosen.empty() ? "-" : letters.chosen) << std::setw(7) << letters.correct
                  << std::right << std::setw(6) << (it.timeMs + 500) / 1000 << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
