#include "certdrill/exam/QuestionSearch.h"

#include <functional>
#include <map>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/Annotations.h"
#include "certdrill/store/Schema.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

/// The mini bank with objectives: q1 and q2 (alpha, objective 1.2; q2 the multi-select), q3 and q4 (beta,
/// 2.1); difficulties 1, 3, 2, 5.
struct Bank
{
    TempDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    ExamDef exam;

    Bank()
    {
        store = std::move(Store::open(dir / "db.sqlite", clock).value());
        REQUIRE(store
                    ->importFiles(
                        {dataFile("mini-exam-objectives.json"), dataFile("mini-questions-objectives.json")})
                    .ok());
        exam = store->exam("mini").value();
    }

    std::int64_t row(const std::string& id)
    {
        auto r = findQuestionRow(*store, id);
        REQUIRE(r.ok());
        return r.value();
    }

    /// The question ids a search returns, in its order.
    std::vector<std::string> ids(const SearchQuery& q)
    {
        auto found = searchQuestions(*store, q);
        INFO(q.text);
        REQUIRE(found.ok());
        std::vector<std::string> out;
        for (const auto& h : found.value().hits) {
            out.push_back(h.question.id);
        }
        return out;
    }
    std::vector<std::string> ids(const std::string& text)
    {
        SearchQuery q;
        q.text = text;
        return ids(q);
    }
    std::vector<std::string> withStatus(QuestionStatus s)
    {
        SearchQuery q;
        q.statuses = {s};
        return ids(q);
    }

    /// Imports the questions pack again as `version`, with `change` applied to its JSON.
    void reimport(const std::string& version, const std::function<void(nlohmann::json&)>& change)
    {
        auto j = nlohmann::json::parse(readFile(dataFile("mini-questions-objectives.json")));
        j["pack"]["version"] = version;
        change(j);
        writeFile(dir / "update.json", j.dump());
        const auto outcome = store->importFiles({dir / "update.json"});
        INFO(outcome.error);
        REQUIRE(outcome.ok());
    }

    /// Takes an exam of all four questions: `answers` maps a question id to the options chosen (original
    /// indices); each answered question is visited for a minute; `flag` is flagged.
    void takeExam(const std::map<std::string, std::vector<int>>& answers, const std::string& flag = "")
    {
        const Form form = assembleForm(exam, store->candidates("mini").value(), 4, 7);
        auto session = std::move(ExamSession::start(*store, exam, form, SessionMode::Exam).value());
        for (const auto& it : session->items()) {
            if (const auto a = answers.find(it.question.id); a != answers.end()) {
                REQUIRE(session->visit(it.position).ok());
                clock.advanceMinutes(1);
                REQUIRE(session->choose(it.position, a->second).ok());
            }
            if (it.question.id == flag) {
                REQUIRE(session->setFlagged(it.position, true).ok());
            }
        }
        REQUIRE(session->submit().ok());
        clock.advanceMinutes(60);
    }
};

using Ids = std::vector<std::string>;

} // namespace

TEST_CASE("ftsQuery quotes every word so the candidate's text is never FTS5 syntax", "[search]")
{
    CHECK(ftsQuery("") == "");
    CHECK(ftsQuery("   ") == "");
    CHECK(ftsQuery("kv cache") == "\"kv\"* \"cache\"*");
    CHECK(ftsQuery("\"paged attention\" vllm") == "\"paged attention\" \"vllm\"*");
    CHECK(ftsQuery("say \"hi") == "\"say\"* \"hi\"*"); // an unpaired quote is punctuation
    CHECK(ftsQuery("NEAR(a b) OR NOT c*") == "\"NEAR(a\"* \"b)\"* \"OR\"* \"NOT\"* \"c*\"*");
    CHECK(ftsQuery("* ( ) - ^ :") == ""); // nothing a word could match
    CHECK(ftsQuery("a\"\"b") == "\"a\"* \"b\"*");
    CHECK(ftsQuery("stem:top_p") == "\"stem:top_p\"*");
}

