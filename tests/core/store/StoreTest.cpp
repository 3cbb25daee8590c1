#include "certdrill/store/Store.h"

#include <atomic>
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include "certdrill/exam/SessionHistory.h"
#include "certdrill/pack/Coverage.h"
#include "certdrill/pack/Sha256.h"
#include "certdrill/store/Schema.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

std::unique_ptr<Store> openStore(const std::filesystem::path& path, const Clock& clock)
{
    auto s = Store::open(path, clock);
    INFO((s ? std::string() : s.error().message));
    REQUIRE(s.ok());
    return std::move(s.value());
}

std::vector<std::filesystem::path> miniFiles()
{
    return {dataFile("mini-exam.json"), dataFile("mini-questions.json")};
}

/// The steps of an EXPLAIN QUERY PLAN statement, one a line.
std::string planSteps(Statement& plan)
{
    std::string steps;
    while (plan.step()) {
        steps += plan.getText(3) + "\n";
    }
    return steps;
}

/// Every table with its columns ("sessions(id,exam_ref,…)"), so a migrated file must match a new one
/// column for column, not only table for table.
std::string tableNames(Database& db)
{
    Statement st(db,
                 "SELECT group_concat(entry, ',') FROM (SELECT m.name || '(' || (SELECT group_concat(p.name) "
                 "FROM pragma_table_info(m.name) p) || ')' AS entry FROM sqlite_master m "
                 "WHERE m.type = 'table' ORDER BY m.name)");
    st.step();
    return st.getText(0);
}

} // namespace

TEST_CASE("migrations run from an empty file and from every earlier version", "[store][schema]")
{
    TempDir dir;
    Database fresh((dir / "fresh.db").string());
    migrate(fresh);
    CHECK(fresh.userVersion() == latestSchemaVersion());
    const std::string expected = tableNames(fresh);

    for (int from = 1; from < latestSchemaVersion(); ++from) {
        const auto path = dir / ("v" + std::to_string(from) + ".db");
        {
            Database db(path.string());
            migrate(db, from);
            CHECK(db.userVersion() == from);
        }
        FakeClock clock;
        auto store = openStore(path, clock);
        CHECK(store->database().userVersion() == latestSchemaVersion());
        CHECK(tableNames(store->database()) == expected);
    }
}

TEST_CASE("before a migration the database is kept beside it, at its old version with every row",
          "[store][schema][backup]")
{
    TempDir dir;
    const std::string suffix = ".before-v" + std::to_string(latestSchemaVersion()) + ".bak";
    for (int from = 1; from < latestSchemaVersion(); ++from) {
        const auto path = dir / ("v" + std::to_string(from) + ".db");
        {
            Database db(path.string());
            migrate(db, from);
            db.exec("INSERT INTO packs (id, pack_id, title, version, authors, license, source_path, sha256, "
                    "imported_at) VALUES (1, 'kept', 'T', '1.0.0', '[]', 'MIT', 'x', 'h', 0)");
        }
        FakeClock clock;
        auto store = openStore(path, clock);
        CHECK(store->database().userVersion() == latestSchemaVersion());
        const auto copy = dir / ("v" + std::to_string(from) + ".db" + suffix);
        REQUIRE(std::filesystem::exists(copy));
        Database kept(copy.string(), OpenMode::ReadOnly);
        CHECK(kept.userVersion() == from);
        Statement packs(kept, "SELECT pack_id FROM packs");
        REQUIRE(packs.step());
        CHECK(packs.getText(0) == "kept");
    }

    // A new file has nothing to keep, and a current one needs no migration.
    FakeClock clock;
    openStore(dir / "new.db", clock);
    openStore(dir / "new.db", clock);
    CHECK_FALSE(std::filesystem::exists(dir / ("new.db" + suffix)));
}

TEST_CASE("two programs opening a new database at once both get it migrated", "[store][schema]")
{
    // The app and certdrill-cli started together on a fresh file: each reads user_version 0; the one that
    // waited for the write lock must read it again, not create the tables a second time.
    for (int round = 0; round < 20; ++round) {
        TempDir dir;
        FakeClock clock;
        std::atomic<int> ready{0};
        std::string errors[2];
        std::vector<std::thread> openers;
        for (int i = 0; i < 2; ++i) {
            openers.emplace_back([&, i] {
                ++ready;
                while (ready < 2) {
                }
                auto store = Store::open(dir / "db.sqlite", clock);
                if (!store) {
                    errors[i] = store.error().message;
                }
            });
        }
        for (auto& t : openers) {
            t.join();
        }
        INFO("round " << round);
        CHECK(errors[0] == "");
        CHECK(errors[1] == "");
    }
}

