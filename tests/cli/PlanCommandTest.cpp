// certdrill-cli plan: the home screen's verdict, next step and plan, and the options that set the plan.
#include <chrono>
#include <ctime>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/learn/DrillSession.h"
#include "certdrill/learn/StudyPlan.h"

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

/// Today in this machine's time zone, as the CLI counts it, plus `days`.
std::string localDate(int days)
{
    const auto nowMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
    const std::time_t t = static_cast<std::time_t>(nowMs / 1000);
    std::tm local{};
    localtime_r(&t, &local);
    return certdrill::dayText(certdrill::localDay(nowMs, static_cast<int>(local.tm_gmtoff / 60)) + days);
}

} // namespace

TEST_CASE("plan prints the next step and counts down to the exam date it sets", "[cli][plan]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    const Run empty = cli(db + " plan");
    CHECK(empty.exitCode == 0);
    CHECK_THAT(empty.out, Catch::Contains("Next: Import a question pack"));

    REQUIRE(cli(db + " import " + dataFile("mini-exam.json").string() + " " +
                dataFile("mini-questions.json").string())
                .exitCode == 0);
    Run text = cli(db + " plan");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::StartsWith("Not measured yet: no answers so far.\n"
                                           "Next: Start with a practice exam to find your level\n"));
    CHECK_THAT(text.out, Catch::Contains("Due today: 0 questions; unseen 4 of 4"));
    CHECK_THAT(text.out, Catch::Contains("Last exam simulations: none (pass mark 70%, readiness 80%)"));
    CHECK_THAT(text.out, Catch::Contains("  R  60%  Alpha\n  R  40%  Beta\n"));
    CHECK_THAT(text.out, Catch::Contains("  - No exam date set"));

    const std::string in30 = localDate(30);
    text = cli(db + " plan --exam-date " + in30 + " --hours-per-week 8");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("  - 30 days left (exam on " + in30 + ")"));
    CHECK_THAT(text.out, Catch::Contains("At least 1 question a day: 4 unseen and 0 reviews"));
    CHECK_THAT(text.out, Catch::Contains("(your budget: 8.0 h a week)"));

    auto j = nlohmann::json::parse(cli(db + " plan --json").out);
    CHECK(j["exam"] == "mini");
    CHECK(j["next"]["kind"] == "practice-exam");
    CHECK(j["exam_date"] == in30);
    CHECK(j["today"] == localDate(0));
    CHECK(j["days_left"] == 30);
    CHECK(j["questions_per_day"] == 1);
    CHECK(j["hours_per_week"] == 8);
    CHECK(j["attempts_left"] == 5);
    CHECK(j["retake_from"].is_null());
    CHECK(j["readiness_last_met"].is_null());

    // A failed attempt three days ago: the wait runs 11 more days, one of five attempts is used.
    REQUIRE(cli(db + " plan --failed-attempt " + localDate(-3)).exitCode == 0);
    j = nlohmann::json::parse(cli(db + " plan --json").out);
    CHECK(j["failed_attempts"] == nlohmann::json::array({localDate(-3)}));
    CHECK(j["retake_from"] == localDate(11));
    CHECK(j["attempts_left"] == 4);
    CHECK(j["exam_date"] == in30); // unchanged by the other options

    // Bad arguments are usage errors; an attempt in the future is refused. Neither changes anything.
    const std::string before = readFile(dbPath);
    CHECK(cli(db + " plan --exam-date 2026-02-30").exitCode == 2);
    CHECK(cli(db + " plan --exam-date tomorrow").exitCode == 2);
    CHECK(cli(db + " plan --hours-per-week 101").exitCode == 2);
    CHECK(cli(db + " plan --hours-per-week 2.5").exitCode == 2);
    CHECK(cli(db + " plan --failed-attempt").exitCode == 2);
    CHECK(cli(db + " plan extra").exitCode == 2);
    const Run future = cli(db + " plan --failed-attempt " + localDate(2));
    CHECK(future.exitCode == 1);
    CHECK_THAT(future.err, Catch::Contains("is in the future"));
    CHECK(nlohmann::json::parse(cli(db + " plan --json").out)["failed_attempts"].size() == 1);
    CHECK(readFile(dbPath).size() == before.size());

    // A date in the past, then none.
    CHECK_THAT(cli(db + " plan --exam-date " + localDate(-1)).out, Catch::Contains("has passed"));
    j = nlohmann::json::parse(cli(db + " plan --exam-date none --json").out);
    CHECK(j["exam_date"].is_null());
    CHECK(j["days_left"].is_null());
    CHECK(cli(db + " plan --exam no-such-exam").exitCode == 1);
    CHECK_THAT(cli(db + " --help").out, Catch::Contains("plan [--exam ID] [--json] [--exam-date D|none]"));
}

TEST_CASE("after weak drill answers plan names the drill", "[cli][plan]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    {
        // Answers come through the core (the CLI does not drill), wrong, a day ago on a clock set to now.
        certdrill::FakeClock clock(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::system_clock::now().time_since_epoch())
                                       .count() -
                                   86'400'000);
        auto store = certdrill::Store::open(dbPath, clock);
        REQUIRE(store.ok());
        REQUIRE(
            store.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        const auto exam = store.value()->exam("mini").value();
        const auto pool = store.value()->candidates("mini").value();
        certdrill::DrillPlan plan;
        for (const auto& c : pool) {
            if (c.question.domain == "alpha") { // Beta stays unanswered, so no exam simulation is due yet
                plan.questions.push_back({c.rowId, 0, certdrill::PlannedQuestion::Reason::Unseen, -1});
            }
        }
        auto drill = certdrill::DrillSession::start(*store.value(), exam, plan, pool, 1, false);
        REQUIRE(drill.ok());
        for (const auto& it : drill.value()->items()) {
            // One wrong option, then right ones up to the count the question asks for.
            std::vector<int> wrong;
            for (std::size_t i = 0; i < it.question.options.size() && wrong.empty(); ++i) {
                if (!it.question.options[i].correct) {
                    wrong.push_back(static_cast<int>(i));
                }
            }
            for (const int i : it.question.correctOptions()) {
                if (static_cast<int>(wrong.size()) < it.question.select) {
                    wrong.push_back(i);
                }
            }
            clock.advanceMinutes(2);
            REQUIRE(drill.value()->check(it.position, wrong, std::nullopt).ok());
        }
    }
    const Run text = cli("--db " + dbPath.string() + " plan");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out, Catch::Contains("Next: Drill 4: Alpha (Yellow), Beta (Red)"));
    CHECK_THAT(text.out, Catch::Contains("Not ready yet: 0 of 2 domains Green"));
    const auto j = nlohmann::json::parse(cli("--db " + dbPath.string() + " plan --json").out);
    CHECK(j["next"]["kind"] == "drill");
    CHECK(j["next"]["count"] == 20);
    CHECK(j["hours_total"].get<double>() == Approx(4.0 / 60)); // two answers two minutes apart
    CHECK(j["domains"][1]["band"] == "red");
}