TEST_CASE("search finds a question by a word of its stem, an option, a why or an explanation", "[search]")
{
    Bank b;
    CHECK(b.ids("sky") == Ids{"q3"});
    CHECK(b.ids("One") == Ids{"q1"});          // an option's text
    CHECK(b.ids("Rayleigh") == Ids{"q3"});     // an option's why
    CHECK(b.ids("rayl") == Ids{"q3"});         // the start of a word, any case
    CHECK(b.ids("sky rayleigh") == Ids{"q3"}); // every word must match
    CHECK(b.ids("sky wet").empty());
    CHECK(b.ids("\"Is the sky\"") == Ids{"q3"});
    CHECK(b.ids("\"sky the is\"").empty()); // a phrase keeps its order
    // A word in the stem ranks above the same word in an option: "two" is in q2's stem and q1's option.
    CHECK(b.ids("two") == Ids{"q2", "q1"});
    // No text: every question, in blueprint order.
    CHECK(b.ids("") == Ids{"q1", "q2", "q3", "q4"});
}

TEST_CASE("the index follows an update and a retirement of the pack", "[search]")
{
    Bank b;
    const std::int64_t q1 = b.row("q1");
    b.reimport("1.2.0", [](nlohmann::json& j) {
        auto& qs = j["questions"];
        qs[0]["stem"] = "Which comes earliest?";
        qs[0]["options"][1]["why"] = "Second place is runner-up.";
        qs[2]["explanation"] = "Shorter wavelengths scatter more.";
        qs.erase(3); // q4 leaves the pack: retired
    });
    CHECK(b.row("q1") == q1); // the same row: history and marks stay with it
    CHECK(b.ids("earliest") == Ids{"q1"});
    CHECK(b.ids("\"Which is first\"").empty());
    CHECK(b.ids("runner") == Ids{"q1"});
    CHECK(b.ids("wavelength") == Ids{"q3"});
    CHECK(b.ids("wet").empty());
    CHECK(b.ids("") == Ids{"q1", "q2", "q3"});
    // Brought back by a later version, it is found again.
    b.reimport("1.3.0", [](nlohmann::json&) {});
    CHECK(b.ids("wet") == Ids{"q4"});
    CHECK(b.ids("earliest").empty());
}

TEST_CASE("hostile search text never fails", "[search]")
{
    Bank b;
    for (const std::string text : {"\"",          "\"\"",        "NEAR(",
                                   "NEAR(sky",    "*",           "**",
                                   "sky*",        "(((",         ")",
                                   "sky) OR (",   "AND",         "OR OR",
                                   "NOT sky",     "-sky",        "+",
                                   "^sky",        "sky:",        "stem:sky",
                                   "{stem}: sky", "'",           "'; DROP TABLE questions; --",
                                   "\\",          "\xff\xfe",    "sky \"unbalanced",
                                   "\"a\" \"",    "col1 : col2", "\"\"\"\"\"",
                                   "%",           "_",           "…—"}) {
        SearchQuery q;
        q.text = text;
        auto found = searchQuestions(*b.store, q);
        INFO(text);
        CHECK(found.ok());
    }
    CHECK(b.ids("*").size() == 4);      // nothing searchable: everything
    CHECK(b.ids("(sky)") == Ids{"q3"}); // brackets are not grouping
    CHECK(b.ids("sky*") == Ids{"q3"});
    CHECK(b.ids("NEAR(sky").empty()); // NEAR is a word here, and no question has it
    CHECK(b.ids("NOT sky").empty());  // "not" is a word none of the questions has
    CHECK(b.ids("'; DROP TABLE questions; --").empty());
    CHECK(b.ids("").size() == 4); // and the bank is still there
}

TEST_CASE("search filters by domain, objective, difficulty, multi-select and pack", "[search]")
{
    Bank b;
    SearchQuery q;
    q.domains = {"beta"};
    CHECK(b.ids(q) == Ids{"q3", "q4"});
    q = {};
    q.objectives = {"1.2"};
    CHECK(b.ids(q) == Ids{"q1", "q2"});
    q = {};
    q.difficulties = {3, 5};
    CHECK(b.ids(q) == Ids{"q2", "q4"});
    q = {};
    q.multiSelect = true;
    CHECK(b.ids(q) == Ids{"q2"});
    q.multiSelect = false;
    CHECK(b.ids(q) == Ids{"q1", "q3", "q4"});
    q = {};
    q.packs = {"mini-questions"};
    CHECK(b.ids(q).size() == 4);
    q.packs = {"mini-exam"};
    CHECK(b.ids(q).empty());
    q = {};
    q.examId = "other";
    CHECK(b.ids(q).empty());
    q = {};
    q.text = "yes"; // q3 and q4 both have a "Yes" option
    q.domains = {"beta"};
    q.difficulties = {5};
    CHECK(b.ids(q) == Ids{"q4"});
}

