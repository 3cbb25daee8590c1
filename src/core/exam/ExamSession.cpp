#include "certdrill/exam/ExamSession.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace certdrill {

namespace {

using nlohmann::json;

/// Prefix of every storage error a session reports.
constexpr const char* kStorageFailed = "session storage failed";

Error noOpenQuestion(int position)
{
    return Error{"no open question at position " + std::to_string(position)};
}

} // namespace

bool SessionItem::correct() const
{
    return !chosen.empty() && chosen == question.correctOptions();
}

std::string minutesSecondsText(std::int64_t ms)
{
    const std::int64_t seconds = std::max<std::int64_t>(0, ms) / 1000;
    const std::int64_t s = seconds % 60;
    return std::to_string(seconds / 60) + (s < 10 ? ":0" : ":") + std::to_string(s);
}

std::string durationText(std::int64_t ms)
{
    const std::int64_t seconds = (std::max<std::int64_t>(0, ms) + 999) / 1000;
    const std::int64_t m = seconds / 60;
    const std::int64_t s = seconds % 60;
    if (m == 0) {
        return std::to_string(s) + " s";
    }
    return std::to_string(m) + " min" + (s == 0 ? std::string() : " " + std::to_string(s) + " s");
}

std::string paceText(double minutes)
{
    return minutesSecondsText(std::llround(std::max(0.0, minutes) * 60.0) * 1000);
}

std::string countdownText(std::int64_t ms)
{
    const std::int64_t seconds = std::max<std::int64_t>(0, ms) / 1000;
    const auto twoDigits = [](std::int64_t n) {
        return (n < 10 ? "0" : "") + std::to_string(n);
    };
    return std::to_string(seconds / 3600) + ":" + twoDigits(seconds / 60 % 60) + ":" +
           twoDigits(seconds % 60);
}

bool passesMark(int correct, int total, double passPercent)
{
    return total > 0 && reachesMark(static_cast<double>(correct) / total, passPercent / 100.0);
}

SessionScore scoreItems(const ExamDef& exam, const std::vector<SessionItem>& items, double passPercent)
{
    SessionScore s;
    std::map<std::string, Tally> byDomain, byTopic;
    for (const auto& item : items) {
        if (item.excluded) {
            // Excluded by the candidate as disputed: neither right nor wrong, in no count below.
            ++s.excluded;
            continue;
        }
        const bool ok = item.correct();
        ++s.total;
        s.correct += ok;
        s.answered += item.complete();
        s.incomplete += item.incomplete();
        s.timeMs += item.timeMs;
        const auto count = [&](Tally& t, const std::string& id) {
            t.id = id;
            ++t.total;
            t.correct += ok;
            t.timeMs += item.timeMs;
            t.seen += item.seen();
            t.answered += item.complete();
            t.incomplete += item.incomplete();
        };
        count(byDomain[item.question.domain], item.question.domain);
        const Domain* domain = exam.findDomain(item.question.domain);
        if (const std::string& topic = domain ? item.question.topicIn(*domain) : item.question.subtopic;
            !topic.empty()) {
            const std::string key = item.question.domain + "/" + topic;
            count(byTopic[key], key);
        }
        if (!ok && item.question.isMultiSelect()) {
            const auto want = item.question.correctOptions();
            s.nearMisses += std::any_of(item.chosen.begin(), item.chosen.end(), [&](int c) {
                return std::find(want.begin(), want.end(), c) != want.end();
            });
        }
    }
    s.score = s.total ? double(s.correct) / s.total : 0.0;
    // The form's allowance: an excluded question still took its share of the clock when it was served.
    const int served = s.total + s.excluded;
    s.minutesAllowedPerQuestion = served ? static_cast<double>(exam.durationMinutes) / served : 0.0;
    s.passed = passesMark(s.correct, s.total, passPercent);
    for (const auto& d : exam.domains) {
        if (const auto it = byDomain.find(d.id); it != byDomain.end()) {
            s.domains.push_back(it->second);
        }
        for (const auto& topic : d.topics()) {
            if (const auto it = byTopic.find(d.id + "/" + topic.id); it != byTopic.end()) {
                s.topics.push_back(it->second);
            }
        }
    }
    return s;
}

