#include "certdrill/exam/QuestionSearch.h"

#include <algorithm>
#include <map>
#include <numeric>

#include <nlohmann/json.hpp>

#include "certdrill/exam/Errata.h"
#include "certdrill/store/Annotations.h"

namespace certdrill {

namespace {

constexpr const char* kReadFailed = "cannot search the questions";

/// The session items of questions with what each one means for the browser, oldest first. Column 11: a
/// final answer, as the tracker reads one (exam submitted or abandoned, drill checked, something chosen).
/// Column 12: its answer was shown (a reveal, a checked drill question, or a question seen in a finished
/// exam, whose review shows every key). Column 2: the mode as the history names it.
constexpr const char* kItemsSql =
    "SELECT i.question_ref, s.id, "
    "CASE WHEN s.browser_reveal = 1 THEN 'browser' WHEN s.mode = 'drill' AND json_valid(s.options) AND "
    "json_extract(s.options, '$.cram') THEN 'cram drill' ELSE s.mode END, "
    "i.chosen, i.correct, i.revealed, i.time_ms, i.flagged, COALESCE(i.answered_at, s.finished_at, "
    "s.started_at), "
    "(i.correct IS NOT NULL AND i.answered_at IS NOT NULL AND i.chosen <> '[]' AND "
    "(s.finished_at IS NOT NULL OR s.mode = 'drill')), "
    "(i.revealed = 1 OR (s.mode <> 'drill' AND s.finished_at IS NOT NULL AND "
    "(i.visits > 0 OR i.chosen <> '[]' OR i.time_ms > 0))) "
    "FROM session_items i JOIN sessions s ON s.id = i.session_ref ";
constexpr const char* kItemsOrder = " ORDER BY 9, s.id, i.position";

AnswerRecord itemRecord(const Statement& s)
{
    AnswerRecord r;
    r.sessionId = s.getInt(1);
    r.mode = s.getText(2);
    r.chosen = jsonInts(s.getText(3));
    r.answer = s.getInt(9) != 0;
    if (r.answer) {
        r.correct = s.getInt(4) != 0;
    } else if (!s.isNull(4) && !r.chosen.empty()) {
        r.correct = s.getInt(4) != 0; // an answer given before a practice reveal, in a finished session
    }
    r.revealed = s.getInt(5) != 0 && r.mode != "drill" && r.mode != "cram drill";
    r.timeMs = s.getInt(6);
    r.atMs = s.getInt(8);
    return r;
}

/// Folds one item row into its question's record.
void addItem(QuestionRecord& rec, const Statement& s)
{
    rec.flagged = rec.flagged || s.getInt(7) != 0;
    if (s.getInt(9) != 0) {
        const bool correct = s.getInt(4) != 0;
        ++rec.answers;
        rec.wrong += !correct;
        rec.lastCorrect = correct;
    }
    rec.shown += s.getInt(10) != 0;
}

/// Every question's record: its history and the candidate's marks.
std::map<std::int64_t, QuestionRecord> records(Store& store, std::optional<std::int64_t> onlyRow)
{
    std::map<std::int64_t, QuestionRecord> out;
    Statement s(store.database(),
                std::string(kItemsSql) + (onlyRow ? "WHERE i.question_ref = ?" : "") + kItemsOrder);
    if (onlyRow) {
        s.bind(1, *onlyRow);
    }
    while (s.step()) {
        addItem(out[s.getInt(0)], s);
    }
    auto bookmarked = bookmarkedRows(store);
    auto noted = notedRows(store);
    auto reported = reportedQuestions(store);
    if (!bookmarked || !noted || !reported) {
        throw DbError(!bookmarked ? bookmarked.error().message
                                  : (!noted ? noted.error().message : reported.error().message),
                      0);
    }
    for (const auto row : reported.value()) {
        out[row].reported = true;
    }
    for (const auto row : bookmarked.value()) {
        out[row].bookmarked = true;
    }
    for (const auto row : noted.value()) {
        out[row].noted = true;
    }
    return out;
}

bool isTokenChar(unsigned char c)
{
    // What the unicode61 tokenizer keeps for ASCII; every non-ASCII byte may be part of a letter.
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

/// `word` as an FTS5 string (a quote inside doubled), or empty when it has nothing the tokenizer keeps.
std::string ftsString(const std::string& word)
{
    if (std::none_of(word.begin(), word.end(),
                     [](char c) { return isTokenChar(static_cast<unsigned char>(c)); })) {
        return {};
    }
    std::string out = "\"";
    for (const char c : word) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    return out + "\"";
}

/// Placeholders for `n` bound values: "?, ?, ?".
std::string placeholders(std::size_t n)
{
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        out += i ? ", ?" : "?";
    }
    return out;
}

} // namespace

const char* questionStatusName(QuestionStatus status)
{
    switch (status) {
    case QuestionStatus::Unseen:
        return "unseen";
    case QuestionStatus::AnsweredRight:
        return "right";
    case QuestionStatus::Missed:
        return "missed";
    case QuestionStatus::MissedTwice:
        return "missed-twice";
    case QuestionStatus::Flagged:
        return "flagged";
    case QuestionStatus::Bookmarked:
        return "bookmarked";
    case QuestionStatus::WithNote:
        return "noted";
    case QuestionStatus::Reported:
        return "reported";
    }
    return "";
}

const std::vector<QuestionStatus>& questionStatuses()
{
    static const std::vector<QuestionStatus> all = {QuestionStatus::Unseen,   QuestionStatus::AnsweredRight,
                                                    QuestionStatus::Missed,   QuestionStatus::MissedTwice,
                                                    QuestionStatus::Flagged,  QuestionStatus::Bookmarked,
                                                    QuestionStatus::WithNote, QuestionStatus::Reported};
    return all;
}

std::optional<QuestionStatus> parseQuestionStatus(const std::string& name)
{
    for (const auto s : questionStatuses()) {
        if (name == questionStatusName(s)) {
            return s;
        }
    }
    return std::nullopt;
}

bool QuestionRecord::has(QuestionStatus status) const
{
    switch (status) {
    case QuestionStatus::Unseen:
        return unseen();
    case QuestionStatus::AnsweredRight:
        return lastCorrect.value_or(false);
    case QuestionStatus::Missed:
        return lastCorrect.has_value() && !*lastCorrect;
    case QuestionStatus::MissedTwice:
        return wrong > 1;
    case QuestionStatus::Flagged:
        return flagged;
    case QuestionStatus::Bookmarked:
        return bookmarked;
    case QuestionStatus::WithNote:
        return noted;
    case QuestionStatus::Reported:
        return reported;
    }
    return false;
}

std::string ftsQuery(const std::string& text)
{
    std::vector<std::string> terms;
    std::string word;
    const auto endWord = [&] {
        if (auto q = ftsString(word); !q.empty()) {
            terms.push_back(q + "*");
        }
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t close = text.find('"', i + 1);
            if (close != std::string::npos) {
                // A phrase: its words in this order, each whole (no prefix).
                endWord();
                if (auto q = ftsString(text.substr(i + 1, close - i - 1)); !q.empty()) {
                    terms.push_back(q);
                }
                i = close;
                continue;
            }
            // An unpaired quote is punctuation: it ends the word.
            endWord();
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            endWord();
        } else {
            word += c;
        }
    }
    endWord();
    std::string out;
    for (const auto& t : terms) {
        out += (out.empty() ? "" : " ") + t;
    }
    return out;
}