TEST_CASE("a database newer than this build is refused and left untouched", "[store][schema]")
{
    TempDir dir;
    const auto path = dir / "future.db";
    {
        Database db(path.string());
        db.exec("CREATE TABLE t (x)");
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId)); // a later certdrill's file
        db.setUserVersion(latestSchemaVersion() + 1);
        db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const std::string before = readFile(path);
    FakeClock clock;
    auto s = Store::open(path, clock);
    REQUIRE_FALSE(s.ok());
    CHECK_THAT(s.error().message, Catch::Contains("newer than this certdrill"));
    CHECK(readFile(path) == before);
}

TEST_CASE("import stores exams, questions and options", "[store][import]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    const auto outcome = store->importFiles(miniFiles());
    REQUIRE(outcome.ok());
    REQUIRE(outcome.summaries.size() == 2);
    CHECK(outcome.summaries[1].added == 4);

    auto exam = store->exam("mini");
    REQUIRE(exam.ok());
    CHECK(exam->domains.size() == 2);
    CHECK(exam->domains[0].subtopics.size() == 2);
    CHECK(exam->coverage.minQuestions == 4);

    auto qs = store->activeQuestions("mini");
    REQUIRE(qs.ok());
    REQUIRE(qs->size() == 4);
    const Question& q2 = qs.value()[1].question;
    CHECK(q2.id == "q2");
    CHECK(q2.select == 2);
    REQUIRE(q2.options.size() == 3);
    CHECK(q2.options[1].correct);
    CHECK(q2.options[2].why == "Odd.");
    CHECK_FALSE(qs.value()[3].question.shuffle);

    auto packs = store->packs();
    REQUIRE(packs.ok());
    REQUIRE(packs->size() == 2);
    CHECK(packs.value()[1].sha256 == sha256Hex(readFile(dataFile("mini-questions.json"))));
}

TEST_CASE("questionsAt reads the questions at the rows asked, in row order, retired ones if asked", "[store]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    const auto active = store->activeQuestions("mini").value();
    REQUIRE(active.size() == 4);
    const auto sameAs = [](const StoredQuestion& a, const StoredQuestion& b) {
        CHECK(a.rowId == b.rowId);
        CHECK(a.packId == b.packId);
        CHECK(a.contentHash == b.contentHash);
        CHECK(questionToJson(a.question) == questionToJson(b.question));
    };

    // Asked out of order, with a row that holds no question: the two that exist, by row.
    const auto some =
        store->questionsAt({active[3].rowId, 999999, active[1].rowId}, RetiredQuestions::Included);
    REQUIRE(some.ok());
    REQUIRE(some->size() == 2);
    sameAs(some.value()[0], active[1]);
    sameAs(some.value()[1], active[3]);
    CHECK(some.value()[0].question.options.size() == 3); // q2 has three options

    CHECK(store->questionsAt({}, RetiredQuestions::Included).value().empty());
    CHECK(store->questionsAt({active[1].rowId}, RetiredQuestions::Excluded).value().size() == 1);

    // A removed pack's questions are retired, not deleted, and are still read by row.
    REQUIRE(store->removePack("mini-questions").ok());
    CHECK(store->activeQuestions("mini").value().empty());
    const auto retired = store->questionsAt({active[0].rowId}, RetiredQuestions::Included);
    REQUIRE(retired.ok());
    REQUIRE(retired->size() == 1);
    sameAs(retired.value()[0], active[0]);
    // What a session may serve leaves them out.
    const auto served = store->questionsAt({active[0].rowId, active[1].rowId}, RetiredQuestions::Excluded);
    REQUIRE(served.ok());
    CHECK(served->empty());
}

