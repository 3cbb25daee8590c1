#include "certdrill/exam/MissReasons.h"

#include <cmath>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/store/Store.h"

namespace certdrill {

const char* missReasonName(MissReason reason)
{
    switch (reason) {
    case MissReason::DidNotKnow:
        return "did-not-know";
    case MissReason::Misread:
        return "misread";
    case MissReason::Distractor:
        return "distractor";
    case MissReason::ChangedRight:
        return "changed-right";
    case MissReason::OutOfTime:
        return "out-of-time";
    case MissReason::Guessed:
        return "guessed";
    }
    return "did-not-know";
}

std::optional<MissReason> parseMissReason(const std::string& text)
{
    for (MissReason r : kMissReasons) {
        if (text == missReasonName(r)) {
            return r;
        }
    }
    return std::nullopt;
}

const char* missReasonText(MissReason reason)
{
    switch (reason) {
    case MissReason::DidNotKnow:
        return "did not know it";
    case MissReason::Misread:
        return "misread the question";
    case MissReason::Distractor:
        return "fell for a distractor";
    case MissReason::ChangedRight:
        return "changed a right answer";
    case MissReason::OutOfTime:
        return "ran out of time";
    case MissReason::Guessed:
        return "guessed";
    }
    return "did not know it";
}

AnswerChange answerChange(const SessionItem& item)
{
    // Never answered completely: there was no first answer to change.
    if (item.firstChosen.empty() || item.firstChosen == item.chosen) {
        return AnswerChange::None;
    }
    const bool firstRight = item.firstChosen == item.question.correctOptions();
    if (firstRight) {
        return item.correct() ? AnswerChange::None : AnswerChange::RightToWrong;
    }
    // A wrong answer cleared (or left incomplete) was not changed to another answer.
    if (!item.complete()) {
        return AnswerChange::None;
    }
    return item.correct() ? AnswerChange::WrongToRight : AnswerChange::WrongToWrong;
}

AnswerChanges countAnswerChanges(const std::vector<SessionItem>& items)
{
    AnswerChanges c;
    for (const auto& it : items) {
        switch (answerChange(it)) {
        case AnswerChange::RightToWrong:
            ++c.rightToWrong;
            break;
        case AnswerChange::WrongToRight:
            ++c.wrongToRight;
            break;
        case AnswerChange::WrongToWrong:
            ++c.wrongToWrong;
            break;
        case AnswerChange::None:
            break;
        }
    }
    return c;
}

std::optional<MissReason> suggestedMissReason(const SessionItem& item, bool timedOut)
{
    if (item.correct()) {
        return std::nullopt;
    }
    // Measured facts first: the session saw the right answer given and changed, or the clock ended the exam
    // before the item had a complete answer. Only then the candidate's own "guess" tag.
    if (answerChange(item) == AnswerChange::RightToWrong) {
        return MissReason::ChangedRight;
    }
    if (timedOut && !item.complete()) {
        return MissReason::OutOfTime;
    }
    if (item.confidence == Confidence::Guess) {
        return MissReason::Guessed;
    }
    return std::nullopt;
}

std::optional<MissReason> effectiveMissReason(const SessionItem& item, bool timedOut)
{
    if (item.correct()) {
        return std::nullopt;
    }
    return item.missReason ? item.missReason : suggestedMissReason(item, timedOut);
}

std::optional<MissReason> MissBreakdown::top() const
{
    std::optional<MissReason> best;
    for (MissReason r : kMissReasons) {
        if (count(r) > 0 && (!best || count(r) > count(*best))) {
            best = r;
        }
    }
    return best;
}

bool isMissToExplain(const SessionItem& item, bool abandoned)
{
    return !item.correct() && (!abandoned || item.seen());
}

MissBreakdown missBreakdown(const std::vector<SessionItem>& items, bool timedOut, bool abandoned)
{
    MissBreakdown b;
    for (const auto& it : items) {
        if (!isMissToExplain(it, abandoned)) {
            continue;
        }
        ++b.misses;
        if (const auto reason = effectiveMissReason(it, timedOut)) {
            ++b.tagged;
            b.suggested += !it.missReason;
            ++b.counts[static_cast<std::size_t>(*reason)];
        }
    }
    return b;
}

void addBreakdown(MissBreakdown& into, const MissBreakdown& more)
{
    into.misses += more.misses;
    into.tagged += more.tagged;
    into.suggested += more.suggested;
    for (std::size_t i = 0; i < into.counts.size(); ++i) {
        into.counts[i] += more.counts[i];
    }
}

namespace {

/// "Half of your misses", "Two in five of your misses": the share in words a person would use, rounded
/// down so the advice never overstates.
std::string shareWords(double share)
{
    if (share >= 0.75 - 1e-9) {
        return "Three in four of your misses";
    }
    if (share >= 2.0 / 3.0 - 1e-9) {
        return "Two in three of your misses";
    }
    if (share >= 0.5 - 1e-9) {
        return "Half of your misses";
    }
    return "Two in five of your misses";
}

/// What to do about a reason, after the colon.
const char* remedy(MissReason reason)
{
    switch (reason) {
    case MissReason::DidNotKnow:
        return "are questions you did not know: drill your Red objectives before more mocks";
    case MissReason::Misread:
        return "are misreads: slow down on long stems and find what the question asks before the options";
    case MissReason::Distractor:
        return "are distractors you fell for: before you answer, say why each other option is wrong";
    case MissReason::ChangedRight:
        return "were right answers you changed: change an answer only for a reason you can name";
    case MissReason::OutOfTime:
        return "are questions the clock took: keep to under 2 minutes a question, flag and move on";
    case MissReason::Guessed:
        return "were guesses: drill the objectives they came from until you can reason them out";
    }
    return "";
}

} // namespace

std::optional<std::string> missAdvice(const MissBreakdown& b)
{
    const auto top = b.top();
    if (b.tagged < kMissAdviceMinTagged || !top) {
        return std::nullopt;
    }
    const double share = static_cast<double>(b.count(*top)) / b.tagged;
    if (share + 1e-9 < kMissAdviceShare) {
        return std::nullopt;
    }
    // Tags pre-filled from what was measured (a changed right answer, the clock) are tags too; when misses
    // are left untagged, their number says how far the tags may stand for every miss.
    const int untagged = b.misses - b.tagged;
    return shareWords(share) + " " + remedy(*top) + " (" + std::to_string(b.count(*top)) + " of " +
           std::to_string(b.tagged) + " tagged" +
           (untagged > 0
                ? "; " + std::to_string(untagged) + (untagged == 1 ? " miss" : " misses") + " not tagged"
                : std::string()) +
           ").";
}

Result<MissBreakdown> examMissBreakdown(Store& store, const std::string& examId)
{
    auto ids = catchDbError("cannot read the miss reasons", [&]() -> Result<std::vector<std::int64_t>> {
        Statement s(store.database(),
                    "SELECT s.id FROM sessions s JOIN exams e ON e.id = s.exam_ref WHERE e.exam_id = ? "
                    "AND s.mode IN ('exam', 'practice') AND s.finished_at IS NOT NULL ORDER BY s.id");
        s.bind(1, examId);
        std::vector<std::int64_t> out;
        while (s.step()) {
            out.push_back(s.getInt(0));
        }
        return out;
    });
    if (!ids) {
        return ids.error();
    }
    MissBreakdown all;
    for (const std::int64_t id : ids.value()) {
        auto session = ExamSession::open(store, id);
        if (!session) {
            return session.error();
        }
        const ExamSession& done = *session.value();
        addBreakdown(all, missBreakdown(done.items(), done.timedOut(), done.abandoned()));
    }
    return all;
}

Result<std::optional<std::string>> examMissAdvice(Store& store, const std::string& examId)
{
    auto breakdown = examMissBreakdown(store, examId);
    if (!breakdown) {
        return breakdown.error();
    }
    return missAdvice(breakdown.value());
}

} // namespace certdrill