Result<SearchResults> searchQuestions(Store& store, const SearchQuery& query)
{
    const std::string match = ftsQuery(query.text);
    std::string sql = "SELECT q.id FROM questions q JOIN packs p ON p.id = q.pack_ref "
                      "JOIN exams e ON e.id = q.exam_ref JOIN domains d ON d.id = q.domain_ref "
                      "LEFT JOIN objectives o ON o.id = q.objective_ref ";
    if (!match.empty()) {
        sql += "JOIN question_search ON question_search.rowid = q.id ";
    }
    // A question held back for a final exam stays hidden until its form is started (FinalExams.h): the
    // browser would otherwise show the last check's questions, and their keys, beforehand.
    sql +=
        "WHERE q.retired = 0 AND q.id NOT IN (SELECT f.question_ref FROM final_questions f WHERE NOT EXISTS "
        "(SELECT 1 FROM sessions s WHERE s.exam_ref = f.exam_ref AND s.final_form = f.form))";
    // Only placeholders go into the SQL; every value is bound below, in the same order.
    std::vector<std::string> texts;
    std::vector<int> numbers;
    if (!match.empty()) {
        sql += " AND question_search MATCH ?";
        texts.push_back(match);
    }
    if (!query.examId.empty()) {
        sql += " AND e.exam_id = ?";
        texts.push_back(query.examId);
    }
    const auto inSet = [&](const char* column, const std::set<std::string>& values) {
        if (!values.empty()) {
            sql += std::string(" AND ") + column + " IN (" + placeholders(values.size()) + ")";
            texts.insert(texts.end(), values.begin(), values.end());
        }
    };
    inSet("d.domain_id", query.domains);
    inSet("o.objective_id", query.objectives);
    inSet("p.pack_id", query.packs);
    if (!query.difficulties.empty()) {
        sql += " AND q.difficulty IN (" + placeholders(query.difficulties.size()) + ")";
        numbers.assign(query.difficulties.begin(), query.difficulties.end());
    }
    if (query.multiSelect) {
        sql += *query.multiSelect ? " AND q.select_count > 1" : " AND q.select_count = 1";
    }
    // bm25 weights per column (stem, options, explanations, note): a word in the stem says most about what
    // the question asks.
    sql += match.empty() ? " ORDER BY " : " ORDER BY bm25(question_search, 4.0, 2.0, 1.0, 2.0), ";
    sql += "e.id, d.position, p.pack_id, q.question_id";

    std::vector<std::int64_t> rows;
    std::map<std::int64_t, QuestionRecord> recs;
    auto read = catchDbError(kReadFailed, [&]() -> Result<void> {
        Statement s(store.database(), sql);
        int index = 1;
        for (const auto& t : texts) {
            s.bind(index++, t);
        }
        for (const int n : numbers) {
            s.bind(index++, n);
        }
        while (s.step()) {
            rows.push_back(s.getInt(0));
        }
        recs = records(store, std::nullopt);
        return {};
    });
    if (!read) {
        return read.error();
    }
    // A question never answered, bookmarked, noted or reported has no record: looked up, not inserted (a
    // word common in 100,000 questions would otherwise add tens of thousands of empty ones).
    const QuestionRecord none;
    const auto recordOf = [&](std::int64_t row) -> const QuestionRecord& {
        const auto it = recs.find(row);
        return it == recs.end() ? none : it->second;
    };
    SearchResults out;
    std::vector<std::int64_t> page;
    for (const std::int64_t row : rows) {
        const QuestionRecord& rec = recordOf(row);
        if (std::all_of(query.statuses.begin(), query.statuses.end(),
                        [&](QuestionStatus st) { return rec.has(st); })) {
            if (out.total >= query.offset &&
                (query.limit <= 0 || static_cast<int>(page.size()) < query.limit)) {
                page.push_back(row);
            }
            ++out.total;
        }
    }
    // The content of the page's questions alone: a bank of 100,000 would otherwise be read for 100 of them.
    auto content = store.questionsAt(page, RetiredQuestions::Included);
    if (!content) {
        return content.error();
    }
    std::map<std::int64_t, StoredQuestion> byRow;
    for (auto& sq : content.value()) {
        const std::int64_t r = sq.rowId;
        byRow.emplace(r, std::move(sq));
    }
    for (const std::int64_t row : page) {
        StoredQuestion& sq = byRow.at(row);
        out.hits.push_back(SearchHit{row, sq.packId, sq.question, recordOf(row)});
    }
    return out;
}