ExamSession::ExamSession(Store& store, ExamDef exam)
    : m_store(store)
    , m_exam(std::move(exam))
{
}

namespace {

constexpr const char* kQuestionsKey = "mock.questions";
constexpr const char* kExtraMinutesKey = "mock.extra-minutes";
/// The id of the session whose clock the candidate hid; one setting is enough, since one session at a time
/// is open, and another session's id never matches it.
constexpr const char* kClockHiddenKey = "exam.clock-hidden-session";

std::string checkMockSettings(const ExamDef& exam, const MockSettings& m)
{
    if (m.questions != 0 && (m.questions < exam.countMin || m.questions > exam.countMax)) {
        return "the number of questions must be between " + std::to_string(exam.countMin) + " and " +
               std::to_string(exam.countMax);
    }
    if (m.extraMinutes < 0 || m.extraMinutes > kMaxExtraMinutes) {
        return "extra time must be between 0 and " + std::to_string(kMaxExtraMinutes) + " minutes";
    }
    return {};
}

} // namespace

Result<MockSettings> loadMockSettings(Store& store, const ExamDef& exam)
{
    MockSettings m;
    for (const auto& [key, field] : {std::pair{kQuestionsKey, &MockSettings::questions},
                                     std::pair{kExtraMinutesKey, &MockSettings::extraMinutes}}) {
        auto stored = store.setting(key);
        if (!stored) {
            return stored.error();
        }
        if (!stored.value()) {
            continue;
        }
        MockSettings candidate = m;
        candidate.*field = std::atoi(stored.value()->c_str());
        // A value edited by hand, or one an exam update took out of range, falls back to the default.
        if (checkMockSettings(exam, candidate).empty()) {
            m = candidate;
        }
    }
    return m;
}

Result<void> saveMockSettings(Store& store, const ExamDef& exam, const MockSettings& settings)
{
    if (const std::string error = checkMockSettings(exam, settings); !error.empty()) {
        return Error{error};
    }
    return store.saveSettings({{kQuestionsKey, std::to_string(settings.questions)},
                               {kExtraMinutesKey, std::to_string(settings.extraMinutes)}});
}

namespace {

/// Which pack a served question came from, and that pack's version at `startedAt`: the version of its last
/// import until then, so a later update of the pack does not change what a finished session says it served;
/// and whether the candidate has excluded it from scores, now (Errata.h).
class ServedFrom
{
public:
    explicit ServedFrom(Database& db)
        : m_statement(db, "SELECT p.pack_id, COALESCE((SELECT h.version FROM pack_imports h WHERE "
                          "h.pack_ref = p.id AND h.imported_at <= ? ORDER BY h.id DESC LIMIT 1), p.version), "
                          "EXISTS (SELECT 1 FROM score_exclusions x WHERE x.question_ref = q.id) "
                          "FROM questions q JOIN packs p ON p.id = q.pack_ref WHERE q.id = ?")
    {
    }

    void fill(SessionItem& item, std::int64_t startedAt)
    {
        m_statement.reset();
        m_statement.bind(1, startedAt).bind(2, item.questionRow);
        if (m_statement.step()) {
            item.packId = m_statement.getText(0);
            item.packVersion = m_statement.getText(1);
            item.excluded = m_statement.getInt(2) != 0;
        }
    }

private:
    Statement m_statement;
};

} // namespace

