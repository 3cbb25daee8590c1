#include "certdrill/learn/DrillSession.h"

#include <catch2/catch.hpp>

#include "certdrill/store/Store.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

/// An in-memory store holding the mini exam and its four questions.
std::unique_ptr<Store> miniBank(FakeClock& clock)
{
    auto opened = Store::open(":memory:", clock);
    REQUIRE(opened.ok());
    REQUIRE(opened.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    return std::move(opened.value());
}

} // namespace

TEST_CASE("a drill refuses fewer answers than a multi-select question asks for, and stores nothing",
          "[drill]")
{
    TempDir dir;
    FakeClock clock;
    auto opened = Store::open(dir / "db.sqlite", clock);
    REQUIRE(opened.ok());
    Store& store = *opened.value();
    REQUIRE(store.importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    const ExamDef exam = store.exam("mini").value();
    const auto pool = store.candidates("mini").value();
    DrillPlan plan;
    for (const auto& c : pool) {
        if (c.question.id == "q2") { // "Which two are even? (Select TWO.)"
            plan.questions.push_back({c.rowId, 0, PlannedQuestion::Reason::Unseen, 0.5});
        }
    }
    REQUIRE(plan.questions.size() == 1);
    auto drill = DrillSession::start(store, exam, plan, pool, 1, false);
    REQUIRE(drill.ok());
    DrillSession& d = *drill.value();

    const auto tooFew = d.check(0, {0}, std::nullopt); // one of the two right answers
    REQUIRE_FALSE(tooFew.ok());
    CHECK(tooFew.error().message == "This question asks for 2 answers; choose 2 before checking");
    CHECK_FALSE(d.items()[0].checked);
    Statement answered(store.database(), "SELECT COUNT(*) FROM session_items WHERE correct IS NOT NULL");
    REQUIRE(answered.step());
    CHECK(answered.getInt(0) == 0); // not graded, not final, not evidence

    const auto tooMany = d.check(0, {0, 1, 2}, std::nullopt);
    REQUIRE_FALSE(tooMany.ok());
    CHECK(tooMany.error().message == "This question asks for 2 answers; deselect one first");

    const auto both = d.check(0, {0, 1}, std::nullopt);
    REQUIRE(both.ok());
    CHECK(both.value());
}

TEST_CASE("a drill started from the store serves the planned questions as a drill from their candidates does",
          "[drill]")
{
    FakeClock clock;
    const auto owned = miniBank(clock);
    Store& store = *owned;
    const ExamDef exam = store.exam("mini").value();
    const auto pool = store.candidates("mini").value();
    REQUIRE(pool.size() == 4);
    // Three of the four, in an order of the plan's own.
    DrillPlan plan;
    for (const std::size_t k : {2u, 0u, 1u}) {
        plan.questions.push_back({pool[k].rowId, 0, PlannedQuestion::Reason::Unseen, 0.5});
    }
    auto fromPool = DrillSession::start(store, exam, plan, pool, 9, false);
    auto fromStore = DrillSession::start(store, exam, plan, 9, false);
    REQUIRE(fromPool.ok());
    REQUIRE(fromStore.ok());
    const auto& a = fromPool.value()->items();
    const auto& b = fromStore.value()->items();
    REQUIRE(b.size() == 3);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        CHECK(b[k].questionRow == plan.questions[k].id);
        CHECK(b[k].questionRow == a[k].questionRow);
        CHECK(b[k].optionOrder == a[k].optionOrder);
        CHECK(questionToJson(b[k].question) == questionToJson(a[k].question));
    }
    CHECK(b[1].question.options.size() == pool[0].question.options.size());

    // A plan naming a row the bank does not hold is refused, as from candidates.
    DrillPlan unknown = plan;
    unknown.questions.push_back({999999, 0, PlannedQuestion::Reason::Unseen, 0.5});
    CHECK_FALSE(DrillSession::start(store, exam, unknown, 9, false).ok());
    // So is one retired since the plan was made (its pack removed): it is no longer in the bank.
    REQUIRE(store.removePack("mini-questions").ok());
    const auto retired = DrillSession::start(store, exam, plan, 9, false);
    REQUIRE_FALSE(retired.ok());
    CHECK_THAT(retired.error().message, Catch::Contains("not in the bank"));
}

TEST_CASE("a planned drill starts with the questions the tracker of the whole bank plans", "[drill]")
{
    FakeClock clock;
    const auto owned = miniBank(clock);
    Store& store = *owned;
    const ExamDef exam = store.exam("mini").value();
    PlannerOptions options;
    options.seed = 5;
    options.count = 3;

    // By hand: the tracker over the practice bank, its plan, and a drill from the candidates.
    const auto tracker = buildTracker(store, "mini");
    REQUIRE(tracker.ok());
    const DrillPlan plan = planDrill(tracker->planner, options);
    REQUIRE(plan.questions.size() == 3);
    auto byHand =
        DrillSession::start(store, exam, plan, store.candidates("mini").value(), options.seed, false);
    REQUIRE(byHand.ok());

    auto started = DrillSession::startPlanned(store, exam, TrackerSettings{}, options, true);
    REQUIRE(started.ok());
    REQUIRE(started->session);
    CHECK(started->session->cram());
    const auto& a = byHand.value()->items();
    const auto& b = started->session->items();
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        CHECK(b[k].questionRow == a[k].questionRow);
        CHECK(b[k].optionOrder == a[k].optionOrder);
    }
    CHECK(started->before.planner.items.size() == tracker->planner.items.size());

    // From a planning report already made (the custom drill dialog's): the same drill, and that report as
    // its `before`.
    auto report = DrillSession::planningReport(store, exam, TrackerSettings{});
    REQUIRE(report.ok());
    const int answers = report->answers;
    auto fromReport = DrillSession::startPlanned(store, exam, std::move(report.value()), options, false);
    REQUIRE(fromReport.ok());
    REQUIRE(fromReport->session);
    CHECK_FALSE(fromReport->session->cram());
    const auto& c = fromReport->session->items();
    REQUIRE(c.size() == a.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        CHECK(c[k].questionRow == a[k].questionRow);
    }
    CHECK(fromReport->before.answers == answers);
    CHECK(fromReport->before.planner.items.size() == tracker->planner.items.size());

    // With no questions left there is nothing to plan: no drill, and none stored.
    REQUIRE(store.removePack("mini-questions").ok());
    Statement drills(store.database(), "SELECT COUNT(*) FROM sessions WHERE mode = 'drill'");
    REQUIRE(drills.step());
    const std::int64_t stored = drills.getInt(0);
    const auto empty = DrillSession::startPlanned(store, exam, TrackerSettings{}, options, false);
    REQUIRE(empty.ok());
    CHECK_FALSE(empty->session);
    CHECK(empty->before.planner.items.empty());
    Statement after(store.database(), "SELECT COUNT(*) FROM sessions WHERE mode = 'drill'");
    REQUIRE(after.step());
    CHECK(after.getInt(0) == stored);
}
