// End-to-end tests of the certdrill-cli binary: exit codes, messages, and the database left alone on failure.
#include <algorithm>
#include <cstdio>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/Mastery.h"
#include "certdrill/store/Database.h"

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

int countLines(const std::string& text, const std::string& needle)
{
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
        ++n;
    }
    return n;
}

} // namespace

TEST_CASE("--help, --version and usage errors", "[cli]")
{
    CHECK(cli("--help").exitCode == 0);
    CHECK_THAT(cli("--help").out, Catch::Contains("validate [--coverage]"));
    CHECK_THAT(cli("--version").out, Catch::StartsWith("certdrill-cli "));
    const Run none = cli("");
    CHECK(none.exitCode == 2);
    CHECK_THAT(none.err, Catch::Contains("no command"));
    CHECK(cli("frobnicate").exitCode == 2);
    CHECK(cli("--db").exitCode == 2);
    CHECK(cli("validate").exitCode == 2);
    CHECK(cli("list things").exitCode == 2);
}

TEST_CASE("validate accepts good packs and locates every error of a bad one", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string();
    const Run good = cli(db + " validate " + data("mini-exam.json") + " " + data("mini-questions.json"));
    CHECK(good.exitCode == 0);
    CHECK_THAT(good.out, Catch::Contains("4 questions"));
    CHECK_FALSE(std::filesystem::exists(dir / "db.sqlite")); // validating never creates a database

    const Run bad = cli(db + " validate " + data("mini-exam.json") + " " + data("five-errors.json"));
    CHECK(bad.exitCode == 1);
    CHECK(countLines(bad.err, ": error: ") == 5);
    CHECK_THAT(bad.err, Catch::Contains("five-errors.json:5:96: error: /questions/0/colour: unknown field"));
    CHECK_THAT(bad.err,
               Catch::Contains("/questions/1/options: \"select\" is 2 but 1 option is marked correct"));
    CHECK_THAT(bad.err, Catch::Contains("/questions/2/options/1/text: duplicate option text"));
    CHECK_THAT(bad.err, Catch::Contains("/questions/3/domain: exam \"mini\" has no domain \"gamma\""));
    CHECK_THAT(bad.err, Catch::Contains("/questions/4/id:"));
}

TEST_CASE("validate --coverage passes and fails on the exam's minimums", "[cli]")
{
    const Run ok = cli("validate --coverage " + data("mini-exam.json") + " " + data("mini-questions.json"));
    CHECK(ok.exitCode == 0);
    CHECK_THAT(ok.out, Catch::Contains("coverage OK"));
    const Run shortBank = cli("validate --coverage " + data("mini-exam.json"));
    CHECK(shortBank.exitCode == 1);
    CHECK_THAT(shortBank.out, Catch::Contains("below minimum"));
}

TEST_CASE("import reports a summary; a failed import leaves the database byte-for-byte unchanged", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    const Run first = cli(db + " import " + data("mini-exam.json"));
    REQUIRE(first.exitCode == 0);
    CHECK_THAT(first.out, Catch::Contains("mini-exam 1.0.0 (new)"));

    const std::string before = readFile(dbPath);
    const Run bad = cli(db + " import " + data("mini-questions.json") + " " + data("five-errors.json"));
    CHECK(bad.exitCode == 1);
    CHECK(countLines(bad.err, ": error: ") == 5);
    CHECK_THAT(bad.err, Catch::Contains("nothing was imported"));
    CHECK(readFile(dbPath) == before);

    const Run good = cli(db + " import " + data("mini-questions.json"));
    CHECK(good.exitCode == 0);
    CHECK_THAT(good.out, Catch::Contains("done: 4 added, 0 updated, 0 retired, 0 unchanged"));
    const Run again = cli(db + " import " + data("mini-questions.json"));
    CHECK_THAT(again.out, Catch::Contains("already imported, unchanged (4 questions)"));

    const Run list = cli(db + " list domains --json");
    CHECK(list.exitCode == 0);
    CHECK_THAT(list.out, Catch::Contains("\"questions\": 2"));
    CHECK_THAT(cli(db + " list packs").out, Catch::Contains("mini-questions"));
    CHECK_THAT(cli(db + " list exams").out, Catch::Contains("4 questions in the bank"));
    CHECK(cli(db + " list domains --exam nope").exitCode == 1);
}

