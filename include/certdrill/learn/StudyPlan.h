#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Result.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Tracker.h"

namespace certdrill {

class Store;

// The home screen's advice: where the candidate stands, the one thing to do next, and the plan to the exam
// date (docs/user-guide.md, "Home" and "The plan"). Computed from the tracker, the drill planner and the
// sessions; dates are the candidate's local calendar days, numbered from 1970-01-01 (day 0).

/// The study guide's rules the plan works with.
struct PlanRules
{
    int reviewThreshold = 10;   ///< this many due questions make reviewing them the next step
    int examEveryDays = 7;      ///< a full exam at least this often once every domain has answers
    int drillLength = 20;       ///< questions in the recommended drill (and at most in a review)
    double guideHoursMin = 120; ///< the study guide's total, low end
    double guideHoursMax = 160; ///< and high end
    int retakeWaitDays = 14;    ///< after a failed attempt, the next may be taken this many days later
    int attemptsPerYear = 5;    ///< attempts allowed in any 12 months
    std::int64_t drillGapCapMs = 300'000; ///< a longer pause between two drill answers counts as 5 minutes
};

/// What the candidate set: a planned exam date, a weekly hour budget, and the failed real attempts.
struct PlanSettings
{
    std::optional<std::int64_t> examDay;      ///< local day number
    double hoursPerWeek = 0;                  ///< 0: no budget set
    std::vector<std::int64_t> failedAttempts; ///< local day numbers, oldest first, no repeats
};

/// The one recommended next step.
struct NextStep
{
    enum class Kind
    {
        ImportPack,     ///< no question bank yet
        PracticeExam,   ///< a new database: find the level
        ExamSimulation, ///< a strict mock exam
        Review,         ///< a drill of due questions only (drill holds its options)
        Drill,          ///< the planner's drill (drill holds its options)
        SetExamDate     ///< ready to schedule, and no date set
    } kind = Kind::ImportPack;
    std::string title;    ///< "Drill 20: GPU Acceleration (Red), Fine-Tuning (Yellow)"
    std::string reason;   ///< why this, in one or two sentences
    PlannerOptions drill; ///< for Review and Drill: the drill that title names, started as planned
};

/// A span of study: when it happened (unix ms) and how long (ms).
struct StudyTime
{
    std::int64_t atMs = 0;
    std::int64_t ms = 0;
};

/// Everything computeStudyPlan reads.
struct StudyPlanInput
{
    ExamDef exam;
    TrackerReport tracker;                      ///< as of nowMs
    bool hasBank = true;                        ///< the exam has active questions
    std::optional<std::int64_t> lastFullExamMs; ///< newest finished mock or practice exam (not abandoned)
    std::vector<StudyTime> studyTimes;
    std::optional<std::int64_t> readinessLastMetMs; ///< readinessLastMet
    PlanSettings settings;
    std::int64_t nowMs = 0;
    int utcOffsetMinutes = 0; ///< the candidate's time zone, for calendar days
    std::uint64_t seed = 0;   ///< for the recommended drill
    PlanRules rules;
};

/// The home screen's advice and the plan to the exam date.
struct StudyPlan
{
    bool ready = false;
    std::string verdict; ///< the readiness verdict in one line
    NextStep next;
    std::vector<TrackerRow> domains; ///< the tracker's domain rows (band, weight, due), blueprint order
    int bankItems = 0;
    int unseen = 0;
    int dueToday = 0;
    std::vector<double> recentExamScores; ///< newest first, fractions (the tracker's)
    double passMark = 0;                  ///< fraction
    double readinessScore = 0.8;          ///< fraction

