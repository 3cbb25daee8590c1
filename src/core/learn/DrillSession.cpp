#include "certdrill/learn/DrillSession.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <utility>

#include <nlohmann/json.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/learn/Ability.h"

namespace certdrill {

namespace {

using nlohmann::json;

constexpr const char* kStorageFailed = "drill storage failed";

/// Entry `position` of the per-question array `key` in a drill's options, or null: drills stored by an
/// older version lack the newer arrays.
const json* optionsEntry(const json& meta, const char* key, std::size_t position)
{
    if (!meta.is_object() || !meta.contains(key) || !meta[key].is_array() || position >= meta[key].size()) {
        return nullptr;
    }
    return &meta[key][position];
}

} // namespace

DrillSession::DrillSession(Store& store, ExamDef exam)
    : m_store(store)
    , m_exam(std::move(exam))
{
}

Result<std::unique_ptr<DrillSession>>
DrillSession::start(Store& store, const ExamDef& exam, const DrillPlan& plan, std::uint64_t seed, bool cram)
{
    std::vector<std::int64_t> rows;
    for (const auto& planned : plan.questions) {
        rows.push_back(planned.id);
    }
    // Active questions of this exam only, as the pool from candidates holds: a planned question retired or
    // moved since the plan is then refused below as not in the bank.
    auto stored = store.questionsAt(rows, RetiredQuestions::Excluded);
    if (!stored) {
        return stored.error();
    }
    std::vector<Candidate> pool;
    for (StoredQuestion& sq : stored.value()) {
        if (sq.question.exam != exam.id) {
            continue;
        }
        Candidate c;
        c.rowId = sq.rowId;
        c.question = std::move(sq.question);
        pool.push_back(std::move(c));
    }
    return start(store, exam, plan, pool, seed, cram);
}

Result<std::unique_ptr<DrillSession>> DrillSession::start(Store& store, const ExamDef& exam,
                                                          const DrillPlan& plan,
                                                          const std::vector<Candidate>& pool,
                                                          std::uint64_t seed, bool cram)
{
    std::map<std::int64_t, const Candidate*> byRow;
    for (const auto& c : pool) {
        byRow[c.rowId] = &c;
    }
    auto session = std::unique_ptr<DrillSession>(new DrillSession(store, exam));
    session->m_cram = cram;
    Random rng(seed);
    for (const auto& planned : plan.questions) {
        const auto it = byRow.find(planned.id);
        if (it == byRow.end()) {
            return Error{"planned question " + std::to_string(planned.id) + " is not in the bank"};
        }
        DrillItem item;
        item.position = static_cast<int>(session->m_items.size());
        item.questionRow = planned.id;
        item.question = it->second->question;
        item.reason = planned.reason;
        item.solve = planned.solve;
        item.optionOrder.resize(item.question.options.size());
        std::iota(item.optionOrder.begin(), item.optionOrder.end(), 0);
        if (item.question.shuffle) {
            rng.shuffle(item.optionOrder);
        }
        session->m_items.push_back(std::move(item));
    }
    if (session->m_items.empty()) {
        return Error{"the drill has no questions: nothing in the bank matches"};
    }
    auto stored = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Database& db = store.database();
        Transaction tx(db);
        Statement s(db,
                    "INSERT INTO sessions (exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
                    "started_at, options) SELECT id, 'drill', ?, ?, 0, ?, ?, ? FROM exams WHERE exam_id = ?");
        s.bind(1, static_cast<std::int64_t>(seed)).bind(2, static_cast<int>(session->m_items.size()));
        s.bind(3, exam.passPercent).bind(4, store.clock().wallMs());
        // Why the reasons and solve chances go here: a resumed drill shows them with each question, and
        // session_items has no column for them.
        json reasons = json::array();
        json solve = json::array();
        for (const auto& item : session->m_items) {
            reasons.push_back(reasonName(item.reason));
            solve.push_back(item.solve);
        }
        s.bind(5, json{{"cram", cram}, {"reasons", reasons}, {"solve", solve}}.dump()).bind(6, exam.id);
        s.run();
        if (db.changes() != 1) {
            return Error{"no exam \"" + exam.id + "\" in the database"};
        }
        session->m_id = db.lastInsertRowId();
        Statement ins(
            db, "INSERT INTO session_items (session_ref, position, question_ref, option_order, snapshot) "
                "VALUES (?, ?, ?, ?, ?)");
        for (const auto& item : session->m_items) {
            ins.reset();
            ins.bind(1, session->m_id).bind(2, item.position).bind(3, item.questionRow);
            ins.bind(4, json(item.optionOrder).dump()).bind(5, questionToJson(item.question));
            ins.run();
        }
        tx.commit();
        return {};
    });
    if (!stored) {
        return stored.error();
    }
    return session;
}

