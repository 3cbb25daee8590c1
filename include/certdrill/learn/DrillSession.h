#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Confidence.h"
#include "certdrill/Result.h"
#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// One question of a drill as served, and what became of it.
struct DrillItem
{
    int position = 0;
    std::int64_t questionRow = 0;
    Question question;
    std::vector<int> optionOrder; ///< original option indices in display order
    PlannedQuestion::Reason reason = PlannedQuestion::Reason::Unseen;
    /// The planner's chance that the learner works it out (PlannedQuestion::solve); −1 when unknown.
    double solve = -1;
    std::vector<int> chosen; ///< original option indices, sorted
    std::optional<Confidence> confidence;
    bool checked = false;
    bool correct = false;

    /// Whether the planner picked this question for the learner's level: its solve chance is known and it is
    /// no due review (a review is asked because it faded, whatever its chance). Only these questions say
    /// whether the planner reads the level right.
    bool pickedForLevel() const { return solve >= 0 && reason != PlannedQuestion::Reason::Due; }
};

/// Checked answers of a drill, or of one of its domains.
struct DrillTally
{
    int right = 0;
    int total = 0;
    /// The checked questions the planner pitched at the learner's level (DrillItem::solve known, due reviews
    /// aside), how many of them were right, and the number right it expected: the sum of
    /// guess + (1 − guess) · solve.
    int pitched = 0;
    int pitchedRight = 0;
    double expected = 0;
    double variance = 0; ///< of the number right on the pitched questions, the sum of p(1 − p)

    /// "better", "worse" or "as expected": pitched right against expected, one standard deviation apart.
    const char* againstExpected() const;
};

/// What a drill's summary screen shows.
struct DrillSummary
{
    DrillTally all;
    std::vector<std::pair<std::string, DrillTally>> domains; ///< domain id and tally, in blueprint order
};

class DrillSession;

/// A planned drill as it starts, with the tracker report it was planned from (the drill screen shows the
/// change against it).
struct StartedDrill
{
    std::unique_ptr<DrillSession> session; ///< null when nothing in the bank matches the drill's options
    TrackerReport before;
};

/// A drill: untimed, one question at a time, each answer checked (and so final) at once. It is stored as a
/// session of mode "drill"; every check is written in its own transaction, so it counts as evidence for the
/// tracker from that moment, even if the drill is never finished.
class DrillSession
{
public:
    /// Persists a drill of the planned questions, taken from `pool`; options shuffled by `seed` unless a
    /// question says not to. A cram drill practises without moving FSRS due dates.
    static Result<std::unique_ptr<DrillSession>> start(Store& store, const ExamDef& exam,
                                                       const DrillPlan& plan,
                                                       const std::vector<Candidate>& pool, std::uint64_t seed,
                                                       bool cram);
    /// The same with the planned questions read from the store (Store::questionsAt, retired ones excluded),
    /// as the app starts a drill planned from the practice bank (sessionBank): the rest of the bank is never
    /// read in full. A planned question retired since, or of another exam, is refused as not in the bank.
    static Result<std::unique_ptr<DrillSession>> start(Store& store, const ExamDef& exam,
                                                       const DrillPlan& plan, std::uint64_t seed, bool cram);

    /// The tracker report a drill is planned from: the practice bank (sessionBank, which stores the final
    /// forms first) read once, and the tracker over it; its `planner` input is what planDrill and
    /// eligibleQuestions take.
    static Result<TrackerReport> planningReport(Store& store, const ExamDef& exam,
                                                const TrackerSettings& settings);
    /// Starts a drill as the app does: planningReport, the plan, then only the planned questions read in
    /// full (the start above).
    static Result<StartedDrill> startPlanned(Store& store, const ExamDef& exam,
                                             const TrackerSettings& settings, const PlannerOptions& options,
                                             bool cram);
    /// The same from a planningReport already made (the custom drill dialog counts from it), which becomes
    /// the started drill's `before`. Nothing may have been answered since it was made.
    static Result<StartedDrill> startPlanned(Store& store, const ExamDef& exam, TrackerReport before,
                                             const PlannerOptions& options, bool cram);

    /// The newest drill that is not finished and still has an unchecked question; empty when there is none.
    static Result<std::optional<std::int64_t>> unfinished(Store& store);
    /// Reopens a stored drill as it was left: its questions as served, and every checked answer.
    static Result<std::unique_ptr<DrillSession>> open(Store& store, std::int64_t sessionId);

    /// Whether a session's stored `options` JSON marks a cram drill (false for anything else).
    static bool isCram(const std::string& optionsJson);

    std::int64_t id() const { return m_id; }
    /// The first unchecked position, or items().size() when every question is checked.
    int nextUnchecked() const;
    const ExamDef& exam() const { return m_exam; }
    const std::vector<DrillItem>& items() const { return m_items; }
    bool cram() const { return m_cram; }
    bool finished() const { return m_finished; }

    /// Checks an answer (original option indices) and stores it with its confidence tag; returns whether it
    /// was right. A question can be checked once; an empty answer or more options than `select` is refused.
    Result<bool> check(int position, std::vector<int> options, std::optional<Confidence> confidence);
    /// The checked answers per domain and in all, with the planner's expectation for the pitched questions.
    DrillSummary summary() const;
    /// Closes the drill and stores its score over the checked questions.
    Result<void> finish();

private:
    DrillSession(Store& store, ExamDef exam);

    Store& m_store;
    ExamDef m_exam;
    std::int64_t m_id = 0;
    bool m_cram = false;
    bool m_finished = false;
    std::vector<DrillItem> m_items;
};

} // namespace certdrill