TEST_CASE("the tables of tracker, mock-plan, drill-plan and list keep their columns with names in any script",
          "[cli]")
{
    // A long French domain name and a short one with an accent: padded by bytes, the columns after "Éthique"
    // moved left by one per accented letter; cut by bytes, the long name could end in half a character.
    TempDir dir;
    std::string exam = readFile(dataFile("mini-exam.json"));
    const auto rename = [&exam](const std::string& from, const std::string& to) {
        const auto at = exam.find(from);
        REQUIRE(at != std::string::npos);
        exam.replace(at, from.size(), to);
    };
    rename("\"name\": \"Alpha\"",
           "\"name\": \"Préparation des données, évaluation et déploiement des modèles\"");
    rename("\"name\": \"Beta\"", "\"name\": \"Éthique\"");
    writeFile(dir / "exam.json", exam);
    const std::string db = "--db " + (dir / "t.db").string() + " ";
    REQUIRE(cli(db + "import " + (dir / "exam.json").string() + " " + data("mini-questions.json")).exitCode ==
            0);

    // The code point at which `needle` first appears after `mark` in each line that holds `mark`.
    const auto columnsOf = [](const std::string& out, const std::string& mark, const std::string& needle) {
        std::vector<std::size_t> columns;
        std::istringstream lines(out);
        for (std::string line; std::getline(lines, line);) {
            const auto at = line.find(mark);
            if (at == std::string::npos) {
                continue;
            }
            const auto end = std::min(line.find(needle, at + mark.size()), line.size());
            columns.push_back(
                static_cast<std::size_t>(std::count_if(line.begin(), line.begin() + end, [](char ch) {
                    return (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
                })));
        }
        return columns;
    };
    const struct
    {
        const char* args;
        const char* needle; // what follows the name column
    } commands[] = {{"tracker", "%"}, {"mock-plan --seed 3", "%"}, {"list domains", "%"}};
    for (const auto& c : commands) {
        const Run r = cli(db + c.args);
        INFO(c.args << "\n" << r.out << r.err);
        REQUIRE(r.exitCode == 0);
        CHECK_THAT(r.out, Catch::Contains("Préparation des données, évaluation et") && Catch::Contains("…") &&
                              Catch::Contains("Éthique"));
        const auto longRow = columnsOf(r.out, "  Préparation", c.needle);
        const auto shortRow = columnsOf(r.out, "  Éthique", c.needle);
        REQUIRE(longRow.size() == 1);
        REQUIRE(shortRow.size() == 1);
        CHECK(longRow[0] == shortRow[0]);
    }
    const Run plan = cli(db + "drill-plan --count 2 --seed 9");
    INFO(plan.out << plan.err);
    REQUIRE(plan.exitCode == 0);
    const auto longRow = columnsOf(plan.out, "  Préparation", " red");
    const auto shortRow = columnsOf(plan.out, "  Éthique", " red");
    REQUIRE(longRow.size() == 1);
    REQUIRE(shortRow.size() == 1);
    CHECK(longRow[0] == shortRow[0]);
}

TEST_CASE("tracker, rate and drill-plan", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "t.db").string() + " ";
    REQUIRE(cli(db + "import " + data("mini-exam.json") + " " + data("mini-questions.json")).exitCode == 0);

    const Run rate = cli(db + "rate alpha/a2 green");
    CHECK(rate.exitCode == 0);
    CHECK(cli(db + "rate alpha purple").exitCode == 2);
    const Run badRow = cli(db + "rate gamma red");
    CHECK(badRow.exitCode == 1);
    CHECK_THAT(badRow.err, Catch::Contains("no domain \"gamma\""));

    const Run text = cli(db + "tracker");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("NOT READY YET"));
    CHECK_THAT(text.out, Catch::Contains("Alpha: Red, no answers yet"));
    CHECK_THAT(text.out, Catch::Contains("Alpha two: You rate Green; the evidence says Red."));
    const Run json = cli(db + "tracker --json");
    CHECK(json.exitCode == 0);
    CHECK_THAT(json.out, Catch::Contains("\"self_rating\": \"green\""));
    CHECK_THAT(json.out, Catch::Contains("\"ready\": false"));
    const Run csv = cli(db + "tracker --csv");
    CHECK(csv.out.rfind("domain,topic,name,weight", 0) == 0);
    CHECK(countLines(csv.out, "\n") == 6); // header, 2 domains, 3 subtopics

    const Run plan = cli(db + "drill-plan --count 3 --seed 9 --json");
    CHECK(plan.exitCode == 0);
    CHECK(countLines(plan.out, "\"reason\": \"unseen\"") == 3);
    CHECK(cli(db + "drill-plan --seed 9 --count 3").out == cli(db + "drill-plan --count 3 --seed 9").out);
    CHECK(cli(db + "drill-plan --count 0").exitCode == 2);
    // Both domains are Red, so each gets one question: the one nearest the learner's level. With no answers
    // the ability is 0, so alpha's tag-3 q2 beats its tag-1 q1, and beta's tag-2 q3 beats its tag-5 q4.
    for (int seed = 1; seed <= 5; ++seed) {
        const Run level = cli(db + "drill-plan --count 2 --seed " + std::to_string(seed));
        CHECK_THAT(level.out, Catch::Contains("q2 (unseen, solve 46%)"));
        CHECK_THAT(level.out, Catch::Contains("q3 (unseen, solve 78%)"));
    }
    CHECK_THAT(plan.out, Catch::Contains("\"ability\": 0.0"));
    CHECK_THAT(plan.out, Catch::Contains("\"solve\": "));

    // Settings: range-checked, stored, and used by the tracker.
    CHECK(cli(db + "set readiness-score 0.9").exitCode == 2);
    CHECK_THAT(cli(db + "set target 2").err, Catch::Contains("between 0.50 and 0.99"));
    CHECK(cli(db + "set colour 1").exitCode == 2);
    CHECK(cli(db + "set target x").exitCode == 2);
    CHECK(cli(db + "set target 0.9").exitCode == 0);
    CHECK_THAT(cli(db + "tracker --json").out, Catch::Contains("\"target\": 0.9"));
    // The band rule as measuredBand applies it, at the target set: Red's bound moves with it.
    CHECK_THAT(cli(db + "tracker").out, Catch::Contains(certdrill::bandRule(0.9)));
    CHECK_THAT(cli(db + "tracker").out, Catch::Contains("lower bound at or above 90%"));
    CHECK_THAT(cli(db + "tracker").out, Catch::Contains("an upper bound under 80%"));
}

TEST_CASE("simulate prints the benchmark table, or JSON, for a few learners", "[cli]")
{
    const Run table = cli("simulate --learners 3 --seed 10");
    CHECK(table.exitCode == 0);
    CHECK_THAT(table.out, Catch::Contains("| certdrill |"));
    CHECK_THAT(table.out, Catch::Contains("seeds 11..13"));
    const Run j = cli("simulate --learners 2 --json");
    CHECK(j.exitCode == 0);
    CHECK_THAT(j.out, Catch::Contains("\"scheduler\": \"oracle\""));
    CHECK_THAT(j.out, Catch::Contains("\"learners\": 2"));
    CHECK_THAT(j.out, Catch::Contains("\"green_precision\""));
    CHECK_THAT(j.out, Catch::Contains("\"ability_rmse\""));
    CHECK_THAT(table.out, Catch::Contains("Tracker calibration on certdrill's answers"));
    // Questions to 80% twice: within the budget, and with the follow-up days (not with --follow-days 0).
    CHECK_THAT(table.out, Catch::Contains("for up to 90 more days (censored = 3001)"));
    const auto parsed = nlohmann::json::parse(j.out);
    CHECK(parsed["follow_days"] == 90);
    CHECK(parsed["censored_questions_with_follow_days"] == 3001);
    for (const auto& row : parsed["schedulers"]) {
        const auto& follow = row["with_follow_days"];
        INFO(row.dump());
        // Following up can only help a learner reach 80%, never change a learner who already has.
        CHECK(follow["reached_share"].get<double>() >= row["reached_share"].get<double>());
        CHECK(follow.contains("certdrill_minus_this_questions") == (row["scheduler"] != "certdrill"));
    }
    const Run none = cli("simulate --learners 2 --seed 10 --follow-days 0 --json");
    const auto noneParsed = nlohmann::json::parse(none.out); // kept alive: the loop reads into it
    for (const auto& row : noneParsed["schedulers"]) {
        CHECK(row["with_follow_days"]["mean_questions_to_target"] == row["mean_questions_to_target"]);
    }
    CHECK_THAT(cli("simulate --learners 1 --follow-days 0").out, !Catch::Contains("more days"));
    CHECK_THAT(cli("simulate --follow-days 3651").err, Catch::Contains("between 0 and 3650"));
    CHECK(cli("simulate --follow-days -1").exitCode == 2);
    CHECK(cli("simulate --learners").exitCode == 2);
    CHECK(cli("simulate --learners zero").exitCode == 2);
    CHECK(cli("simulate extra").exitCode == 2);
}

