#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Result.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// One finished mock or practice exam, as the history list and `certdrill-cli history` show it.
struct SessionSummary
{
    std::int64_t id = 0;
    std::string examId;
    SessionMode mode = SessionMode::Exam;
    std::int64_t startedAtMs = 0;  ///< wall-clock unix ms
    std::int64_t finishedAtMs = 0; ///< for a strict timeout, the deadline
    std::string finishReason;      ///< "submitted", "timeout" or "abandoned"
    bool abandoned = false;        ///< ended by ExamSession::abandon: no verdict, never an exam simulation
    int correct = 0;
    int total = 0;    ///< questions that count: served ones less the excluded
    int excluded = 0; ///< questions the candidate excluded from scores (Errata.h), in no figure here
    int answered = 0; ///< questions answered completely (SessionItem::complete)
    int incomplete = 0; ///< questions with fewer options chosen than asked for (SessionItem::incomplete)
    double score = 0; ///< correct / total
    double passPercent = 0;
    /// The verdict on the score as it is now, excluded questions left out: recomputed, not the one stored
    /// when the session finished (docs/user-guide.md, "Report a problem").
    bool passed = false;
    std::int64_t elapsedMs = 0; ///< the clock's time used (SessionScore::elapsedMs)
    std::int64_t reviewMs = 0;  ///< of which on the review screen
    std::vector<Tally> domains; ///< blueprint order

    /// Questions with no option chosen.
    int unanswered() const { return total - answered - incomplete; }
    /// The clock's time per answered question; 0 when none was answered.
    double minutesPerAnsweredQuestion() const { return minutesPerQuestion(elapsedMs, answered); }
    /// Whether it is one of the "last exam simulations" the readiness verdict reads: a strict exam that
    /// was submitted or ran out, not a practice exam and not an abandoned one.
    bool countsForReadiness() const { return mode == SessionMode::Exam && !abandoned; }
};

/// The domain a session's history row names as the one to drill next.
struct WeakestDomain
{
    /// The lowest share right among the questions answered in it (Tally::attempted: an incomplete
    /// multi-select is answered and wrong, as the results screen scores it; ties to the earlier, heavier
    /// domain); none when every answer was right or nothing was answered.
    std::optional<Tally> domain;
    /// Domains none of whose questions was shown (Tally::seen), as the results screen counts them. They are
    /// never weakest, nor is a domain shown but with no answer: an unanswered question says nothing about
    /// what the candidate knows.
    int notReached = 0;
};
WeakestDomain weakestDomain(const std::vector<Tally>& domains);

/// The letters of an item's options as they were displayed (A for the first shown, and so on).
struct AnswerLetters
{
    std::string chosen;  ///< the candidate's choice, e.g. "BD"; empty when unanswered
    std::string correct; ///< the key, e.g. "AD"
};
AnswerLetters answerLetters(const SessionItem& item);
/// The same for a question shown in `optionOrder` (display position → original index) with `chosen`
/// (original indices): a drill's answer.
AnswerLetters answerLetters(const Question& question, const std::vector<int>& optionOrder,
                            const std::vector<int>& chosen);

/// Option indices as letters of the pack's order ({0, 2} → "AC"): the same option is the same letter for
/// everyone, whatever order a shuffle showed.
std::string optionLetters(const std::vector<int>& indices);

/// "correct", "wrong", "incomplete" (fewer options chosen than asked for: wrong too) or "unanswered"
/// (all-or-nothing, as SessionItem::correct).
const char* resultName(const SessionItem& item);

/// Every question of a session as CSV (RFC 4180), in the order it was served, for a spreadsheet or a
/// script: position, question id, domain and subtopic (id and name), how many options to select, the
/// candidate's letters and the correct letters as they were displayed, result (resultName: "correct",
/// "wrong", "incomplete", "unanswered"), confidence tag, flagged, revealed, seconds spent, and the stem. The
/// ids are the pack's, so a question can be found again whatever its position in a shuffled form. Then what
/// pooling a class's files needs (`certdrill-cli item-stats`): `attempt` (the label of this sitting, the same
/// on every row; empty when none is given), the pack id and the pack's version when the session started, the
/// first 16 hex digits of the question's content hash (the same question in another pack version has the same
/// one), and the number of options with the chosen and the correct ones as letters of the pack's order (A =
/// the pack's first option, whatever the shuffle showed).
std::string sessionCsv(const ExamDef& exam, const std::vector<SessionItem>& items,
                       const std::string& attempt = "");

/// The columns of sessionCsv, in order (item-stats reads the files by these names).
const std::vector<std::string>& sessionCsvColumns();

/// A stable label for a session that tells nobody which session or learner it was: 16 hex digits of the
/// SHA-256 of the session id and a random salt made once per database (kept in its settings), so the same
/// session always gets the same label, and labels from two databases do not collide or give anything away.
/// For `results ID --csv --anonymous`.
Result<std::string> anonymousAttempt(Store& store, std::int64_t sessionId);

/// Finished mock and practice exams, abandoned ones included (drills are not mocks and are left out),
/// newest first.
Result<std::vector<SessionSummary>> sessionHistory(Store& store);

} // namespace certdrill
