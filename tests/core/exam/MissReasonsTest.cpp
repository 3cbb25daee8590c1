#include "certdrill/exam/MissReasons.h"

#include <algorithm>

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/StudyPlan.h"

#include "MiniBank.h"

using namespace certdrill;

namespace {

struct Fixture : test::MiniBank
{
    Form form;

    Fixture()
    {
        form = assembleForm(exam, store->candidates("mini").value(), 4, 1);
        REQUIRE(form.items.size() == 4);
    }
    static int positionOf(const ExamSession& s, const std::string& id)
    {
        for (const auto& it : s.items()) {
            if (it.question.id == id) {
                return it.position;
            }
        }
        FAIL("no " << id);
        return -1;
    }
};

/// A single-answer item whose key is option 0, answered first `first` then `final`.
SessionItem changed(std::vector<int> first, std::vector<int> final)
{
    SessionItem it;
    it.question.options = {{"a", true, ""}, {"b", false, ""}, {"c", false, ""}};
    it.firstChosen = std::move(first);
    it.chosen = std::move(final);
    return it;
}

} // namespace

TEST_CASE("an answer change is classified by the first and the final answer", "[miss]")
{
    CHECK(answerChange(changed({0}, {1})) == AnswerChange::RightToWrong);
    CHECK(answerChange(changed({1}, {0})) == AnswerChange::WrongToRight);
    CHECK(answerChange(changed({1}, {2})) == AnswerChange::WrongToWrong);
    CHECK(answerChange(changed({1}, {1})) == AnswerChange::None);
    CHECK(answerChange(changed({0}, {0})) == AnswerChange::None);
    CHECK(answerChange(changed({}, {1})) == AnswerChange::None); // stored before changes were recorded
    CHECK(answerChange(changed({0}, {})) == AnswerChange::RightToWrong); // cleared at the end: scores wrong
    // A wrong answer cleared was not changed to another wrong one: no change (it was counted wrong to wrong).
    CHECK(answerChange(changed({1}, {})) == AnswerChange::None);
    const AnswerChanges c =
        countAnswerChanges({changed({0}, {1}), changed({0}, {2}), changed({1}, {0}), changed({2}, {1})});
    CHECK(c.rightToWrong == 2);
    CHECK(c.wrongToRight == 1);
    CHECK(c.wrongToWrong == 1);
    CHECK(c.total() == 4);
    CHECK(c.net() == -1);
}

TEST_CASE("the session records the first complete answer and measures a change per session", "[miss]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        ExamSession& session = *s.value();
        id = session.id();
        const int q1 = Fixture::positionOf(session, "q1");
        const int q2 = Fixture::positionOf(session, "q2");
        const int q3 = Fixture::positionOf(session, "q3");
        REQUIRE(session.choose(q1, {0}).ok());    // right …
        REQUIRE(session.choose(q1, {1}).ok());    // … changed to wrong
        REQUIRE(session.choose(q2, {2}).ok());    // a partial multi-select is not an answer yet
        REQUIRE(session.choose(q2, {0, 2}).ok()); // first complete answer: wrong …
        REQUIRE(session.choose(q2, {0, 1}).ok()); // … changed to right
        REQUIRE(session.choose(q3, {1}).ok());    // wrong, never changed
        REQUIRE(session.submit().ok());
    }
    // Read back from the database, as the results and the tracker see it.
    auto reopened = ExamSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    const auto& items = reopened.value()->items();
    const auto item = [&](const std::string& qid) {
        return items[static_cast<size_t>(Fixture::positionOf(*reopened.value(), qid))];
    };
    CHECK(item("q1").firstChosen == std::vector<int>{0});
    CHECK(item("q2").firstChosen == std::vector<int>{0, 2});
    CHECK(item("q4").firstChosen.empty());
    const AnswerChanges c = countAnswerChanges(items);
    CHECK(c.rightToWrong == 1);
    CHECK(c.wrongToRight == 1);
    CHECK(c.wrongToWrong == 0);
}