Result<std::unique_ptr<ExamSession>> ExamSession::start(Store& store, const ExamDef& examDef,
                                                        const Form& form, SessionMode mode, int extraMinutes)
{
    if (const std::string error = checkMockSettings(examDef, MockSettings{0, extraMinutes}); !error.empty()) {
        return Error{error};
    }
    // The session's own copy of the exam carries its time limit, extra time included.
    ExamDef exam = examDef;
    exam.durationMinutes += extraMinutes;
    return catchDbError(kStorageFailed, [&]() -> Result<std::unique_ptr<ExamSession>> {
        const Clock& clock = store.clock();
        Database& db = store.database();
        const std::int64_t duration = std::int64_t{exam.durationMinutes} * 60'000;
        const std::int64_t now = clock.wallMs();
        Transaction tx(db);
        Statement s(db,
                    "INSERT INTO sessions (exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
                    "started_at, deadline_at, remaining_ms, final_form) SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ? "
                    "FROM exams WHERE exam_id = ?");
        s.bind(1, mode == SessionMode::Exam ? "exam" : "practice");
        s.bind(2, static_cast<std::int64_t>(form.seed)).bind(3, static_cast<int>(form.items.size()));
        s.bind(4, duration).bind(5, exam.passPercent).bind(6, now);
        if (mode == SessionMode::Exam) {
            s.bind(7, now + duration).bindNull(8);
        } else {
            s.bindNull(7).bind(8, duration);
        }
        // A final form is marked from the start: starting it releases its questions to practice.
        if (form.finalForm > 0) {
            s.bind(9, form.finalForm);
        } else {
            s.bindNull(9);
        }
        s.bind(10, exam.id);
        s.run();
        if (db.changes() != 1) {
            return Error{"no exam \"" + exam.id + "\" in the database"};
        }
        auto session = std::unique_ptr<ExamSession>(new ExamSession(store, exam));
        session->m_id = db.lastInsertRowId();
        session->m_mode = mode;
        session->m_finalForm = form.finalForm;
        session->m_passPercent = exam.passPercent;
        Statement item(
            db, "INSERT INTO session_items (session_ref, position, question_ref, option_order, snapshot) "
                "VALUES (?, ?, ?, ?, ?)");
        ServedFrom servedFrom(db);
        for (size_t p = 0; p < form.items.size(); ++p) {
            const FormItem& fi = form.items[p];
            item.reset();
            item.bind(1, session->m_id).bind(2, static_cast<int>(p)).bind(3, fi.rowId);
            item.bind(4, json(fi.optionOrder).dump()).bind(5, questionToJson(fi.question));
            item.run();
            SessionItem served;
            served.position = static_cast<int>(p);
            served.questionRow = fi.rowId;
            served.question = fi.question;
            served.optionOrder = fi.optionOrder;
            servedFrom.fill(served, now);
            session->m_items.push_back(std::move(served));
        }
        tx.commit();
        session->m_durationMs = duration;
        session->m_anchorSteady = clock.steadyMs();
        session->m_anchorRemaining = duration;
        session->m_deadlineMs = now + duration;
        return session;
    });
}