TEST_CASE("an import with one bad pack among good ones changes nothing", "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "db.sqlite";
    {
        auto store = openStore(path, clock);
        REQUIRE(store->importFiles({dataFile("mini-exam.json")}).ok());
    }
    {
        Database db(path.string());
        db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const std::string before = readFile(path);
    {
        auto store = openStore(path, clock);
        const auto outcome =
            store->importFiles({dataFile("mini-questions.json"), dataFile("five-errors.json")});
        CHECK_FALSE(outcome.ok());
        CHECK(errorCount(outcome.diagnostics) == 5);
        CHECK(outcome.summaries.empty());
        auto qs = store->activeQuestions("mini");
        CHECK(qs->empty());
    }
    CHECK(readFile(path) == before);
}

TEST_CASE("a failure inside the import transaction rolls the whole batch back", "[store][import]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    // Version 2 of the questions pack is valid on its own, but the batch also carries an older version of the
    // exam pack, which the store refuses only once it is inside the transaction.
    TempDir dir;
    std::string q = readFile(dataFile("mini-questions.json"));
    q.replace(q.find("\"1.0.0\""), 7, "\"2.0.0\"");
    q.replace(q.find("Which is first?"), 15, "Which comes first?");
    writeFile(dir / "q2.json", q);
    std::string e = readFile(dataFile("mini-exam.json"));
    e.replace(e.find("\"1.0.0\""), 7, "\"0.9.0\"");
    writeFile(dir / "e0.json", e);
    const auto outcome = store->importFiles({dir / "q2.json", dir / "e0.json"});
    REQUIRE_FALSE(outcome.ok());
    CHECK_THAT(outcome.error, Catch::Contains("older than the imported version"));
    auto qs = store->activeQuestions("mini");
    CHECK(qs.value()[0].question.stem == "Which is first?");
    CHECK(store->packs().value()[1].version == "1.0.0");
}

TEST_CASE("re-importing the same pack version is a no-op", "[store][import]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    const auto before = store->packs().value();
    clock.advanceMinutes(5);
    const auto again = store->importFiles(miniFiles());
    REQUIRE(again.ok());
    CHECK(again.summaries[0].unchanged);
    CHECK(again.summaries[1].unchanged);
    CHECK(again.summaries[1].unchangedQuestions == 4);
    CHECK(store->packs().value()[1].importedAtMs == before[1].importedAtMs);
}

TEST_CASE("a newer version updates by id and retires what left; older or altered versions are refused",
          "[store][import]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    const std::int64_t q1Row = store->activeQuestions("mini").value()[0].rowId;

    TempDir dir;
    auto pack = loadPacks({dataFile("mini-exam.json"), dataFile("mini-questions.json")}, {})[1].pack;
    std::string text = readFile(dataFile("mini-questions.json"));

    SECTION("same version, other bytes")
    {
        text.replace(text.find("Which is first?"), 15, "Which comes first?");
        writeFile(dir / "p.json", text);
        const auto outcome = store->importFiles({dir / "p.json"});
        REQUIRE_FALSE(outcome.ok());
        CHECK_THAT(outcome.error, Catch::Contains("raise \"version\""));
    }
    SECTION("newer version")
    {
        text.replace(text.find("\"1.0.0\""), 7, "\"1.1.0\"");
        text.replace(text.find("Which is first?"), 15, "Which comes first?");
        // Drop q4 (the last question) so it is retired.
        const auto q4 = text.find(",\n    {\"id\": \"q4\"");
        text.erase(q4, text.rfind(']') - q4);
        text.insert(text.rfind(']'), "\n  ");
        writeFile(dir / "p.json", text);
        const auto outcome = store->importFiles({dir / "p.json"});
        INFO(outcome.error);
        REQUIRE(outcome.ok());
        const auto& s = outcome.summaries[0];
        CHECK(s.previousVersion == "1.0.0");
        CHECK(s.updated == 1);
        CHECK(s.retired == 1);
        CHECK(s.unchangedQuestions == 2);
        CHECK(s.added == 0);
        const auto qs = store->activeQuestions("mini").value();
        REQUIRE(qs.size() == 3);
        CHECK(qs[0].rowId == q1Row); // same row: history stays attached
        CHECK(qs[0].question.stem == "Which comes first?");
        const auto packs = store->packs().value();
        CHECK(packs[1].retiredQuestions == 1);

        SECTION("then an older one")
        {
            const auto older = store->importFiles(miniFiles());
            REQUIRE_FALSE(older.ok());
            CHECK_THAT(older.error, Catch::Contains("older"));
        }
    }
}

TEST_CASE("compareVersions orders dotted numbers numerically", "[store]")
{
    CHECK(compareVersions("1.10.0", "1.9.2") > 0);
    CHECK(compareVersions("1.0", "1.0.0") == 0);
    CHECK(compareVersions("0.9", "1.0") < 0);
}

TEST_CASE("questionToJson round-trips", "[store]")
{
    Question q;
    q.id = "a";
    q.stem = "S";
    q.select = 2;
    q.options = {{"x", true, "w"}, {"y", true, ""}, {"z", false, "n"}};
    q.tags = {"scenario"};
    q.shuffle = false;
    const Question back = questionFromJson(questionToJson(q));
    CHECK(questionToJson(back) == questionToJson(q));
    CHECK(back.options[2].why == "n");
}

TEST_CASE("coverage is measured against the exam definition's minimums", "[coverage]")
{
    const auto packs = loadPacks(miniFiles(), {});
    const ExamDef& exam = packs[0].pack.exams[0];
    auto questions = packs[1].pack.questions;
    CoverageReport ok = measureCoverage(exam, questions);
    CHECK(ok.ok());
    CHECK(ok.questions == 4);
    CHECK(ok.multiSelect == 1);
    CHECK(ok.difficulty[5] == 1);
    CHECK(ok.domains[0].subtopics[1].questions == 1);

    questions.erase(questions.begin() + 1); // the only multi-select, and the only a2 question
    CoverageReport short_ = measureCoverage(exam, questions);
    CHECK_FALSE(short_.ok());
    CHECK(short_.shortfalls.size() == 5); // total, multi-select and scenario share, Alpha count, Alpha two
    // Counts read as English: "1 question", never "1 questions".
    std::string all;
    for (const auto& s : short_.shortfalls) {
        all += s + "\n";
    }
    CHECK_THAT(all, Catch::Contains("has 1 question;"));
    CHECK_THAT(all, !Catch::Contains("1 questions"));
}

TEST_CASE("a setting is stored, replaced, and kept across reopening", "[store]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "db.sqlite";
    {
        auto store = openStore(path, clock);
        const auto none = store->setting("display.text-percent");
        REQUIRE(none.ok());
        CHECK_FALSE(none.value().has_value());
        REQUIRE(store->saveSetting("display.text-percent", "125").ok());
        REQUIRE(store->saveSetting("display.text-percent", "150").ok()); // replaces, no second row
    }
    auto reopened = openStore(path, clock);
    const auto value = reopened->setting("display.text-percent");
    REQUIRE(value.ok());
    CHECK(value.value() == std::optional<std::string>("150"));
    CHECK_FALSE(reopened->setting("display.other").value().has_value());
}

TEST_CASE("settings saved together are stored all or none", "[store]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    // A trigger refuses the second key, as a full disk would refuse a write halfway through.
    store->database().exec("CREATE TRIGGER refuse BEFORE INSERT ON settings WHEN NEW.key = 'b' "
                           "BEGIN SELECT RAISE(ABORT, 'refused'); END");
    CHECK_FALSE(store->saveSettings({{"a", "1"}, {"b", "2"}}).ok());
    CHECK_FALSE(store->setting("a").value().has_value()); // the first one was rolled back too
    REQUIRE(store->saveSettings({{"a", "1"}, {"c", "3"}}).ok());
    CHECK(store->setting("a").value() == std::optional<std::string>("1"));
    CHECK(store->setting("c").value() == std::optional<std::string>("3"));
}

TEST_CASE("objectives are stored with the exam and each question, and read back", "[store][objectives]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(
        store
            ->importFiles({dataFile("mini-exam-objectives.json"), dataFile("mini-questions-objectives.json")})
            .ok());
    const auto exam = store->exam("mini");
    REQUIRE(exam.ok());
    REQUIRE(exam->domains[0].objectives.size() == 2);
    CHECK(exam->domains[0].objectives[0].id == "1.1");
    CHECK(exam->domains[0].topics().size() == 2);
    CHECK(exam->domains[0].topicLabel(exam->domains[0].objectives[1]) == "1.2 Alpha's second objective");
    CHECK(exam->coverage.minPerObjective == 1);
    const auto qs = store->candidates("mini");
    REQUIRE(qs.ok());
    for (const auto& c : qs.value()) {
        CHECK_FALSE(c.question.objective.empty());
    }
    // Coverage names the objective no question covers.
    std::vector<Question> questions;
    for (const auto& c : qs.value()) {
        questions.push_back(c.question);
    }
    const CoverageReport report = measureCoverage(exam.value(), questions);
    REQUIRE(report.domains[0].objectives.size() == 2);
    CHECK(report.domains[0].objectives[1].questions == 2);
    REQUIRE_FALSE(report.ok());
    CHECK_THAT(report.shortfalls.back(),
               Catch::Contains("objective 1.1 Alpha's first objective (Alpha) is thin: 0 questions"));
}