TEST_CASE("a miss is pre-filled from what was measured, and tagged only after the session", "[miss]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(s.ok());
    ExamSession& session = *s.value();
    const int q1 = Fixture::positionOf(session, "q1");
    const int q2 = Fixture::positionOf(session, "q2");
    const int q3 = Fixture::positionOf(session, "q3");
    const int q4 = Fixture::positionOf(session, "q4");
    REQUIRE(session.choose(q1, {0}).ok());
    REQUIRE(session.choose(q1, {1}).ok()); // a right answer changed
    REQUIRE(session.choose(q2, {0}).ok()); // incomplete when the clock runs out
    REQUIRE(session.choose(q3, {1}).ok());
    REQUIRE(session.setConfidence(q3, Confidence::Guess).ok());
    CHECK_FALSE(session.setMissReason(q3, MissReason::Misread).ok()); // still running
    REQUIRE(session.choose(q4, {0}).ok());                            // right
    f.clock.advanceMinutes(f.exam.durationMinutes);
    REQUIRE(session.tick().value());
    REQUIRE(session.timedOut());

    const auto& items = session.items();
    CHECK(suggestedMissReason(items[static_cast<size_t>(q1)], true) == MissReason::ChangedRight);
    CHECK(suggestedMissReason(items[static_cast<size_t>(q2)], true) == MissReason::OutOfTime);
    CHECK(suggestedMissReason(items[static_cast<size_t>(q2)], false) == std::nullopt);
    CHECK(suggestedMissReason(items[static_cast<size_t>(q3)], true) == MissReason::Guessed);
    CHECK(suggestedMissReason(items[static_cast<size_t>(q4)], true) == std::nullopt);

    MissBreakdown b = missBreakdown(items, session.timedOut(), session.abandoned());
    CHECK(b.misses == 3);
    CHECK(b.tagged == 3);
    CHECK(b.suggested == 3);

    CHECK_FALSE(session.setMissReason(q4, MissReason::Misread).ok()); // right: nothing to explain
    REQUIRE(session.setMissReason(q3, MissReason::Misread).ok());
    b = missBreakdown(session.items(), session.timedOut(), session.abandoned());
    CHECK(b.count(MissReason::Misread) == 1);
    CHECK(b.count(MissReason::Guessed) == 0);
    CHECK(b.suggested == 2);

    // Stored: the reason comes back with the session, and the exam-wide breakdown counts it.
    auto reopened = ExamSession::open(*f.store, session.id());
    REQUIRE(reopened.ok());
    CHECK(reopened.value()->timedOut());
    CHECK(reopened.value()->items()[static_cast<size_t>(q3)].missReason == MissReason::Misread);
    const auto all = examMissBreakdown(*f.store, "mini");
    REQUIRE(all.ok());
    CHECK(all->misses == 3);
    CHECK(all->count(MissReason::Misread) == 1);
    CHECK(all->count(MissReason::ChangedRight) == 1);
    CHECK(all->count(MissReason::OutOfTime) == 1);
    REQUIRE(session.setMissReason(q3, std::nullopt).ok());
    CHECK(examMissBreakdown(*f.store, "mini")->count(MissReason::Misread) == 0);
}