Result<std::unique_ptr<ExamSession>> ExamSession::open(Store& store, std::int64_t sessionId)
{
    auto opened = catchDbError(kStorageFailed, [&]() -> Result<std::unique_ptr<ExamSession>> {
        Database& db = store.database();
        Statement s(db, "SELECT e.exam_id, s.mode, s.pass_percent, s.deadline_at, s.remaining_ms, s.paused, "
                        "s.finished_at, s.duration_ms, s.abandoned, s.review_ms, s.current_position, "
                        "s.started_at, COALESCE(s.finish_reason, ''), COALESCE(s.final_form, 0) "
                        "FROM sessions s JOIN exams e ON e.id = s.exam_ref WHERE s.id = ?");
        s.bind(1, sessionId);
        if (!s.step()) {
            return Error{"no session " + std::to_string(sessionId)};
        }
        auto exam = store.exam(s.getText(0));
        if (!exam) {
            return exam.error();
        }
        // The limit this session was started with (extra time included), not the exam's current one.
        exam.value().durationMinutes = static_cast<int>(s.getInt(7) / 60'000);
        auto session = std::unique_ptr<ExamSession>(new ExamSession(store, exam.value()));
        session->m_id = sessionId;
        session->m_mode = s.getText(1) == "exam" ? SessionMode::Exam : SessionMode::Practice;
        session->m_passPercent = s.getDouble(2);
        session->m_paused = s.getInt(5) != 0;
        session->m_finished = !s.isNull(6);
        session->m_finishedAtMs = s.isNull(6) ? 0 : s.getInt(6);
        session->m_abandoned = s.getInt(8) != 0;
        session->m_timedOut = s.getText(12) == "timeout";
        session->m_finalForm = static_cast<int>(s.getInt(13));
        session->m_reviewMs = s.getInt(9);
        session->m_lastPosition = static_cast<int>(s.getInt(10));
        session->m_durationMs = s.getInt(7);
        // A finished session's time left is the one stored when it ended (NULL reads as 0).
        session->m_endRemaining = s.getInt(4);
        const Clock& clock = store.clock();
        session->m_anchorSteady = clock.steadyMs();
        session->m_deadlineMs = s.isNull(3) ? 0 : s.getInt(3);
        session->m_anchorRemaining = session->m_mode == SessionMode::Exam
                                         ? std::max<std::int64_t>(0, s.getInt(3) - clock.wallMs())
                                         : std::max<std::int64_t>(0, s.getInt(4));
        Statement items(
            db,
            "SELECT i.position, i.question_ref, i.option_order, i.snapshot, i.chosen, i.flagged, i.visits, "
            "i.time_ms, i.confidence, i.revealed, COALESCE(o.objective_id, ''), i.first_chosen, "
            "i.miss_reason FROM session_items i "
            "JOIN questions q ON q.id = i.question_ref LEFT JOIN objectives o ON o.id = q.objective_ref "
            "WHERE i.session_ref = ? ORDER BY i.position");
        items.bind(1, sessionId);
        const std::int64_t startedAt = s.getInt(11);
        ServedFrom servedFrom(db);
        while (items.step()) {
            SessionItem it;
            it.position = static_cast<int>(items.getInt(0));
            it.questionRow = items.getInt(1);
            it.optionOrder = jsonInts(items.getText(2));
            it.question = questionFromJson(items.getText(3));
            it.chosen = jsonInts(items.getText(4));
            it.flagged = items.getInt(5) != 0;
            it.visits = static_cast<int>(items.getInt(6));
            it.timeMs = items.getInt(7);
            it.confidence = items.isNull(8) ? std::nullopt : parseConfidence(items.getText(8));
            it.revealed = items.getInt(9) != 0;
            if (!items.isNull(11)) {
                it.firstChosen = jsonInts(items.getText(11));
            }
            it.missReason = items.isNull(12) ? std::nullopt : parseMissReason(items.getText(12));
            servedFrom.fill(it, startedAt);
            // A question served before objectives existed has none in its snapshot: it takes the one its
            // question has now, so old results show per objective too.
            if (it.question.objective.empty()) {
                it.question.objective = items.getText(10);
            }
            session->m_items.push_back(std::move(it));
        }
        if (session->m_lastPosition < 0 ||
            session->m_lastPosition >= static_cast<int>(session->m_items.size())) {
            session->m_lastPosition = 0;
        }
        return session;
    });
    if (opened && !opened.value()->m_finished && opened.value()->m_mode == SessionMode::Exam &&
        opened.value()->remainingMs() == 0) {
        // The deadline passed while the app was closed: submit what was saved, as the real exam would.
        if (auto r = opened.value()->finish("timeout"); !r) {
            return r.error();
        }
    }
    return opened;
}

Result<std::optional<std::int64_t>> ExamSession::unfinished(Store& store)
{
    return catchDbError(kStorageFailed, [&]() -> Result<std::optional<std::int64_t>> {
        Statement s(store.database(),
                    "SELECT id FROM sessions WHERE finished_at IS NULL AND mode IN ('exam', "
                    "'practice') ORDER BY id DESC LIMIT 1");
        if (s.step()) {
            return std::optional<std::int64_t>(s.getInt(0));
        }
        return std::optional<std::int64_t>();
    });
}

std::int64_t ExamSession::elapsedMs() const
{
    return std::max<std::int64_t>(0, m_durationMs - (m_finished ? m_endRemaining : remainingMs()));
}

bool ExamSession::clockHidden() const
{
    const auto stored = m_store.setting(kClockHiddenKey);
    return stored && stored.value() && *stored.value() == std::to_string(m_id);
}

Result<void> ExamSession::setClockHidden(bool hidden)
{
    return m_store.saveSettings({{kClockHiddenKey, hidden ? std::to_string(m_id) : std::string()}});
}

std::int64_t ExamSession::remainingMs() const
{
    if (m_finished) {
        return 0;
    }
    if (m_paused) {
        return m_anchorRemaining;
    }
    const std::int64_t elapsed = m_store.clock().steadyMs() - m_anchorSteady;
    return std::max<std::int64_t>(0, m_anchorRemaining - elapsed);
}

Result<void> ExamSession::writeItem(const SessionItem& item)
{
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(
            m_store.database(),
            "UPDATE session_items SET chosen = ?, flagged = ?, visits = ?, time_ms = ?, "
            "answered_at = ?, confidence = ?, revealed = ?, first_chosen = ? WHERE session_ref = ? AND "
            "position = ?");
        s.bind(1, json(item.chosen).dump())
            .bind(2, item.flagged ? 1 : 0)
            .bind(3, item.visits)
            .bind(4, item.timeMs);
        if (item.answered()) {
            s.bind(5, m_store.clock().wallMs());
        } else {
            s.bindNull(5);
        }
        if (item.confidence) {
            s.bind(6, confidenceName(*item.confidence));
        } else {
            s.bindNull(6);
        }
        s.bind(7, item.revealed ? 1 : 0);
        if (item.firstChosen.empty()) {
            s.bindNull(8);
        } else {
            s.bind(8, json(item.firstChosen).dump());
        }
        s.bind(9, m_id).bind(10, item.position);
        s.run();
        tx.commit();
        return {};
    });
}

