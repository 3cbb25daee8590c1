#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Result.h"

namespace certdrill {

class Store;
struct SessionItem;

/// Why the candidate missed a question, as they tag it in the answer review after an exam.
enum class MissReason
{
    DidNotKnow,
    Misread,
    Distractor,
    ChangedRight,
    OutOfTime,
    Guessed
};

/// Every reason, in the order the review lists them.
inline constexpr std::array<MissReason, 6> kMissReasons = {MissReason::DidNotKnow, MissReason::Misread,
                                                           MissReason::Distractor, MissReason::ChangedRight,
                                                           MissReason::OutOfTime,  MissReason::Guessed};

/// "did-not-know", "misread", "distractor", "changed-right", "out-of-time", "guessed": the values stored in
/// session_items.miss_reason and printed by the CLI.
const char* missReasonName(MissReason reason);
/// Parses missReasonName(); empty on anything else.
std::optional<MissReason> parseMissReason(const std::string& text);
/// "did not know it", "misread the question", …: what the review and the results say.
const char* missReasonText(MissReason reason);

/// How an item's answer changed between the first complete answer the candidate gave and the final one.
enum class AnswerChange
{
    None,         ///< never changed, or never answered completely
    RightToWrong, ///< the first answer was right, the final one is not
    WrongToRight,
    WrongToWrong
};

/// The change of one item: its first complete answer (SessionItem::firstChosen) against its final answer.
/// An answer cleared or left incomplete at the end scores wrong, and so counts as a change to wrong.
AnswerChange answerChange(const SessionItem& item);

/// Answer changes counted over one session.
struct AnswerChanges
{
    int rightToWrong = 0;
    int wrongToRight = 0;
    int wrongToWrong = 0;

    int total() const { return rightToWrong + wrongToRight + wrongToWrong; }
    /// Right minus wrong: what changing answers gained (positive) or cost (negative) in questions.
    int net() const { return wrongToRight - rightToWrong; }
};

/// Counts answerChange() over `items`.
AnswerChanges countAnswerChanges(const std::vector<SessionItem>& items);

/// The reason the evidence suggests for a missed item, before the candidate tags it: "changed a right
/// answer" when the first answer was right (measured), "ran out of time" when the item was not answered
/// completely and the session ended on its clock (reached or not), "guessed" when the candidate tagged the
/// answer as a guess. Empty for a right item or when nothing was measured.
std::optional<MissReason> suggestedMissReason(const SessionItem& item, bool timedOut);

/// A missed item's reason: the candidate's tag, else the suggestion.
std::optional<MissReason> effectiveMissReason(const SessionItem& item, bool timedOut);

/// How a set of misses splits by reason.
struct MissBreakdown
{
    int misses = 0;                 ///< wrong or unanswered items
    int tagged = 0;                 ///< of which with a reason (tagged, or suggested by the evidence)
    int suggested = 0;              ///< of the tagged, how many rest on the suggestion alone
    std::array<int, 6> counts = {}; ///< per reason, indexed as kMissReasons

    int count(MissReason reason) const { return counts[static_cast<std::size_t>(reason)]; }
    /// The reason with the most misses (the earlier in kMissReasons on a tie); empty without tagged misses.
    std::optional<MissReason> top() const;
};

/// A miss the candidate is asked to explain: answered wrong, incomplete or unanswered; in an abandoned
/// session only a question the candidate saw (the rest were never reached, and asking why they were missed
/// is noise that would swamp the advice).
bool isMissToExplain(const SessionItem& item, bool abandoned);

/// The breakdown of one session's misses to explain (isMissToExplain, effectiveMissReason).
MissBreakdown missBreakdown(const std::vector<SessionItem>& items, bool timedOut, bool abandoned);

/// Adds `more` to `into`.
void addBreakdown(MissBreakdown& into, const MissBreakdown& more);

/// Tagged misses needed before missAdvice speaks, and the share one reason needs to dominate.
inline constexpr int kMissAdviceMinTagged = 5;
inline constexpr double kMissAdviceShare = 0.40;

/// One line when one reason dominates (at least kMissAdviceShare of at least kMissAdviceMinTagged tagged
/// misses): "Half of your misses are misreads: slow down on long stems and read every word of the
/// question." Empty otherwise.
std::optional<std::string> missAdvice(const MissBreakdown& breakdown);

/// The breakdown over every finished (submitted, timed-out or abandoned) mock and practice exam of
/// `examId`, for the tracker and the home screen; drills are left out (a drill has no answer review).
Result<MissBreakdown> examMissBreakdown(Store& store, const std::string& examId);

/// missAdvice over examMissBreakdown: the line the home screen shows, or nothing.
Result<std::optional<std::string>> examMissAdvice(Store& store, const std::string& examId);

} // namespace certdrill