TEST_CASE("search pages in a stable order and counts every match", "[search]")
{
    Bank b;
    SearchQuery q;
    q.limit = 3;
    auto first = searchQuestions(*b.store, q);
    q.offset = 3;
    auto second = searchQuestions(*b.store, q);
    REQUIRE(first.ok());
    REQUIRE(second.ok());
    CHECK(first.value().total == 4);
    CHECK(second.value().total == 4);
    REQUIRE(first.value().hits.size() == 3);
    REQUIRE(second.value().hits.size() == 1);
    CHECK(second.value().hits[0].question.id == "q4");
    CHECK(first.value().hits[0].key() == "mini-questions/q1");
    CHECK(first.value().hits[1].question.options.size() == 3); // with its options
}

TEST_CASE("status filters read the answer history, flags, bookmarks, notes and reports", "[search][status]")
{
    Bank b;
    CHECK(b.withStatus(QuestionStatus::Unseen) == Ids{"q1", "q2", "q3", "q4"});
    // First exam: q1 right, q3 wrong, q2 flagged without an answer; q4 never shown.
    b.takeExam({{"q1", {0}}, {"q3", {1}}}, "q2");
    CHECK(b.withStatus(QuestionStatus::Unseen) == Ids{"q2", "q4"});
    CHECK(b.withStatus(QuestionStatus::AnsweredRight) == Ids{"q1"});
    CHECK(b.withStatus(QuestionStatus::Missed) == Ids{"q3"});
    CHECK(b.withStatus(QuestionStatus::MissedTwice).empty());
    CHECK(b.withStatus(QuestionStatus::Flagged) == Ids{"q2"});
    // Second exam: q1 wrong now, q3 wrong again.
    b.takeExam({{"q1", {1}}, {"q3", {1}}});
    CHECK(b.withStatus(QuestionStatus::AnsweredRight).empty());
    CHECK(b.withStatus(QuestionStatus::Missed) == Ids{"q1", "q3"});
    CHECK(b.withStatus(QuestionStatus::MissedTwice) == Ids{"q3"});

    REQUIRE(setBookmark(*b.store, b.row("q4"), true).ok());
    REQUIRE(setNote(*b.store, b.row("q2"), "Parity: remember 0 is even").ok());
    CHECK(b.withStatus(QuestionStatus::Bookmarked) == Ids{"q4"});
    CHECK(b.withStatus(QuestionStatus::WithNote) == Ids{"q2"});
    SearchQuery both;
    both.statuses = {QuestionStatus::Unseen, QuestionStatus::Bookmarked};
    CHECK(b.ids(both) == Ids{"q4"});
    both.statuses = {QuestionStatus::Missed, QuestionStatus::Bookmarked};
    CHECK(b.ids(both).empty());

    CHECK(b.withStatus(QuestionStatus::Reported).empty());
    ProblemReport report;
    report.questionRow = b.row("q3");
    report.kind = ErrataKind::WrongKey;
    REQUIRE(reportProblem(*b.store, report).ok());
    CHECK(b.withStatus(QuestionStatus::Reported) == Ids{"q3"});
    both.statuses = {QuestionStatus::MissedTwice, QuestionStatus::Reported};
    CHECK(b.ids(both) == Ids{"q3"});

    for (const auto s : questionStatuses()) {
        CHECK(parseQuestionStatus(questionStatusName(s)) == s);
    }
    CHECK_FALSE(parseQuestionStatus("disputed"));
}