SessionItem* ExamSession::openItem(int position)
{
    if (m_finished || position < 0 || position >= static_cast<int>(m_items.size())) {
        return nullptr;
    }
    return &m_items[static_cast<size_t>(position)];
}

Result<void> ExamSession::choose(int position, std::vector<int> options)
{
    SessionItem* open = openItem(position);
    if (!open) {
        return noOpenQuestion(position);
    }
    SessionItem& item = *open;
    if (item.revealed) {
        // Why: once the answer is shown, changing the choice would score a lookup as knowledge.
        return Error{"the answer to this question was revealed; it can no longer be changed"};
    }
    std::sort(options.begin(), options.end());
    options.erase(std::unique(options.begin(), options.end()), options.end());
    if (static_cast<int>(options.size()) > item.question.select) {
        return Error{"this question asks for " + std::to_string(item.question.select) +
                     (item.question.select == 1 ? " answer" : " answers") + "; deselect one first"};
    }
    for (int o : options) {
        if (o < 0 || o >= static_cast<int>(item.question.options.size())) {
            return Error{"option " + std::to_string(o) + " does not exist"};
        }
    }
    item.chosen = std::move(options);
    // The first complete answer is kept as given, so a later change (right to wrong, wrong to right) is
    // measured rather than only remembered. A partial multi-select is not an answer yet.
    if (item.firstChosen.empty() && item.complete()) {
        item.firstChosen = item.chosen;
    }
    return writeItem(item);
}

Result<void> ExamSession::setFlagged(int position, bool flagged)
{
    SessionItem* item = openItem(position);
    if (!item) {
        return noOpenQuestion(position);
    }
    item->flagged = flagged;
    return writeItem(*item);
}

Result<void> ExamSession::setConfidence(int position, std::optional<Confidence> confidence)
{
    SessionItem* item = openItem(position);
    if (!item) {
        return noOpenQuestion(position);
    }
    // The tag says how sure the candidate was before seeing the key; set after a reveal it would measure the
    // key, and the calibration built on the tags would flatter them.
    if (item->revealed) {
        return Error{"the answer to this question was revealed; how sure you were can no longer be changed"};
    }
    item->confidence = confidence;
    return writeItem(*item);
}

