#include "certdrill/store/Store.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackImages.h"
#include "certdrill/pack/Sha256.h"
#include "certdrill/store/Backup.h"
#include "certdrill/store/Schema.h"
#include "certdrill/store/SearchIndex.h"

namespace certdrill {

namespace {

/// A larger page cache for the length of an import, the connection's own restored after it. The question
/// browser's full-text index is built in the same transaction, and with SQLite's default 2 MB cache its
/// segment merges spilled pages to the WAL mid-transaction and read them back (about a fifth of the CPU of a
/// 100,000-question import).
class ImportCache
{
public:
    explicit ImportCache(Database& db)
        : m_db(db)
    {
        Statement current(m_db, "PRAGMA cache_size");
        m_previous = current.step() ? current.getInt(0) : -2000;
        m_db.exec("PRAGMA cache_size = -65536"); // KiB: 64 MiB, only as much as the import touches
    }
    ~ImportCache()
    {
        // A destructor must not throw; the pragma changes no data.
        sqlite3_exec(m_db.handle(), ("PRAGMA cache_size = " + std::to_string(m_previous)).c_str(), nullptr,
                     nullptr, nullptr);
    }
    ImportCache(const ImportCache&) = delete;
    ImportCache& operator=(const ImportCache&) = delete;

private:
    Database& m_db;
    std::int64_t m_previous = -2000;
};

/// The settings key of changedFiles' stamps: {path: [size, modification time, sha256]}.
constexpr const char* kFileStampsKey = "packs.file-stamps";

using nlohmann::json;

std::vector<std::string> jsonStrings(const std::string& text)
{
    std::vector<std::string> out;
    const json j = json::parse(text, nullptr, false);
    if (j.is_array()) {
        for (const auto& v : j) {
            if (v.is_string()) {
                out.push_back(v.get<std::string>());
            }
        }
    }
    return out;
}

json coverageJson(const Coverage& c)
{
    return json{{"min_questions", c.minQuestions},
                {"min_per_subtopic", c.minPerSubtopic},
                {"min_per_objective", c.minPerObjective},
                {"min_multi_select_share", c.minMultiSelectShare},
                {"min_multi_select_share_per_domain", c.minMultiSelectSharePerDomain},
                {"min_scenario_share", c.minScenarioShare}};
}

/// Thrown by ImportProgress::step when ImportPolicy::progress cancels: it unwinds the import's transaction,
/// which rolls back.
struct ImportCancelled
{
};

Coverage coverageFromJson(const std::string& text)
{
    Coverage c;
    const json j = json::parse(text, nullptr, false);
    if (j.is_object()) {
        c.minQuestions = j.value("min_questions", 0);
        c.minPerSubtopic = j.value("min_per_subtopic", 0);
        c.minPerObjective = j.value("min_per_objective", 0);
        c.minMultiSelectShare = j.value("min_multi_select_share", 0.0);
        c.minMultiSelectSharePerDomain = j.value("min_multi_select_share_per_domain", 0.0);
        c.minScenarioShare = j.value("min_scenario_share", 0.0);
    }
    return c;
}

} // namespace

int compareVersions(const std::string& a, const std::string& b)
{
    std::istringstream sa(a), sb(b);
    std::string pa, pb;
    while (true) {
        const bool ha = static_cast<bool>(std::getline(sa, pa, '.'));
        const bool hb = static_cast<bool>(std::getline(sb, pb, '.'));
        if (!ha && !hb) {
            return 0;
        }
        const long va = ha ? std::stol(pa) : 0;
        const long vb = hb ? std::stol(pb) : 0;
        if (va != vb) {
            return va < vb ? -1 : 1;
        }
    }
}

namespace {

/// Appends s as a JSON string exactly as nlohmann::json::dump() writes it (UTF-8 kept, control characters
/// as \b \f \n \r \t or \u00xx).
void appendJsonString(std::string& out, std::string_view s)
{
    out += '"';
    // Runs of characters that need no escape are appended at once.
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            continue;
        }
        out.append(s.data() + run, i - run);
        run = i + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default: {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
            out += buf;
        }
        }
    }
    out.append(s.data() + run, s.size() - run);
    out += '"';
}

void appendJsonStrings(std::string& out, const std::vector<std::string>& list)
{
    out += '[';
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        appendJsonString(out, list[i]);
    }
    out += ']';
}

/// A list of strings as nlohmann::json(list).dump() writes it.
std::string jsonStringArray(const std::vector<std::string>& list)
{
    std::string out;
    appendJsonStrings(out, list);
    return out;
}

} // namespace

std::string questionToJson(const Question& q)
{
    // Written by hand, byte for byte what nlohmann::json::dump() makes of the object (members sorted by
    // name, no spaces): the content hash of every stored question is taken over this text, so it must not
    // change; building a json object per question to dump it cost more than the rest of the import's
    // checks (StoreTest compares the two).
    std::string out;
    out.reserve(256 + q.stem.size() + q.explanation.size() + 64 * q.options.size());
    const auto member = [&](const char* name) {
        out += out.size() == 1 ? "\"" : ",\"";
        out += name;
        out += "\":";
    };
    out += '{';
    member("difficulty");
    out += std::to_string(q.difficulty);
    member("domain");
    appendJsonString(out, q.domain);
    member("exam");
    appendJsonString(out, q.exam);
    member("explanation");
    appendJsonString(out, q.explanation);
    member("id");
    appendJsonString(out, q.id);
    // Only when set: a question without an objective keeps the canonical JSON (and so the content hash) it
    // had before objectives existed, so re-importing an unchanged pack still changes nothing.
    if (!q.objective.empty()) {
        member("objective");
        appendJsonString(out, q.objective);
    }
    member("options");
    out += '[';
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        const Option& o = q.options[i];
        out += i > 0 ? ",{\"correct\":" : "{\"correct\":";
        out += o.correct ? "true" : "false";
        out += ",\"text\":";
        appendJsonString(out, o.text);
        out += ",\"why\":";
        appendJsonString(out, o.why);
        out += '}';
    }
    out += ']';
    member("references");
    appendJsonStrings(out, q.references);
    member("select");
    out += std::to_string(q.select);
    member("shuffle");
    out += q.shuffle ? "true" : "false";
    member("stem");
    appendJsonString(out, q.stem);
    member("subtopic");
    appendJsonString(out, q.subtopic);
    member("tags");
    appendJsonStrings(out, q.tags);
    out += '}';
    return out;
}

std::vector<int> jsonInts(const std::string& text)
{
    std::vector<int> out;
    const json j = json::parse(text, nullptr, false);
    if (j.is_array()) {
        for (const auto& v : j) {
            if (v.is_number_integer()) {
                out.push_back(v.get<int>());
            }
        }
    }
    return out;
}

Question questionFromJson(const std::string& text)
{
    Question q;
    const json j = json::parse(text, nullptr, false);
    if (!j.is_object()) {
        return q;
    }
    q.id = j.value("id", "");
    q.exam = j.value("exam", "");
    q.domain = j.value("domain", "");
    q.subtopic = j.value("subtopic", "");
    q.objective = j.value("objective", "");
    q.stem = j.value("stem", "");
    q.select = j.value("select", 1);
    q.explanation = j.value("explanation", "");
    q.difficulty = j.value("difficulty", 0);
    q.tags = j.value("tags", std::vector<std::string>{});
    q.references = j.value("references", std::vector<std::string>{});
    q.shuffle = j.value("shuffle", true);
    for (const auto& o : j.value("options", json::array())) {
        q.options.push_back(Option{o.value("text", ""), o.value("correct", false), o.value("why", "")});
    }
    return q;
}

