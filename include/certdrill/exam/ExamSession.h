#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certdrill/Clock.h"
#include "certdrill/Confidence.h"
#include "certdrill/Result.h"
#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/MissReasons.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// How a session behaves. Exam: strict, absolute deadline, no pause, no feedback. Practice: timed but
/// pausable.
enum class SessionMode
{
    Exam,
    Practice
};

/// One question of a running session, as served.
struct SessionItem
{
    int position = 0;
    std::int64_t questionRow = 0;
    Question question;            ///< snapshot at the time the session started
    std::vector<int> optionOrder; ///< original option indices in display order
    std::vector<int> chosen;      ///< original option indices, sorted
    /// The first complete answer given (as many options as the question asks for), so a change is measured
    /// (answerChange); empty until then, and for sessions stored before answer changes were recorded.
    std::vector<int> firstChosen;
    /// Why the candidate says they missed it, tagged in the answer review after the session; empty if not.
    std::optional<MissReason> missReason;
    bool flagged = false;
    std::optional<Confidence> confidence; ///< the candidate's own tag, if any
    bool revealed = false;                ///< practice mode: the answer was shown before submitting
    int visits = 0;
    std::int64_t timeMs = 0;
    std::string packId;      ///< the pack the question was served from
    std::string packVersion; ///< that pack's version when the session started
    /// The candidate excluded the question from their scores (Errata.h): it counts in no score or tally.
    bool excluded = false;

    bool answered() const { return !chosen.empty(); }
    /// As many options chosen as the question asks for.
    bool complete() const { return static_cast<int>(chosen.size()) == question.select; }
    /// Some options chosen, but not as many as the question asks for: scored wrong, and counted on its own
    /// (neither unanswered nor answered) wherever questions are counted, so that "unanswered" always means
    /// nothing chosen (results, history, the CLI, the session CSV's `result`).
    bool incomplete() const { return answered() && !complete(); }
    /// Shown at least once (or answered, or timed, by an older build that kept no visits).
    bool seen() const { return visits > 0 || answered() || timeMs > 0; }
    /// All-or-nothing, as the real exam: the chosen set equals the correct set exactly.
    bool correct() const;
};

/// Average minutes per question of `timeMs` spent on `questions`; 0 without questions.
inline double minutesPerQuestion(std::int64_t timeMs, int questions)
{
    return questions ? static_cast<double>(timeMs) / 60'000.0 / questions : 0.0;
}

/// A duration as a clock shows it, whole minutes then seconds rounded down: "4:14", "125:03".
std::string minutesSecondsText(std::int64_t ms);

/// A session's time used, or the review screen's share of it, as every screen, report and command shows it:
/// minutes and seconds with their units ("107 min 36 s", "45 s", "120 min"), never "1:47", which reads as an
/// hour and 47 minutes next to a limit in minutes. Seconds are rounded up, so the time used and the last
/// time left the countdown showed (rounded down, countdownText) add up to the limit.
std::string durationText(std::int64_t ms);

/// A pace, average `minutes` per question, as m:ss rounded to the nearest second ("1:51", "0:12"): every
/// time per question reads as the clock does, and a short visit reads apart from a domain not reached
/// (in tenths of a minute both were "0.0").
std::string paceText(double minutes);

/// Time left as the exam's countdown shows it, hours then minutes and seconds rounded down: "2:29:35",
/// "0:04:14". Every message about the time left uses it, so it reads as the clock does.
std::string countdownText(std::int64_t ms);

/// Per-domain (or per-topic) tally for the report.
struct Tally
{
    std::string id;
    int correct = 0;
    int total = 0;
    std::int64_t timeMs = 0; ///< time spent on these questions' screens
    int seen = 0;            ///< questions shown at least once (SessionItem::seen)
    int answered = 0;        ///< questions answered completely (SessionItem::complete)
    int incomplete = 0;      ///< questions with fewer options chosen than asked for (SessionItem::incomplete)

    /// Questions with any option chosen, complete or not: what the candidate answered, right or wrong.
    int attempted() const { return answered + incomplete; }
    /// Average minutes spent per question seen: a question never reached took no time, so it does not
    /// dilute the pace. 0 when none was seen.
    double minutesPerQuestion() const { return certdrill::minutesPerQuestion(timeMs, seen); }
};