Result<void> ExamSession::reveal(int position)
{
    if (m_mode != SessionMode::Practice) {
        return Error{"an exam simulation shows no answers until it is submitted"};
    }
    SessionItem* item = openItem(position);
    if (!item) {
        return noOpenQuestion(position);
    }
    item->revealed = true;
    return writeItem(*item);
}

void ExamSession::accrueTime()
{
    const std::int64_t now = m_store.clock().steadyMs();
    if (!m_paused && m_inReview) {
        m_reviewMs += now - m_currentSince;
    } else if (m_current >= 0 && !m_paused) {
        m_items[static_cast<size_t>(m_current)].timeMs += now - m_currentSince;
    }
    m_currentSince = now;
}

Result<void> ExamSession::writeReviewTime()
{
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(), "UPDATE sessions SET review_ms = ? WHERE id = ?");
        s.bind(1, m_reviewMs).bind(2, m_id);
        s.run();
        tx.commit();
        return {};
    });
}

Result<void> ExamSession::enterReview()
{
    if (m_finished) {
        return Error{"the exam is finished"};
    }
    if (m_inReview) {
        return {};
    }
    accrueTime();
    m_inReview = true;
    if (m_current >= 0) {
        return writeItem(m_items[static_cast<size_t>(m_current)]);
    }
    return {};
}

Result<void> ExamSession::visit(int position)
{
    if (!openItem(position)) {
        return noOpenQuestion(position);
    }
    const int previous = m_current;
    const bool fromReview = m_inReview;
    accrueTime();
    m_inReview = false;
    m_current = position;
    m_lastPosition = position;
    ++m_items[static_cast<size_t>(position)].visits;
    if (fromReview) {
        // Back from the review screen: its time was not a question's, so the previous item is unchanged.
        if (auto r = writeReviewTime(); !r) {
            return r;
        }
    } else if (previous >= 0) {
        if (auto r = writeItem(m_items[static_cast<size_t>(previous)]); !r) {
            return r;
        }
    }
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(),
                    "UPDATE session_items SET visits = ? WHERE session_ref = ? AND position = ?");
        s.bind(1, m_items[static_cast<size_t>(position)].visits).bind(2, m_id).bind(3, position);
        s.run();
        Statement c(m_store.database(), "UPDATE sessions SET current_position = ? WHERE id = ?");
        c.bind(1, position).bind(2, m_id);
        c.run();
        tx.commit();
        return {};
    });
}

Result<void> ExamSession::pause()
{
    if (m_mode != SessionMode::Practice) {
        return Error{"an exam simulation cannot be paused; the real exam's clock does not stop"};
    }
    if (m_paused || m_finished) {
        return {};
    }
    accrueTime();
    m_anchorRemaining = remainingMs();
    m_paused = true;
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(), "UPDATE sessions SET paused = 1, remaining_ms = ? WHERE id = ?");
        s.bind(1, m_anchorRemaining).bind(2, m_id);
        s.run();
        tx.commit();
        return {};
    });
}

Result<void> ExamSession::resume()
{
    if (!m_paused || m_finished) {
        return {};
    }
    m_paused = false;
    m_anchorSteady = m_store.clock().steadyMs();
    m_currentSince = m_anchorSteady;
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(), "UPDATE sessions SET paused = 0 WHERE id = ?");
        s.bind(1, m_id);
        s.run();
        tx.commit();
        return {};
    });
}

Result<bool> ExamSession::tick()
{
    if (m_finished) {
        return true;
    }
    if (m_mode == SessionMode::Practice && !m_paused) {
        // Practice time is stored as it runs so a crash resumes with (almost) the right time left.
        auto r = catchDbError(kStorageFailed, [&]() -> Result<void> {
            Statement s(m_store.database(), "UPDATE sessions SET remaining_ms = ? WHERE id = ?");
            s.bind(1, remainingMs()).bind(2, m_id);
            s.run();
            return {};
        });
        if (!r) {
            return r.error();
        }
    }
    if (remainingMs() > 0) {
        return false;
    }
    if (auto r = finish("timeout"); !r) {
        return r.error();
    }
    return true;
}