TEST_CASE("notes and bookmarks are kept by the question's ids, searchable, and survive a pack update",
          "[search][notes]")
{
    Bank b;
    const std::int64_t q1 = b.row("q1");
    CHECK(annotation(*b.store, q1).value().note.empty());
    REQUIRE(setNote(*b.store, q1, "Ordinal trick: mnemonic zebra").ok());
    REQUIRE(setBookmark(*b.store, q1, true).ok());
    REQUIRE(setBookmark(*b.store, q1, true).ok()); // twice is once
    CHECK(b.ids("zebra") == Ids{"q1"});            // a note is searched with the question
    REQUIRE(setNote(*b.store, q1, "Ordinal trick: mnemonic yak").ok());
    CHECK(b.ids("zebra").empty());
    CHECK(b.ids("yak") == Ids{"q1"});

    Statement keys(b.store->database(), "SELECT pack_id || '/' || question_id FROM notes");
    REQUIRE(keys.step());
    CHECK(keys.getText(0) == "mini-questions/q1"); // by the pack's ids, not the row

    // Retired and brought back: the note and the bookmark are still the question's, and found again.
    b.reimport("1.2.0", [](nlohmann::json& j) { j["questions"].erase(0); });
    CHECK(b.ids("yak").empty());
    b.reimport("1.3.0", [](nlohmann::json& j) { j["questions"][0]["stem"] = "Which one leads?"; });
    CHECK(b.ids("yak") == Ids{"q1"});
    const Annotation a = annotation(*b.store, b.row("mini-questions/q1")).value();
    CHECK(a.bookmarked);
    CHECK(a.note == "Ordinal trick: mnemonic yak");

    REQUIRE(setNote(*b.store, q1, "  \n ").ok()); // a blank note removes it
    CHECK_FALSE(annotation(*b.store, q1).value().note.size());
    CHECK(b.ids("yak").empty());
    REQUIRE(setBookmark(*b.store, q1, false).ok());
    CHECK_FALSE(annotation(*b.store, q1).value().bookmarked);
    CHECK_FALSE(setNote(*b.store, 9999, "x").ok());
    CHECK_FALSE(findQuestionRow(*b.store, "q9").ok());
    CHECK_FALSE(findQuestionRow(*b.store, "mini-exam/q1").ok());
}