/// The outcome of a finished session.
struct SessionScore
{
    int correct = 0;
    int total = 0;    ///< questions that count: served ones less the excluded
    int excluded = 0; ///< questions the candidate excluded from scores (SessionItem::excluded)
    double score = 0; ///< correct / total
    bool passed = false;
    std::vector<Tally> domains; ///< blueprint order
    std::vector<Tally>
        topics;              ///< "domain/topic": per objective (or subtopic, Domain::topics), blueprint order
    int nearMisses = 0;      ///< multi-select items with some but not all correct options chosen
    int answered = 0;        ///< items answered completely (SessionItem::complete)
    int incomplete = 0;      ///< items with fewer options chosen than asked for (SessionItem::incomplete)
    std::int64_t timeMs = 0; ///< time spent on the question screens
    /// Time the exam's clock used: the limit minus the time left when it ended (a strict exam's clock also
    /// runs while the app is closed; a practice exam's stops while paused). Filled by ExamSession::score.
    std::int64_t elapsedMs = 0;
    std::int64_t reviewMs = 0; ///< time on the review screen, not charged to any question
    bool abandoned = false;    ///< ended by ExamSession::abandon: no verdict, `passed` is false
    /// The exam's time per question for this form (duration / questions: 120 / 65 ≈ 1.85 minutes), the
    /// pace the study guide's "1.7 to 2 minutes per question" refers to; 0 without questions.
    double minutesAllowedPerQuestion = 0;

    /// Items with no option chosen.
    int unanswered() const { return total - answered - incomplete; }
    /// The clock's time per answered question; 0 when none was answered.
    double minutesPerAnsweredQuestion() const { return certdrill::minutesPerQuestion(elapsedMs, answered); }
};

/// Scores items against a pass mark in percent; unanswered items count wrong.
SessionScore scoreItems(const ExamDef& exam, const std::vector<SessionItem>& items, double passPercent);

/// How far below a mark a score may be computed and still reach it: what a division leaves (7 of 10 is 0.7 to
/// within 1e-16), far less than one question of any exam.
inline constexpr double kScoreTolerance = 1e-9;

/// Whether `score` reaches `mark`, both fractions, with kScoreTolerance: the one rule behind a pass, the
/// readiness score and the marks beside a score on the home screen.
inline bool reachesMark(double score, double mark)
{
    return score + kScoreTolerance >= mark;
}

/// The pass rule: `correct` of `total` reaches `passPercent` (reachesMark, so 7 of 10 passes a 70% mark
/// despite binary floating point); nothing to score never passes.
bool passesMark(int correct, int total, double passPercent);

/// How the candidate's mock and practice exams are set up (Exam ▸ Exam settings…): a length within the
/// exam's range, since the real exam has 60 to 70 questions, and extra time for an approved accommodation
/// (the study guide: non-native English speakers can ask for a time extension).
struct MockSettings
{
    int questions = 0;    ///< 0: the exam's default length
    int extraMinutes = 0; ///< added to the exam's time limit

    /// The number of questions a mock of `exam` gets.
    int length(const ExamDef& exam) const { return questions != 0 ? questions : exam.countDefault; }
};

/// The most extra time a session can be given, in minutes.
inline constexpr int kMaxExtraMinutes = 120;

/// The stored settings for `exam`; a stored value outside what saveMockSettings allows reads as the default.
Result<MockSettings> loadMockSettings(Store& store, const ExamDef& exam);
/// Checks and stores the settings: questions 0 or within the exam's count range, extra minutes 0 to
/// kMaxExtraMinutes. A value out of range is an Error naming the range, and nothing is stored.
Result<void> saveMockSettings(Store& store, const ExamDef& exam, const MockSettings& settings);

/// A mock exam in progress. Every change is written at once in its own transaction, so a kill loses nothing.
/// Running time comes from the clock's steady time, anchored when the session is opened, so a system clock
/// change cannot add or remove time; the strict deadline itself is absolute wall time, so the clock keeps
/// running while the app is closed.
class ExamSession
{
public:
    /// Persists a new session for the form and opens it, with the exam's time limit plus `extraMinutes`
    /// (0 to kMaxExtraMinutes); the session's exam() carries that limit, so pace and scoring use it.
    static Result<std::unique_ptr<ExamSession>> start(Store& store, const ExamDef& exam, const Form& form,
                                                      SessionMode mode, int extraMinutes = 0);
    /// Reopens a session; a strict session whose deadline passed while closed is submitted as it stood.
    static Result<std::unique_ptr<ExamSession>> open(Store& store, std::int64_t sessionId);
    /// The newest unfinished session, if any.
    static Result<std::optional<std::int64_t>> unfinished(Store& store);

