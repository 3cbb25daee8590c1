#include <algorithm>
#include <iomanip>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"
#include "PdfOutput.h"

namespace certdrill::cli {

int resultsCommand(Context& ctx, Args args)
{
    const bool asCsv = takeFlag(args, "--csv");
    const bool anonymous = takeFlag(args, "--anonymous");
    std::string pdfPath;
    bool missing = false;
    const bool asPdf = takeOption(args, "--pdf", pdfPath, missing);
    if (missing || args.size() != 1 || !unknownOption(args).empty() || (asCsv && asPdf) ||
        (anonymous && !asCsv)) {
        return ctx.usage("results: usage is results ID [--csv [--anonymous]|--pdf FILE], with ID from history");
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
    // --anonymous saves its salt on first use, so the store is opened to write then; reopening it later
    // would free the store the session reads from.
    Store* store = ctx.store(anonymous ? OpenMode::ReadWrite : OpenMode::ReadOnly);
    if (!store) {
        return kInvalid;
    }
    auto session = ExamSession::open(*store, id);
    if (!session) {
        ctx.err() << "certdrill-cli: " << session.error().message << "\n";
        return kInvalid;
    }
    const ExamSession& e = *session.value();
    if (asCsv) {
        // certdrill stores no learner's name; what tells who sat when is the session's number and start.
        std::string attempt = "session " + std::to_string(id) + " " + utcMinute(found->startedAtMs) + " UTC";
        if (anonymous) {
            auto label = anonymousAttempt(*store, id);
            if (!label) {
                ctx.err() << "certdrill-cli: " << label.error().message << "\n";
                return kInvalid;
            }
            attempt = label.value();
        }
        ctx.out() << sessionCsv(e.exam(), e.items(), attempt);
        return kOk;
    }
    if (asPdf) {
        return writeSessionPdf(ctx, e, pdfPath);
    }
    ctx.out() << (found->mode == SessionMode::Exam ? "exam" : "practice") << " " << id << ", finished "
              << utcMinute(found->finishedAtMs) << " UTC: " << pct(found->score) << " (" << found->correct
              << "/" << found->total << ") " << outcomeWord(found->abandoned, found->passed)
              << (found->excluded
                      ? ", " + counted(static_cast<size_t>(found->excluded), "question") + " excluded"
                      : "")
              << "\n";
    // The clock's time, not the sum of the question screens' (the review screen and a strict exam's time
    // while the app was closed count too), per question actually answered.
    const SessionScore score = e.score();
    const std::string pace = score.answered > 0
                                 ? paceText(score.minutesPerAnsweredQuestion()) + " per answered question"
                                 : "no question answered";
    ctx.out() << "time used " << durationText(score.elapsedMs) << " of "
              << durationText(e.exam().durationMinutes * 60'000LL) << ", " << pace << ", "
              << durationText(score.reviewMs) << " on the review screen; " << score.unanswered() << " of "
              << score.total << " unanswered"
              << (score.incomplete ? ", " + std::to_string(score.incomplete) + " partly answered" : "")
              << "\n";
    const int idCol = idColumnWidth(
        e.items(), [](const SessionItem& it) -> const std::string& { return it.question.id; }, 11);
    const int domainCol = idColumnWidth(
        e.items(), [](const SessionItem& it) -> const std::string& { return it.question.domain; }, 29);
    ctx.out() << std::left << std::setw(5) << "#" << std::setw(idCol) << "question" << std::setw(domainCol)
              << "domain" << std::setw(12) << "result" << std::setw(7) << "yours" << std::setw(7) << "key"
              << std::right << std::setw(6) << "secs"
              << "\n";
    for (const SessionItem& it : e.items()) {
        const AnswerLetters letters = answerLetters(it);
        ctx.out() << std::left << std::setw(5) << it.position + 1 << std::setw(idCol) << it.question.id
                  << std::setw(domainCol) << it.question.domain << std::setw(12)
                  << (it.excluded ? "excluded" : resultName(it)) << std::setw(7)
                  << (letters.chosen.empty() ? "-" : letters.chosen) << std::setw(7) << letters.correct
                  << std::right << std::setw(6) << (it.timeMs + 500) / 1000 << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