Result<SessionScore> ExamSession::submit()
{
    if (!m_finished) {
        if (auto r = finish("submitted"); !r) {
            return r.error();
        }
    }
    return score();
}

Result<SessionScore> ExamSession::abandon()
{
    if (m_finished) {
        return Error{"the exam is already finished"};
    }
    if (auto r = finish("abandoned"); !r) {
        return r.error();
    }
    return score();
}

Result<void> ExamSession::setMissReason(int position, std::optional<MissReason> reason)
{
    if (!m_finished) {
        return Error{"miss reasons are tagged after the session ends"};
    }
    if (position < 0 || position >= static_cast<int>(m_items.size())) {
        return noOpenQuestion(position);
    }
    SessionItem& item = m_items[static_cast<size_t>(position)];
    if (item.correct()) {
        return Error{"question " + std::to_string(position + 1) +
                     " was answered right; only a miss has a reason"};
    }
    auto stored = catchDbError(kStorageFailed, [&]() -> Result<void> {
        Transaction tx(m_store.database());
        Statement s(m_store.database(),
                    "UPDATE session_items SET miss_reason = ? WHERE session_ref = ? AND position = ?");
        if (reason) {
            s.bind(1, missReasonName(*reason));
        } else {
            s.bindNull(1);
        }
        s.bind(2, m_id).bind(3, position);
        s.run();
        tx.commit();
        return {};
    });
    if (stored) {
        item.missReason = reason;
    }
    return stored;
}

SessionScore ExamSession::score() const
{
    SessionScore s = scoreItems(m_exam, m_items, m_passPercent);
    s.elapsedMs = elapsedMs();
    s.reviewMs = m_reviewMs;
    s.abandoned = m_abandoned;
    s.passed = s.passed && !m_abandoned;
    return s;
}

Result<void> ExamSession::finish(std::string_view reason)
{
    accrueTime();
    const bool abandoning = reason == "abandoned";
    const std::int64_t remaining = remainingMs();
    SessionScore s = score();
    s.passed = s.passed && !abandoning;
    // A strict exam that ran out ended at its deadline, even when it is only noticed later (the app was
    // closed, or the machine slept): history must not show a finish after the deadline.
    const std::int64_t now = m_store.clock().wallMs();
    const std::int64_t finishedAt =
        m_mode == SessionMode::Exam && reason == "timeout" ? std::min(now, m_deadlineMs) : now;
    return catchDbError(kStorageFailed, [&]() -> Result<void> {
        Database& db = m_store.database();
        Transaction tx(db);
        Statement item(
            db, "UPDATE session_items SET time_ms = ?, correct = ? WHERE session_ref = ? AND position = ?");
        for (const auto& it : m_items) {
            item.reset();
            item.bind(1, it.timeMs).bind(2, it.correct() ? 1 : 0).bind(3, m_id).bind(4, it.position);
            item.run();
        }
        // finish_reason's CHECK (version 2) knows only submitted and timeout: an abandoned session has none
        // and says so in its own column (version 5), so the table need not be rebuilt.
        Statement st(db,
                     "UPDATE sessions SET finished_at = ?, finish_reason = ?, correct_count = ?, score = ?, "
                     "passed = ?, remaining_ms = ?, abandoned = ?, review_ms = ? WHERE id = ?");
        st.bind(1, finishedAt);
        if (abandoning) {
            st.bindNull(2);
        } else {
            st.bind(2, reason);
        }
        st.bind(3, s.correct).bind(4, s.score).bind(5, s.passed ? 1 : 0).bind(6, remaining);
        st.bind(7, abandoning ? 1 : 0).bind(8, m_reviewMs).bind(9, m_id);
        st.run();
        tx.commit();
        m_finished = true;
        m_finishedAtMs = finishedAt;
        m_abandoned = abandoning;
        m_timedOut = reason == "timeout";
        m_endRemaining = remaining;
        return {};
    });
}

} // namespace certdrill
