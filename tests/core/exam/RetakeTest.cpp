#include "certdrill/exam/Retake.h"

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamSession.h"

#include "MiniBank.h"

using namespace certdrill;

namespace {

/// An item of question row `row` in domain `domain`, topic `topic`, answered right or wrong.
SessionItem item(std::int64_t row, const char* domain, const char* topic, bool right)
{
    SessionItem it;
    it.questionRow = row;
    it.question.id = "q" + std::to_string(row);
    it.question.domain = domain;
    it.question.subtopic = topic;
    it.question.options = {{"a", true, ""}, {"b", false, ""}};
    it.chosen = {right ? 0 : 1};
    return it;
}

} // namespace

TEST_CASE("a retake compares shared questions and every domain and objective", "[retake]")
{
    const test::MiniBank bank;
    const ExamDef& exam = bank.exam;
    const std::vector<SessionItem> before = {item(1, "alpha", "a1", false), item(2, "alpha", "a2", true),
                                             item(3, "beta", "b1", false), item(4, "beta", "b1", true)};
    const std::vector<SessionItem> after = {item(4, "beta", "b1", false), item(1, "alpha", "a1", true),
                                            item(3, "beta", "b1", false), item(2, "alpha", "a2", true)};
    const RetakeComparison c = compareItems(exam, before, after);
    REQUIRE(c.questions.size() == 4);
    CHECK(c.questions[0].outcome == RetakeOutcome::Slipped); // the later session's order
    CHECK(c.fixed == 1);
    CHECK(c.slipped == 1);
    CHECK(c.stillMissed == 1);
    CHECK(c.rightBoth == 1);
    REQUIRE(c.domains.size() == 2);
    CHECK(c.domains[0].id == "alpha");
    CHECK(c.domains[0].change() == Approx(50.0)); // 1/2 → 2/2
    CHECK(c.domains[1].change() == Approx(-50.0));
    CHECK(c.objectives.size() == 3);

    // No shared question: the objectives carry the comparison.
    const std::vector<SessionItem> other = {item(7, "alpha", "a1", true), item(8, "beta", "b1", true)};
    const RetakeComparison d = compareItems(exam, before, other);
    CHECK_FALSE(d.sharesQuestions());
    REQUIRE(d.objectives.size() == 3);
    CHECK(d.objectives[0].id == "alpha/a1");
    CHECK(d.objectives[0].change() == Approx(100.0));
    CHECK_FALSE(d.objectives[1].comparable()); // a2 only before
}

TEST_CASE("compareSessions orders two finished exams and refuses what cannot be compared", "[retake]")
{
    test::MiniBank bank;
    Store& store = *bank.store;
    const ExamDef& exam = bank.exam;
    const Form form = assembleForm(exam, store.candidates("mini").value(), 4, 1);
    std::int64_t ids[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        auto s = ExamSession::start(store, exam, form, SessionMode::Exam);
        REQUIRE(s.ok());
        for (const auto& it : s.value()->items()) {
            if (k == 1 || it.question.id == "q1") { // first: q1 only; second: everything right
                REQUIRE(s.value()->choose(it.position, it.question.correctOptions()).ok());
            }
        }
        REQUIRE(s.value()->submit().ok());
        ids[k] = s.value()->id();
    }
    const auto c = compareSessions(store, ids[1], ids[0]); // named newest first
    REQUIRE(c.ok());
    CHECK(c->beforeId == ids[0]);
    CHECK(c->fixed == 3);
    CHECK(c->rightBoth == 1);
    CHECK(c->afterScore == Approx(1.0));
    CHECK_FALSE(compareSessions(store, ids[0], ids[0]).ok());
    const auto missing = compareSessions(store, ids[0], 999);
    REQUIRE_FALSE(missing.ok());
    CHECK_THAT(missing.error().message, Catch::Contains("999"));
    auto running = ExamSession::start(store, exam, form, SessionMode::Practice);
    REQUIRE(running.ok());
    CHECK_THAT(compareSessions(store, ids[0], running.value()->id()).error().message,
               Catch::Contains("not finished"));
}