Result<SearchHit> browseQuestion(Store& store, std::int64_t questionRow)
{
    SearchHit hit;
    auto read = catchDbError(kReadFailed, [&]() -> Result<void> {
        Statement s(store.database(),
                    "SELECT q.id, q.retired, e.exam_id, q.question_id, p.pack_id FROM questions q "
                    "JOIN exams e ON e.id = q.exam_ref JOIN packs p ON p.id = q.pack_ref "
                    "WHERE q.id = ?");
        s.bind(1, questionRow);
        if (!s.step()) {
            return Error{"no question with row " + std::to_string(questionRow)};
        }
        hit.rowId = questionRow;
        hit.packId = s.getText(4);
        hit.record = records(store, questionRow)[questionRow];
        if (s.getInt(1) != 0) {
            // A retired question is not in the active bank; its last served snapshot is what the candidate
            // saw.
            Statement snap(store.database(), "SELECT snapshot FROM session_items WHERE question_ref = ? "
                                             "ORDER BY session_ref DESC LIMIT 1");
            snap.bind(1, questionRow);
            hit.question = snap.step() ? questionFromJson(snap.getText(0)) : Question{};
            hit.question.id = s.getText(3);
            return {};
        }
        auto stored = store.questionsAt({questionRow}, RetiredQuestions::Included);
        if (!stored) {
            return stored.error();
        }
        if (!stored->empty()) {
            hit.question = std::move(stored->front().question);
        }
        return {};
    });
    if (!read) {
        return read.error();
    }
    return hit;
}