Store::Store(Database db, const Clock& clock)
    : m_db(std::move(db))
    , m_clock(clock)
{
}

Result<std::unique_ptr<Store>> Store::open(const std::filesystem::path& path, const Clock& clock,
                                           OpenMode mode)
{
    try {
        std::error_code ec;
        if (mode == OpenMode::ReadOnly) {
            if (!std::filesystem::exists(path, ec)) {
                return Error{"no database at " + path.string() + " (import a pack first)"};
            }
        } else if (path != ":memory:" && path.has_parent_path()) {
            std::filesystem::create_directories(path.parent_path(), ec);
            if (ec) {
                return Error{"cannot create folder " + path.parent_path().string() + ": " + ec.message()};
            }
        }
        std::optional<Database> opened;
        try {
            opened.emplace(path.string(), mode);
            // Before anything is written: another application's SQLite file must come out of this untouched.
            checkCertdrillDatabase(*opened);
        } catch (const DbError& e) {
            if ((e.code() & 0xFF) == SQLITE_NOTADB) {
                return Error{notCertdrillError(path.string(), "not an SQLite file").what()};
            }
            throw;
        }
        Database& db = *opened;
        if (mode == OpenMode::ReadOnly) {
            if (const int version = db.userVersion(); version < latestSchemaVersion()) {
                return Error{"database " + path.string() + " has schema version " + std::to_string(version) +
                             ", older than this certdrill's (" + std::to_string(latestSchemaVersion()) +
                             "); a command that writes (such as import) or the app updates it. The file was "
                             "not changed."};
            }
        } else {
            db.useWal();
            // A migration runs in one transaction, but a bad step that commits would still lose progress:
            // keep the database as it was beside it first. A new file (version 0) has nothing to keep.
            const int version = db.userVersion();
            if (path != ":memory:" && version > 0 && version < latestSchemaVersion()) {
                const auto copy = beforeMigrationPath(path, latestSchemaVersion());
                if (auto kept = backupDatabase(db, copy); !kept) {
                    return Error{"not migrating " + path.string() + " to schema version " +
                                 std::to_string(latestSchemaVersion()) + ": " + kept.error().message +
                                 ". The file was not changed."};
                }
                spdlog::info("kept {} at schema version {} as {} before migrating it", path.string(), version,
                             copy.string());
            }
            migrate(db);
        }
        return std::unique_ptr<Store>(new Store(std::move(db), clock));
    } catch (const DbError& e) {
        return Error{e.what()};
    }
}

Result<std::vector<ExamDef>> Store::exams()
{
    return catchDbError("cannot read exams", [&]() -> Result<std::vector<ExamDef>> {
        std::vector<ExamDef> out;
        std::map<std::int64_t, size_t> byRow;
        Statement st(
            m_db,
            "SELECT id, exam_id, title, version, duration_minutes, count_min, count_max, "
            "count_default, pass_percent, multi_select_share, coverage, final_forms FROM exams ORDER BY id");
        while (st.step()) {
            ExamDef e;
            e.id = st.getText(1);
            e.title = st.getText(2);
            e.version = st.getText(3);
            e.durationMinutes = static_cast<int>(st.getInt(4));
            e.countMin = static_cast<int>(st.getInt(5));
            e.countMax = static_cast<int>(st.getInt(6));
            e.countDefault = static_cast<int>(st.getInt(7));
            e.passPercent = st.getDouble(8);
            e.multiSelectShare = st.getDouble(9);
            e.coverage = coverageFromJson(st.getText(10));
            e.finalForms = static_cast<int>(st.getInt(11));
            byRow[st.getInt(0)] = out.size();
            out.push_back(std::move(e));
        }
        std::map<std::int64_t, std::pair<size_t, size_t>> domainRows;
        Statement ds(m_db, "SELECT id, exam_ref, domain_id, name, weight, min_questions FROM domains "
                           "ORDER BY exam_ref, position");
        while (ds.step()) {
            ExamDef& e = out[byRow.at(ds.getInt(1))];
            domainRows[ds.getInt(0)] = {byRow.at(ds.getInt(1)), e.domains.size()};
            Domain d;
            d.id = ds.getText(2);
            d.name = ds.getText(3);
            d.weight = ds.getDouble(4);
            d.minQuestions = static_cast<int>(ds.getInt(5));
            e.domains.push_back(std::move(d));
        }
        Statement ss(m_db,
                     "SELECT domain_ref, subtopic_id, name FROM subtopics ORDER BY domain_ref, position");
        while (ss.step()) {
            const auto [examIndex, domainIndex] = domainRows.at(ss.getInt(0));
            out[examIndex].domains[domainIndex].subtopics.push_back(Topic{ss.getText(1), ss.getText(2)});
        }
        Statement os(m_db,
                     "SELECT domain_ref, objective_id, name FROM objectives ORDER BY domain_ref, position");
        while (os.step()) {
            const auto [examIndex, domainIndex] = domainRows.at(os.getInt(0));
            out[examIndex].domains[domainIndex].objectives.push_back(Topic{os.getText(1), os.getText(2)});
        }
        return out;
    });
}

Result<ExamDef> Store::exam(const std::string& examId)
{
    auto all = exams();
    if (!all) {
        return all.error();
    }
    for (auto& e : all.value()) {
        if (e.id == examId) {
            return std::move(e);
        }
    }
    return Error{"no exam \"" + examId + "\" in the database (import its pack first)"};
}

Result<ExamCatalog> Store::examCatalog()
{
    auto all = exams();
    if (!all) {
        return all.error();
    }
    return catchDbError("cannot read exams", [&]() -> Result<ExamCatalog> {
        ExamCatalog catalog;
        Statement st(m_db,
                     "SELECT p.pack_id FROM exams e JOIN packs p ON p.id = e.pack_ref WHERE e.exam_id = ?");
        for (auto& e : all.value()) {
            st.reset();
            st.bind(1, e.id);
            std::string packId = st.step() ? st.getText(0) : std::string();
            const std::string id = e.id; // C++17 evaluates the right side of = first, which moves e
            catalog[id] = KnownExam{std::move(e), std::move(packId)};
        }
        return catalog;
    });
}

Result<std::vector<StoredPack>> Store::packs()
{
    return catchDbError("cannot read packs", [&]() -> Result<std::vector<StoredPack>> {
        std::vector<StoredPack> out;
        // A removal is the pack's last history entry, with no bytes (removePack).
        Statement st(
            m_db, "SELECT p.pack_id, p.title, p.version, p.license, p.sha256, p.source_path, p.imported_at, "
                  "(SELECT COUNT(*) FROM questions q WHERE q.pack_ref = p.id AND q.retired = 0), "
                  "(SELECT COUNT(*) FROM questions q WHERE q.pack_ref = p.id AND q.retired = 1), p.authors, "
                  "COALESCE((SELECT h.sha256 FROM pack_imports h WHERE h.pack_ref = p.id "
                  "ORDER BY h.id DESC LIMIT 1), '-') = '', "
                  "COALESCE((SELECT h.retired FROM pack_imports h WHERE h.pack_ref = p.id "
                  "ORDER BY h.id DESC LIMIT 1), 0) FROM packs p ORDER BY p.pack_id");
        while (st.step()) {
            const bool removed = st.getInt(10) != 0;
            // A removal's history entry counts the questions it retired (removePack).
            out.push_back(StoredPack{
                st.getText(0), st.getText(1), st.getText(2), st.getText(3), st.getText(4), st.getText(5),
                st.getInt(6), static_cast<int>(st.getInt(7)), static_cast<int>(st.getInt(8)),
                jsonStrings(st.getText(9)), removed, removed ? static_cast<int>(st.getInt(11)) : 0});
        }
        return out;
    });
}

