#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/exam/Retake.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

namespace {

using nlohmann::json;

json rowsJson(const std::vector<RetakeRow>& rows)
{
    json out = json::array();
    for (const RetakeRow& r : rows) {
        json row = {{"id", r.id},
                    {"before", {{"correct", r.beforeCorrect}, {"total", r.beforeTotal}}},
                    {"after", {{"correct", r.afterCorrect}, {"total", r.afterTotal}}}};
        row["change_points"] = r.comparable() ? json(r.change()) : json(nullptr);
        out.push_back(row);
    }
    return out;
}

std::string side(int correct, int total)
{
    return total ? std::to_string(correct) + "/" + std::to_string(total) : "-";
}

void printRows(Context& ctx, const char* title, const std::vector<RetakeRow>& rows)
{
    const int idCol = idColumnWidth(
        rows, [](const RetakeRow& r) -> const std::string& { return r.id; }, 39);
    ctx.out() << std::left << std::setw(idCol) << title << std::right << std::setw(9) << "before"
              << std::setw(9) << "after" << std::setw(9) << "change"
              << "\n";
    for (const RetakeRow& r : rows) {
        ctx.out() << std::left << std::setw(idCol) << r.id << std::right << std::setw(9)
                  << side(r.beforeCorrect, r.beforeTotal) << std::setw(9)
                  << side(r.afterCorrect, r.afterTotal) << std::setw(9)
                  << (r.comparable() ? (r.change() > 0 ? "+" : "") + fixed(r.change(), 0) : std::string("-"))
                  << "\n";
    }
}

} // namespace

int compareCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    if (args.size() != 2 || !unknownOption(args).empty()) {
        return ctx.usage("compare: usage is compare ID1 ID2 [--json], with IDs from history");
    }
    std::int64_t ids[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        if (!parseWholeNumber("ID", args[static_cast<std::size_t>(k)], ids[k]).empty()) {
            return ctx.usage("compare: a session ID must be a number, not \"" +
                             args[static_cast<std::size_t>(k)] + "\"");
        }
    }
    Store* store = ctx.store();
    if (!store) {
        return kInvalid;
    }
    const auto c = compareSessions(*store, ids[0], ids[1]);
    if (!c) {
        ctx.err() << "certdrill-cli: " << c.error().message << "\n";
        return kInvalid;
    }
    if (asJson) {
        json questions = json::array();
        for (const RetakeQuestion& q : c->questions) {
            questions.push_back({{"question", q.questionId},
                                 {"domain", q.domainId},
                                 {"outcome", retakeOutcomeName(q.outcome)}});
        }
        ctx.out() << json{{"before", {{"id", c->beforeId}, {"score", c->beforeScore}}},
                          {"after", {{"id", c->afterId}, {"score", c->afterScore}}},
                          {"shared_questions", c->questions.size()},
                          {"fixed", c->fixed},
                          {"slipped", c->slipped},
                          {"still_missed", c->stillMissed},
                          {"right_both", c->rightBoth},
                          {"questions", questions},
                          {"domains", rowsJson(c->domains)},
                          {"objectives", rowsJson(c->objectives)}}
                         .dump(2)
                  << "\n";
        return kOk;
    }
    ctx.out() << "session " << c->beforeId << " (" << pct(c->beforeScore) << ") -> session " << c->afterId
              << " (" << pct(c->afterScore) << ")\n";
    if (c->sharesQuestions()) {
        ctx.out() << c->questions.size() << " shared questions: " << c->fixed << " fixed, " << c->slipped
                  << " slipped, " << c->stillMissed << " still missed, " << c->rightBoth
                  << " right both times\n";
        const int idCol = idColumnWidth(
            c->questions, [](const RetakeQuestion& q) -> const std::string& { return q.questionId; }, 13);
        for (const RetakeQuestion& q : c->questions) {
            if (q.outcome != RetakeOutcome::RightBoth) {
                ctx.out() << "  " << std::left << std::setw(idCol) << q.questionId << std::setw(14)
                          << retakeOutcomeName(q.outcome) << q.domainId << "\n";
            }
        }
    } else {
        ctx.out() << "no shared questions: compared per objective\n";
    }
    printRows(ctx, "domain", c->domains);
    printRows(ctx, "objective", c->objectives);
    return kOk;
}

} // namespace certdrill::cli