TEST_CASE("history prints finished sessions as a table and as JSON", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    CHECK_THAT(cli(db + " history").out, Catch::Contains("no finished sessions"));
    {
        // Sessions are made through the core (the CLI does not sit exams); 2026-01-01T00:00Z on a fake clock.
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        REQUIRE(
            store.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        const auto exam = store.value()->exam("mini").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
        auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(s.ok());
        for (const auto& it : s.value()->items()) {
            if (it.question.id == "q1") {
                REQUIRE(s.value()->choose(it.position, {0}).ok());
            }
        }
        clock.advanceMinutes(5);
        REQUIRE(s.value()->submit().ok());
    }
    const Run text = cli(db + " history");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("2026-01-01 00:00"));
    CHECK_THAT(text.out, Catch::Contains("2026-01-01 00:05"));
    CHECK_THAT(text.out, Catch::Contains("submitted"));
    CHECK_THAT(text.out, Catch::Contains("25.0%"));
    CHECK_THAT(text.out, Catch::Contains("FAIL"));
    CHECK_THAT(text.out, Catch::Contains("alpha 1/2 beta 0/2"));

    const Run j = cli(db + " history --json");
    CHECK(j.exitCode == 0);
    const auto parsed = nlohmann::json::parse(j.out);
    REQUIRE(parsed.size() == 1);
    CHECK(parsed[0]["mode"] == "exam");
    CHECK(parsed[0]["correct"] == 1);
    CHECK(parsed[0]["total"] == 4);
    CHECK(parsed[0]["passed"] == false);
    CHECK(parsed[0]["finished_at_ms"].get<std::int64_t>() - parsed[0]["started_at_ms"].get<std::int64_t>() ==
          5 * 60'000);
    CHECK(parsed[0]["domains"][0]["id"] == "alpha");
    CHECK(parsed[0]["domains"][0]["correct"] == 1);
    CHECK(parsed[0]["domains"][0]["minutes_per_question"].is_number());
    CHECK(parsed[0]["domains"][1]["total"] == 2);

    CHECK(cli(db + " history --bogus").exitCode == 2);

    // One finished session's questions: the text table and the CSV agree, with letters as displayed.
    const std::string id = std::to_string(parsed[0]["id"].get<std::int64_t>());
    const Run table = cli(db + " results " + id);
    CHECK(table.exitCode == 0);
    CHECK_THAT(table.out,
               Catch::StartsWith("exam " + id + ", finished 2026-01-01 00:05 UTC: 25.0% (1/4) FAIL"));
    const Run csv = cli(db + " results " + id + " --csv");
    CHECK(csv.exitCode == 0);
    std::istringstream lines(csv.out);
    std::string line;
    std::getline(lines, line);
    CHECK(line == "position,question_id,domain,domain_name,subtopic,subtopic_name,objective,objective_name,"
                  "select,your_answer,correct_answer,result,confidence,flagged,revealed,seconds,stem,attempt,"
                  "pack_id,pack_version,content_hash,options,chosen_options,key_options");
    int rows = 0;
    // Every row names the sitting, the pack and its version when the session started.
    const std::string sitting = ",session " + id + " 2026-01-01 00:00 UTC,mini-questions,1.0.0,";
    while (std::getline(lines, line)) {
        ++rows;
        CHECK_THAT(line, Catch::Contains(sitting));
        if (line.find(",q1,") != std::string::npos) {
            // q1 answered right: the candidate's letter is the key's letter.
            CHECK_THAT(line, Catch::Matches(
                                 R"(\d,q1,alpha,Alpha,a1,[^,]*,,,1,([AB]),\1,correct,,0,0,\d+,Which is )"
                                 R"(first\?,session \d+ [^,]+,mini-questions,1\.0\.0,[0-9a-f]{16},2,A,A)"));
        } else {
            CHECK_THAT(line, Catch::Contains(",unanswered,"));
        }
        if (line.find(",q4,") != std::string::npos) {
            CHECK_THAT(line, Catch::Contains(",1,,A,unanswered,")); // q4 is not shuffled: its key stays A
        }
        if (line.find(",q2,") != std::string::npos) {
            CHECK_THAT(line, Catch::Contains(",2,,")); // select TWO, nothing chosen
        }
    }
    CHECK(rows == 4);

    // --anonymous: the same file but for the attempt label, a hash that stays the same for the session.
    const Run anonymous = cli(db + " results " + id + " --csv --anonymous");
    CHECK(anonymous.exitCode == 0);
    CHECK(cli(db + " results " + id + " --csv --anonymous").out == anonymous.out);
    std::smatch label;
    REQUIRE(std::regex_search(anonymous.out, label, std::regex(",([0-9a-f]{16}),mini-questions,")));
    CHECK(std::regex_replace(csv.out, std::regex("session " + id + " 2026-01-01 00:00 UTC"),
                             label[1].str()) == anonymous.out);
    CHECK(anonymous.out.find("session " + id) == std::string::npos);
    CHECK(cli(db + " results " + id + " --anonymous").exitCode == 2); // only with --csv
    CHECK(cli(db + " results 999").exitCode == 1);
    CHECK_THAT(cli(db + " results 999").err, Catch::Contains("no finished exam with ID 999"));
    CHECK(cli(db + " results one").exitCode == 2);
    CHECK(cli(db + " results").exitCode == 2);
    CHECK(cli(db + " results " + id + " --bogus").exitCode == 2);
}

TEST_CASE("history and results show the time used, unanswered questions and abandoned exams", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    std::int64_t submittedId = 0;
    {
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        REQUIRE(
            store.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        const auto exam = store.value()->exam("mini").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
        // Submitted after 4:14 on the clock, 0:14 of it on the review screen, one question of four answered.
        auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(s.ok());
        submittedId = s.value()->id();
        REQUIRE(s.value()->visit(0).ok());
        REQUIRE(s.value()->choose(0, s.value()->items()[0].question.correctOptions()).ok());
        clock.advanceSeconds(240);
        REQUIRE(s.value()->enterReview().ok());
        clock.advanceSeconds(14);
        REQUIRE(s.value()->submit().ok());
        // Abandoned after a minute with every answer right: still no PASS.
        auto a = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(a.ok());
        for (const auto& it : a.value()->items()) {
            REQUIRE(a.value()->choose(it.position, it.question.correctOptions()).ok());
        }
        clock.advanceMinutes(1);
        REQUIRE(a.value()->abandon().ok());
    }
    const Run text = cli(db + " history");
    CHECK(text.exitCode == 0);
    std::istringstream lines(text.out);
    std::string header;
    std::string abandoned;
    std::string submitted;
    std::getline(lines, header);
    std::getline(lines, abandoned);
    std::getline(lines, submitted);
    CHECK_THAT(header, Catch::Contains("time") && Catch::Contains("unanswered"));
    CHECK_THAT(abandoned, Catch::Contains("abandoned") && Catch::Contains(" 1 min "));
    CHECK_THAT(abandoned, !Catch::Contains("PASS") && !Catch::Contains("FAIL"));
    CHECK_THAT(submitted,
               Catch::Contains("submitted") && Catch::Contains("4 min 14 s") && Catch::Contains("FAIL"));

    const auto j = nlohmann::json::parse(cli(db + " history --json").out);
    REQUIRE(j.size() == 2);
    CHECK(j[0]["finish_reason"] == "abandoned");
    CHECK(j[0]["abandoned"] == true);
    CHECK(j[0]["passed"] == false);
    CHECK(j[0]["unanswered"] == 0);
    CHECK(j[1]["abandoned"] == false);
    CHECK(j[1]["time_used"] == "4:14");
    CHECK(j[1]["elapsed_ms"] == 254'000);
    CHECK(j[1]["review_ms"] == 14'000);
    CHECK(j[1]["answered"] == 1);
    CHECK(j[1]["unanswered"] == 3);
    CHECK(j[1]["minutes_per_answered_question"].get<double>() == Approx(254.0 / 60));
    int seen = 0;
    for (const auto& d : j[1]["domains"]) {
        seen += d["seen"].get<int>();
    }
    CHECK(seen == 1);

    const Run results = cli(db + " results " + std::to_string(submittedId));
    CHECK(results.exitCode == 0);
    CHECK_THAT(results.out,
               Catch::Contains("time used 4 min 14 s of 10 min, 4:14 per answered question, 14 s on "
                               "the review screen; 3 of 4 unanswered"));
    const Run left = cli(db + " results " + j[0]["id"].dump());
    CHECK_THAT(left.out, Catch::StartsWith("exam " + j[0]["id"].dump()) && Catch::Contains("ABANDONED"));
}

TEST_CASE("validate and import read Moodle GIFT with --exam, --pack-id, --pack-version and --domain", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string();
    REQUIRE(cli(db + " import " + data("mini-exam.json")).exitCode == 0);

    const Run valid = cli(db + " validate " + data("sample.gift"));
    CHECK(valid.exitCode == 0);
    CHECK_THAT(valid.out, Catch::Contains("1 file is valid: 4 questions, 2 warnings"));
    // A pack rule, checked on the converted questions, reported at the GIFT answer block's "{".
    CHECK_THAT(
        valid.err,
        Catch::Contains("sample.gift:22:64: warning: question \"escapes-a-brace-a-tilde-a-hash\", answers: "
                        "not every option"));
    CHECK_THAT(valid.err, Catch::Contains("sample.gift:24:1: warning: numerical questions are not imported"));

    // A question without a category: located error, exit 1; --domain places it.
    const auto loose = dir / "loose.gift";
    writeFile(loose, "Which is right?{=this ~that}\n");
    const Run unplaced = cli(db + " import " + loose.string());
    CHECK(unplaced.exitCode == 1);
    CHECK_THAT(unplaced.err,
               Catch::Contains("loose.gift:1:1: error: question \"which-is-right\" has no category"));
    const Run placed = cli(db + " import --domain beta --pack-id my-loose " + loose.string());
    CHECK(placed.exitCode == 0);
    CHECK_THAT(placed.out, Catch::Contains("my-loose 1.0.0 (new): 1 added"));

    writeFile(loose, "Which is right?{=this ~that ~other}\n");
    CHECK(cli(db + " import --domain beta --pack-id my-loose " + loose.string()).exitCode == 1);
    const Run updated =
        cli(db + " import --domain beta --pack-id my-loose --pack-version 1.1 " + loose.string());
    CHECK(updated.exitCode == 0);
    CHECK_THAT(updated.out, Catch::Contains("my-loose 1.1 (was 1.0.0): 0 added, 1 updated"));

    CHECK(cli(db + " import --exam nope " + data("sample.gift")).exitCode == 1);
    CHECK(cli(db + " import --pack-version").exitCode == 2);
}

TEST_CASE("no command writes into another application's database; read-only commands never write", "[cli]")
{
    TempDir dir;
    const auto foreign = dir / "places.sqlite";
    {
        certdrill::Database db(foreign.string());
        db.exec("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places (url) "
                "VALUES ('https://example.com')");
    }
    const std::string before = readFile(foreign);
    const std::string db = "--db " + foreign.string() + " ";
    for (const std::string& command :
         std::vector<std::string>{"list exams", "list packs", "validate " + data("mini-exam.json"),
                                  "lint " + data("mini-questions.json"), "tracker", "mock-plan", "history",
                                  "import " + data("mini-exam.json"), "set target 0.9"}) {
        const Run r = cli(db + command);
        INFO(command);
        CHECK(r.exitCode == 1);
        CHECK(countLines(r.err, "\n") == 1); // said once
        CHECK_THAT(r.err, Catch::StartsWith("certdrill-cli: database " + foreign.string() +
                                            " is not a certdrill database (it has other tables than "
                                            "certdrill's); certdrill did not change it."));
    }
    CHECK(readFile(foreign) == before);
    CHECK_FALSE(std::filesystem::exists(foreign.string() + "-wal"));

    // A read-only command on a missing database says so and creates nothing.
    const auto missing = dir / "none.db";
    const Run list = cli("--db " + missing.string() + " list exams");
    CHECK(list.exitCode == 1);
    CHECK(list.err == "certdrill-cli: no database at " + missing.string() + " (import a pack first)\n");
    CHECK_FALSE(std::filesystem::exists(missing));

    // On a certdrill database they leave every byte as it was.
    const auto mine = dir / "mine.db";
    REQUIRE(
        cli("--db " + mine.string() + " import " + data("mini-exam.json") + " " + data("mini-questions.json"))
            .exitCode == 0);
    const std::string imported = readFile(mine);
    for (const std::string& command :
         std::vector<std::string>{"list exams", "list domains --json", "tracker", "mock-plan --count 2",
                                  "drill-plan", "history", "validate " + data("mini-questions.json")}) {
        INFO(command);
        CHECK(cli("--db " + mine.string() + " " + command).exitCode == 0);
    }
    CHECK(readFile(mine) == imported);
}

TEST_CASE("repeated warnings are summarised, hostile text is escaped, a corrupt database is named once",
          "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    REQUIRE(cli(db + "import " + data("mini-exam.json")).exitCode == 0);
    std::string gift = "$CATEGORY: alpha\n\n";
    for (int i = 0; i < 50; ++i) {
        gift += "::q" + std::to_string(i) + ":: Question " + std::to_string(i) + "?{=a ~b}\n\n";
    }
    const auto nowhy = dir / "nowhy.gift";
    writeFile(nowhy, gift);
    const Run valid = cli(db + "validate " + nowhy.string());
    CHECK(valid.exitCode == 0);
    CHECK(countLines(valid.err, "\n") == 3);
    CHECK_THAT(valid.err, Catch::Contains("(and 47 more like it in this file)"));
    CHECK_THAT(valid.out, Catch::Contains("50 questions, 50 warnings"));

    // An id that would clear the terminal is printed escaped.
    const auto esc = dir / "esc.json";
    writeFile(esc, R"({"format": "certdrill-pack/1", "pack": {"id": "\u001b[2J", "title": "T", "version": "1",
        "authors": ["a"], "license": "MIT"}, "exams": []})");
    const Run escaped = cli(db + "validate " + esc.string());
    CHECK(escaped.exitCode == 1);
    CHECK(escaped.err.find('\x1b') == std::string::npos);
    CHECK_THAT(escaped.err, Catch::Contains("\\u001B[2J"));

    // A database whose pages are garbage: the reason, with the path, once.
    const auto corrupt = dir / "corrupt.db";
    REQUIRE(cli("--db " + corrupt.string() + " import " + data("mini-exam.json") + " " +
                data("mini-questions.json"))
                .exitCode == 0);
    std::string bytes = readFile(corrupt);
    REQUIRE(bytes.size() > 8192);
    for (std::size_t i = 4096; i < bytes.size(); ++i) {
        bytes[i] = static_cast<char>(i * 7);
    }
    writeFile(corrupt, bytes);
    const Run broken = cli("--db " + corrupt.string() + " list packs");
    CHECK(broken.exitCode == 1);
    CHECK(countLines(broken.err, "\n") == 1);
    CHECK_THAT(broken.err, Catch::Contains(corrupt.string()));
    CHECK_THAT(broken.err, Catch::Contains("malformed"));
}

TEST_CASE("a file-size limit (SIGXFSZ) ends an import with a message naming the database", "[cli]")
{
    TempDir dir;
    const auto db = dir / "db.sqlite";
    // 200 blocks of 512 bytes: the bundled bank does not fit. Without the signal ignored the shell would
    // report a kill by SIGXFSZ and the CLI would say nothing.
    const std::string command = "ulimit -f 200; " + std::string(CERTDRILL_CLI) + " --db " + db.string() +
                                " import " + std::string(CERTDRILL_QUESTIONS_DIR) + "/*.json >" +
                                (dir / "out").string() + " 2>" + (dir / "err").string();
    const int status = std::system(("sh -c '" + command + "'").c_str());
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 1);
    const std::string err = readFile(dir / "err");
    CHECK_THAT(err, Catch::Contains("certdrill-cli: "));
    CHECK_THAT(err, Catch::Contains(db.string()));
    CHECK_THAT(err, Catch::Contains("File too large"));
}

TEST_CASE("validate and import read a GIFT file named .txt, as Moodle exports it, as GIFT", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string();
    REQUIRE(cli(db + " import " + data("mini-exam.json")).exitCode == 0);
    const auto txt = dir / "moodle-export.txt";
    writeFile(txt, readFile(dataFile("sample.gift")));
    const Run valid = cli(db + " validate " + txt.string());
    CHECK(valid.exitCode == 0);
    CHECK_THAT(valid.out, Catch::Contains("1 file is valid: 4 questions"));
    CHECK_THAT(valid.err,
               Catch::Contains("moodle-export.txt:24:1: warning: numerical questions are not imported"));
    const Run imported = cli(db + " import " + txt.string());
    CHECK(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("gift-moodle-export 1.0.0 (new): 4 added"));
    // Moodle XML under another name likewise.
    const auto xml = dir / "quiz-export";
    writeFile(xml, readFile(dataFile("sample.xml")));
    CHECK_THAT(cli(db + " import " + xml.string()).out, Catch::Contains("moodle-quiz-export 1.0.0 (new)"));
}

TEST_CASE("import reads Moodle XML, and a malformed XML file changes nothing", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string();
    REQUIRE(cli(db + " import " + data("mini-exam.json")).exitCode == 0);

    const auto broken = dir / "broken.xml";
    writeFile(broken, "<quiz>\n  <question type=\"multichoice\">\n  </quiz>\n");
    const Run refused = cli(db + " import " + data("sample.xml") + " " + broken.string());
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains("broken.xml:3:"));
    CHECK_THAT(refused.err, Catch::Contains("error: not well-formed XML"));
    // All or nothing: the valid sample.xml in the same batch was not imported either.
    CHECK_THAT(cli(db + " list packs").out, !Catch::Contains("moodle-sample"));

    const Run imported = cli(db + " import " + data("sample.xml"));
    CHECK(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("moodle-sample 1.0.0 (new): 3 added"));
    CHECK_THAT(imported.err, Catch::Contains("warning: <question type=\"essay\"> is not imported"));
    CHECK_THAT(cli(db + " list packs").out, Catch::Contains("moodle-sample"));
}

TEST_CASE("a GIFT or XML file that is not UTF-8 is one located error and changes nothing", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    REQUIRE(cli(db + " import " + data("mini-exam.json")).exitCode == 0);
    const auto gift = dir / "latin1.gift";
    writeFile(gift, "$CATEGORY: fine-tuning\n\n::caf\xE9:: Caf\xE9? {=oui#w ~non#w}\n");
    const auto xml = dir / "latin1.xml";
    writeFile(xml, "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<quiz>\n<question type=\"multichoice\">"
                   "<name><text>caf\xE9</text></name></question>\n</quiz>\n");

    const Run g = cli(db + " validate " + gift.string());
    CHECK(g.exitCode == 1);
    CHECK_THAT(g.err, Catch::StartsWith(gift.string() + ":3:6: error: file is not valid UTF-8\n"));
    CHECK(countLines(g.err, ": error: ") == 1);
    const Run x = cli(db + " validate " + xml.string());
    CHECK(x.exitCode == 1);
    CHECK_THAT(x.err, Catch::StartsWith(xml.string() + ":3:45: error: file is not valid UTF-8\n"));

    const std::string before = readFile(dbPath);
    const Run batch = cli(db + " import " + data("sample.gift") + " " + gift.string());
    CHECK(batch.exitCode == 1);
    CHECK_THAT(batch.err, Catch::Contains("nothing was imported"));
    CHECK(readFile(dbPath) == before);
}

TEST_CASE("a missing file, a directory and an empty --db are reported as such", "[cli]")
{
    TempDir dir;
    std::filesystem::create_directory(dir / "adir.json");
    const Run r = cli("validate " + (dir / "adir.json").string() + " " + (dir / "none.json").string());
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, Catch::Contains("adir.json:1:1: error: is a directory, not a pack file\n"));
    CHECK_THAT(r.err, Catch::Contains("none.json:1:1: error: no such file\n"));
    CHECK_THAT(r.err, !Catch::Contains("/: "));

    const Run emptyDb = cli("--db '' import " + data("mini-exam.json"));
    CHECK(emptyDb.exitCode == 2);
    CHECK_THAT(emptyDb.err, Catch::Contains("--db needs a path"));
    CHECK(emptyDb.out.empty());
}