TEST_CASE("an abandoned exam's questions never shown are not misses to explain", "[miss]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(s.ok());
    ExamSession& session = *s.value();
    REQUIRE(session.visit(0).ok());
    REQUIRE(session.visit(1).ok()); // seen, left unanswered
    const auto& options = session.items()[0].question.options;
    const auto wrong = std::find_if(options.begin(), options.end(), [](const auto& o) { return !o.correct; });
    REQUIRE(wrong != options.end());
    REQUIRE(session.choose(0, {static_cast<int>(wrong - options.begin())}).ok()); // answered wrong
    REQUIRE(session.setConfidence(0, Confidence::Guess).ok());
    REQUIRE(session.abandon().ok());
    REQUIRE(session.abandoned());

    const int seenMisses = 2;
    const auto& items = session.items();
    CHECK_FALSE(isMissToExplain(items[2], true)); // never reached: nothing to say about it
    CHECK(isMissToExplain(items[2], false));      // submitted or timed out: unanswered is a miss
    CHECK(isMissToExplain(items[1], true));
    MissBreakdown b = missBreakdown(items, session.timedOut(), session.abandoned());
    CHECK(b.misses == seenMisses);
    CHECK(missBreakdown(items, session.timedOut(), false).misses == seenMisses + 2);

    // The home screen's advice reads the stored session the same way.
    const auto all = examMissBreakdown(*f.store, "mini");
    REQUIRE(all.ok());
    CHECK(all->misses == seenMisses);
    CHECK(all->tagged == 1); // the guess
}

TEST_CASE("the advice speaks when one reason has two in five of at least five tagged misses", "[miss]")
{
    MissBreakdown b;
    b.tagged = 4;
    b.counts[static_cast<size_t>(MissReason::Misread)] = 4;
    CHECK_FALSE(missAdvice(b)); // too few to say
    b.tagged = 10;
    b.counts[static_cast<size_t>(MissReason::Misread)] = 5;
    b.counts[static_cast<size_t>(MissReason::Guessed)] = 5; // a tie goes to the earlier reason
    auto advice = missAdvice(b);
    REQUIRE(advice);
    CHECK_THAT(*advice, Catch::StartsWith("Half of your misses are misreads: slow down on long stems"));
    CHECK_THAT(*advice, Catch::EndsWith("(5 of 10 tagged)."));
    // Misses left untagged are named: the tags (pre-filled ones included) may not stand for them.
    b.misses = 104;
    CHECK_THAT(*missAdvice(b), Catch::EndsWith("(5 of 10 tagged; 94 misses not tagged)."));
    b.misses = 10;
    b.counts[static_cast<size_t>(MissReason::Misread)] = 3;
    b.counts[static_cast<size_t>(MissReason::Guessed)] = 4;
    b.counts[static_cast<size_t>(MissReason::DidNotKnow)] = 3;
    CHECK(b.top() == MissReason::Guessed);
    CHECK(missAdvice(b)->find("Two in five of your misses were guesses") == 0);
    b.counts[static_cast<size_t>(MissReason::Guessed)] = 3;
    b.counts[static_cast<size_t>(MissReason::Distractor)] = 1;
    CHECK_FALSE(missAdvice(b)); // 3 of 10: nothing dominates
    for (MissReason r : kMissReasons) {
        CHECK(parseMissReason(missReasonName(r)) == r);
    }
    CHECK_FALSE(parseMissReason("bored"));
}

TEST_CASE("the home screen's plan carries the advice once one reason dominates the tagged misses", "[miss]")
{
    Fixture f;
    const auto adviceNow = [&] {
        auto plan = buildStudyPlan(*f.store, "mini", 0);
        REQUIRE(plan.ok());
        return plan->missAdvice;
    };
    CHECK(adviceNow().empty()); // nothing tagged yet
    // Two exams, every question missed; the misses of the first three items tagged as misreads.
    int tagged = 0;
    for (int round = 0; round < 2; ++round) {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        ExamSession& session = *s.value();
        for (const auto& it : session.items()) {
            int wrong = 0;
            while (it.question.options[static_cast<size_t>(wrong)].correct) {
                ++wrong;
            }
            REQUIRE(session.choose(it.position, {wrong}).ok());
        }
        REQUIRE(session.submit().ok());
        for (int p = 0; p < 3; ++p) {
            REQUIRE(session.setMissReason(p, MissReason::Misread).ok());
            ++tagged;
            CHECK(adviceNow().empty() == (tagged < 5)); // five tagged misses before it speaks
        }
    }
    CHECK_THAT(adviceNow(), Catch::Contains("misreads"));
    CHECK(adviceNow() == examMissAdvice(*f.store, "mini").value().value());
}
