#include "certdrill/exam/Errata.h"

#include <algorithm>

#include "certdrill/exam/SessionHistory.h"

namespace certdrill {

const std::vector<ErrataKind>& errataKinds()
{
    static const std::vector<ErrataKind> kinds = {ErrataKind::WrongKey, ErrataKind::Unclear,
                                                  ErrataKind::Outdated, ErrataKind::Typo, ErrataKind::Other};
    return kinds;
}

const char* errataKindName(ErrataKind kind)
{
    switch (kind) {
    case ErrataKind::WrongKey:
        return "wrong-key";
    case ErrataKind::Unclear:
        return "unclear";
    case ErrataKind::Outdated:
        return "outdated";
    case ErrataKind::Typo:
        return "typo";
    case ErrataKind::Other:
        break;
    }
    return "other";
}

std::optional<ErrataKind> parseErrataKind(std::string_view name)
{
    for (const ErrataKind k : errataKinds()) {
        if (name == errataKindName(k)) {
            return k;
        }
    }
    return std::nullopt;
}

namespace {

void writeExclusion(Database& db, std::int64_t questionRow, bool excluded, std::int64_t now)
{
    if (excluded) {
        Statement s(db, "INSERT OR IGNORE INTO score_exclusions (question_ref, excluded_at) VALUES (?, ?)");
        s.bind(1, questionRow).bind(2, now);
        s.step();
    } else {
        Statement s(db, "DELETE FROM score_exclusions WHERE question_ref = ?");
        s.bind(1, questionRow);
        s.step();
    }
}

Result<std::set<std::int64_t>> questionSet(Store& store, const char* what, const char* sql)
{
    return catchDbError(what, [&]() -> Result<std::set<std::int64_t>> {
        std::set<std::int64_t> rows;
        Statement s(store.database(), sql);
        while (s.step()) {
            rows.insert(s.getInt(0));
        }
        return rows;
    });
}

} // namespace

Result<std::int64_t> reportProblem(Store& store, const ProblemReport& report)
{
    return catchDbError("cannot file the report", [&]() -> Result<std::int64_t> {
        Database& db = store.database();
        Statement q(db, "SELECT p.version FROM questions q JOIN packs p ON p.id = q.pack_ref WHERE q.id = ?");
        q.bind(1, report.questionRow);
        if (!q.step()) {
            return Error{"no question with row " + std::to_string(report.questionRow)};
        }
        const std::string version = report.packVersion.empty() ? q.getText(0) : report.packVersion;
        std::vector<int> chosen = report.chosen;
        std::sort(chosen.begin(), chosen.end());
        const std::int64_t now = store.clock().wallMs();
        Transaction tx(db);
        Statement s(db, "INSERT INTO errata (question_ref, session_ref, pack_version, kind, note, answer, "
                        "reported_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
        s.bind(1, report.questionRow);
        if (report.sessionId) {
            s.bind(2, *report.sessionId);
        } else {
            s.bindNull(2);
        }
        s.bind(3, version).bind(4, errataKindName(report.kind)).bind(5, report.note);
        s.bind(6, optionLetters(chosen)).bind(7, now);
        s.step();
        const std::int64_t id = db.lastInsertRowId();
        if (report.excludeFromScores) {
            writeExclusion(db, report.questionRow, true, now);
        }
        tx.commit();
        return id;
    });
}

Result<void> setExcludedFromScores(Store& store, std::int64_t questionRow, bool excluded)
{
    return catchDbError("cannot change the question's exclusion", [&]() -> Result<void> {
        Transaction tx(store.database());
        writeExclusion(store.database(), questionRow, excluded, store.clock().wallMs());
        tx.commit();
        return {};
    });
}

Result<std::set<std::int64_t>> excludedQuestions(Store& store)
{
    return questionSet(store, "cannot read the excluded questions",
                       "SELECT question_ref FROM score_exclusions");
}

Result<std::set<std::int64_t>> reportedQuestions(Store& store)
{
    return questionSet(store, "cannot read the reported questions",
                       "SELECT DISTINCT question_ref FROM errata");
}

Result<std::vector<ErrataEntry>> errataEntries(Store& store, const std::string& packId)
{
    return catchDbError("cannot read the errata", [&]() -> Result<std::vector<ErrataEntry>> {
        std::vector<ErrataEntry> out;
        Statement s(store.database(),
                    "SELECT r.id, p.pack_id, r.pack_version, q.question_id, r.kind, r.note, r.answer, "
                    "r.reported_at, x.question_ref IS NOT NULL FROM errata r "
                    "JOIN questions q ON q.id = r.question_ref JOIN packs p ON p.id = q.pack_ref "
                    "LEFT JOIN score_exclusions x ON x.question_ref = r.question_ref "
                    "WHERE ? = '' OR p.pack_id = ? ORDER BY r.reported_at, r.id");
        s.bind(1, packId).bind(2, packId);
        while (s.step()) {
            ErrataEntry e;
            e.id = s.getInt(0);
            e.packId = s.getText(1);
            e.packVersion = s.getText(2);
            e.questionId = s.getText(3);
            e.kind = parseErrataKind(s.getText(4)).value_or(ErrataKind::Other);
            e.note = s.getText(5);
            e.answer = s.getText(6);
            e.reportedAtMs = s.getInt(7);
            e.excluded = s.getInt(8) != 0;
            out.push_back(std::move(e));
        }
        return out;
    });
}

} // namespace certdrill