TEST_CASE("numeric options are whole numbers in range, or a usage error", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    REQUIRE(cli(db + "import " + data("mini-exam.json") + " " + data("mini-questions.json")).exitCode == 0);
    for (const std::string bad : {"--count 65x", "--count 1e3", "--count 2.5", "--count ''", "--count +3",
                                  "--seed 1.5", "--seed -1", "--seed 99999999999999999999", "--count 0"}) {
        for (const std::string command : {"mock-plan ", "drill-plan "}) {
            const Run r = cli(db + command + bad);
            INFO(command + bad + ": " + r.err);
            CHECK(r.exitCode == 2);
            CHECK(r.out.empty());
        }
    }
    CHECK_THAT(cli(db + "mock-plan --count 65x").err,
               Catch::Contains("mock-plan: --count takes a whole number, not \"65x\""));
    CHECK_THAT(cli(db + "drill-plan --seed -1").err,
               Catch::Contains("drill-plan: --seed takes a whole number (0 or more), not \"-1\""));
    CHECK_THAT(cli(db + "mock-plan --count 0").err, Catch::Contains("--count must be between 2 and 4"));
    CHECK(cli(db + "mock-plan --count 2 --seed 5").exitCode == 0);
    CHECK(cli(db + "mock-plan --seed 5").exitCode == 0); // the exam's default length

    for (const std::string bad : {"--learners 2.9", "--learners 0", "--learners 100001", "--learners -3",
                                  "--seed 1.5", "--seed -1"}) {
        const Run r = cli("simulate " + bad);
        INFO(bad + ": " + r.err);
        CHECK(r.exitCode == 2);
    }
    CHECK_THAT(cli("simulate --learners 100001").err, Catch::Contains("between 1 and 100000"));
}

