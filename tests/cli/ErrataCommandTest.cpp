// certdrill-cli errata end to end, and what history and results say about excluded questions.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/ExamSession.h"

#include "CliSupport.h"
#include "TestSupport.h"

TEST_CASE("errata lists reports for the author; history and results count excluded questions",
          "[cli][errata]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = dbWithExam(dir);
    CHECK(cli(db + " errata").out == "no problems reported\n");
    REQUIRE(cli(db + " import " + data("mini-questions.json")).exitCode == 0);
    std::int64_t session = 0;
    {
        // A finished exam with q1 right, then two reports made through the core, as the app files them.
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        const auto exam = store.value()->exam("mini").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("mini").value(), 4, 1);
        auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(s.ok());
        std::int64_t q2 = 0;
        std::int64_t q4 = 0;
        for (const auto& it : s.value()->items()) {
            if (it.question.id == "q1") {
                REQUIRE(s.value()->choose(it.position, {0}).ok());
            }
            q2 = it.question.id == "q2" ? it.questionRow : q2;
            q4 = it.question.id == "q4" ? it.questionRow : q4;
        }
        clock.advanceMinutes(5);
        REQUIRE(s.value()->submit().ok());
        session = s.value()->id();
        certdrill::ProblemReport r;
        r.questionRow = q2;
        r.kind = certdrill::ErrataKind::WrongKey;
        r.note = "both keys, \"really\"";
        r.chosen = {1, 0};
        r.sessionId = session;
        r.excludeFromScores = true;
        REQUIRE(certdrill::reportProblem(*store.value(), r).ok());
        r.questionRow = q4;
        r.kind = certdrill::ErrataKind::Typo;
        r.note = "spelling";
        r.chosen = {};
        r.excludeFromScores = false;
        REQUIRE(certdrill::reportProblem(*store.value(), r).ok());
    }
    const Run text = cli(db + " errata");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out,
               Catch::Contains("2026-01-01 00:05  mini-questions/q2       1.0.0     wrong-key  AB      yes"
                               "       both keys, \"really\""));
    CHECK_THAT(text.out,
               Catch::Contains("mini-questions/q4       1.0.0     typo       -       no        spelling"));
    const Run csv = cli(db + " errata --csv --pack mini-questions");
    CHECK(csv.out == "reported_utc,pack_id,pack_version,question_id,kind,answer,excluded,note\n"
                     "2026-01-01 00:05,mini-questions,1.0.0,q2,wrong-key,AB,1,\"both keys, \"\"really\"\"\"\n"
                     "2026-01-01 00:05,mini-questions,1.0.0,q4,typo,,0,spelling\n");
    CHECK(cli(db + " errata --pack mini-exam").out == "no problems reported on pack mini-exam\n");
    CHECK(cli(db + " errata --pack").exitCode == 2);
    CHECK(cli(db + " errata extra").exitCode == 2);

    // q2 excluded: 1 of 3 instead of 1 of 4, and said so.
    const Run history = cli(db + " history --json");
    const auto h = nlohmann::json::parse(history.out);
    CHECK(h[0]["correct"] == 1);
    CHECK(h[0]["total"] == 3);
    CHECK(h[0]["excluded"] == 1);
    CHECK_THAT(cli(db + " history").out, Catch::Contains("(1 question excluded)"));
    const Run results = cli(db + " results " + std::to_string(session));
    CHECK_THAT(results.out, Catch::Contains("33.3% (1/3) FAIL, 1 question excluded"));
    CHECK_THAT(results.out, Catch::Matches(R"((.|\n)*q2 +alpha +excluded (.|\n)*)"));
}