Result<TrackerReport> DrillSession::planningReport(Store& store, const ExamDef& exam,
                                                   const TrackerSettings& settings)
{
    auto bank = sessionBank(store, exam);
    if (!bank) {
        return bank.error();
    }
    // The tracker reuses the bank just read instead of reading it again.
    return buildTracker(store, exam, settings, bank.value());
}

Result<StartedDrill> DrillSession::startPlanned(Store& store, const ExamDef& exam,
                                                const TrackerSettings& settings,
                                                const PlannerOptions& options, bool cram)
{
    auto before = planningReport(store, exam, settings);
    if (!before) {
        return before.error();
    }
    return startPlanned(store, exam, std::move(before.value()), options, cram);
}

Result<StartedDrill> DrillSession::startPlanned(Store& store, const ExamDef& exam, TrackerReport before,
                                                const PlannerOptions& options, bool cram)
{
    const DrillPlan plan = planDrill(before.planner, options);
    if (plan.questions.empty()) {
        // Nothing matches (a custom drill's filters, an empty bank): an answer, not a failure, and nothing is
        // stored.
        return StartedDrill{nullptr, std::move(before)};
    }
    auto session = start(store, exam, plan, options.seed, cram);
    if (!session) {
        return session.error();
    }
    return StartedDrill{std::move(session.value()), std::move(before)};
}

Result<std::optional<std::int64_t>> DrillSession::unfinished(Store& store)
{
    return catchDbError(kStorageFailed, [&]() -> Result<std::optional<std::int64_t>> {
        Statement s(store.database(),
                    "SELECT s.id FROM sessions s WHERE s.mode = 'drill' AND s.finished_at IS NULL AND EXISTS "
                    "(SELECT 1 FROM session_items i WHERE i.session_ref = s.id AND i.correct IS NULL) "
                    "ORDER BY s.id DESC LIMIT 1");
        if (s.step()) {
            return std::optional<std::int64_t>(s.getInt(0));
        }
        return std::optional<std::int64_t>();
    });
}

Result<std::unique_ptr<DrillSession>> DrillSession::open(Store& store, std::int64_t sessionId)
{
    std::string examId;
    std::string options;
    auto header = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Statement s(store.database(), "SELECT e.exam_id, s.options FROM sessions s JOIN exams e ON e.id = "
                                      "s.exam_ref WHERE s.id = ? AND s.mode = 'drill'");
        s.bind(1, sessionId);
        if (!s.step()) {
            return Error{"no drill " + std::to_string(sessionId)};
        }
        examId = s.getText(0);
        options = s.getText(1);
        return {};
    });
    if (!header) {
        return header.error();
    }
    auto exam = store.exam(examId);
    if (!exam) {
        return exam.error();
    }
    auto session = std::unique_ptr<DrillSession>(new DrillSession(store, exam.value()));
    session->m_id = sessionId;
    const json meta = json::parse(options, nullptr, false);
    session->m_cram = isCram(options);
    auto items = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Statement s(
            store.database(),
            "SELECT i.position, i.question_ref, i.option_order, i.snapshot, i.chosen, "
            "COALESCE(i.confidence, ''), i.correct, COALESCE(o.objective_id, '') FROM session_items i "
            "JOIN questions q ON q.id = i.question_ref LEFT JOIN objectives o ON o.id = q.objective_ref "
            "WHERE i.session_ref = ? ORDER BY i.position");
        s.bind(1, sessionId);
        while (s.step()) {
            DrillItem item;
            item.position = static_cast<int>(s.getInt(0));
            item.questionRow = s.getInt(1);
            item.optionOrder = jsonInts(s.getText(2));
            item.question = questionFromJson(s.getText(3));
            if (item.question.objective.empty()) {
                item.question.objective = s.getText(7); // served before objectives existed
            }
            const auto p = static_cast<std::size_t>(item.position);
            if (const json* reason = optionsEntry(meta, "reasons", p); reason && reason->is_string()) {
                item.reason = parseReason(reason->get<std::string>());
            }
            if (const json* solve = optionsEntry(meta, "solve", p); solve && solve->is_number()) {
                item.solve = solve->get<double>();
            }
            item.checked = !s.isNull(6);
            if (item.checked) {
                item.chosen = jsonInts(s.getText(4));
                item.confidence = parseConfidence(s.getText(5));
                item.correct = s.getInt(6) != 0;
            }
            session->m_items.push_back(std::move(item));
        }
        return {};
    });
    if (!items) {
        return items.error();
    }
    return session;
}