    std::int64_t id() const { return m_id; }
    SessionMode mode() const { return m_mode; }
    const ExamDef& exam() const { return m_exam; }
    const std::vector<SessionItem>& items() const { return m_items; }
    bool finished() const { return m_finished; }
    /// Ended by abandon(): finished, without a verdict.
    bool abandoned() const { return m_abandoned; }
    /// When a finished session ended (wall-clock unix ms; a strict timeout ends at its deadline); 0 while it
    /// runs.
    std::int64_t finishedAtMs() const { return m_finishedAtMs; }
    bool paused() const { return m_paused; }
    /// Finished because the clock ran out (not submitted or abandoned).
    bool timedOut() const { return m_timedOut; }
    /// The reserved final form this session sits (Form::finalForm), 0 for any other session.
    int finalForm() const { return m_finalForm; }
    /// The position last shown (stored with every visit), where a resumed session reopens; 0 before any.
    int lastPosition() const { return m_lastPosition; }

    /// Whether the candidate hid this session's countdown (Hide clock): a choice kept with the session, so a
    /// resumed exam keeps it and the next exam starts with its clock showing; false when it cannot be read.
    bool clockHidden() const;
    /// Keeps the Hide clock choice for this session.
    Result<void> setClockHidden(bool hidden);

    /// Time left now, never negative.
    std::int64_t remainingMs() const;
    /// Time the clock has used: the limit minus the time left (now, or when the session ended).
    std::int64_t elapsedMs() const;
    /// Time spent on the review screen (between enterReview and the next visit).
    std::int64_t reviewMs() const { return m_reviewMs; }
    /// Records the answer (original option indices). More options than the question's `select` is refused,
    /// and so is any change once the item's answer has been revealed.
    Result<void> choose(int position, std::vector<int> options);
    Result<void> setFlagged(int position, bool flagged);
    /// Tags (or, with nullopt, untags) how sure the candidate is; persisted at once. Refused once the item's
    /// answer has been revealed.
    Result<void> setConfidence(int position, std::optional<Confidence> confidence);
    /// Practice mode only: marks the item revealed so the GUI may show its answer and every option's why; the
    /// answer is final from then on. Refused in an exam simulation, which gives no feedback until the end.
    Result<void> reveal(int position);
    /// Moves to `position`, adding the time spent since the last move to the previous item (or to the review
    /// screen's time, coming back from it).
    Result<void> visit(int position);
    /// Leaves the current question for the review screen: its time stops, and the time until the next visit
    /// is kept as the review screen's (reviewMs), so no question is charged for it.
    Result<void> enterReview();
    /// Practice mode only.
    Result<void> pause();
    Result<void> resume();
    /// Submits at zero; returns true if the session is (now) finished.
    Result<bool> tick();
    /// Finished sessions only: tags (or, with nullopt, untags) why the item at `position` was missed; an
    /// Error for a right item, an open session or a position out of range. Persisted at once.
    Result<void> setMissReason(int position, std::optional<MissReason> reason);
    /// Scores, stores and closes the session.
    Result<SessionScore> submit();
    /// Ends the session without a verdict (Exam ▸ Abandon exam): stored as finished and abandoned, listed in
    /// history as such, never counted as an exam simulation for readiness; its answers are kept and, being
    /// final, are evidence for the tracker like any submitted answer. An Error on a finished session.
    Result<SessionScore> abandon();
    /// The score of a finished session.
    SessionScore score() const;

private:
    ExamSession(Store& store, ExamDef exam);
    /// Ends the session: "submitted", "timeout" or "abandoned".
    Result<void> finish(std::string_view reason);
    /// Stores the review screen's time so far.
    Result<void> writeReviewTime();
    Result<void> writeItem(const SessionItem& item);
    /// The open item at position, or nullptr (finished session, position out of range).
    SessionItem* openItem(int position);
    void accrueTime();

    Store& m_store;
    ExamDef m_exam;
    std::int64_t m_id = 0;
    SessionMode m_mode = SessionMode::Exam;
    double m_passPercent = 0;
    std::vector<SessionItem> m_items;
    bool m_finished = false;
    bool m_abandoned = false;
    bool m_timedOut = false;
    int m_finalForm = 0;
    std::int64_t m_finishedAtMs = 0;
    bool m_paused = false;
    bool m_inReview = false; ///< on the review screen: time accrues to m_reviewMs
    std::int64_t m_reviewMs = 0;
    std::int64_t m_durationMs = 0;   ///< the session's limit, extra time included
    std::int64_t m_endRemaining = 0; ///< finished: the time left when it ended
    int m_lastPosition = 0;
    std::int64_t m_anchorSteady = 0;    ///< steady ms when m_anchorRemaining was measured
    std::int64_t m_anchorRemaining = 0; ///< time left at that moment
    std::int64_t m_deadlineMs = 0;      ///< exam mode: the absolute wall-clock deadline
    int m_current = -1;
    std::int64_t m_currentSince = 0; ///< steady ms when the current item was entered
};

} // namespace certdrill