TEST_CASE("every bad set argument is a usage error", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    for (const std::string bad : {"target 1", "target abc", "target 0.8x", "target nan", "bogus 0.8",
                                  "readiness-score 0.9", "target"}) {
        const Run r = cli(db + "set " + bad);
        INFO(bad + ": " + r.err);
        CHECK(r.exitCode == 2);
    }
    CHECK_THAT(cli(db + "set bogus 0.8").err, Catch::Contains("unknown setting \"bogus\""));
    CHECK(cli(db + "set target 0.85").exitCode == 0);
}

TEST_CASE("a Moodle import without --pack-version keeps the stored version; logs stay quiet", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    REQUIRE(cli(db + "import " + data("mini-exam.json")).exitCode == 0);
    const auto gift = dir / "x.gift";
    writeFile(gift, "$CATEGORY: alpha\n\nWhich? (Select ONE.){=a ~b}\n");
    REQUIRE(cli(db + "import --pack-version 1.1 " + gift.string()).exitCode == 0);

    const Run again = cli(db + "import " + gift.string());
    CHECK(again.exitCode == 0);
    CHECK_THAT(again.out, Catch::Contains("gift-x 1.1: already imported, unchanged (1 question)"));

    // A refused import prints the CLI's message only; --verbose adds the core's log line.
    const Run older = cli(db + "import --pack-version 1.0 " + gift.string());
    CHECK(older.exitCode == 1);
    CHECK_THAT(older.err, Catch::Contains("import failed:"));
    CHECK_THAT(older.err, Catch::Contains("is older than the imported version 1.1"));
    CHECK_THAT(older.err, !Catch::Contains("[warning]"));
    const Run verbose = cli("--verbose " + db + "import --pack-version 1.0 " + gift.string());
    CHECK_THAT(verbose.err, Catch::Contains("[warning] import rolled back"));
    CHECK_THAT(verbose.out, !Catch::Contains("[warning]")); // stdout stays the command's output only

    // A changed file at the same version: the refusal names the option to raise, from what, to what.
    writeFile(gift, "$CATEGORY: alpha\n\nWhich? (Select ONE.){=a ~b ~c}\n");
    const Run edited = cli(db + "import " + gift.string());
    CHECK(edited.exitCode == 1);
    CHECK_THAT(edited.err,
               Catch::Contains("gift-x\" version 1.1 is already imported with different content; to "
                               "update it, raise the pack version from 1.1 to a higher one such as "
                               "1.2 (--pack-version)"));
    CHECK(cli(db + "import --pack-version '' " + gift.string()).exitCode == 2);
}

