#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Confidence.h"
#include "certdrill/Model.h"
#include "certdrill/Result.h"
#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/MissReasons.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Fsrs.h"
#include "certdrill/learn/Mastery.h"

namespace certdrill {

class Store;
struct PlanningBank;

/// Tracker settings; the defaults follow the study guide (docs/adaptive-model.md).
struct TrackerSettings
{
    double target = 0.80;          ///< accuracy a row needs (its interval's lower bound) to be Green
    double readinessScore = 0.80;  ///< each of the last exams must score at least this (0.80..0.85)
    int readinessExams = 3;        ///< how many recent exam simulations must reach readinessScore
    double desiredRetention = 0.9; ///< an item is due when its predicted recall falls below this
    MasteryModel model;
};

/// One answered question, from any mock, practice exam or drill.
struct Review
{
    std::int64_t questionRow = 0;
    std::string domainId;
    std::string topicId; ///< the question's objective, or subtopic (Domain::topics); may be empty
    std::int64_t atMs = 0;
    bool correct = false;
    std::optional<Confidence> confidence;
    bool cram = false;  ///< from a cram drill: evidence, but FSRS due dates stay as they were
    int difficulty = 0; ///< the question's 1–5 tag, 0 when unset
};

/// A question of the bank as the tracker sees it.
struct BankItem
{
    std::int64_t rowId = 0;
    std::string domainId;
    std::string topicId;     ///< as in Review
    bool flagged = false;    ///< flagged in some session
    int difficulty = 0;      ///< the pack's 1–5 tag, 0 when unset
    bool bookmarked = false; ///< bookmarked by the candidate (a custom drill's pool)
};

/// The FSRS state of a question after replaying its reviews.
struct ItemMemory
{
    MemoryState state;
    std::int64_t lastReviewMs = 0;
    int reviews = 0;
    bool lastCorrect = false;
};

/// One row of the Red/Yellow/Green sheet: a domain, or one of its topics (an official objective, or a
/// subtopic for an exam that names no objectives).
struct TrackerRow
{
    std::string domainId;
    std::string topicId; ///< empty for a domain row
    std::string name;    ///< "Fine-Tuning", or "5.2 Contrastive loss and parameter-efficient methods"
    double weight = 0;   ///< blueprint weight in percent (the domain's, on topic rows)
    Mastery mastery;
    Band band = Band::Red;
    std::optional<Band> selfRating;
    int bankItems = 0;
    int seenItems = 0;
    int dueItems = 0;
    /// "You rate Green; the evidence says Red." when the self-rating and the measured band differ.
    std::string disagreement() const;
};

/// Accuracy of the answers given with one confidence tag.
struct CalibrationRow
{
    std::string tag; ///< "sure", "unsure", "guess", or "untagged"
    int answers = 0;
    int correct = 0;
};

/// The whole tracker: the sheet, the readiness verdict, calibration, and what the drill planner needs.
struct TrackerReport
{
    TrackerSettings settings;
    std::vector<TrackerRow> domains;             ///< blueprint order
    std::vector<std::vector<TrackerRow>> topics; ///< [domain] in blueprint order
    int answers = 0;
    /// Newest first, fractions; strict exams that were submitted or ran out (never practice or abandoned).
    std::vector<double> recentExamScores;
    bool ready = false;
    /// "Ready to schedule: …" or one line per thing still missing.
    std::vector<std::string> readiness;
    std::vector<CalibrationRow> calibration;
    std::string calibrationAdvice;
    /// Why the candidate misses (examMissBreakdown over every finished mock and practice exam), and the
    /// advice when one reason dominates (missAdvice), empty otherwise. Filled by buildTracker, not
    /// computeTracker.
    MissBreakdown misses;
    std::string missAdvice;
    /// Whether the verdict rests on final exams of never-seen questions or only on questions seen in
    /// practice (readinessBasis); empty for an exam without final forms. Filled by buildTracker.
    std::string readinessBasis;
    PlannerInput planner; ///< items in bank order; mastery and bands as above
};

/// Replays every non-cram review in time order through FSRS, one memory per question.
std::map<std::int64_t, ItemMemory> replayMemory(const std::vector<Review>& reviews,
                                                const Fsrs& fsrs = Fsrs{});

/// How many exam scores the readiness rule looks at: the newest `settings.readinessExams`, or every one taken
/// so far when there are fewer.
int examsCounted(const std::vector<double>& recentExamScores, const TrackerSettings& settings);

/// How many of the newest `settings.readinessExams` exam scores (newest first, fractions) reach
/// `settings.readinessScore`: the count both the tracker's readiness line and the home screen's verdict give.
int examsAtReadinessScore(const std::vector<double>& recentExamScores, const TrackerSettings& settings);

/// A finished exam's score (a fraction) in whole percent, rounded down with examsAtReadinessScore's
/// tolerance for the division, so that it reads as the mark ("80%") exactly when it counts at that mark: 51
/// of 64 (79.7%) reads "79%". The readiness line, the home screen and `certdrill-cli plan` write scores so.
std::string examScorePercent(double score);

/// The readiness line about exam simulations ("Exam simulations: the last 3 must each score at least 80%;
/// last scores 84%, 79%, 81%", or "...; 2 taken so far (84%, 79%), 1 more to take"), or nothing when the last
/// `settings.readinessExams` scores (newest first, fractions) each reach `settings.readinessScore`.
std::optional<std::string> examReadinessGap(const std::vector<double>& recentExamScores,
                                            const TrackerSettings& settings);

/// Builds the report from evidence (pure: no store, no clock).
TrackerReport computeTracker(const ExamDef& exam, const std::vector<BankItem>& bank,
                             const std::vector<Review>& reviews,
                             const std::map<std::pair<std::string, std::string>, Band>& selfRatings,
                             const std::vector<double>& recentExamScores, std::int64_t nowMs,
                             const TrackerSettings& settings = {});

/// Everything the tracker reads from the store for one exam: what computeTracker builds the report from.
struct TrackerEvidence
{
    ExamDef exam;
    std::vector<BankItem> bank;
    std::vector<Review> reviews; ///< every final answer, in time order
    std::map<std::pair<std::string, std::string>, Band> selfRatings;
    /// Every strict exam that was submitted or ran out (never practice or abandoned), newest first: when it
    /// finished (unix ms) and its score (fraction).
    std::vector<std::pair<std::int64_t, double>> examScores;
};

/// Reads the evidence for `exam` (as Store::exam read it); `questions` are the exam's active questions
/// (Store::candidates).
Result<TrackerEvidence> loadTrackerEvidence(Store& store, const ExamDef& exam,
                                            const std::vector<Candidate>& questions);
/// The same from the exam's questions as planning reads them (Store::planningBank): no Question per row.
Result<TrackerEvidence> loadTrackerEvidence(Store& store, const ExamDef& exam, const PlanningBank& bank);
/// The report as of `nowMs` from the evidence known then: answers given and exams finished by `nowMs`
/// (the bank and the self-ratings as they are now).
TrackerReport computeTracker(const TrackerEvidence& evidence, std::int64_t nowMs,
                             const TrackerSettings& settings);

/// Loads the evidence for `examId` from the store and builds the report as of the store clock's now.
Result<TrackerReport> buildTracker(Store& store, const std::string& examId, const TrackerSettings& settings);
/// The same for a caller that has already read the exam (Store::exam) and its questions (Store::candidates),
/// as starting a drill has: neither is then read twice.
Result<TrackerReport> buildTracker(Store& store, const ExamDef& exam, const TrackerSettings& settings,
                                   const std::vector<Candidate>& questions);
/// The same for a caller that has already read the exam and its bank as planning reads it (practiceBank).
Result<TrackerReport> buildTracker(Store& store, const ExamDef& exam, const TrackerSettings& settings,
                                   const PlanningBank& bank);
/// The same with the settings stored in the database (loadTrackerSettings).
Result<TrackerReport> buildTracker(Store& store, const std::string& examId);

/// The tracker settings stored in the database (keys "tracker.target" and "readiness.score"), defaults for
/// the rest.
Result<TrackerSettings> loadTrackerSettings(Store& store);
/// Whether `value` is allowed for the setting `name` (the ranges saveTrackerSetting enforces), without
/// storing anything, so a caller can tell a bad argument from a database failure.
Result<void> checkTrackerSetting(const std::string& name, double value);
/// Stores one setting after checking its range: "target" 0.50..0.99, "readiness-score" 0.80..0.85 (the study
/// guide's advice).
Result<void> saveTrackerSetting(Store& store, const std::string& name, double value);

/// Stores (or, with no band, clears) the candidate's own rating of a domain (empty topic) or of one of its
/// topics (Domain::topics: an objective id such as "5.2", or a subtopic id).
Result<void> setSelfRating(Store& store, const std::string& examId, const std::string& domainId,
                           const std::string& topicId, std::optional<Band> band);

/// The sheet as CSV (RFC 4180 quoting), one line per domain and topic.
std::string trackerCsv(const TrackerReport& report);

/// "GPU Acceleration & Optimization: Red → Yellow" for every domain and topic whose band changed.
std::vector<std::string> bandChanges(const TrackerReport& before, const TrackerReport& after);

/// The same split in two: the changes of the domains in `asked` (ids) and their topics, then the others'.
/// A drill moves the bands of domains it asked nothing about too (every row's prior leans on the learner's
/// shared level, and older answers weigh less as days pass), and its summary says which is which.
struct SplitBandChanges
{
    std::vector<std::string> asked;
    std::vector<std::string> others;
};
SplitBandChanges bandChanges(const TrackerReport& before, const TrackerReport& after,
                             const std::vector<std::string>& asked);

} // namespace certdrill