Result<std::optional<std::string>> Store::setting(const std::string& key)
{
    return catchDbError("cannot read settings", [&]() -> Result<std::optional<std::string>> {
        Statement s(m_db, "SELECT value FROM settings WHERE key = ?");
        s.bind(1, key);
        if (!s.step()) {
            return std::optional<std::string>{};
        }
        return std::optional<std::string>{s.getText(0)};
    });
}

Result<void> Store::saveSetting(const std::string& key, const std::string& value)
{
    return saveSettings({{key, value}});
}

Result<void> Store::saveSettings(const std::vector<std::pair<std::string, std::string>>& values)
{
    return catchDbError("cannot store the setting", [&]() -> Result<void> {
        Transaction tx(m_db);
        Statement s(m_db, "INSERT INTO settings (key, value) VALUES (?, ?) "
                          "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
        for (const auto& [key, value] : values) {
            s.reset();
            s.bind(1, key).bind(2, value);
            s.run();
        }
        tx.commit();
        return {};
    });
}

Result<std::vector<DomainCount>> Store::domainCounts(const std::string& examId)
{
    return catchDbError("cannot count questions", [&]() -> Result<std::vector<DomainCount>> {
        std::vector<DomainCount> out;
        Statement st(m_db, "SELECT d.domain_id, "
                           "COUNT(q.id), COALESCE(SUM(q.select_count > 1), 0) "
                           "FROM domains d JOIN exams e ON e.id = d.exam_ref "
                           "LEFT JOIN questions q ON q.domain_ref = d.id AND q.retired = 0 "
                           "WHERE e.exam_id = ? GROUP BY d.id ORDER BY d.position");
        st.bind(1, examId);
        while (st.step()) {
            out.push_back(
                DomainCount{st.getText(0), static_cast<int>(st.getInt(1)), static_cast<int>(st.getInt(2))});
        }
        return out;
    });
}

namespace {

// The columns every full read of questions shares (readQuestions; planning reads take planningRows' index)
// and the tables they come from.
constexpr const char* kQuestionColumns =
    "SELECT q.id, p.pack_id, q.question_id, e.exam_id, d.domain_id, COALESCE(s.subtopic_id, ''), "
    "q.select_count, q.difficulty, q.tags, q.shuffle, COALESCE(o.objective_id, '')";
constexpr const char* kQuestionsFrom =
    " FROM questions q JOIN packs p ON p.id = q.pack_ref JOIN exams e ON e.id = q.exam_ref "
    "JOIN domains d ON d.id = q.domain_ref LEFT JOIN subtopics s ON s.id = q.subtopic_ref "
    "LEFT JOIN objectives o ON o.id = q.objective_ref ";

/// A row's kQuestionColumns as a StoredQuestion.
StoredQuestion storedQuestion(Statement& st)
{
    StoredQuestion sq;
    sq.rowId = st.getInt(0);
    sq.packId = st.getText(1);
    Question& q = sq.question;
    q.id = st.getText(2);
    q.exam = st.getText(3);
    q.domain = st.getText(4);
    q.subtopic = st.getText(5);
    q.select = static_cast<int>(st.getInt(6));
    q.difficulty = static_cast<int>(st.getInt(7));
    q.tags = jsonStrings(st.getText(8));
    q.shuffle = st.getInt(9) != 0;
    q.objective = st.getText(10);
    return sq;
}

} // namespace

Result<std::vector<StoredQuestion>> Store::activeQuestions(const std::string& examId, QuestionContent content)
{
    if (content == QuestionContent::Planning) {
        return planningQuestions(examId);
    }
    return catchDbError("cannot read questions", [&]() -> Result<std::vector<StoredQuestion>> {
        return readQuestions("e.exam_id = ? AND q.retired = 0", examId, "p.pack_id, q.question_id");
    });
}

Result<std::vector<StoredQuestion>> Store::questionsAt(const std::vector<std::int64_t>& rows,
                                                       RetiredQuestions retired)
{
    return catchDbError("cannot read questions", [&]() -> Result<std::vector<StoredQuestion>> {
        // One bound parameter whatever the number of rows: their JSON array, which json_each unpacks.
        return readQuestions(retired == RetiredQuestions::Included
                                 ? "q.id IN (SELECT value FROM json_each(?))"
                                 : "q.id IN (SELECT value FROM json_each(?)) AND q.retired = 0",
                             nlohmann::json(rows).dump(), "q.id");
    });
}

std::vector<StoredQuestion> Store::readQuestions(const char* where, const std::string& key,
                                                 const char* orderBy)
{
    // `where` and `orderBy` are constants of this class, never input; the key is bound.
    std::vector<StoredQuestion> out;
    std::map<std::int64_t, size_t> byRow;
    Statement st(m_db, std::string(kQuestionColumns) + ", q.stem, q.explanation, q.refs, q.content_hash" +
                           kQuestionsFrom + "WHERE " + where + " ORDER BY " + orderBy);
    st.bind(1, key);
    while (st.step()) {
        StoredQuestion sq = storedQuestion(st);
        sq.question.stem = st.getText(11);
        sq.question.explanation = st.getText(12);
        sq.question.references = jsonStrings(st.getText(13));
        sq.contentHash = st.getText(14);
        byRow[sq.rowId] = out.size();
        out.push_back(std::move(sq));
    }
    Statement os(m_db, std::string("SELECT o.question_ref, o.text, o.correct, o.why FROM options o "
                                   "WHERE o.question_ref IN (SELECT q.id") +
                           kQuestionsFrom + "WHERE " + where + ") ORDER BY o.question_ref, o.position");
    os.bind(1, key);
    while (os.step()) {
        out[byRow.at(os.getInt(0))].question.options.push_back(
            Option{os.getText(1), os.getInt(2) != 0, os.getText(3)});
    }
    return out;
}

bool Store::isRemoved(std::int64_t packRef)
{
    Statement st(m_db, "SELECT sha256 FROM pack_imports WHERE pack_ref = ? ORDER BY id DESC LIMIT 1");
    st.bind(1, packRef);
    return st.step() && st.getText(0).empty();
}

Result<PackRemoval> Store::removePack(const std::string& packId)
{
    return catchDbError("cannot remove the pack", [&]() -> Result<PackRemoval> {
        Transaction tx(m_db);
        Statement pack(m_db, "SELECT id, version FROM packs WHERE pack_id = ?");
        pack.bind(1, packId);
        if (!pack.step()) {
            return Error{"no pack \"" + packId + "\" in the database (certdrill-cli list packs names them)"};
        }
        const std::int64_t packRef = pack.getInt(0);
        PackRemoval removal{packId, pack.getText(1), 0};
        if (isRemoved(packRef)) {
            return Error{"pack \"" + packId + "\" is removed already; import its file to bring it back"};
        }
        // An exam definition stays while questions of other packs are in it: removing it would leave them in
        // an exam nobody maintains, and a re-import of theirs would find no exam to update.
        Statement users(m_db, "SELECT e.exam_id, p.pack_id, COUNT(*) FROM exams e "
                              "JOIN questions q ON q.exam_ref = e.id AND q.retired = 0 AND q.pack_ref <> ? "
                              "JOIN packs p ON p.id = q.pack_ref WHERE e.pack_ref = ? "
                              "GROUP BY e.id, p.id ORDER BY e.exam_id, p.pack_id");
        users.bind(1, packRef).bind(2, packRef);
        std::string exam, packs;
        int questions = 0;
        while (users.step()) {
            exam = users.getText(0);
            packs += (packs.empty() ? "" : ", ") + users.getText(1);
            questions += static_cast<int>(users.getInt(2));
        }
        if (questions > 0) {
            return Error{"pack \"" + packId + "\" defines exam \"" + exam + "\", which " +
                         std::to_string(questions) + (questions == 1 ? " question" : " questions") +
                         " of pack(s) " + packs + " use; remove those packs first"};
        }
        const std::int64_t now = m_clock.wallMs();
        Statement retire(
            m_db, "UPDATE questions SET retired = 1, updated_at = ? WHERE pack_ref = ? AND retired = 0");
        retire.bind(1, now).bind(2, packRef);
        retire.run();
        removal.retired = m_db.changes();
        // The history records the removal as an entry without bytes: that is how isRemoved knows, with no
        // new column.
        Statement history(m_db,
                          "INSERT INTO pack_imports (pack_ref, version, sha256, imported_at, added, updated, "
                          "retired, unchanged) VALUES (?, ?, '', ?, 0, 0, ?, 0)");
        history.bind(1, packRef).bind(2, removal.version).bind(3, now).bind(4, removal.retired);
        history.run();
        tx.commit();
        return removal;
    });
}

Result<ExportedPack> Store::exportPack(const std::string& packId)
{
    auto allExams = exams();
    if (!allExams) {
        return allExams.error();
    }
    return catchDbError("cannot export the pack", [&]() -> Result<ExportedPack> {
        Statement pack(m_db, "SELECT id, title, version, authors, license FROM packs WHERE pack_id = ?");
        pack.bind(1, packId);
        if (!pack.step()) {
            return Error{"no pack \"" + packId + "\" in the database (certdrill-cli list packs names them)"};
        }
        const std::int64_t packRef = pack.getInt(0);
        if (isRemoved(packRef)) {
            return Error{"pack \"" + packId +
                         "\" is removed (its questions are retired); import it to bring "
                         "it back before exporting it"};
        }
        ExportedPack out;
        out.pack.info = {packId, pack.getText(1), pack.getText(2), jsonStrings(pack.getText(3)),
                         pack.getText(4)};
        Statement defined(m_db, "SELECT exam_id FROM exams WHERE pack_ref = ?");
        defined.bind(1, packRef);
        std::set<std::string> examIds;
        while (defined.step()) {
            examIds.insert(defined.getText(0));
        }
        for (auto& e : allExams.value()) {
            if (examIds.count(e.id)) {
                out.pack.exams.push_back(std::move(e));
            }
        }
        // Row order is the order questions were first imported in: the pack file's, with later additions
        // last.
        for (auto& sq : readQuestions("p.pack_id = ? AND q.retired = 0", packId, "q.id")) {
            if (sha256Hex(questionToJson(sq.question)) != sq.contentHash) {
                out.changedSinceImport.push_back(sq.question.id);
            }
            out.pack.questions.push_back(std::move(sq.question));
        }
        return out;
    });
}

Question PlanningBank::question(const PlanningRow& row, const std::string& examId) const
{
    Question q;
    q.exam = examId;
    q.domain = idOf(domainIds, row.domainRef);
    q.subtopic = idOf(subtopicIds, row.subtopicRef);
    q.objective = idOf(objectiveIds, row.objectiveRef);
    q.select = row.select;
    q.difficulty = row.difficulty;
    q.shuffle = row.shuffle;
    q.id = row.questionId;
    return q;
}

const std::string& PlanningBank::idOf(const std::unordered_map<std::int64_t, std::string>& ids,
                                      std::int64_t ref)
{
    static const std::string none;
    const auto it = ids.find(ref);
    return it == ids.end() ? none : it->second;
}

namespace {

/// The exam's row, with the text ids of the packs, domains, subtopics and objectives its questions name in
/// `bank` (its rows left empty); nothing for an unknown exam. The ids are looked up by row rather than joined
/// to each of (at 100,000 questions) every question.
std::optional<std::int64_t> planningNames(Database& db, const std::string& examId, PlanningBank& bank)
{
    Statement exam(db, "SELECT id FROM exams WHERE exam_id = ?");
    exam.bind(1, examId);
    if (!exam.step()) {
        return std::nullopt;
    }
    const std::int64_t examRef = exam.getInt(0);
    const auto names = [&](const char* sql, bool ofExam, std::unordered_map<std::int64_t, std::string>& n) {
        Statement st(db, sql);
        if (ofExam) {
            st.bind(1, examRef);
        }
        while (st.step()) {
            n.emplace(st.getInt(0), st.getText(1));
        }
    };
    names("SELECT id, pack_id FROM packs", false, bank.packIds);
    names("SELECT id, domain_id FROM domains WHERE exam_ref = ?", true, bank.domainIds);
    names("SELECT s.id, s.subtopic_id FROM subtopics s JOIN domains d ON d.id = s.domain_ref "
          "WHERE d.exam_ref = ?",
          true, bank.subtopicIds);
    names("SELECT o.id, o.objective_id FROM objectives o JOIN domains d ON d.id = o.domain_ref "
          "WHERE d.exam_ref = ?",
          true, bank.objectiveIds);
    return examRef;
}

/// Appends `make(row)` to `out` for each active question of the exam, in pack id then question id order.
template <typename T, typename Make>
void planningRows(Database& db, std::int64_t examRef, const PlanningBank& names, std::vector<T>& out,
                  Make make)
{
    Statement count(db, "SELECT COUNT(*) FROM questions WHERE exam_ref = ? AND retired = 0");
    count.bind(1, examRef);
    count.step();
    out.reserve(out.size() + static_cast<std::size_t>(count.getInt(0)));
    // Every column here is in the index questions_planning (schema version 9), in its order: SQLite walks
    // that index alone, never the rows that hold the text, and needs no sort. The rows come by pack row; the
    // packs are put in the order of their ids below.
    Statement st(db, "SELECT id, pack_ref, question_id, domain_ref, subtopic_ref, objective_ref, "
                     "select_count, difficulty, shuffle, option_count FROM questions "
                     "WHERE exam_ref = ? AND retired = 0 ORDER BY pack_ref, question_id");
    st.bind(1, examRef);
    struct Run
    {
        const std::string* packId;
        std::size_t begin;
        std::size_t end;
    };
    std::vector<Run> runs;
    PlanningRow r;
    while (st.step()) {
        const auto pack = names.packIds.find(st.getInt(1));
        if (pack == names.packIds.end() || !names.domainIds.count(st.getInt(3))) {
            continue; // as the joins of a full read leave it out
        }
        if (runs.empty() || runs.back().packId != &pack->second) {
            runs.push_back({&pack->second, out.size(), out.size()});
        }
        r.rowId = st.getInt(0);
        r.packRef = st.getInt(1);
        r.questionId = st.getText(2);
        r.domainRef = st.getInt(3);
        r.subtopicRef = st.isNull(4) ? 0 : st.getInt(4);
        r.objectiveRef = st.isNull(5) ? 0 : st.getInt(5);
        r.select = static_cast<int>(st.getInt(6));
        r.difficulty = static_cast<int>(st.getInt(7));
        r.shuffle = st.getInt(8) != 0;
        r.optionCount = static_cast<int>(std::max<std::int64_t>(0, st.getInt(9)));
        out.push_back(make(r));
        runs.back().end = out.size();
    }
    // The order of a full read (pack id, then question id): each pack's questions are in order already.
    const auto byPackId = [](const Run& a, const Run& b) {
        return *a.packId < *b.packId;
    };
    if (!std::is_sorted(runs.begin(), runs.end(), byPackId)) {
        std::stable_sort(runs.begin(), runs.end(), byPackId);
        std::vector<T> sorted;
        sorted.reserve(out.size());
        for (const Run& run : runs) {
            std::move(out.begin() + static_cast<std::ptrdiff_t>(run.begin),
                      out.begin() + static_cast<std::ptrdiff_t>(run.end), std::back_inserter(sorted));
        }
        out = std::move(sorted);
    }
}

} // namespace

Result<PlanningBank> Store::planningBank(const std::string& examId)
{
    return catchDbError("cannot read questions", [&]() -> Result<PlanningBank> {
        PlanningBank bank;
        if (const auto examRef = planningNames(m_db, examId, bank)) {
            planningRows(m_db, *examRef, bank, bank.rows, [](PlanningRow& r) { return std::move(r); });
        }
        return bank;
    });
}

namespace {

/// A planning row as a Question, its id moved out of the row (which is not read again).
Question planningQuestion(const PlanningBank& b, PlanningRow& r, const std::string& examId)
{
    std::string id = std::move(r.questionId); // not copied by question()
    Question q = b.question(r, examId);
    q.id = std::move(id);
    return q;
}

} // namespace

Result<std::vector<StoredQuestion>> Store::planningQuestions(const std::string& examId)
{
    auto bank = planningBank(examId);
    if (!bank) {
        return bank.error();
    }
    std::vector<StoredQuestion> out;
    out.reserve(bank.value().rows.size());
    for (PlanningRow& r : bank.value().rows) {
        StoredQuestion& sq = out.emplace_back();
        sq.rowId = r.rowId;
        sq.packId = PlanningBank::idOf(bank.value().packIds, r.packRef);
        sq.question = planningQuestion(bank.value(), r, examId);
        sq.question.options.resize(static_cast<std::size_t>(r.optionCount)); // left empty; no content hash
    }
    return out;
}

Result<std::vector<Candidate>> Store::candidates(const std::string& examId, QuestionContent content)
{
    std::vector<Candidate> out;
    if (content == QuestionContent::Planning) {
        // Each question once, from the index's rows (put in pack id order while they are small).
        auto bank = planningBank(examId);
        if (!bank) {
            return bank.error();
        }
        out.reserve(bank.value().rows.size());
        for (PlanningRow& r : bank.value().rows) {
            Candidate& c = out.emplace_back();
            c.rowId = r.rowId;
            c.question = planningQuestion(bank.value(), r, examId);
            // Counted, not made: at 100,000 candidates empty option objects were about a third of the memory.
            c.unreadOptions = r.optionCount;
        }
    } else {
        auto questions = activeQuestions(examId, content);
        if (!questions) {
            return questions.error();
        }
        out.reserve(questions.value().size());
        for (auto& sq : questions.value()) {
            out.push_back({sq.rowId, std::move(sq.question), std::nullopt});
        }
    }
    auto lastSeen = lastServed();
    if (!lastSeen) {
        return lastSeen.error();
    }
    if (!lastSeen.value().empty()) {
        for (Candidate& c : out) {
            if (const auto it = lastSeen.value().find(c.rowId); it != lastSeen.value().end()) {
                c.lastSeenMs = it->second;
            }
        }
    }
    return out;
}

Result<std::unordered_map<std::int64_t, std::int64_t>> Store::lastServed(bool anySession)
{
    return catchDbError(
        "cannot read exam history", [&]() -> Result<std::unordered_map<std::int64_t, std::int64_t>> {
            std::unordered_map<std::int64_t, std::int64_t> lastSeen;
            Statement st(m_db, "SELECT i.question_ref, MAX(s.started_at) FROM session_items i "
                               "JOIN sessions s ON s.id = i.session_ref "
                               "WHERE ? OR s.mode IN ('exam', 'practice') GROUP BY i.question_ref");
            st.bind(1, anySession ? 1 : 0);
            while (st.step()) {
                lastSeen[st.getInt(0)] = st.getInt(1);
            }
            return lastSeen;
        });
}

Result<std::set<std::int64_t>> Store::reservedQuestions(const std::string& examId)
{
    return catchDbError("cannot read the final exams' questions", [&]() -> Result<std::set<std::int64_t>> {
        // A form is released once a session of it has started: its questions have been seen then.
        Statement st(m_db, "SELECT f.question_ref FROM final_questions f JOIN exams e ON e.id = f.exam_ref "
                           "WHERE e.exam_id = ? AND NOT EXISTS (SELECT 1 FROM sessions s WHERE "
                           "s.exam_ref = f.exam_ref AND s.final_form = f.form)");
        st.bind(1, examId);
        std::set<std::int64_t> out;
        while (st.step()) {
            out.insert(st.getInt(0));
        }
        return out;
    });
}

void Store::ImportProgress::step()
{
    ++done;
    if (policy.progress && !policy.progress(done, total)) {
        throw ImportCancelled{};
    }
}

Result<std::vector<PackImportSummary>> Store::importPacks(const std::vector<LoadedPack>& packs,
                                                          const ImportPolicy& policy)
{
    for (const auto& lp : packs) {
        if (!lp.ok()) {
            return Error{lp.pack.sourcePath + " has validation errors; nothing was imported"};
        }
    }
    ImportProgress progress{policy};
    for (const auto& lp : packs) {
        progress.total += static_cast<int>(lp.pack.questions.size());
    }
    try {
        const ImportCache cache(m_db);
        // One transaction for the whole batch: a failure in the last pack undoes the first, and a dry run
        // is the same work, rolled back.
        Transaction tx(m_db);
        // Packs that define exams go first, so questions in a sibling file (which may sort earlier by name)
        // find their exam, domains and subtopics already written. Summaries keep the caller's order.
        std::vector<PackImportSummary> out(packs.size());
        for (const bool definesExams : {true, false}) {
            for (size_t i = 0; i < packs.size(); ++i) {
                if (packs[i].pack.exams.empty() != definesExams) {
                    out[i] = importOne(packs[i], progress);
                }
            }
        }
        if (!policy.dryRun) {
            tx.commit();
        }
        return out;
    } catch (const DbError& e) {
        spdlog::warn("import rolled back: {}", e.what());
        return Error{std::string(e.what()) + "; nothing was imported"};
    } catch (const ImportCancelled&) {
        spdlog::info("import cancelled after {} of {} questions; rolled back", progress.done, progress.total);
        return Error{"the import was cancelled; nothing was imported"};
    }
}

ImportOutcome Store::importFiles(const std::vector<std::filesystem::path>& files, const ImportOptions& moodle,
                                 const ImportPolicy& policy)
{
    return importLoaded(loadFiles(files, moodle), policy);
}

LoadedBatch Store::loadFiles(const std::vector<std::filesystem::path>& files, const ImportOptions& moodle)
{
    LoadedBatch batch;
    auto catalog = examCatalog();
    if (!catalog) {
        batch.error = catalog.error().message;
        return batch;
    }
    ImportOptions options = moodle;
    if (options.version.empty()) {
        // Each Moodle file of the batch keeps the version its pack id already has.
        auto stored = packs();
        if (!stored) {
            batch.error = stored.error().message;
            return batch;
        }
        for (const auto& p : stored.value()) {
            options.storedVersions.emplace(p.id, p.version);
        }
    }
    batch.packs = loadPacks(files, catalog.value(), options);
    return batch;
}

ImportOutcome Store::importLoaded(const LoadedBatch& batch, const ImportPolicy& policy)
{
    ImportOutcome outcome;
    if (!batch.error.empty()) {
        outcome.error = batch.error;
        return outcome;
    }
    int errors = 0;
    for (const auto& lp : batch.packs) {
        outcome.diagnostics.insert(outcome.diagnostics.end(), lp.diagnostics.begin(), lp.diagnostics.end());
        errors += errorCount(lp.diagnostics);
    }
    if (errors > 0) {
        outcome.error =
            std::to_string(errors) + (errors == 1 ? " error" : " errors") + "; nothing was imported";
        return outcome;
    }
    // Only the callback knows whether it cancelled; it is asked once per question.
    ImportPolicy watched = policy;
    if (policy.progress) {
        watched.progress = [&](int done, int total) {
            outcome.cancelled = !policy.progress(done, total);
            return !outcome.cancelled;
        };
    }
    auto summaries = importPacks(batch.packs, watched);
    if (!summaries) {
        outcome.error = summaries.error().message;
        return outcome;
    }
    outcome.summaries = std::move(summaries.value());
    return outcome;
}

std::vector<std::filesystem::path> packFilesIn(const std::filesystem::path& dir)
{
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.is_regular_file() && entry.path().extension() == ".json") {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

Result<std::vector<std::filesystem::path>>
Store::changedFiles(const std::vector<std::filesystem::path>& files)
{
    std::unordered_set<std::string> imported;
    auto read = catchDbError("cannot read packs", [&]() -> Result<void> {
        Statement st(m_db, "SELECT sha256 FROM packs");
        while (st.step()) {
            imported.insert(st.getText(0));
        }
        return {};
    });
    if (!read) {
        return read.error();
    }
    // Each file's size and modification time when its bytes were last found to be an imported pack's, so an
    // unchanged file is not read and hashed again at every start (a cache: any difference reads the file).
    // A stamp counts only while its hash is still an imported pack's.
    nlohmann::json stamps = nlohmann::json::object();
    if (auto kept = setting(kFileStampsKey); kept && kept.value()) {
        stamps = nlohmann::json::parse(*kept.value(), nullptr, false);
        if (!stamps.is_object()) {
            stamps = nlohmann::json::object();
        }
    }
    nlohmann::json verified = nlohmann::json::object();
    std::vector<std::filesystem::path> changed;
    for (const auto& file : files) {
        // A file over the pack size limit is left to importFiles, which refuses it without reading it all.
        std::error_code ec;
        const auto size = std::filesystem::file_size(file, ec);
        if (ec || size > kMaxPackBytes || !std::filesystem::is_regular_file(file, ec)) {
            changed.push_back(file);
            continue;
        }
        const auto modified = std::filesystem::last_write_time(file, ec);
        const nlohmann::json stamp = {size, ec ? 0 : modified.time_since_epoch().count()};
        const std::string key = file.string();
        if (const auto it = stamps.find(key);
            !ec && it != stamps.end() && it->is_array() && it->size() == 3 && (*it)[0] == stamp[0] &&
            (*it)[1] == stamp[1] && (*it)[2].is_string() && imported.count((*it)[2].get<std::string>())) {
            verified[key] = *it;
            continue;
        }
        std::ifstream in(file, std::ios::binary);
        std::ostringstream bytes;
        if (!(bytes << in.rdbuf())) {
            changed.push_back(file);
            continue;
        }
        std::string hash = sha256Hex(bytes.str());
        if (!imported.count(hash)) {
            changed.push_back(file);
        } else if (!ec) {
            verified[key] = {stamp[0], stamp[1], std::move(hash)};
        }
    }
    // Written only when it changed, and only where certdrill may write: a read-only database keeps hashing.
    if (verified != stamps && !m_db.readOnly()) {
        (void)saveSetting(kFileStampsKey, verified.dump());
    }
    return changed;
}

namespace {

/// A version above `version` to suggest: its last number raised by one (1.0.0 -> 1.0.1, 1.2 -> 1.3).
std::string nextVersion(const std::string& version)
{
    const std::size_t dot = version.rfind('.');
    const std::string last = version.substr(dot == std::string::npos ? 0 : dot + 1);
    const std::string head = dot == std::string::npos ? "" : version.substr(0, dot + 1);
    if (last.empty() || last.size() > 9 || last.find_first_not_of("0123456789") != std::string::npos) {
        return version + ".1";
    }
    return head + std::to_string(std::stol(last) + 1);
}

/// What to do about a changed file imported at the same version: which field to raise, from what to what.
/// A pack file says it in its "pack" object; a Moodle file cannot, its version is the import's option.
std::string raiseVersionAdvice(const LoadedPack& loaded)
{
    const std::string& version = loaded.pack.info.version;
    const std::string higher = " to a higher one such as " + nextVersion(version);
    if (loaded.conversion) {
        const std::string& hint = loaded.conversion->versionHint;
        return "to update it, raise the pack version from " + version + higher +
               (hint.empty() ? std::string() : " (" + hint + ")");
    }
    return "to update it, raise \"version\" in the file's \"pack\" object from " + version + higher;
}

} // namespace

PackImportSummary Store::importOne(const LoadedPack& loaded, ImportProgress& progress)
{
    const Pack& pack = loaded.pack;
    const std::int64_t now = m_clock.wallMs();
    PackImportSummary summary;
    summary.packId = pack.info.id;
    summary.version = pack.info.version;

    std::int64_t packRef = 0;
    {
        Statement st(m_db, "SELECT id, version, sha256 FROM packs WHERE pack_id = ?");
        st.bind(1, pack.info.id);
        if (st.step()) {
            packRef = st.getInt(0);
            summary.previousVersion = st.getText(1);
            const bool removed = isRemoved(packRef);
            if (removed && !progress.policy.restoreRemoved) {
                summary.unchanged = true;
                summary.keptRemoved = true;
                progress.done += static_cast<int>(pack.questions.size());
                return summary;
            }
            const int cmp = compareVersions(pack.info.version, summary.previousVersion);
            if (cmp < 0) {
                throw DbError(pack.sourcePath + ": pack \"" + pack.info.id + "\" version " +
                                  pack.info.version + " is older than the imported version " +
                                  summary.previousVersion,
                              0);
            }
            if (cmp == 0) {
                if (st.getText(2) != pack.sha256) {
                    throw DbError(pack.sourcePath + ": pack \"" + pack.info.id + "\" version " +
                                      pack.info.version + " is already imported with different content; " +
                                      raiseVersionAdvice(loaded),
                                  0);
                }
                // After a removal the same file is imported again, below: that brings its questions back.
                if (!removed) {
                    summary.unchanged = true;
                    Statement count(m_db,
                                    "SELECT COUNT(*) FROM questions WHERE pack_ref = ? AND retired = 0");
                    count.bind(1, packRef);
                    count.step();
                    summary.unchangedQuestions = static_cast<int>(count.getInt(0));
                    progress.done += static_cast<int>(pack.questions.size());
                    return summary;
                }
            }
        }
    }
    const std::string authors = json(pack.info.authors).dump();
    if (packRef == 0) {
        Statement ins(m_db,
                      "INSERT INTO packs (pack_id, title, version, authors, license, source_path, sha256, "
                      "imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        ins.bind(1, pack.info.id).bind(2, pack.info.title).bind(3, pack.info.version).bind(4, authors);
        ins.bind(5, pack.info.license).bind(6, pack.sourcePath).bind(7, pack.sha256).bind(8, now);
        ins.run();
        packRef = m_db.lastInsertRowId();
    } else {
        Statement up(m_db,
                     "UPDATE packs SET title = ?, version = ?, authors = ?, license = ?, source_path = ?, "
                     "sha256 = ?, imported_at = ? WHERE id = ?");
        up.bind(1, pack.info.title).bind(2, pack.info.version).bind(3, authors).bind(4, pack.info.license);
        up.bind(5, pack.sourcePath).bind(6, pack.sha256).bind(7, now).bind(8, packRef);
        up.run();
    }

    for (const auto& exam : pack.exams) {
        upsertExam(exam, packRef);
    }

    // Existing questions of this pack: question id → (row, hash, retired).
    struct Existing
    {
        std::int64_t row;
        std::string hash;
        bool retired;
    };
    std::map<std::string, Existing> existing;
    {
        Statement st(m_db, "SELECT question_id, id, content_hash, retired FROM questions WHERE pack_ref = ?");
        st.bind(1, packRef);
        while (st.step()) {
            existing[st.getText(0)] = Existing{st.getInt(1), st.getText(2), st.getInt(3) != 0};
        }
    }

    Statement refs(m_db, "SELECT e.id, d.id, s.id, o.id FROM exams e JOIN domains d ON d.exam_ref = e.id "
                         "LEFT JOIN subtopics s ON s.domain_ref = d.id AND s.subtopic_id = ? "
                         "LEFT JOIN objectives o ON o.domain_ref = d.id AND o.objective_id = ? "
                         "WHERE e.exam_id = ? AND d.domain_id = ?");
    Statement insert(
        m_db, "INSERT INTO questions (pack_ref, question_id, exam_ref, domain_ref, subtopic_ref, stem, "
              "select_count, explanation, difficulty, tags, refs, shuffle, content_hash, retired, "
              "created_at, updated_at, objective_ref, option_count) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)");
    Statement update(m_db,
                     "UPDATE questions SET exam_ref = ?, domain_ref = ?, subtopic_ref = ?, stem = ?, "
                     "select_count = ?, explanation = ?, difficulty = ?, tags = ?, refs = ?, shuffle = ?, "
                     "content_hash = ?, retired = 0, updated_at = ?, objective_ref = ?, option_count = ? "
                     "WHERE id = ?");
    Statement clearOptions(m_db, "DELETE FROM options WHERE question_ref = ?");
    // The question browser's full-text row of a question, written once after its last option (schema step 8:
    // no trigger fires per inserted option) and without its images' data (step 12), from the question in
    // memory.
    SearchIndexWriter searchIndex(m_db);
    Statement insertOption(m_db, "INSERT INTO options (question_ref, position, text, correct, why) "
                                 "VALUES (?, ?, ?, ?, ?)");

    // The rows an (exam, domain, subtopic, objective) reference resolves to, looked up once per distinct
    // reference rather than once per question.
    struct Refs
    {
        std::int64_t exam;
        std::int64_t domain;
        std::optional<std::int64_t> subtopic;
        std::optional<std::int64_t> objective;
    };
    std::unordered_map<std::string, Refs> resolved;
    std::unordered_set<std::string> seen;
    seen.reserve(pack.questions.size());
    Question embedded;
    for (const auto& written : pack.questions) {
        progress.step();
        // A question is stored with its images' data in place of their `image:NAME` references
        // (PackImages.h), so every screen and report shows it from its row alone, and a changed image changes
        // its hash.
        if (!pack.images.empty()) {
            embedded = withEmbeddedImages(written, pack.images);
        }
        const Question& q = pack.images.empty() ? written : embedded;
        seen.insert(q.id);
        const std::string hash = sha256Hex(questionToJson(q));
        std::string refKey = q.exam;
        for (const std::string* part : {&q.domain, &q.subtopic, &q.objective}) {
            refKey += '\0';
            refKey += *part;
        }
        auto found = resolved.find(refKey);
        if (found == resolved.end()) {
            refs.reset();
            refs.bind(1, q.subtopic).bind(2, q.objective).bind(3, q.exam).bind(4, q.domain);
            if (!refs.step()) {
                throw DbError(pack.sourcePath + ": question \"" + q.id + "\" references exam \"" + q.exam +
                                  "\" domain \"" + q.domain + "\", which the database does not have",
                              0);
            }
            found = resolved
                        .emplace(
                            std::move(refKey),
                            Refs{refs.getInt(0), refs.getInt(1),
                                 refs.isNull(2) ? std::nullopt : std::optional<std::int64_t>(refs.getInt(2)),
                                 refs.isNull(3) ? std::nullopt : std::optional<std::int64_t>(refs.getInt(3))})
                        .first;
        }
        const std::int64_t examRef = found->second.exam;
        const std::int64_t domainRef = found->second.domain;
        const std::optional<std::int64_t> subRef = found->second.subtopic;
        const std::optional<std::int64_t> objectiveRef = found->second.objective;
        const std::string tags = jsonStringArray(q.tags);
        const std::string references = jsonStringArray(q.references);

        std::int64_t row = 0;
        const auto it = existing.find(q.id);
        if (it == existing.end()) {
            insert.reset();
            insert.bind(1, packRef).bind(2, q.id).bind(3, examRef).bind(4, domainRef).bindOptional(5, subRef);
            insert.bind(6, q.stem)
                .bind(7, q.select)
                .bind(8, q.explanation)
                .bind(9, q.difficulty)
                .bind(10, tags);
            insert.bind(11, references)
                .bind(12, q.shuffle ? 1 : 0)
                .bind(13, hash)
                .bind(14, now)
                .bind(15, now)
                .bindOptional(16, objectiveRef)
                .bind(17, static_cast<std::int64_t>(q.options.size()));
            insert.run();
            row = m_db.lastInsertRowId();
            ++summary.added;
            summary.addedIds.push_back(q.id);
        } else if (it->second.hash != hash || it->second.retired) {
            row = it->second.row;
            update.reset();
            update.bind(1, examRef)
                .bind(2, domainRef)
                .bindOptional(3, subRef)
                .bind(4, q.stem)
                .bind(5, q.select);
            update.bind(6, q.explanation).bind(7, q.difficulty).bind(8, tags).bind(9, references);
            update.bind(10, q.shuffle ? 1 : 0).bind(11, hash).bind(12, now).bindOptional(13, objectiveRef);
            update.bind(14, static_cast<std::int64_t>(q.options.size())).bind(15, row);
            update.run();
            clearOptions.reset();
            clearOptions.bind(1, row);
            clearOptions.run();
            if (it->second.retired) {
                ++summary.restored;
                summary.restoredIds.push_back(q.id);
            } else {
                ++summary.updated;
                summary.updatedIds.push_back(q.id);
            }
        } else {
            ++summary.unchangedQuestions;
            continue;
        }
        for (size_t i = 0; i < q.options.size(); ++i) {
            const Option& o = q.options[i];
            insertOption.reset();
            insertOption.bind(1, row).bind(2, static_cast<int>(i)).bind(3, o.text).bind(4, o.correct ? 1 : 0);
            insertOption.bind(5, o.why);
            insertOption.run();
        }
        // An update or a restore replaces what the update trigger indexed before the new options.
        searchIndex.index(row, q, pack.info.id, it != existing.end());
    }

    // Questions that left the pack are retired, never deleted: past sessions still point at them.
    Statement retire(m_db, "UPDATE questions SET retired = 1, updated_at = ? WHERE id = ?");
    for (const auto& [id, e] : existing) {
        if (!seen.count(id) && !e.retired) {
            retire.reset();
            retire.bind(1, now).bind(2, e.row);
            retire.run();
            ++summary.retired;
            summary.retiredIds.push_back(id);
        }
    }

    Statement history(m_db,
                      "INSERT INTO pack_imports (pack_ref, version, sha256, imported_at, added, updated, "
                      "retired, unchanged) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    history.bind(1, packRef)
        .bind(2, pack.info.version)
        .bind(3, pack.sha256)
        .bind(4, now)
        .bind(5, summary.added);
    // The history has no column for restored questions; they were rows updated back into the bank, as they
    // were counted before restoring was told apart.
    history.bind(6, summary.updated + summary.restored).bind(7, summary.retired);
    history.bind(8, summary.unchangedQuestions);
    history.run();
    return summary;
}

void Store::syncTopics(const TopicTable& table, std::int64_t domainRef, const std::vector<Topic>& topics)
{
    // The table and column names are the constants of TopicTable, never input: values are bound.
    const std::string t = table.table, id = table.idColumn;
    Statement upsert(m_db, "INSERT INTO " + t + " (domain_ref, " + id +
                               ", name, position) VALUES (?, ?, ?, ?) "
                               "ON CONFLICT (domain_ref, " +
                               id +
                               ") DO UPDATE SET name = excluded.name, "
                               "position = excluded.position");
    for (size_t k = 0; k < topics.size(); ++k) {
        upsert.reset();
        upsert.bind(1, domainRef).bind(2, topics[k].id).bind(3, topics[k].name).bind(4, static_cast<int>(k));
        upsert.run();
    }
    // Topics dropped from the definition: questions that used them lose the reference.
    Statement rows(m_db, "SELECT id, " + id + " FROM " + t + " WHERE domain_ref = ?");
    rows.bind(1, domainRef);
    std::vector<std::int64_t> dropped;
    while (rows.step()) {
        const std::string topicId = rows.getText(1);
        if (std::none_of(topics.begin(), topics.end(), [&](const Topic& k) { return k.id == topicId; })) {
            dropped.push_back(rows.getInt(0));
        }
    }
    for (const auto row : dropped) {
        Statement unlink(m_db, "UPDATE questions SET " + std::string(table.questionColumn) +
                                   " = NULL WHERE " + table.questionColumn + " = ?");
        unlink.bind(1, row);
        unlink.run();
        Statement del(m_db, "DELETE FROM " + t + " WHERE id = ?");
        del.bind(1, row);
        del.run();
    }
}

std::int64_t Store::upsertExam(const ExamDef& exam, std::int64_t packRef)
{
    const std::string coverage = coverageJson(exam.coverage).dump();
    Statement st(
        m_db, "INSERT INTO exams (exam_id, pack_ref, title, version, duration_minutes, count_min, count_max, "
              "count_default, pass_percent, multi_select_share, coverage, final_forms) "
              "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (exam_id) DO UPDATE SET "
              "pack_ref = excluded.pack_ref, title = excluded.title, version = excluded.version, "
              "duration_minutes = excluded.duration_minutes, count_min = excluded.count_min, "
              "count_max = excluded.count_max, count_default = excluded.count_default, "
              "pass_percent = excluded.pass_percent, multi_select_share = excluded.multi_select_share, "
              "coverage = excluded.coverage, final_forms = excluded.final_forms");
    st.bind(1, exam.id)
        .bind(2, packRef)
        .bind(3, exam.title)
        .bind(4, exam.version)
        .bind(5, exam.durationMinutes);
    st.bind(6, exam.countMin).bind(7, exam.countMax).bind(8, exam.countDefault).bind(9, exam.passPercent);
    st.bind(10, exam.multiSelectShare).bind(11, coverage).bind(12, exam.finalForms);
    st.run();
    Statement idq(m_db, "SELECT id FROM exams WHERE exam_id = ?");
    idq.bind(1, exam.id);
    idq.step();
    const std::int64_t examRef = idq.getInt(0);

    Statement dom(m_db, "INSERT INTO domains (exam_ref, domain_id, name, weight, position, min_questions) "
                        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (exam_ref, domain_id) DO UPDATE SET "
                        "name = excluded.name, weight = excluded.weight, position = excluded.position, "
                        "min_questions = excluded.min_questions RETURNING id");
    std::vector<std::int64_t> keptDomains;
    for (size_t i = 0; i < exam.domains.size(); ++i) {
        const Domain& d = exam.domains[i];
        dom.reset();
        dom.bind(1, examRef).bind(2, d.id).bind(3, d.name).bind(4, d.weight).bind(5, static_cast<int>(i));
        dom.bind(6, d.minQuestions);
        dom.step();
        const std::int64_t domainRef = dom.getInt(0);
        dom.run();
        keptDomains.push_back(domainRef);
        syncTopics(kSubtopicTable, domainRef, d.subtopics);
        syncTopics(kObjectiveTable, domainRef, d.objectives);
    }
    // A domain dropped from the definition may go only if no active question uses it.
    Statement domains(
        m_db, "SELECT id, domain_id, (SELECT COUNT(*) FROM questions q WHERE q.domain_ref = domains.id) "
              "FROM domains WHERE exam_ref = ?");
    domains.bind(1, examRef);
    std::vector<std::int64_t> droppedDomains;
    while (domains.step()) {
        const std::int64_t id = domains.getInt(0);
        if (std::find(keptDomains.begin(), keptDomains.end(), id) != keptDomains.end()) {
            continue;
        }
        if (domains.getInt(2) > 0) {
            throw DbError("exam \"" + exam.id + "\" no longer defines domain \"" + domains.getText(1) +
                              "\", but questions still use it",
                          0);
        }
        droppedDomains.push_back(id);
    }
    for (const auto id : droppedDomains) {
        for (const char* table : {"subtopics", "objectives"}) {
            Statement delTopics(m_db, std::string("DELETE FROM ") + table + " WHERE domain_ref = ?");
            delTopics.bind(1, id);
            delTopics.run();
        }
        Statement del(m_db, "DELETE FROM domains WHERE id = ?");
        del.bind(1, id);
        del.run();
    }
    return examRef;
}

} // namespace certdrill