TEST_CASE("counts read \"1 question\", and one learner has no interval", "[cli]")
{
    TempDir dir;
    const auto one = dir / "one.gift";
    writeFile(one, "$CATEGORY: alpha\n\nWhich?{=a#x ~b#y}\n");
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    REQUIRE(cli(db + "import " + data("mini-exam.json")).exitCode == 0);
    CHECK_THAT(cli(db + "validate " + one.string()).out, Catch::Contains("valid: 1 question, 0 warnings"));
    CHECK_THAT(cli(db + "import " + one.string()).out, Catch::Contains("gift-one 1.0.0 (new): 1 added"));
    CHECK_THAT(cli(db + "drill-plan --count 1 --seed 1").out, Catch::Contains(": 1 question, seed 1"));

    const Run sim = cli("simulate --learners 1");
    CHECK(sim.exitCode == 0);
    CHECK_THAT(sim.out, Catch::Contains("[n/a]"));
    CHECK_THAT(sim.out, !Catch::Contains("[+0.00, +0.00]"));
    const Run simJson = cli("simulate --learners 1 --json");
    CHECK_THAT(simJson.out, Catch::Contains("\"lower95\": null"));
    CHECK_THAT(cli("simulate --learners 2").out, !Catch::Contains("n/a"));
}

TEST_CASE("a bad --pack-version is a usage error of the option, and changes nothing", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = dbWithExam(dir);
    const std::string before = readFile(dbPath);
    for (const std::string bad : {"banana", "1..2", "v1.2", "1.2.3.4.5", "-1"}) {
        for (const std::string command : {"import", "validate", "lint", "convert -o -"}) {
            const Run r = cli(db + " " + command + " --pack-version " + bad + " " + data("sample.gift"));
            INFO(command << " --pack-version " << bad << ": " << r.err);
            CHECK(r.exitCode == 2);
            CHECK_THAT(r.err,
                       Catch::Contains("--pack-version takes dotted numbers such as 1.0.0 or 1.2, not \"" +
                                       bad + "\""));
            CHECK_THAT(r.err, !Catch::Contains("sample.gift"));
            CHECK(r.out.empty());
        }
    }
    CHECK(readFile(dbPath) == before);
    // Dotted numbers of one to four parts are versions.
    const Run good = cli(db + " import --pack-version 1.2 " + data("sample.gift"));
    CHECK(good.exitCode == 0);
    CHECK_THAT(good.out, Catch::Contains("gift-sample 1.2 (new): 4 added"));
}

