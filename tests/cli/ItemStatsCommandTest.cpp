// certdrill-cli item-stats end to end: results --csv files of several sittings in, per-question figures out.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/ExamSession.h"

#include "CliSupport.h"
#include "TestSupport.h"

TEST_CASE("item-stats reads results --csv files of a class and reports each question", "[cli][itemstats]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = dbWithExam(dir);
    REQUIRE(cli(db + " import " + data("mini-questions.json")).exitCode == 0);
    std::vector<std::int64_t> sessions;
    {
        // Three sittings of the same four questions: everything right, q1 only, nothing (core-made: the CLI
        // does not sit exams).
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        const auto exam = store.value()->exam("mini").value();
        for (int sitting = 0; sitting < 3; ++sitting) {
            const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
            auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
            REQUIRE(s.ok());
            for (const auto& it : s.value()->items()) {
                if (sitting == 0 || (sitting == 1 && it.question.id == "q1")) {
                    REQUIRE(s.value()->choose(it.position, it.question.correctOptions()).ok());
                }
            }
            clock.advanceMinutes(5);
            REQUIRE(s.value()->submit().ok());
            sessions.push_back(s.value()->id());
        }
    }
    std::string files;
    for (const std::int64_t id : sessions) {
        const auto file = dir / ("s" + std::to_string(id) + ".csv");
        writeFile(file, cli(db + " results " + std::to_string(id) + " --csv --anonymous").out);
        files += " " + file.string();
    }

    const Run text = cli("item-stats" + files);
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::StartsWith("3 attempts, 4 questions"));
    // q1: right in sittings 1 and 2 (rest shares 1 and 0), wrong in 3 (rest 0): r = (1/3) / (2/3) = 50%, and
    // no pairing of these values covaries more, so the efficiency is 100%; D: 1 in the upper third, 0 in the
    // lower.
    const size_t q1At = text.out.find("\nmini-questions/q1 ");
    REQUIRE(q1At != std::string::npos);
    const std::string q1Line = text.out.substr(q1At + 1, text.out.find('\n', q1At + 1) - q1At - 1);
    CHECK_THAT(q1Line, Catch::Matches(
                           R"(mini-questions/q1 +1\.0\.0 +3 +66\.7% +50\.0% +100\.0% +1\.00 +A\*2 B0 none1 +)"
                           R"(never chosen: B; few responses)"));
    CHECK_THAT(text.out, Catch::Contains("few responses: fewer than 30 attempts"));

    const Run j = cli("item-stats --json" + files + files); // every file twice: counted once, with warnings
    CHECK(j.exitCode == 0);
    CHECK_THAT(j.err, Catch::Contains("was already read from"));
    const auto parsed = nlohmann::json::parse(j.out);
    CHECK(parsed["attempts"] == 3);
    CHECK(parsed["min_responses"] == 30);
    REQUIRE(parsed["items"].size() == 4);
    const auto& q1 = parsed["items"][0];
    CHECK(q1["question"] == "q1");
    CHECK(q1["responses"] == 3);
    CHECK(q1["correct"] == 2);
    CHECK(q1["facility"].get<double>() == Approx(2.0 / 3));
    CHECK(q1["discrimination"].get<double>() == Approx(0.5));
    CHECK(q1["options"][0]["chosen"] == 2);
    CHECK(q1["unused_distractors"] == "B");
    CHECK(q1["too_few_responses"] == true);

    CHECK(cli("item-stats").exitCode == 2);
    CHECK(cli("item-stats --bogus" + files).exitCode == 2);
    const Run missing = cli("item-stats " + (dir / "nope.csv").string());
    CHECK(missing.exitCode == 1);
    CHECK_THAT(missing.err, Catch::Contains("nope.csv: cannot open file for reading"));
    writeFile(dir / "old.csv", "position,question_id\n1,q1\n");
    CHECK_THAT(cli("item-stats " + (dir / "old.csv").string()).err,
               Catch::Contains("old.csv:1:1: the header lacks"));
}
