// certdrill-cli packs remove end to end: a pack leaves the bank, its history stays, an import brings it back.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/ExamSession.h"

#include "CliSupport.h"
#include "TestSupport.h"

TEST_CASE("packs remove retires a pack's questions, keeps its results, and import restores them",
          "[cli][remove]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = dbWithExam(dir);
    REQUIRE(cli(db + " import " + data("mini-questions.json")).exitCode == 0);
    std::int64_t session = 0;
    {
        // A finished exam on the pack's questions, made through the core (the CLI does not sit exams).
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        const auto exam = store.value()->exam("mini").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
        auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(s.ok());
        REQUIRE(s.value()->submit().ok());
        session = s.value()->id();
    }
    const auto before = storedQuestions(dbPath);

    const Run exam = cli(db + " packs remove mini-exam");
    CHECK(exam.exitCode == 1);
    CHECK_THAT(exam.err,
               Catch::Contains("pack \"mini-exam\" defines exam \"mini\", which 4 questions of pack(s) "
                               "mini-questions use; remove those packs first"));

    const Run removed = cli(db + " packs remove mini-questions");
    REQUIRE(removed.exitCode == 0);
    CHECK_THAT(removed.out, Catch::Contains("removed pack \"mini-questions\" 1.0.0: 4 questions retired"));
    const auto after = storedQuestions(dbPath);
    REQUIRE(after.size() == before.size());
    for (const auto& [key, hash] : before) {
        CHECK(after.at(key) == hash + " retired");
    }
    CHECK_THAT(cli(db + " list packs").out, Catch::Contains("(removed)"));
    const auto listed = nlohmann::json::parse(cli(db + " list packs --json").out);
    CHECK(listed[1]["removed"] == true);
    CHECK(listed[1]["questions"] == 0);
    CHECK(listed[1]["retired"] == 4);
    // The bank has nothing to serve, but the finished exam is still there, question by question.
    CHECK(cli(db + " mock-plan").exitCode == 1);
    const Run results = cli(db + " results " + std::to_string(session));
    CHECK(results.exitCode == 0);
    CHECK_THAT(results.out, Catch::Contains("q1") && Catch::Contains("q4"));
    CHECK_THAT(cli(db + " packs remove mini-questions").err, Catch::Contains("is removed already"));

    const Run preview = cli(db + " import --dry-run " + data("mini-questions.json"));
    CHECK(preview.exitCode == 0);
    CHECK_THAT(preview.out,
               Catch::Contains("mini-questions 1.0.0 (was 1.0.0): 0 added, 0 updated, 4 restored"));
    CHECK(storedQuestions(dbPath) == after);
    const Run restored = cli(db + " import " + data("mini-questions.json"));
    CHECK(restored.exitCode == 0);
    CHECK_THAT(restored.out, Catch::Contains("done: 0 added, 0 updated, 4 restored, 0 retired, 0 unchanged"));
    CHECK(storedQuestions(dbPath) == before);

    CHECK(cli(db + " packs remove").exitCode == 2);
    CHECK(cli(db + " packs drop mini-questions").exitCode == 2);
    CHECK(cli(db + " packs remove nope").exitCode == 1);
}