TEST_CASE("a re-import of a newer version lists the questions it adds, changes and removes", "[cli]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir) + " ";
    const auto gift = dir / "week.gift";
    std::string v1 = "$CATEGORY: alpha\n\n";
    for (int i = 1; i <= 12; ++i) {
        v1 += "::q" + std::to_string(i) + ":: Question " + std::to_string(i) + "?{=a ~b}\n\n";
    }
    writeFile(gift, v1);
    const Run first = cli(db + "import " + gift.string());
    REQUIRE(first.exitCode == 0);
    CHECK_THAT(first.out, !Catch::Contains("new: ")); // a new pack's questions are all new: the count says it

    // Version 2: q1 and q2 changed, q3 to q12 removed, q13 to q23 new (ten of them listed, then "and N
    // more").
    std::string v2 =
        "$CATEGORY: alpha\n\n::q1:: Question 1, reworded?{=a ~b}\n\n::q2:: Question 2?{=a ~c}\n\n";
    for (int i = 13; i <= 23; ++i) {
        v2 += "::q" + std::to_string(i) + ":: Question " + std::to_string(i) + "?{=a ~b}\n\n";
    }
    writeFile(gift, v2);
    const Run dry = cli(db + "import --dry-run --pack-version 2 " + gift.string());
    CHECK(dry.exitCode == 0);
    const std::string line = "    new: q13, q14, q15, q16, q17, q18, q19, q20 and 3 more; changed: q1, q2; "
                             "removed: q10, q11, q12, q3, q4, q5, q6, q7 and 2 more\n";
    CHECK_THAT(
        dry.out,
        Catch::Contains("gift-week 2 (was 1.0.0): 11 added, 2 updated, 10 retired, 0 unchanged\n" + line));
    const Run real = cli(db + "import --pack-version 2 " + gift.string());
    CHECK_THAT(real.out, Catch::Contains(line));
}

TEST_CASE("lint --json prints the errors of a pack that does not load as JSON", "[cli][lint]")
{
    const Run r = cli("--db /nonexistent/none.db lint --json " + data("five-errors.json"));
    CHECK(r.exitCode == 1);
    const auto j = nlohmann::json::parse(r.out); // throws, failing the test, when stdout is not JSON
    REQUIRE_FALSE(j["errors"].empty());
    // Each error as validate locates it (without a database the exam "mini" is unknown too).
    bool colour = false;
    for (const auto& e : j["errors"]) {
        CHECK(e["file"] == data("five-errors.json"));
        colour = colour || (e["line"] == 5 && e["column"] == 96 && e["pointer"] == "/questions/0/colour");
    }
    CHECK(colour);
    CHECK(j["total"].is_null());
    CHECK(j["findings"].empty());
    CHECK(nlohmann::json::parse(
              cli("--db /nonexistent/none.db lint --json " + data("lint-cued.json")).out)["errors"]
              .empty());
}

