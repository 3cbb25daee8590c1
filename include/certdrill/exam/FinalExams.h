#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/Result.h"
#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// The fixed seed every reservation of final forms starts from, so the same bank (and history) always holds
/// back the same questions.
inline constexpr std::uint64_t kFinalFormSeed = 0xF17A1F0E5EEDULL;

/// One reserved final form of an exam.
struct FinalForm
{
    int number = 0;    ///< 1, 2, …
    int questions = 0; ///< active questions it holds
    /// The session that took it, if any: a final form is taken once, and its questions return to practice
    /// from the moment it starts.
    std::optional<std::int64_t> sessionId;
    bool finished = false;  ///< that session ended (submitted or timed out; not abandoned)
    bool abandoned = false; ///< that session was abandoned
    double score = 0;       ///< of the finished session, a fraction

    bool taken() const { return sessionId.has_value(); }
};

/// Holds back `exam.finalForms` forms of `exam.countDefault` questions, once: each is assembled like an exam
/// simulation (assembleForm: blueprint seats per domain, the multi-select share) by kFinalFormSeed + its
/// number, from the questions never served in any session, falling back to the least recently served, and
/// the forms are disjoint. A form is kept only if it is complete and what is left still fills a complete
/// exam simulation, so a small bank reserves fewer forms (or none) rather than starve practice. Nothing
/// happens when the exam reserves no forms or its forms are already stored; the choice is never redone, so
/// a pack update neither moves a practised question into a final form nor releases a reserved one. This
/// writes: call it where certdrill writes anyway (after an import, at the app's start, before a session
/// starts); on a read-only store it is an Error.
Result<void> reserveFinalForms(Store& store, const ExamDef& exam);

/// reserveFinalForms for every exam the store holds (after an import, at the app's start).
Result<void> reserveAllFinalForms(Store& store);

/// The questions practice leaves out: the reserved questions of forms not started yet when the forms are
/// stored, otherwise the ones reserveFinalForms would store now, chosen in memory. Never writes.
Result<std::set<std::int64_t>> heldBackQuestions(Store& store, const ExamDef& exam);

/// The practice pool: Store::candidates without heldBackQuestions. Every drill, practice exam and exam
/// simulation draws from this; it never writes, so read-only commands (mock-plan, drill-plan) use it too.
Result<std::vector<Candidate>> practiceCandidates(Store& store, const ExamDef& exam,
                                                  QuestionContent content = QuestionContent::Full);

/// The practice bank as planning reads it: Store::planningBank without heldBackQuestions. The tracker, the
/// study plan and drill-plan read this; it never writes.
Result<PlanningBank> practiceBank(Store& store, const ExamDef& exam);

/// The bank of a session about to start (a drill, practice exam or exam simulation), as planning reads it:
/// stores the forms first (reserveFinalForms), then practiceBank, so the session and every later plan hold
/// back the same questions.
Result<PlanningBank> sessionBank(Store& store, const ExamDef& exam);

/// The form of a practice exam or exam simulation about to start, `count` questions (0 = the exam's default)
/// by `seed`: assembled from sessionBank and when each question was last served (the form assembleForm makes
/// from the same questions as candidates), with only the chosen questions read in full (Store::questionsAt).
Result<Form> sessionForm(Store& store, const ExamDef& exam, int count, std::uint64_t seed);

/// The final forms of `exam`, in number order, with whether each was taken and how it went; before they are
/// stored, the forms reserveFinalForms would store (none taken). Never writes.
Result<std::vector<FinalForm>> finalForms(Store& store, const ExamDef& exam);

/// The form to sit for final form `number`: its active reserved questions, options shuffled by `seed`
/// (unless a question says not to) and the items in an order shuffled by it. A session is about to start, so
/// it stores the forms first (reserveFinalForms). An Error when the form does not exist or was taken already.
Result<Form> finalExamForm(Store& store, const ExamDef& exam, int number, std::uint64_t seed);

/// How the final exams stand, for the readiness verdict.
struct FinalEvidence
{
    int forms = 0;              ///< reserved forms
    int taken = 0;              ///< started (finished, abandoned or running)
    std::vector<double> scores; ///< finished, not abandoned, newest first
};

/// Reads FinalEvidence for `exam`.
Result<FinalEvidence> finalEvidence(Store& store, const ExamDef& exam);

/// The readiness verdict's basis in one line: whether it rests on final exams of never-seen questions or
/// only on questions seen in practice. Empty for an exam that reserves no final forms.
std::string readinessBasis(const FinalEvidence& evidence);

} // namespace certdrill
