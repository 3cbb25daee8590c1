#include "certdrill/exam/SessionHistory.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>

#include "certdrill/Text.h"
#include "certdrill/pack/Sha256.h"

namespace certdrill {

Result<std::vector<SessionSummary>> sessionHistory(Store& store)
{
    return catchDbError("history failed", [&]() -> Result<std::vector<SessionSummary>> {
        Database& db = store.database();
        std::vector<SessionSummary> out;
        // A browser reveal (revealInBrowser) is stored as a one-question practice session to count like a
        // revealed practice answer, but the candidate took no exam: the history leaves it out.
        Statement s(db, "SELECT s.id, e.exam_id, s.mode, s.started_at, s.finished_at, "
                        "COALESCE(s.finish_reason, ''), s.correct_count, s.question_count, s.score, "
                        "s.pass_percent, s.passed, s.abandoned, s.duration_ms - COALESCE(s.remaining_ms, 0), "
                        "s.review_ms FROM sessions s JOIN exams e ON e.id = s.exam_ref "
                        "WHERE s.finished_at IS NOT NULL AND s.mode IN ('exam', 'practice') "
                        "AND s.browser_reveal = 0 ORDER BY s.finished_at DESC, s.id DESC");
        while (s.step()) {
            SessionSummary h;
            h.id = s.getInt(0);
            h.examId = s.getText(1);
            h.mode = s.getText(2) == "exam" ? SessionMode::Exam : SessionMode::Practice;
            h.startedAtMs = s.getInt(3);
            h.finishedAtMs = s.getInt(4);
            h.finishReason = s.getText(5);
            h.correct = static_cast<int>(s.getInt(6));
            h.total = static_cast<int>(s.getInt(7));
            h.score = s.getDouble(8);
            h.passPercent = s.getDouble(9);
            h.passed = s.getInt(10) != 0;
            h.abandoned = s.getInt(11) != 0;
            if (h.abandoned) {
                h.finishReason = "abandoned";
            }
            h.elapsedMs = std::max<std::int64_t>(0, s.getInt(12));
            h.reviewMs = s.getInt(13);
            out.push_back(std::move(h));
        }
        // Per-domain tallies from the snapshots (the domain a question had when it was served) and the
        // correctness stored at finish; seen, answered and incomplete as SessionItem::seen, ::complete and
        // ::incomplete define them. Questions the candidate excluded from scores are left out, and the
        // session's score and verdict are computed again from what is left, as ExamSession::score does for
        // the results screen.
        Statement d(db, "SELECT json_extract(snapshot, '$.domain'), COALESCE(SUM(correct), 0), COUNT(*), "
                        "COALESCE(SUM(time_ms), 0), "
                        "COALESCE(SUM(visits > 0 OR chosen <> '[]' OR time_ms > 0), 0), "
                        "COALESCE(SUM(json_array_length(chosen) = "
                        "COALESCE(json_extract(snapshot, '$.select'), 1)), 0), "
                        "COALESCE(SUM(chosen <> '[]' AND json_array_length(chosen) <> "
                        "COALESCE(json_extract(snapshot, '$.select'), 1)), 0) "
                        "FROM session_items WHERE session_ref = ? "
                        "AND question_ref NOT IN (SELECT question_ref FROM score_exclusions) GROUP BY 1");
        std::map<std::string, ExamDef> exams;
        for (auto& h : out) {
            if (!exams.count(h.examId)) {
                auto exam = store.exam(h.examId);
                if (!exam) {
                    return exam.error();
                }
                exams.emplace(h.examId, std::move(exam.value()));
            }
            std::map<std::string, Tally> byDomain;
            d.reset();
            d.bind(1, h.id);
            while (d.step()) {
                const std::string id = d.getText(0);
                byDomain[id] = Tally{id,
                                     static_cast<int>(d.getInt(1)),
                                     static_cast<int>(d.getInt(2)),
                                     d.getInt(3),
                                     static_cast<int>(d.getInt(4)),
                                     static_cast<int>(d.getInt(5)),
                                     static_cast<int>(d.getInt(6))};
                h.answered += static_cast<int>(d.getInt(5));
                h.incomplete += static_cast<int>(d.getInt(6));
            }
            const int served = h.total;
            h.correct = 0;
            h.total = 0;
            for (const auto& [id, t] : byDomain) {
                h.correct += t.correct;
                h.total += t.total;
            }
            h.excluded = served - h.total;
            h.score = h.total ? static_cast<double>(h.correct) / h.total : 0.0;
            h.passed = !h.abandoned && passesMark(h.correct, h.total, h.passPercent);
            for (const auto& dom : exams.at(h.examId).domains) {
                if (const auto it = byDomain.find(dom.id); it != byDomain.end()) {
                    h.domains.push_back(it->second);
                }
            }
        }
        return out;
    });
}

WeakestDomain weakestDomain(const std::vector<Tally>& domains)
{
    WeakestDomain out;
    double lowest = 1.0; // a domain whose every answer was right is nobody's weakest
    for (const Tally& t : domains) {
        // Not reached as the results screen says it: none of its questions shown. One shown but not answered
        // was reached, yet says nothing about what the candidate knows either.
        out.notReached += t.seen == 0;
        if (t.attempted() == 0) {
            continue;
        }
        // Right among the answered: unanswered questions are not reached, not wrong knowledge. An incomplete
        // multi-select was answered, and wrong, as the results screen scores it (SessionItem::incomplete).
        const double share = static_cast<double>(t.correct) / t.attempted();
        if (share < lowest) {
            lowest = share;
            out.domain = t;
        }
    }
    return out;
}

AnswerLetters answerLetters(const SessionItem& item)
{
    return answerLetters(item.question, item.optionOrder, item.chosen);
}

AnswerLetters answerLetters(const Question& question, const std::vector<int>& optionOrder,
                            const std::vector<int>& chosen)
{
    // Display position d showed original option optionOrder[d].
    AnswerLetters out;
    for (std::size_t d = 0; d < optionOrder.size(); ++d) {
        const int original = optionOrder[d];
        const char letter = static_cast<char>('A' + d);
        if (std::find(chosen.begin(), chosen.end(), original) != chosen.end()) {
            out.chosen += letter;
        }
        if (question.options[static_cast<std::size_t>(original)].correct) {
            out.correct += letter;
        }
    }
    return out;
}

const char* resultName(const SessionItem& item)
{
    return !item.answered()    ? "unanswered"
           : item.incomplete() ? "incomplete"
           : item.correct()    ? "correct"
                               : "wrong";
}

std::string optionLetters(const std::vector<int>& indices)
{
    std::string letters;
    for (const int i : indices) {
        letters += static_cast<char>('A' + i);
    }
    return letters;
}

const std::vector<std::string>& sessionCsvColumns()
{
    static const std::vector<std::string> columns = {
        "position",   "question_id",    "domain",       "domain_name", "subtopic",       "subtopic_name",
        "objective",  "objective_name", "select",       "your_answer", "correct_answer", "result",
        "confidence", "flagged",        "revealed",     "seconds",     "stem",           "attempt",
        "pack_id",    "pack_version",   "content_hash", "options",     "chosen_options", "key_options"};
    return columns;
}

std::string sessionCsv(const ExamDef& exam, const std::vector<SessionItem>& items, const std::string& attempt)
{
    std::string out;
    for (const auto& column : sessionCsvColumns()) {
        out += (out.empty() ? "" : ",") + column;
    }
    out += "\n";
    for (const SessionItem& it : items) {
        const AnswerLetters letters = answerLetters(it);
        const Domain* domain = exam.findDomain(it.question.domain);
        const Topic* subtopic = domain ? domain->findSubtopic(it.question.subtopic) : nullptr;
        const Topic* objective = domain ? domain->findObjective(it.question.objective) : nullptr;
        std::vector<int> chosen = it.chosen;
        std::sort(chosen.begin(), chosen.end());
        out += std::to_string(it.position + 1) + "," + csvField(it.question.id) + "," +
               csvField(it.question.domain) + "," + csvField(domain ? domain->name : "") + "," +
               csvField(it.question.subtopic) + "," + csvField(subtopic ? subtopic->name : "") + "," +
               csvField(it.question.objective) + "," + csvField(objective ? objective->name : "") + "," +
               std::to_string(it.question.select) + "," + letters.chosen + "," + letters.correct + "," +
               resultName(it) + "," + (it.confidence ? confidenceName(*it.confidence) : "") + "," +
               (it.flagged ? "1" : "0") + "," + (it.revealed ? "1" : "0") + "," +
               std::to_string((it.timeMs + 500) / 1000) + "," + csvField(it.question.stem) + "," +
               csvField(attempt) + "," + csvField(it.packId) + "," + csvField(it.packVersion) + "," +
               sha256Hex(questionToJson(it.question)).substr(0, 16) + "," +
               std::to_string(it.question.options.size()) + "," + optionLetters(chosen) + "," +
               optionLetters(it.question.correctOptions()) + "\n";
    }
    return out;
}

Result<std::string> anonymousAttempt(Store& store, std::int64_t sessionId)
{
    constexpr const char* kSaltKey = "anonymous-attempt-salt";
    auto salt = store.setting(kSaltKey);
    if (!salt) {
        return salt.error();
    }
    if (!salt.value()) {
        // Unpredictable on purpose, so a label cannot be traced back to a session by trying ids: this is not
        // the seeded, reproducible randomness the exam and learning rules draw from.
        std::random_device device;
        std::string fresh;
        for (int i = 0; i < 4; ++i) {
            char word[9];
            std::snprintf(word, sizeof word, "%08x", static_cast<unsigned>(device()));
            fresh += word;
        }
        if (auto saved = store.saveSetting(kSaltKey, fresh); !saved) {
            return saved.error();
        }
        salt.value() = fresh;
    }
    return sha256Hex(*salt.value() + ":" + std::to_string(sessionId)).substr(0, 16);
}

} // namespace certdrill