TEST_CASE("a duplicate question id names where the id was first used", "[cli]")
{
    TempDir dir;
    const auto pack = dir / "twice.json";
    writeFile(pack, R"({"format": "certdrill-pack/1",
  "pack": {"id": "twice", "title": "Twice", "version": "1.0.0", "authors": ["t"], "license": "CC0-1.0"},
  "questions": [
    {"id": "same", "exam": "mini", "domain": "alpha", "stem": "First?", "select": 1,
     "options": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]},
    {"id": "same", "exam": "mini", "domain": "alpha", "stem": "Second?", "select": 1,
     "options": [{"text": "A", "correct": true}, {"text": "B", "correct": false}]}
  ]
}
)");
    const Run r = cli("validate " + data("mini-exam.json") + " " + pack.string());
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err,
               Catch::Contains("twice.json:6:12: error: /questions/1/id: duplicate question id \"same\", "
                               "first used at line 4, column 12 (/questions/0/id)"));
}

TEST_CASE("validate and import count files in words, never \"file(s)\"", "[cli]")
{
    TempDir dir;
    const std::string db = "--db " + (dir / "db.sqlite").string() + " ";
    CHECK_THAT(cli(db + "validate " + data("mini-exam.json")).out,
               Catch::Contains("1 file is valid: 0 questions"));
    CHECK_THAT(cli(db + "validate " + data("mini-exam.json") + " " + data("mini-questions.json")).out,
               Catch::Contains("2 files are valid: 4 questions"));
    CHECK_THAT(cli(db + "validate " + data("five-errors.json")).err, Catch::Contains(" in 1 file\n"));
    const Run import = cli(db + "import " + data("mini-exam.json"));
    CHECK_THAT(import.out, Catch::Contains("importing 1 file into "));
    CHECK_THAT(import.out + import.err, !Catch::Contains("(s)"));
}

namespace {

/// Where in the lines of `out` that start with `prefix` one of `values` stands as a word (spaces on both
/// sides, or the line's end after it): one column each for a table whose columns hold whole ids of any
/// length. `lines` counts the lines that hold one.
std::set<std::size_t> columnsOf(const std::string& out, const std::vector<std::string>& values, int& lines,
                                const std::string& prefix = "")
{
    std::set<std::size_t> at;
    std::istringstream in(out);
    std::string line;
    lines = 0;
    while (std::getline(in, line)) {
        if (line.compare(0, prefix.size(), prefix) != 0) {
            continue;
        }
        bool found = false;
        for (const std::string& v : values) {
            const std::size_t p = (" " + line + " ").find(" " + v + " ");
            if (p != std::string::npos) {
                at.insert(p);
                found = true;
                break;
            }
        }
        lines += found;
    }
    return at;
}

} // namespace

TEST_CASE("tables print long ids whole and keep their columns; results name partly answered questions",
          "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    // Ids may be 64 characters long, and the bundled packs' "pack/question" keys are 37: a pack whose id and
    // q2's id are 40 characters long.
    const std::string longPack = "a-pack-id-as-long-as-forty-characters-xy";
    const std::string longId = "a-question-id-of-forty-characters-long-x";
    auto pack = nlohmann::json::parse(readFile(dataFile("mini-questions.json")));
    pack["pack"]["id"] = longPack;
    for (auto& q : pack["questions"]) {
        if (q["id"] == "q2") {
            q["id"] = longId;
        }
    }
    writeFile(dir / "long.json", pack.dump());
    std::vector<std::int64_t> ids;
    {
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        REQUIRE(store.value()->importFiles({dataFile("mini-exam.json"), dir / "long.json"}).ok());
        const auto exam = store.value()->exam("mini").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
        // Twice the same form: the first time one of q2's two options, then q2 and q4 right, so the two
        // sittings compare question by question.
        for (int sitting = 0; sitting < 2; ++sitting) {
            auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
            REQUIRE(s.ok());
            ids.push_back(s.value()->id());
            for (const auto& it : s.value()->items()) {
                if (it.question.id == longId) {
                    REQUIRE(s.value()
                                ->choose(it.position,
                                         sitting == 0 ? std::vector<int>{0} : it.question.correctOptions())
                                .ok());
                    if (sitting == 0) {
                        certdrill::ProblemReport r;
                        r.questionRow = it.questionRow;
                        r.kind = certdrill::ErrataKind::Typo;
                        REQUIRE(certdrill::reportProblem(*store.value(), r).ok());
                    }
                } else if (it.question.id == "q4" && sitting == 1) {
                    REQUIRE(s.value()->choose(it.position, it.question.correctOptions()).ok());
                } else if (it.question.id == "q4") {
                    certdrill::ProblemReport r;
                    r.questionRow = it.questionRow;
                    r.kind = certdrill::ErrataKind::Other;
                    REQUIRE(certdrill::reportProblem(*store.value(), r).ok());
                }
            }
            clock.advanceMinutes(2);
            REQUIRE(s.value()->submit().ok());
        }
    }
    const Run results = cli(db + " results " + std::to_string(ids[0]));
    REQUIRE(results.exitCode == 0);
    // The summary says what the screens and the PDF say; the per-question result keeps the CSV's word.
    CHECK_THAT(results.out, Catch::Contains("3 of 4 unanswered, 1 partly answered"));
    int lines = 0;
    CHECK(columnsOf(results.out, {"domain", "alpha", "beta"}, lines).size() == 1);
    CHECK(lines == 5);

    const Run errata = cli(db + " errata");
    REQUIRE(errata.exitCode == 0);
    CHECK(columnsOf(errata.out, {"version", "1.0.0"}, lines).size() == 1);
    CHECK(lines == 3);

    const Run packs = cli(db + " list packs");
    REQUIRE(packs.exitCode == 0);
    CHECK(columnsOf(packs.out, {"1.0.0"}, lines).size() == 1);
    CHECK(lines == 2);

    const Run compare = cli(db + " compare " + std::to_string(ids[0]) + " " + std::to_string(ids[1]));
    REQUIRE(compare.exitCode == 0);
    CHECK(columnsOf(compare.out, {"fixed", "still-missed"}, lines, "  ").size() == 1);
    CHECK(lines == 4);
    CHECK_THAT(compare.out, Catch::Contains(longId + " fixed"));
}