TEST_CASE("a question's answer history lists every answer, newest first, with mode, answer and time",
          "[search][history]")
{
    Bank b;
    b.takeExam({{"q3", {1}}});
    b.takeExam({{"q3", {0}}});
    const auto history = answerHistory(*b.store, b.row("q3"));
    REQUIRE(history.ok());
    REQUIRE(history.value().size() == 2);
    const AnswerRecord& newest = history.value()[0];
    CHECK(newest.mode == "exam");
    CHECK(newest.chosen == std::vector<int>{0});
    CHECK(newest.correct == true);
    CHECK(newest.answer);
    CHECK(newest.timeMs == 60'000);
    CHECK(history.value()[1].correct == false);
    CHECK(history.value()[1].atMs < newest.atMs);
    CHECK(answerHistory(*b.store, b.row("q4")).value().empty());
}

TEST_CASE("showing an unseen question's answer in the browser is recorded like a revealed practice answer",
          "[search][reveal]")
{
    Bank b;
    const std::int64_t q4 = b.row("q4");
    REQUIRE(browseQuestion(*b.store, q4).value().record.unseen());
    const auto before = sessionHistory(*b.store).value().size();
    REQUIRE(revealInBrowser(*b.store, q4).value());
    CHECK_FALSE(revealInBrowser(*b.store, q4).value()); // already shown: nothing more is written
    const SearchHit hit = browseQuestion(*b.store, q4).value();
    CHECK_FALSE(hit.record.unseen());
    CHECK(hit.record.answers == 0); // no answer: nothing for the tracker
    CHECK_FALSE(hit.record.lastCorrect);
    const auto history = answerHistory(*b.store, q4).value();
    REQUIRE(history.size() == 1);
    CHECK(history[0].mode == "browser");
    CHECK(history[0].revealed);
    CHECK(history[0].chosen.empty());
    CHECK_FALSE(history[0].correct);
    // Not an exam the candidate took: the history does not list it, and nothing offers to resume it.
    CHECK(sessionHistory(*b.store).value().size() == before);
    CHECK_FALSE(ExamSession::unfinished(*b.store).value());
    // The mock assembler counts it as served, as it counts a question revealed in a practice exam.
    const auto candidates = b.store->candidates("mini").value();
    for (const auto& c : candidates) {
        CHECK(c.lastSeenMs.has_value() == (c.rowId == q4));
    }
    CHECK(b.withStatus(QuestionStatus::Unseen) == Ids{"q1", "q2", "q3"});
}

TEST_CASE("a database from before the browser gets its questions indexed by the migration",
          "[search][schema]")
{
    TempDir dir;
    const auto path = dir / "v5.db";
    {
        Database db(path.string());
        migrate(db, 5);
        db.exec(
            "INSERT INTO packs VALUES (1, 'p', 'T', '1.0.0', '[]', 'MIT', 'x', 'h', 0);"
            "INSERT INTO exams VALUES (1, 'mini', 1, 'Mini', '1', 10, 2, 4, 3, 70, 0.25, '{}');"
            "INSERT INTO domains VALUES (1, 1, 'alpha', 'Alpha', 100, 0, 0);"
            "INSERT INTO questions (id, pack_ref, question_id, exam_ref, domain_ref, stem, select_count, "
            "explanation, difficulty, tags, refs, shuffle, content_hash, retired, created_at, updated_at) "
            "VALUES (1, 1, 'old', 1, 1, 'Which scheduler batches requests?', 1, 'Continuous batching.', 3, "
            "'[]', '[]', 1, 'h', 0, 0, 0), (2, 1, 'gone', 1, 1, 'Which scheduler is retired?', 1, '', 3, "
            "'[]', '[]', 1, 'h', 1, 0, 0);"
            "INSERT INTO options VALUES (1, 0, 'Orca', 1, 'Iteration-level scheduling.'), "
            "(1, 1, 'Static', 0, 'Waits for the batch.'), (2, 0, 'X', 1, 'Y');");
    }
    FakeClock clock;
    auto store = std::move(Store::open(path, clock).value());
    const auto ids = [&](const std::string& text) {
        SearchQuery q;
        q.text = text;
        std::vector<std::string> out;
        const auto found = searchQuestions(*store, q).value();
        for (const auto& h : found.hits) {
            out.push_back(h.question.id);
        }
        return out;
    };
    CHECK(ids("scheduler") == Ids{"old"}); // the retired one is not indexed
    CHECK(ids("orca") == Ids{"old"});
    CHECK(ids("iteration") == Ids{"old"});
    CHECK(ids("continuous") == Ids{"old"});
}

namespace {

/// The question ids a search of `text` returns.
Ids searchIds(Store& store, const std::string& text)
{
    SearchQuery q;
    q.text = text;
    const auto found = searchQuestions(store, q);
    INFO(text);
    REQUIRE(found.ok());
    Ids out;
    for (const auto& h : found.value().hits) {
        out.push_back(h.question.id);
    }
    return out;
}

/// The words of an embedded image's data URI ("data:image/png;base64,iVBORw0KGgo…"): none may be found.
void checkNoImageData(Store& store)
{
    for (const char* word : {"data", "image", "png", "base64", "iVBORw0KGgo", "AAAA"}) {
        INFO(word);
        CHECK(searchIds(store, word).empty());
    }
}

} // namespace

TEST_CASE("the index holds a question's words and its images' alt text, never the images' data",
          "[search][images]")
{
    TempDir dir;
    FakeClock clock;
    auto store = std::move(Store::open(dir / "db.sqlite", clock).value());
    // The rich pack with a second image, in an option's why, each with alt text of its own.
    auto j = nlohmann::json::parse(readFile(dataFile("rich-questions.json")));
    auto& r1 = j["questions"][0];
    r1["stem"] = "Which run should the team keep?\n\n![Histogram of gradients](image:bars)";
    r1["options"][1]["why"] = "Highest loss: ![Sawtooth curve](image:bars \"the curve\")";
    const auto write = [&](const std::string& version) {
        j["pack"]["version"] = version;
        writeFile(dir / "rich.json", j.dump());
        const auto outcome = store->importFiles({dataFile("mini-exam.json"), dir / "rich.json"});
        INFO(outcome.error);
        REQUIRE(outcome.ok());
    };
    write("1.0.0");
    const auto checkWords = [&] {
        CHECK(searchIds(*store, "histogram") == Ids{"r1"}); // an image's alt text
        CHECK(searchIds(*store, "sawtooth") == Ids{"r1"});  // in an option's why
        CHECK(searchIds(*store, "team keep") == Ids{"r1"});
        CHECK(searchIds(*store, "lowest bar") == Ids{"r1"});
        checkNoImageData(*store);
    };
    checkWords();

    SECTION("after the pack is removed and restored")
    {
        REQUIRE(store->removePack("rich-questions").ok());
        CHECK(searchIds(*store, "histogram").empty());
        write("1.0.0");
        checkWords();
    }
    SECTION("after a pack update")
    {
        r1["explanation"] = "Keep the lowest: ![Bar chart](image:bars)";
        r1["options"][0]["text"] = "The run with the lowest bar ![Small bar](image:bars)";
        write("1.1.0");
        checkWords();
        CHECK(searchIds(*store, "chart") == Ids{"r1"});
        CHECK(searchIds(*store, "small") == Ids{"r1"});
    }
}

TEST_CASE("a database whose index holds image data is re-indexed without it by the migration",
          "[search][images][schema]")
{
    TempDir dir;
    const auto path = dir / "v11.db";
    const std::string uri =
        nlohmann::json::parse(readFile(dataFile("rich-questions.json")))["images"]["bars"];
    {
        Database db(path.string());
        migrate(db, 11);
        db.exec("INSERT INTO packs VALUES (1, 'p', 'T', '1.0.0', '[]', 'MIT', 'x', 'h', 0);"
                "INSERT INTO exams (id, exam_id, pack_ref, title, version, duration_minutes, count_min, "
                "count_max, count_default, pass_percent, multi_select_share, coverage) "
                "VALUES (1, 'mini', 1, 'Mini', '1', 10, 2, 4, 3, 70, 0.25, '{}');"
                "INSERT INTO domains VALUES (1, 1, 'alpha', 'Alpha', 100, 0, 0);");
        Statement question(db,
                           "INSERT INTO questions (id, pack_ref, question_id, exam_ref, domain_ref, stem, "
                           "select_count, explanation, difficulty, tags, refs, shuffle, content_hash, "
                           "retired, created_at, updated_at) VALUES (1, 1, 'pic', 1, 1, ?, 1, '', 3, "
                           "'[]', '[]', 1, 'h', 1, 0, 0)");
        question.bind(1, "Which scheduler? ![Histogram](" + uri + ")");
        question.run();
        db.exec("INSERT INTO options VALUES (1, 0, 'Orca', 1, 'Yes.'), (1, 1, 'Static', 0, 'No.');"
                // As certdrill 11 indexed it: from the stored texts, by step 8's trigger.
                "UPDATE questions SET retired = 0;");
        Statement indexed(db, "SELECT COUNT(*) FROM question_search WHERE question_search MATCH 'base64'");
        REQUIRE(indexed.step());
        REQUIRE(indexed.getInt(0) == 1);
    }
    FakeClock clock;
    auto store = std::move(Store::open(path, clock).value());
    CHECK(searchIds(*store, "scheduler histogram orca") == Ids{"pic"});
    checkNoImageData(*store);
}

TEST_CASE("the index collects 16 MiB of terms before writing a segment, in new and migrated databases",
          "[search][schema]")
{
    // FTS5 keeps its settings in the index's config table, which every connection reads: set once by the
    // migration, they hold for the import, the GUI and the sqlite3 shell alike.
    const auto hashSize = [](Database& db) {
        Statement st(db, "SELECT v FROM question_search_config WHERE k = 'hashsize'");
        return st.step() ? st.getInt(0) : std::int64_t{0};
    };
    TempDir dir;
    FakeClock clock;
    {
        auto fresh = std::move(Store::open(dir / "new.db", clock).value());
        CHECK(hashSize(fresh->database()) == 16 * 1024 * 1024);
    }
    const auto path = dir / "v12.db";
    {
        Database db(path.string());
        migrate(db, 12);
        CHECK(hashSize(db) == 0);
    }
    auto migrated = std::move(Store::open(path, clock).value());
    CHECK(hashSize(migrated->database()) == 16 * 1024 * 1024);
    CHECK(searchIds(*migrated, "anything").empty());
}