bool DrillSession::isCram(const std::string& optionsJson)
{
    const json meta = json::parse(optionsJson, nullptr, false);
    return meta.is_object() && meta.value("cram", false);
}

int DrillSession::nextUnchecked() const
{
    int p = 0;
    while (p < static_cast<int>(m_items.size()) && m_items[static_cast<std::size_t>(p)].checked) {
        ++p;
    }
    return p;
}

Result<bool> DrillSession::check(int position, std::vector<int> options, std::optional<Confidence> confidence)
{
    if (m_finished || position < 0 || position >= static_cast<int>(m_items.size())) {
        return Error{"no open question at position " + std::to_string(position)};
    }
    DrillItem& item = m_items[static_cast<std::size_t>(position)];
    if (item.checked) {
        return Error{"this question was already checked"};
    }
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    if (options.empty()) {
        return Error{"Choose an answer first"};
    }
    if (std::any_of(options.begin(), options.end(),
                    [&](int o) { return o < 0 || o >= static_cast<int>(item.question.options.size()); })) {
        return Error{"option " + std::to_string(options.back()) + " does not exist"};
    }
    // Why refuse fewer: a check is final and graded all-or-nothing, so one of two answers would be scored
    // wrong and recorded as evidence of a gap that is only a slip. The exam lets a candidate leave a question
    // incomplete (the real exam scores it wrong); a drill asks for a complete answer before it grades.
    const int select = item.question.select;
    const std::string asks =
        "This question asks for " + std::to_string(select) + (select == 1 ? " answer" : " answers");
    if (static_cast<int>(options.size()) > select) {
        return Error{asks + "; deselect one first"};
    }
    if (static_cast<int>(options.size()) < select) {
        return Error{asks + "; choose " + std::to_string(select) + " before checking"};
    }
    const bool correct = options == item.question.correctOptions();
    auto stored = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(),
                    "UPDATE session_items SET chosen = ?, confidence = ?, revealed = 1, visits = visits + 1, "
                    "answered_at = ?, correct = ? WHERE session_ref = ? AND position = ?");
        s.bind(1, json(options).dump());
        if (confidence) {
            s.bind(2, confidenceName(*confidence));
        } else {
            s.bindNull(2);
        }
        s.bind(3, m_store.clock().wallMs()).bind(4, correct ? 1 : 0).bind(5, m_id).bind(6, position);
        s.run();
        tx.commit();
        return {};
    });
    if (!stored) {
        return stored.error();
    }
    item.chosen = std::move(options);
    item.confidence = confidence;
    item.checked = true;
    item.correct = correct;
    return correct;
}

const char* DrillTally::againstExpected() const
{
    const double sd = std::sqrt(variance);
    if (pitchedRight > expected + sd) {
        return "better";
    }
    if (pitchedRight < expected - sd) {
        return "worse";
    }
    return "as expected";
}

DrillSummary DrillSession::summary() const
{
    const AbilityModel level; // the model the planner's solve chances came from (buildTracker)
    DrillSummary out;
    std::map<std::string, DrillTally> byDomain;
    for (const auto& it : m_items) {
        if (!it.checked) {
            continue;
        }
        for (DrillTally* t : {&out.all, &byDomain[it.question.domain]}) {
            ++t->total;
            t->right += it.correct;
            if (it.pickedForLevel()) {
                const double p = level.guess + (1.0 - level.guess) * it.solve;
                ++t->pitched;
                t->pitchedRight += it.correct;
                t->expected += p;
                t->variance += p * (1.0 - p);
            }
        }
    }
    for (const auto& d : m_exam.domains) {
        if (const auto it = byDomain.find(d.id); it != byDomain.end()) {
            out.domains.emplace_back(d.id, it->second);
        }
    }
    return out;
}

Result<void> DrillSession::finish()
{
    if (m_finished) {
        return {};
    }
    const DrillTally all = summary().all;
    const int right = all.right;
    const double score = all.total ? double(right) / all.total : 0.0;
    auto stored = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(), "UPDATE sessions SET finished_at = ?, finish_reason = 'submitted', "
                                        "correct_count = ?, score = ?, passed = ? WHERE id = ?");
        s.bind(1, m_store.clock().wallMs()).bind(2, right).bind(3, score);
        s.bind(4, passesMark(right, all.total, m_exam.passPercent) ? 1 : 0).bind(5, m_id);
        s.run();
        tx.commit();
        return {};
    });
    if (stored) {
        m_finished = true;
    }
    return stored;
}

} // namespace certdrill