    std::int64_t today = 0; ///< local day number
    std::optional<std::int64_t> examDay;
    std::optional<std::int64_t> daysLeft; ///< examDay − today; negative when the date has passed
    int reviewsBeforeExam = 0;            ///< due now, or falling due before the exam day
    std::optional<int> questionsPerDay;   ///< with one day or more left
    double hoursPerWeek = 0;              ///< the candidate's budget, 0 when unset
    double hoursLast7Days = 0;            ///< today and the six days before
    double hoursTotal = 0;
    std::optional<double> hoursByExam; ///< hoursTotal + budget until the exam day, with both set
    std::optional<std::int64_t> readinessLastMetMs;
    /// Whether the verdict rests on final exams of never-seen questions or only on questions seen in practice
    /// (readinessBasis); empty for an exam without final forms.
    std::string readinessBasis;
    /// When one miss reason dominates the tagged misses of the exam sessions, what to do about it
    /// (examMissAdvice: "Half of your misses are misreads: …"); empty otherwise.
    std::string missAdvice;

    std::vector<std::int64_t> failedAttempts;
    std::optional<std::int64_t> retakeFromDay;  ///< the day after the 14-day wait, when it is still ahead
    int attemptsLeft = 5;                       ///< in the 12 months up to today
    std::optional<std::int64_t> nextAttemptDay; ///< with none left: when the oldest leaves the 12 months

    /// The plan as short lines, the same in the app and the CLI: days left and the daily target, hours,
    /// readiness last met, retakes.
    std::vector<std::string> lines;
};

/// "2026-02-14" → local day number; nothing for anything else (also 2026-02-30).
std::optional<std::int64_t> parseDay(const std::string& text);
/// Day number → "2026-02-14".
std::string dayText(std::int64_t day);
/// The local day number of a unix-ms time.
std::int64_t localDay(std::int64_t unixMs, int utcOffsetMinutes);

/// Builds the advice (pure: no store, no clock).
StudyPlan computeStudyPlan(const StudyPlanInput& input);

/// The newest moment, not after `nowMs`, at which the readiness rule was met: checked now, at the end of
/// each exam simulation, and at the last answer of each day on which the last exam simulations reached the
/// readiness score (the only days it can have been met), newest first, at most `maxChecks` of them.
std::optional<std::int64_t> readinessLastMet(const TrackerEvidence& evidence, const TrackerSettings& settings,
                                             std::int64_t nowMs, int utcOffsetMinutes, int maxChecks = 60);

/// readinessLastMet, kept in the settings table ("readiness.last-met") with a fingerprint of the evidence it
/// was computed from: up to `maxChecks` trackers are rebuilt once per change of the answers, exams, bank or
/// settings (a finished session, a checked drill answer, an import), not at every refresh of the home
/// screen. `readyNow` is the tracker's verdict as of `nowMs`, which the caller has computed. A store that
/// cannot be written (read-only) computes it every time.
std::optional<std::int64_t> cachedReadinessLastMet(Store& store, const TrackerEvidence& evidence,
                                                   const TrackerSettings& settings, std::int64_t nowMs,
                                                   int utcOffsetMinutes, bool readyNow, int maxChecks = 60);

/// Time studied from the sessions' own clocks: a mock or practice exam's time on its questions and on the
/// review screen, dated at its start; a drill's time from its start to each checked answer, each gap counted
/// up to `gapCapMs` (a longer pause is a break, not study).
Result<std::vector<StudyTime>> studyTimes(Store& store, const std::string& examId, std::int64_t gapCapMs);

/// The stored plan settings (keys "plan.exam-date", "plan.hours-per-week", "plan.failed-attempts"); a value
/// edited by hand that does not parse reads as unset.
Result<PlanSettings> loadPlanSettings(Store& store);
/// Checks and stores the settings in one transaction: hours 0–100, failed attempts not after `today`.
Result<void> savePlanSettings(Store& store, const PlanSettings& settings, std::int64_t today);

/// Reads the tracker, the history, the study times and the plan settings for `examId` and computes the plan
/// as of the store clock's now. An empty `examId`, or an exam without questions, gives the ImportPack step.
Result<StudyPlan> buildStudyPlan(Store& store, const std::string& examId, int utcOffsetMinutes,
                                 const PlanRules& rules = {});

} // namespace certdrill