TEST_CASE("a v3 database keeps every answer and self-rating when it gains objectives",
          "[store][schema][objectives]")
{
    TempDir dir;
    const auto path = dir / "v3.db";
    {
        // The rows a v3 database holds after an exam: written with the v3 schema's own columns.
        Database db(path.string());
        migrate(db, 3);
        db.exec(
            "INSERT INTO packs VALUES (1, 'mini-exam', 'T', '1.0.0', '[]', 'MIT', 'x', 'h', 0);"
            "INSERT INTO exams VALUES (1, 'mini', 1, 'Mini', '1', 10, 2, 4, 3, 70, 0.25, '{}');"
            "INSERT INTO domains VALUES (1, 1, 'alpha', 'Alpha', 100, 0, 0);"
            "INSERT INTO subtopics VALUES (1, 1, 'a1', 'Alpha one', 0);"
            "INSERT INTO questions (id, pack_ref, question_id, exam_ref, domain_ref, subtopic_ref, stem, "
            "select_count, explanation, difficulty, tags, refs, shuffle, content_hash, created_at, "
            "updated_at) "
            "VALUES (1, 1, 'q1', 1, 1, 1, 'Which?', 1, '', 2, '[]', '[]', 1, 'h', 0, 0);"
            "INSERT INTO options VALUES (1, 0, 'One', 1, ''), (1, 1, 'Two', 0, '');"
            "INSERT INTO sessions (id, exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
            "started_at, finished_at, finish_reason, correct_count, score, passed) "
            "VALUES (1, 1, 'exam', 1, 1, 600000, 70, 0, 1000, 'submitted', 1, 1.0, 1);"
            "INSERT INTO session_items (session_ref, position, question_ref, option_order, snapshot, chosen, "
            "answered_at, correct) VALUES (1, 0, 1, '[0,1]', '{\"id\":\"q1\",\"domain\":\"alpha\"}', '[0]', "
            "500, 1);"
            "INSERT INTO self_ratings VALUES (1, 'alpha', 'a1', 'green', 0);");
    }
    FakeClock clock;
    auto store = openStore(path, clock);
    CHECK(store->database().userVersion() == latestSchemaVersion());
    Statement answers(store->database(), "SELECT COUNT(*), SUM(correct) FROM session_items");
    REQUIRE(answers.step());
    CHECK(answers.getInt(0) == 1);
    CHECK(answers.getInt(1) == 1);
    Statement rating(store->database(), "SELECT domain_id, topic_id, band FROM self_ratings");
    REQUIRE(rating.step());
    CHECK(rating.getText(1) == "a1");
    CHECK(rating.getText(2) == "green");
    Statement objective(store->database(), "SELECT objective_ref FROM questions WHERE question_id = 'q1'");
    REQUIRE(objective.step());
    CHECK(objective.isNull(0));
    // Version 8 counted the options of the questions already stored.
    Statement options(store->database(), "SELECT option_count FROM questions WHERE question_id = 'q1'");
    REQUIRE(options.step());
    CHECK(options.getInt(0) == 2);
}

