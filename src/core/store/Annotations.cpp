#include "certdrill/store/Annotations.h"

#include <algorithm>
#include <cctype>

namespace certdrill {

namespace {

constexpr const char* kFailed = "cannot store the bookmark or note";

/// The key of a row, inside a catchDbError block; throws DbError when the row does not exist.
QuestionKey keyOf(Database& db, std::int64_t questionRow)
{
    Statement s(db, "SELECT p.pack_id, q.question_id FROM questions q JOIN packs p ON p.id = q.pack_ref "
                    "WHERE q.id = ?");
    s.bind(1, questionRow);
    if (!s.step()) {
        throw DbError("no question with row " + std::to_string(questionRow), 0);
    }
    return QuestionKey{s.getText(0), s.getText(1)};
}

/// The rows of the questions that `table` (bookmarks or notes, a constant, never input) names by key.
Result<std::set<std::int64_t>> rowsOf(Store& store, const std::string& table)
{
    return catchDbError("cannot read bookmarks and notes", [&]() -> Result<std::set<std::int64_t>> {
        std::set<std::int64_t> rows;
        Statement s(store.database(),
                    "SELECT q.id FROM " + table +
                        " k JOIN packs p ON p.pack_id = k.pack_id "
                        "JOIN questions q ON q.pack_ref = p.id AND q.question_id = k.question_id");
        while (s.step()) {
            rows.insert(s.getInt(0));
        }
        return rows;
    });
}

} // namespace

Result<QuestionKey> questionKey(Store& store, std::int64_t questionRow)
{
    return catchDbError("cannot read the question",
                        [&]() -> Result<QuestionKey> { return keyOf(store.database(), questionRow); });
}

Result<std::int64_t> findQuestionRow(Store& store, const std::string& id)
{
    return catchDbError("cannot read the question", [&]() -> Result<std::int64_t> {
        const auto slash = id.find('/');
        Statement s(store.database(),
                    slash == std::string::npos
                        ? "SELECT q.id, p.pack_id FROM questions q JOIN packs p ON p.id = q.pack_ref "
                          "WHERE q.question_id = ?1 ORDER BY p.pack_id"
                        : "SELECT q.id, p.pack_id FROM questions q JOIN packs p ON p.id = q.pack_ref "
                          "WHERE p.pack_id = ?2 AND q.question_id = ?1");
        s.bind(1, slash == std::string::npos ? id : id.substr(slash + 1));
        if (slash != std::string::npos) {
            s.bind(2, id.substr(0, slash));
        }
        std::vector<std::pair<std::int64_t, std::string>> found;
        while (s.step()) {
            found.emplace_back(s.getInt(0), s.getText(1));
        }
        if (found.empty()) {
            return Error{"no question \"" + id + "\" in the database"};
        }
        if (found.size() > 1) {
            std::string packs;
            for (const auto& [row, pack] : found) {
                packs += (packs.empty() ? "" : ", ") + pack + "/" + id;
            }
            return Error{"question id \"" + id + "\" is in more than one pack; name one of " + packs};
        }
        return found.front().first;
    });
}

Result<Annotation> annotation(Store& store, std::int64_t questionRow)
{
    return catchDbError("cannot read the bookmark or note", [&]() -> Result<Annotation> {
        Database& db = store.database();
        const QuestionKey key = keyOf(db, questionRow);
        Annotation a;
        Statement b(db, "SELECT 1 FROM bookmarks WHERE pack_id = ? AND question_id = ?");
        b.bind(1, key.packId).bind(2, key.questionId);
        a.bookmarked = b.step();
        Statement n(db, "SELECT text FROM notes WHERE pack_id = ? AND question_id = ?");
        n.bind(1, key.packId).bind(2, key.questionId);
        if (n.step()) {
            a.note = n.getText(0);
        }
        return a;
    });
}

Result<void> setBookmark(Store& store, std::int64_t questionRow, bool bookmarked)
{
    return catchDbError(kFailed, [&]() -> Result<void> {
        Database& db = store.database();
        Transaction tx(db);
        const QuestionKey key = keyOf(db, questionRow);
        Statement s(db, bookmarked
                            ? "INSERT INTO bookmarks (pack_id, question_id, created_at) VALUES (?, ?, ?) "
                              "ON CONFLICT DO NOTHING"
                            : "DELETE FROM bookmarks WHERE pack_id = ? AND question_id = ?");
        s.bind(1, key.packId).bind(2, key.questionId);
        if (bookmarked) {
            s.bind(3, store.clock().wallMs());
        }
        s.run();
        tx.commit();
        return {};
    });
}

Result<void> setNote(Store& store, std::int64_t questionRow, const std::string& note)
{
    // A note of only spaces and line breaks is no note: it would list the question under "with a note" with
    // nothing to read.
    const bool blank = std::all_of(note.begin(), note.end(), [](unsigned char c) { return std::isspace(c); });
    return catchDbError(kFailed, [&]() -> Result<void> {
        Database& db = store.database();
        Transaction tx(db);
        const QuestionKey key = keyOf(db, questionRow);
        Statement s(db,
                    blank ? "DELETE FROM notes WHERE pack_id = ? AND question_id = ?"
                          : "INSERT INTO notes (pack_id, question_id, text, updated_at) VALUES (?, ?, ?, ?) "
                            "ON CONFLICT (pack_id, question_id) DO UPDATE SET text = excluded.text, "
                            "updated_at = excluded.updated_at");
        s.bind(1, key.packId).bind(2, key.questionId);
        if (!blank) {
            s.bind(3, note).bind(4, store.clock().wallMs());
        }
        s.run();
        tx.commit();
        return {};
    });
}

Result<std::set<std::int64_t>> bookmarkedRows(Store& store)
{
    return rowsOf(store, "bookmarks");
}

Result<std::set<std::int64_t>> notedRows(Store& store)
{
    return rowsOf(store, "notes");
}

} // namespace certdrill
