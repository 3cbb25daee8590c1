#include "certdrill/exam/Retake.h"

#include <map>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/store/Store.h"

namespace certdrill {

const char* retakeOutcomeName(RetakeOutcome outcome)
{
    switch (outcome) {
    case RetakeOutcome::Fixed:
        return "fixed";
    case RetakeOutcome::Slipped:
        return "slipped";
    case RetakeOutcome::StillMissed:
        return "still-missed";
    case RetakeOutcome::RightBoth:
        return "right-both";
    }
    return "right-both";
}

namespace {

/// Rows for every id either score has, in the order `order` lists ids.
std::vector<RetakeRow> mergeTallies(const std::vector<std::string>& order, const std::vector<Tally>& before,
                                    const std::vector<Tally>& after)
{
    std::map<std::string, RetakeRow> rows;
    for (const Tally& t : before) {
        RetakeRow& r = rows[t.id];
        r.id = t.id;
        r.beforeCorrect = t.correct;
        r.beforeTotal = t.total;
    }
    for (const Tally& t : after) {
        RetakeRow& r = rows[t.id];
        r.id = t.id;
        r.afterCorrect = t.correct;
        r.afterTotal = t.total;
    }
    std::vector<RetakeRow> out;
    for (const std::string& id : order) {
        if (const auto it = rows.find(id); it != rows.end()) {
            out.push_back(it->second);
        }
    }
    return out;
}

} // namespace

RetakeComparison compareItems(const ExamDef& exam, const std::vector<SessionItem>& before,
                              const std::vector<SessionItem>& after)
{
    RetakeComparison c;
    // A question served twice in one session cannot happen (forms never repeat a question); the map keeps
    // the first if a hand-edited database had it.
    std::map<std::int64_t, const SessionItem*> earlier;
    for (const SessionItem& it : before) {
        earlier.emplace(it.questionRow, &it);
    }
    for (const SessionItem& it : after) {
        const auto found = earlier.find(it.questionRow);
        if (found == earlier.end()) {
            continue;
        }
        const bool was = found->second->correct();
        const bool is = it.correct();
        RetakeQuestion q{it.questionRow,
                         it.question.id,
                         it.question.domain,
                         found->second->position,
                         it.position,
                         was ? (is ? RetakeOutcome::RightBoth : RetakeOutcome::Slipped)
                             : (is ? RetakeOutcome::Fixed : RetakeOutcome::StillMissed)};
        c.fixed += q.outcome == RetakeOutcome::Fixed;
        c.slipped += q.outcome == RetakeOutcome::Slipped;
        c.stillMissed += q.outcome == RetakeOutcome::StillMissed;
        c.rightBoth += q.outcome == RetakeOutcome::RightBoth;
        c.questions.push_back(std::move(q));
    }
    const SessionScore b = scoreItems(exam, before, exam.passPercent);
    const SessionScore a = scoreItems(exam, after, exam.passPercent);
    c.beforeScore = b.score;
    c.afterScore = a.score;
    std::vector<std::string> domainOrder, topicOrder;
    for (const Domain& d : exam.domains) {
        domainOrder.push_back(d.id);
        for (const Topic& t : d.topics()) {
            topicOrder.push_back(d.id + "/" + t.id);
        }
    }
    c.domains = mergeTallies(domainOrder, b.domains, a.domains);
    c.objectives = mergeTallies(topicOrder, b.topics, a.topics);
    return c;
}

Result<RetakeComparison> compareSessions(Store& store, std::int64_t first, std::int64_t second)
{
    if (first == second) {
        return Error{"choose two different sessions to compare"};
    }
    std::unique_ptr<ExamSession> sessions[2];
    const std::int64_t ids[2] = {std::min(first, second), std::max(first, second)};
    for (int k = 0; k < 2; ++k) {
        // Drills are sessions too, but ExamSession::open reads them as practice: refuse them by mode.
        auto mode = catchDbError("cannot read the sessions", [&]() -> Result<std::string> {
            Statement s(store.database(), "SELECT mode FROM sessions WHERE id = ?");
            s.bind(1, ids[k]);
            return s.step() ? s.getText(0) : std::string();
        });
        if (!mode) {
            return mode.error();
        }
        if (mode.value().empty() || mode.value() == "drill") {
            return Error{"no mock or practice exam with ID " + std::to_string(ids[k]) + " (see the history)"};
        }
        auto opened = ExamSession::open(store, ids[k]);
        if (!opened) {
            return opened.error();
        }
        if (!opened.value()->finished()) {
            return Error{"session " + std::to_string(ids[k]) + " is not finished yet"};
        }
        sessions[k] = std::move(opened.value());
    }
    if (sessions[0]->exam().id != sessions[1]->exam().id) {
        return Error{"sessions " + std::to_string(ids[0]) + " and " + std::to_string(ids[1]) +
                     " are of different exams (" + sessions[0]->exam().id + ", " + sessions[1]->exam().id +
                     ")"};
    }
    RetakeComparison c = compareItems(sessions[1]->exam(), sessions[0]->items(), sessions[1]->items());
    c.beforeId = ids[0];
    c.afterId = ids[1];
    return c;
}

} // namespace certdrill