TEST_CASE("a v4 database keeps how every session ended and can then record abandoned ones",
          "[store][schema][abandon]")
{
    TempDir dir;
    const auto path = dir / "v4.db";
    {
        Database db(path.string());
        migrate(db, 4);
        db.exec("INSERT INTO packs VALUES (1, 'mini-exam', 'T', '1.0.0', '[]', 'MIT', 'x', 'h', 0);"
                "INSERT INTO exams VALUES (1, 'mini', 1, 'Mini', '1', 10, 2, 4, 3, 70, 0.25, '{}');"
                "INSERT INTO sessions (id, exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
                "started_at, deadline_at, remaining_ms, finished_at, finish_reason, correct_count, score, "
                "passed) VALUES (1, 1, 'exam', 1, 1, 600000, 70, 0, 600000, 346000, 254000, 'submitted', 1, "
                "1.0, 1), (2, 1, 'exam', 2, 1, 600000, 70, 0, 600000, 0, 600000, 'timeout', 0, 0.0, 0);");
    }
    FakeClock clock;
    auto store = openStore(path, clock);
    CHECK(store->database().userVersion() == latestSchemaVersion());
    Statement st(store->database(),
                 "SELECT id, finish_reason, abandoned, review_ms FROM sessions ORDER BY id");
    std::vector<std::string> rows;
    while (st.step()) {
        rows.push_back(std::to_string(st.getInt(0)) + " " + st.getText(1) + " " +
                       std::to_string(st.getInt(2)) + " " + std::to_string(st.getInt(3)));
    }
    CHECK(rows == std::vector<std::string>{"1 submitted 0 0", "2 timeout 0 0"});
    // Their time used is what the clock had used when they ended: 4:14 of the limit, and all of it.
    const auto history = sessionHistory(*store);
    REQUIRE(history.ok());
    REQUIRE(history.value().size() == 2);
    CHECK(history.value()[0].finishReason == "timeout");
    CHECK(history.value()[0].elapsedMs == 600'000);
    CHECK(history.value()[1].finishReason == "submitted");
    CHECK(history.value()[1].elapsedMs == 254'000);
    CHECK_FALSE(history.value()[1].abandoned);
    // The new column takes only a yes or a no, and an abandoned session needs no finish_reason, whose
    // CHECK (submitted, timeout) predates abandoning.
    CHECK_THROWS_AS(store->database().exec("UPDATE sessions SET abandoned = 2 WHERE id = 1"), DbError);
    store->database().exec("UPDATE sessions SET abandoned = 1, finish_reason = NULL WHERE id = 2");
    Statement ended(store->database(), "SELECT COUNT(*) FROM sessions WHERE abandoned = 1");
    REQUIRE(ended.step());
    CHECK(ended.getInt(0) == 1);
}

TEST_CASE("a pack without objectives keeps its content hashes, so re-importing it changes nothing",
          "[store][objectives]")
{
    // The canonical JSON names "objective" only when one is set: a question without one hashes as before.
    Question q;
    q.id = "q1";
    CHECK(questionToJson(q).find("objective") == std::string::npos);
    q.objective = "4.2";
    CHECK(questionToJson(q).find("\"objective\":\"4.2\"") != std::string::npos);
    CHECK(questionFromJson(questionToJson(q)).objective == "4.2");
}

TEST_CASE("questionToJson writes exactly what nlohmann::json dumps, so stored content hashes hold",
          "[store][import]")
{
    // The reference is how the canonical JSON was built before it was written by hand: every imported
    // question's content_hash is the SHA-256 of this text, so a byte of difference would "update" every
    // question of an unchanged pack on its next import.
    const auto reference = [](const Question& q) {
        nlohmann::json options = nlohmann::json::array();
        for (const auto& o : q.options) {
            options.push_back({{"text", o.text}, {"correct", o.correct}, {"why", o.why}});
        }
        nlohmann::json j = {{"id", q.id},
                            {"exam", q.exam},
                            {"domain", q.domain},
                            {"subtopic", q.subtopic},
                            {"stem", q.stem},
                            {"select", q.select},
                            {"options", options},
                            {"explanation", q.explanation},
                            {"difficulty", q.difficulty},
                            {"tags", q.tags},
                            {"references", q.references},
                            {"shuffle", q.shuffle}};
        if (!q.objective.empty()) {
            j["objective"] = q.objective;
        }
        return j.dump();
    };
    Question q;
    CHECK(questionToJson(q) == reference(q)); // empty strings and lists
    q.id = "q-1.x_2";
    q.exam = "x";
    q.domain = "d1";
    q.subtopic = "s1";
    q.stem = "Quote \" backslash \\ slash / tab\t line\n cr\r bell\x07 esc\x1b del\x7f é € 😀 `code` <b>";
    q.select = 2;
    q.options = {{"A \"a\"", true, "why\\"}, {"B\x01", false, ""}, {"ü", true, "w\f\b"}};
    q.explanation = "**Markdown** [link](https://example.org)\n\n- item";
    q.difficulty = 5;
    q.tags = {"scenario", "t\"ag"};
    q.references = {"https://docs.example.org/a?b=c&d"};
    q.shuffle = false;
    CHECK(questionToJson(q) == reference(q));
    q.objective = "4.2";
    CHECK(questionToJson(q) == reference(q));
    q.tags.clear();
    q.options.clear();
    CHECK(questionToJson(q) == reference(q));
}

TEST_CASE("changedFiles leaves out files whose bytes are already imported", "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    const auto copy = dir / "questions.json";
    std::filesystem::copy_file(dataFile("mini-questions.json"), copy);
    const std::vector<std::filesystem::path> files = {dataFile("mini-exam.json"), copy};
    auto before = store->changedFiles(files);
    REQUIRE(before.ok());
    CHECK(before.value() == files);
    REQUIRE(store->importFiles(files).ok());
    auto after = store->changedFiles(files);
    REQUIRE(after.ok());
    CHECK(after.value().empty());
    // One byte more (a trailing line break) is another file, as is one that cannot be read.
    writeFile(copy, readFile(copy) + "\n");
    auto edited = store->changedFiles({dataFile("mini-exam.json"), copy, dir / "missing.json"});
    REQUIRE(edited.ok());
    CHECK(edited.value() == std::vector<std::filesystem::path>{copy, dir / "missing.json"});
}

TEST_CASE("changedFiles does not read a file again while its size and modification time stand", "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    const auto copy = dir / "questions.json";
    std::filesystem::copy_file(dataFile("mini-questions.json"), copy);
    const std::vector<std::filesystem::path> files = {dataFile("mini-exam.json"), copy};
    REQUIRE(store->importFiles(files).ok());
    REQUIRE(store->changedFiles(files).value().empty()); // read, hashed, and stamped
    const std::string original = readFile(copy);
    const auto stamped = std::filesystem::last_write_time(copy);

    // Other bytes of the same length under the same modification time: the stamp stands for the file, so it
    // was not read (this is what the start saves; a copy tool that keeps both is the cache's blind spot).
    std::string other = original;
    other[other.find("\"mini\"")] = ' ';
    REQUIRE(other.size() == original.size());
    writeFile(copy, other);
    std::filesystem::last_write_time(copy, stamped);
    CHECK(store->changedFiles(files).value().empty());

    // A new modification time reads the file again: other bytes are a change ...
    std::filesystem::last_write_time(copy, stamped + std::chrono::seconds(5));
    CHECK(store->changedFiles(files).value() == std::vector<std::filesystem::path>{copy});
    // ... and the imported bytes, touched, are not (and are stamped again).
    writeFile(copy, original);
    std::filesystem::last_write_time(copy, stamped + std::chrono::seconds(10));
    CHECK(store->changedFiles(files).value().empty());
    writeFile(copy, other);
    std::filesystem::last_write_time(copy, stamped + std::chrono::seconds(10));
    CHECK(store->changedFiles(files).value().empty());

    // A stamp whose pack is no longer the imported version counts for nothing.
    const auto update = dir / "update.json";
    std::string newer = original;
    newer.replace(newer.find("\"version\": \"1.0.0\""), 18, "\"version\": \"1.0.1\"");
    writeFile(update, newer);
    REQUIRE(readFile(update) != original);
    REQUIRE(store->importFiles({dataFile("mini-exam.json"), update}).ok());
    writeFile(copy, original);
    std::filesystem::last_write_time(copy, stamped + std::chrono::seconds(10));
    CHECK(store->changedFiles(files).value() == std::vector<std::filesystem::path>{copy});
}

TEST_CASE("planning reads leave the text out and keep what planning uses", "[store]")
{
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    auto full = store->candidates("mini");
    auto planning = store->candidates("mini", QuestionContent::Planning);
    REQUIRE(full.ok());
    REQUIRE(planning.ok());
    REQUIRE(full.value().size() == planning.value().size());
    REQUIRE(!full.value().empty());
    for (std::size_t i = 0; i < full.value().size(); ++i) {
        const Question& f = full.value()[i].question;
        const Question& p = planning.value()[i].question;
        INFO(f.id);
        CHECK(planning.value()[i].rowId == full.value()[i].rowId);
        CHECK(p.id == f.id);
        CHECK(p.exam == f.exam);
        CHECK(p.domain == f.domain);
        CHECK(p.subtopic == f.subtopic);
        CHECK(p.objective == f.objective);
        CHECK(p.select == f.select);
        CHECK(p.difficulty == f.difficulty);
        CHECK(p.tags.empty()); // no planning reads them
        CHECK(p.shuffle == f.shuffle);
        CHECK(p.options.empty()); // counted, not read
        CHECK(planning.value()[i].optionCount() == f.options.size());
        CHECK(full.value()[i].optionCount() == f.options.size());
        CHECK(p.stem.empty());
        CHECK(p.explanation.empty());
    }
}

TEST_CASE("the planning bank comes from one index in pack id order, with the option counts imported",
          "[store][schema]")
{
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    REQUIRE(store->importFiles(miniFiles()).ok());
    // A second pack whose id sorts first but whose rows come after the first pack's: the bank must still be
    // in pack id order, as a full read is.
    const auto extra = dir / "extra.json";
    std::string text = readFile(dataFile("mini-questions.json"));
    const auto replace = [&](const std::string& from, const std::string& to) {
        for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
            text.replace(at, from.size(), to);
        }
    };
    replace("\"mini-questions\"", "\"aa-extra\"");
    replace("\"stem\": \"", "\"stem\": \"Again: ");
    writeFile(extra, text);
    REQUIRE(store->importFiles({extra}).ok());

    const auto check = [&] {
        auto bank = store->planningBank("mini");
        auto full = store->activeQuestions("mini");
        REQUIRE(bank.ok());
        REQUIRE(full.ok());
        const PlanningBank& b = bank.value();
        REQUIRE(b.rows.size() == full.value().size());
        REQUIRE(b.rows.size() == 8);
        for (std::size_t i = 0; i < b.rows.size(); ++i) {
            const PlanningRow& r = b.rows[i];
            const StoredQuestion& f = full.value()[i];
            INFO(f.packId << " " << f.question.id);
            CHECK(r.rowId == f.rowId);
            CHECK(PlanningBank::idOf(b.packIds, r.packRef) == f.packId);
            CHECK(r.questionId == f.question.id);
            CHECK(PlanningBank::idOf(b.domainIds, r.domainRef) == f.question.domain);
            CHECK(PlanningBank::idOf(b.subtopicIds, r.subtopicRef) == f.question.subtopic);
            CHECK(PlanningBank::idOf(b.objectiveIds, r.objectiveRef) == f.question.objective);
            CHECK(r.select == f.question.select);
            CHECK(r.difficulty == f.question.difficulty);
            CHECK(r.shuffle == f.question.shuffle);
            CHECK(r.optionCount == static_cast<int>(f.question.options.size()));
        }
        CHECK(full.value().front().packId == "aa-extra");
    };
    check();
    // An update that adds an option rewrites the count with the options.
    replace("\"version\": \"1.0.0\"", "\"version\": \"1.0.1\"");
    replace("{\"text\": \"Two\", \"correct\": false, \"why\": \"It is second.\"}",
            "{\"text\": \"Two\", \"correct\": false, \"why\": \"It is second.\"}, "
            "{\"text\": \"Three\", \"correct\": false, \"why\": \"It is third.\"}");
    writeFile(extra, text);
    REQUIRE(store->importFiles({extra}).ok());
    check();
    Statement three(store->database(),
                    "SELECT q.option_count FROM questions q JOIN packs p ON p.id = q.pack_ref "
                    "WHERE p.pack_id = 'aa-extra' AND q.question_id = 'q1'");
    REQUIRE(three.step());
    CHECK(three.getInt(0) == 3);

    // SQLite reads the index alone: no question row (which holds the text) and no sort.
    Statement plan(store->database(),
                   "EXPLAIN QUERY PLAN SELECT id, pack_ref, question_id, domain_ref, subtopic_ref, "
                   "objective_ref, select_count, difficulty, shuffle, option_count FROM questions "
                   "WHERE exam_ref = ? AND retired = 0 ORDER BY pack_ref, question_id");
    plan.bind(1, 1);
    const std::string steps = planSteps(plan);
    INFO(steps);
    CHECK(steps.find("COVERING INDEX questions_planning") != std::string::npos);
    CHECK(steps.find("TEMP B-TREE") == std::string::npos);
}

TEST_CASE("questions are counted per domain through an index", "[store][schema]")
{
    // list exams and the home screen count each domain's active questions; without an index SQLite built a
    // temporary one at every call.
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    Statement plan(store->database(),
                   "EXPLAIN QUERY PLAN SELECT d.domain_id, COUNT(q.id), COALESCE(SUM(q.select_count > 1), 0) "
                   "FROM domains d JOIN exams e ON e.id = d.exam_ref "
                   "LEFT JOIN questions q ON q.domain_ref = d.id AND q.retired = 0 "
                   "WHERE e.exam_id = ? GROUP BY d.id ORDER BY d.position");
    plan.bind(1, "mini");
    const std::string steps = planSteps(plan);
    INFO(steps);
    CHECK(steps.find("questions_domain") != std::string::npos);
    CHECK(steps.find("AUTOMATIC") == std::string::npos);
}

TEST_CASE("a question is stored with its images' data in place of its image references", "[store][images]")
{
    TempDir dir;
    FakeClock clock;
    auto store = openStore(dir / "db.sqlite", clock);
    REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("rich-questions.json")}).ok());
    const auto questions = store->activeQuestions("mini");
    REQUIRE(questions.ok());
    REQUIRE(questions->size() == 1);
    const Question& q = questions->front().question;
    CHECK_THAT(q.stem, Catch::Contains("![Loss of three runs](data:image/png;base64,iVBORw0KGgo") &&
                           !Catch::Contains("image:bars"));
    CHECK_THAT(q.stem, Catch::Contains("```python"));
}
