#include "certdrill/exam/FinalExams.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "certdrill/Random.h"
#include "certdrill/store/Store.h"

namespace certdrill {

namespace {

constexpr const char* kFinalsFailed = "cannot read or reserve the final exams";

std::string percentText(double fraction)
{
    return std::to_string(static_cast<int>(fraction * 100.0 + 0.5)) + "%";
}

} // namespace

namespace {

/// The question rows of each form, form 1 first.
using FormRows = std::vector<std::set<std::int64_t>>;

/// Whether the forms of `examId` are stored (final_questions); without them nothing was reserved yet.
bool formsStored(Database& db, const std::string& examId)
{
    Statement st(db, "SELECT EXISTS (SELECT 1 FROM final_questions f JOIN exams e ON e.id = f.exam_ref "
                     "WHERE e.exam_id = ?)");
    st.bind(1, examId);
    return st.step() && st.getInt(0) != 0;
}

/// The forms the reservation chooses from the bank and the history as they are now (see reserveFinalForms).
/// Only reads: reserveFinalForms stores this choice, and a read-only command uses it in memory, so both hold
/// back the same questions.
Result<FormRows> chooseForms(Store& store, const ExamDef& exam)
{
    FormRows out;
    if (exam.finalForms <= 0 || exam.countDefault <= 0) {
        return out;
    }
    // The bank as planning reads it: the assembly makes a Question only for the chosen questions.
    auto pool = store.planningBank(exam.id);
    if (!pool) {
        return pool.error();
    }
    // "Never seen" means never served in any session, drills included (exams alone rank practice forms), so
    // a candidate who has practised reserves the questions they have not met yet.
    const auto served = store.lastServed(true);
    if (!served) {
        return served.error();
    }
    for (int number = 1; number <= exam.finalForms; ++number) {
        const Form form =
            assembleForm(exam, pool.value(), served.value(), exam.countDefault, kFinalFormSeed + number);
        if (!form.complete() || static_cast<int>(form.items.size()) < exam.countDefault) {
            break;
        }
        std::set<std::int64_t> rows;
        for (const FormItem& item : form.items) {
            rows.insert(item.rowId);
        }
        std::erase_if(pool.value().rows, [&](const PlanningRow& r) { return rows.count(r.rowId) > 0; });
        // Practice must still fill an exam simulation of its own, or the final form is not worth it.
        if (!assembleForm(exam, pool.value(), served.value(), exam.countDefault, kFinalFormSeed).complete()) {
            break;
        }
        out.push_back(std::move(rows));
    }
    return out;
}

} // namespace

Result<void> reserveFinalForms(Store& store, const ExamDef& exam)
{
    if (exam.finalForms <= 0 || exam.countDefault <= 0) {
        return {};
    }
    if (store.database().readOnly()) {
        return Error{"cannot reserve the final exams: the database is open read-only"};
    }
    return catchDbError(kFinalsFailed, [&]() -> Result<void> {
        Database& db = store.database();
        // Stored already (every start but the first): a read, with no write transaction to commit and sync.
        if (formsStored(db, exam.id)) {
            return {};
        }
        // One write transaction: a second program reserving at the same moment waits, then finds the forms.
        Transaction tx(db);
        if (formsStored(db, exam.id)) {
            tx.commit();
            return {};
        }
        auto forms = chooseForms(store, exam);
        if (!forms) {
            return forms.error();
        }
        Statement insert(db, "INSERT INTO final_questions (exam_ref, form, question_ref) "
                             "SELECT id, ?, ? FROM exams WHERE exam_id = ?");
        for (std::size_t i = 0; i < forms.value().size(); ++i) {
            for (const std::int64_t row : forms.value()[i]) {
                insert.reset();
                insert.bind(1, static_cast<std::int64_t>(i + 1)).bind(2, row).bind(3, exam.id);
                insert.run();
            }
        }
        tx.commit();
        return {};
    });
}

Result<void> reserveAllFinalForms(Store& store)
{
    auto catalog = store.examCatalog();
    if (!catalog) {
        return catalog.error();
    }
    for (const auto& [id, known] : catalog.value()) {
        if (auto reserved = reserveFinalForms(store, known.exam); !reserved) {
            return reserved.error();
        }
    }
    return {};
}

Result<std::set<std::int64_t>> heldBackQuestions(Store& store, const ExamDef& exam)
{
    auto stored =
        catchDbError(kFinalsFailed, [&] { return Result<bool>(formsStored(store.database(), exam.id)); });
    if (!stored) {
        return stored.error();
    }
    if (stored.value()) {
        return store.reservedQuestions(exam.id);
    }
    // Nothing stored yet (a read-only command, or a database from before final exams): the same choice,
    // made in memory, so the questions it would hold back are not served in the meantime.
    auto chosen = catchDbError(kFinalsFailed, [&] { return chooseForms(store, exam); });
    if (!chosen) {
        return chosen.error();
    }
    std::set<std::int64_t> out;
    for (const auto& rows : chosen.value()) {
        out.insert(rows.begin(), rows.end());
    }
    return out;
}

Result<std::vector<Candidate>> practiceCandidates(Store& store, const ExamDef& exam, QuestionContent content)
{
    auto held = heldBackQuestions(store, exam);
    if (!held) {
        return held.error();
    }
    auto pool = store.candidates(exam.id, content);
    if (!pool) {
        return pool.error();
    }
    std::erase_if(pool.value(), [&](const Candidate& c) { return held.value().count(c.rowId) > 0; });
    return pool;
}

Result<PlanningBank> practiceBank(Store& store, const ExamDef& exam)
{
    auto held = heldBackQuestions(store, exam);
    if (!held) {
        return held.error();
    }
    auto bank = store.planningBank(exam.id);
    if (bank && !held.value().empty()) {
        std::erase_if(bank.value().rows,
                      [&](const PlanningRow& r) { return held.value().count(r.rowId) > 0; });
    }
    return bank;
}

Result<PlanningBank> sessionBank(Store& store, const ExamDef& exam)
{
    if (auto reserved = reserveFinalForms(store, exam); !reserved) {
        return reserved.error();
    }
    return practiceBank(store, exam);
}

Result<Form> sessionForm(Store& store, const ExamDef& exam, int count, std::uint64_t seed)
{
    auto bank = sessionBank(store, exam);
    if (!bank) {
        return bank.error();
    }
    auto served = store.lastServed();
    if (!served) {
        return served.error();
    }
    Form form = assembleForm(exam, bank.value(), served.value(), count, seed);
    std::vector<std::int64_t> rows;
    for (const FormItem& item : form.items) {
        rows.push_back(item.rowId);
    }
    auto stored = store.questionsAt(rows, RetiredQuestions::Excluded);
    if (!stored) {
        return stored.error();
    }
    std::map<std::int64_t, Question> byRow;
    for (StoredQuestion& q : stored.value()) {
        byRow.emplace(q.rowId, std::move(q.question));
    }
    for (FormItem& item : form.items) {
        auto it = byRow.find(item.rowId);
        // The options were ordered by the count the planning index holds; the rows read now must agree, and a
        // question retired since the plan is not read at all.
        if (it == byRow.end() || it->second.options.size() != item.optionOrder.size()) {
            return Error{"question \"" + item.question.id +
                         "\" changed while the exam was being assembled (retired, or its options changed); "
                         "start the exam again, and import its pack again if this repeats"};
        }
        item.question = std::move(it->second);
    }
    return form;
}

Result<std::vector<FinalForm>> finalForms(Store& store, const ExamDef& exam)
{
    return catchDbError(kFinalsFailed, [&]() -> Result<std::vector<FinalForm>> {
        Database& db = store.database();
        std::vector<FinalForm> out;
        if (!formsStored(db, exam.id)) {
            // Not reserved yet: the forms the reservation will store, none of them taken.
            auto chosen = chooseForms(store, exam);
            if (!chosen) {
                return chosen.error();
            }
            for (std::size_t i = 0; i < chosen.value().size(); ++i) {
                FinalForm f;
                f.number = static_cast<int>(i + 1);
                f.questions = static_cast<int>(chosen.value()[i].size());
                out.push_back(f);
            }
            return out;
        }
        Statement forms(db, "SELECT f.form, SUM(q.retired = 0) FROM final_questions f "
                            "JOIN exams e ON e.id = f.exam_ref JOIN questions q ON q.id = f.question_ref "
                            "WHERE e.exam_id = ? GROUP BY f.form ORDER BY f.form");
        forms.bind(1, exam.id);
        while (forms.step()) {
            FinalForm f;
            f.number = static_cast<int>(forms.getInt(0));
            f.questions = static_cast<int>(forms.getInt(1));
            out.push_back(f);
        }
        Statement taken(db, "SELECT s.id, s.finished_at IS NOT NULL, s.abandoned, COALESCE(s.score, 0) "
                            "FROM sessions s JOIN exams e ON e.id = s.exam_ref WHERE e.exam_id = ? "
                            "AND s.final_form = ? ORDER BY s.id LIMIT 1");
        for (FinalForm& f : out) {
            taken.reset();
            taken.bind(1, exam.id).bind(2, f.number);
            if (taken.step()) {
                f.sessionId = taken.getInt(0);
                f.abandoned = taken.getInt(2) != 0;
                f.finished = taken.getInt(1) != 0 && !f.abandoned;
                f.score = taken.getDouble(3);
            }
        }
        return out;
    });
}

Result<Form> finalExamForm(Store& store, const ExamDef& exam, int number, std::uint64_t seed)
{
    // A final exam is about to start: the forms are stored now, if they were not already.
    if (auto reserved = reserveFinalForms(store, exam); !reserved) {
        return reserved.error();
    }
    auto forms = finalForms(store, exam);
    if (!forms) {
        return forms.error();
    }
    const auto it = std::find_if(forms.value().begin(), forms.value().end(),
                                 [&](const FinalForm& f) { return f.number == number; });
    if (it == forms.value().end()) {
        return Error{"exam \"" + exam.id + "\" has no final form " + std::to_string(number)};
    }
    if (it->taken()) {
        return Error{"final exam " + std::to_string(number) +
                     " was taken already; each final form is taken once"};
    }
    auto rows = catchDbError(kFinalsFailed, [&]() -> Result<std::set<std::int64_t>> {
        Statement st(store.database(), "SELECT f.question_ref FROM final_questions f JOIN exams e ON "
                                       "e.id = f.exam_ref WHERE e.exam_id = ? AND f.form = ?");
        st.bind(1, exam.id).bind(2, number);
        std::set<std::int64_t> out;
        while (st.step()) {
            out.insert(st.getInt(0));
        }
        return out;
    });
    if (!rows) {
        return rows.error();
    }
    // The form's active questions, read alone and put in pack and question id order (the bank's order, as
    // SQLite compares text: bytewise), so the order below depends only on the seed.
    auto stored = store.questionsAt(std::vector<std::int64_t>(rows.value().begin(), rows.value().end()),
                                    RetiredQuestions::Excluded);
    if (!stored) {
        return stored.error();
    }
    std::sort(stored.value().begin(), stored.value().end(),
              [](const StoredQuestion& a, const StoredQuestion& b) {
                  return std::tie(a.packId, a.question.id) < std::tie(b.packId, b.question.id);
              });
    Form form;
    form.examId = exam.id;
    form.seed = seed;
    form.finalForm = number;
    Random rng(seed);
    for (StoredQuestion& q : stored.value()) {
        FormItem item{q.rowId, std::move(q.question), {}};
        item.optionOrder.resize(item.question.options.size());
        std::iota(item.optionOrder.begin(), item.optionOrder.end(), 0);
        if (item.question.shuffle) {
            rng.shuffle(item.optionOrder);
        }
        form.items.push_back(std::move(item));
    }
    rng.shuffle(form.items);
    form.requested = static_cast<int>(form.items.size());
    form.multiSelectTarget = form.multiSelect();
    // The plan per domain is what the form holds: it was assembled complete when it was reserved.
    for (const Domain& d : exam.domains) {
        DomainPlan plan{d.id, d.name, d.weight, 0, 0, 0, 0, 0};
        for (const FormItem& item : form.items) {
            if (item.question.domain == d.id) {
                ++plan.chosen;
                plan.chosenMulti += item.question.isMultiSelect();
            }
        }
        plan.target = plan.available = plan.chosen;
        plan.multiTarget = plan.chosenMulti;
        form.domains.push_back(plan);
    }
    return form;
}

Result<FinalEvidence> finalEvidence(Store& store, const ExamDef& exam)
{
    auto forms = finalForms(store, exam);
    if (!forms) {
        return forms.error();
    }
    FinalEvidence e;
    e.forms = static_cast<int>(forms.value().size());
    std::vector<std::pair<std::int64_t, double>> finished; // session id (later is newer), score
    for (const FinalForm& f : forms.value()) {
        e.taken += f.taken();
        if (f.finished) {
            finished.emplace_back(*f.sessionId, f.score);
        }
    }
    std::sort(finished.begin(), finished.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [id, score] : finished) {
        e.scores.push_back(score);
    }
    return e;
}

std::string readinessBasis(const FinalEvidence& e)
{
    if (e.forms == 0) {
        return {};
    }
    const std::string held = std::to_string(e.forms - e.taken) + " of " + std::to_string(e.forms) +
                             " final exams of never-seen questions";
    if (e.scores.empty()) {
        return "This verdict rests only on questions you have seen in practice: " + held +
               (e.taken == e.forms
                    ? " are left (the ones started were not finished)."
                    : " are held back for the last check before booking (Exam ▸ Final exam…).");
    }
    std::string scores;
    for (std::size_t i = 0; i < e.scores.size(); ++i) {
        scores += (i ? ", " : "") + percentText(e.scores[i]);
    }
    return "This verdict rests on " + std::to_string(e.scores.size()) +
           (e.scores.size() == 1 ? " final exam" : " final exams") + " of never-seen questions (scored " +
           scores + ", newest first) as well as on practice; " + held + " left.";
}

} // namespace certdrill