Result<std::vector<AnswerRecord>> answerHistory(Store& store, std::int64_t questionRow)
{
    return catchDbError(kReadFailed, [&]() -> Result<std::vector<AnswerRecord>> {
        std::vector<AnswerRecord> out;
        Statement s(store.database(), std::string(kItemsSql) + "WHERE i.question_ref = ?" + kItemsOrder);
        s.bind(1, questionRow);
        while (s.step()) {
            if (s.getInt(10) != 0) {
                out.push_back(itemRecord(s));
            }
        }
        std::reverse(out.begin(), out.end());
        return out;
    });
}

Result<bool> revealInBrowser(Store& store, std::int64_t questionRow)
{
    auto hit = browseQuestion(store, questionRow);
    if (!hit) {
        return hit.error();
    }
    if (!hit->record.unseen()) {
        return false;
    }
    return catchDbError("cannot record the revealed answer", [&]() -> Result<bool> {
        Database& db = store.database();
        Transaction tx(db);
        const std::int64_t now = store.clock().wallMs();
        // A practice session of one question, finished as it starts: the history and the resume offer read
        // only sessions that are not browser reveals, and finish_reason stays NULL as nothing was submitted.
        Statement s(
            db, "INSERT INTO sessions (exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
                "started_at, finished_at, browser_reveal) SELECT q.exam_ref, 'practice', 0, 1, 0, "
                "e.pass_percent, ?, ?, 1 FROM questions q JOIN exams e ON e.id = q.exam_ref WHERE q.id = ?");
        s.bind(1, now).bind(2, now).bind(3, questionRow);
        s.run();
        const std::int64_t session = db.lastInsertRowId();
        std::vector<int> order(hit->question.options.size());
        std::iota(order.begin(), order.end(), 0);
        Statement item(
            db, "INSERT INTO session_items (session_ref, position, question_ref, option_order, snapshot, "
                "revealed, visits) VALUES (?, 0, ?, ?, ?, 1, 1)");
        item.bind(1, session).bind(2, questionRow).bind(3, nlohmann::json(order).dump());
        item.bind(4, questionToJson(hit->question));
        item.run();
        tx.commit();
        return true;
    });
}

} // namespace certdrill
