#include "certdrill/exam/ExamSession.h"

#include <catch2/catch.hpp>

#include "certdrill/exam/SessionHistory.h"

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
    int positionOf(const ExamSession& s, const std::string& id)
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

} // namespace

TEST_CASE("scoring is all-or-nothing and counts unanswered as wrong", "[session]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(s.ok());
    ExamSession& session = *s.value();
    const int q1 = f.positionOf(session, "q1");
    const int q2 = f.positionOf(session, "q2");
    const int q3 = f.positionOf(session, "q3");
    REQUIRE(session.choose(q1, {0}).ok()); // right
    REQUIRE(session.choose(q2, {0}).ok()); // one of two right: a near miss, scored wrong
    REQUIRE(session.choose(q3, {1}).ok()); // wrong; q4 unanswered
    const auto tooMany = session.choose(q1, {0, 1});
    REQUIRE_FALSE(tooMany.ok());
    CHECK_THAT(tooMany.error().message, Catch::Contains("asks for 1 answer"));
    const auto score = session.submit();
    REQUIRE(score.ok());
    CHECK(score->correct == 1);
    CHECK(score->total == 4);
    CHECK(score->score == Approx(0.25));
    CHECK_FALSE(score->passed);
    CHECK(score->nearMisses == 1);
    // q2's one tick of two is neither answered nor unanswered: "unanswered" means nothing chosen,
    // everywhere a count is shown, and the CSV and the CLI's table call q2 incomplete.
    CHECK(score->answered == 2);
    CHECK(score->incomplete == 1);
    CHECK(score->unanswered() == 1);
    CHECK(std::string(resultName(session.items()[static_cast<size_t>(q2)])) == "incomplete");
    CHECK(std::string(resultName(session.items()[static_cast<size_t>(q3)])) == "wrong");
    REQUIRE(score->domains.size() == 2);
    CHECK(score->domains[0].id == "alpha");
    CHECK(score->domains[0].correct == 1);
    CHECK(score->domains[0].total == 2);
    CHECK(score->topics.size() == 3);
}

TEST_CASE("pass mark is inclusive", "[session]")
{
    Fixture f;
    std::vector<SessionItem> items(10);
    for (int i = 0; i < 10; ++i) {
        items[static_cast<size_t>(i)].question.options = {{"a", true, ""}, {"b", false, ""}};
        items[static_cast<size_t>(i)].chosen = {i < 7 ? 0 : 1};
    }
    CHECK(scoreItems(f.exam, items, 70).passed);
    CHECK_FALSE(scoreItems(f.exam, items, 71).passed);
}

TEST_CASE("one rule says whether a score reaches a mark, exactly as whole numbers would", "[session]")
{
    // Every score k of n on a real exam's length against every whole-percent mark: reached exactly when
    // 100 k >= mark n, whatever the division rounded to (0.57 * 100 is 56.99999999999999).
    for (int n = 60; n <= 70; ++n) {
        for (int k = 0; k <= n; ++k) {
            for (int mark = 50; mark <= 90; ++mark) {
                const bool expected = 100 * k >= mark * n;
                CAPTURE(k, n, mark);
                CHECK(passesMark(k, n, mark) == expected);
                CHECK(reachesMark(static_cast<double>(k) / n, mark / 100.0) == expected);
            }
        }
    }
    CHECK(reachesMark(0.57, 57 / 100.0));
    CHECK_FALSE(reachesMark(51.0 / 64, 0.8));
    CHECK_FALSE(passesMark(0, 0, 0)); // nothing to score never passes
}

TEST_CASE("the score reports time per domain against the exam's time per question", "[session]")
{
    Fixture f;
    std::vector<SessionItem> items(5);
    const char* domains[] = {"alpha", "alpha", "beta", "beta", "beta"};
    const std::int64_t times[] = {60'000, 180'000, 30'000, 30'000, 0};
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].question.domain = domains[i];
        items[i].question.options = {{"a", true, ""}, {"b", false, ""}};
        items[i].timeMs = times[i];
        items[i].visits = times[i] > 0 ? 1 : 0; // the last beta question was never reached
    }
    const SessionScore s = scoreItems(f.exam, items, 70);
    CHECK(s.timeMs == 300'000);
    REQUIRE(f.exam.durationMinutes > 0);
    CHECK(s.minutesAllowedPerQuestion == Approx(f.exam.durationMinutes / 5.0));
    REQUIRE(s.domains.size() == 2);
    CHECK(s.domains[0].minutesPerQuestion() == Approx(2.0)); // (1 + 3) minutes over 2 questions
    // Over the two beta questions seen, not all three: an unreached question took no time.
    CHECK(s.domains[1].seen == 2);
    CHECK(s.domains[1].total == 3);
    CHECK(s.domains[1].minutesPerQuestion() == Approx(0.5));
    CHECK(Tally{}.minutesPerQuestion() == 0.0);
    // Excluding a disputed question takes it out of the scores, not out of the form the clock was set for:
    // the exam's allowance per question stays what it was when the five were served.
    items[0].excluded = true;
    CHECK(scoreItems(f.exam, items, 70).minutesAllowedPerQuestion == Approx(f.exam.durationMinutes / 5.0));
}

TEST_CASE("time used is the clock's, per answered question, with the review screen's time apart",
          "[session][timer]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        ExamSession& session = *s.value();
        id = session.id();
        const int q1 = f.positionOf(session, "q1");
        const int q3 = f.positionOf(session, "q3");
        REQUIRE(session.visit(q1).ok());
        f.clock.advanceMinutes(1);
        REQUIRE(session.choose(q1, {0}).ok());
        REQUIRE(session.visit(q3).ok());
        f.clock.advanceMinutes(2);
        REQUIRE(session.choose(q3, {1}).ok());
        CHECK(session.elapsedMs() == 3 * 60'000); // a running session: the time the clock has used
        REQUIRE(session.enterReview().ok());
        f.clock.advanceSeconds(30);
        REQUIRE(session.visit(q1).ok()); // back from the review screen
        f.clock.advanceSeconds(15);
        const auto score = session.submit();
        REQUIRE(score.ok());
        CHECK(score->elapsedMs == 225'000); // 3:45 on the clock
        CHECK(score->reviewMs == 30'000);
        // The review screen's half minute is not charged to the question showing before it.
        CHECK(session.items()[static_cast<size_t>(q3)].timeMs == 120'000);
        CHECK(session.items()[static_cast<size_t>(q1)].timeMs == 75'000);
        CHECK(score->answered == 2);
        CHECK(score->unanswered() == 2);
        CHECK(score->minutesPerAnsweredQuestion() == Approx(3.75 / 2));
        // Per domain, over the questions seen: one of alpha's two, one of beta's two.
        REQUIRE(score->domains.size() == 2);
        CHECK(score->domains[0].seen == 1);
        CHECK(score->domains[0].minutesPerQuestion() == Approx(1.25));
        CHECK(score->domains[1].seen == 1);
        CHECK(score->domains[1].minutesPerQuestion() == Approx(2.0));
    }
    f.clock.advanceMinutes(60); // a finished session's time used does not grow while it is stored
    f.reopenStore();
    auto reopened = ExamSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    CHECK(reopened.value()->finished());
    CHECK(reopened.value()->elapsedMs() == 225'000);
    CHECK(reopened.value()->reviewMs() == 30'000);
    CHECK(reopened.value()->score().elapsedMs == 225'000);
    CHECK(minutesSecondsText(225'000) == "3:45");
    CHECK(minutesSecondsText(125 * 60'000 + 59'999) == "125:59");
    CHECK(minutesSecondsText(0) == "0:00");
    CHECK(countdownText(149 * 60'000 + 36'999) == "2:29:36");
    CHECK(countdownText(4 * 60'000 + 14'000) == "0:04:14");
    CHECK(countdownText(-5) == "0:00:00");
    // A pace rounds to the nearest second: the real exam's 120 minutes over 65 questions is 1:50.77.
    CHECK(paceText(120.0 / 65) == "1:51");
    CHECK(paceText(0.2) == "0:12"); // a short visit, which tenths of a minute showed as "0.0"
    CHECK(paceText(2.0) == "2:00");
    CHECK(paceText(0.0) == "0:00");
    CHECK(paceText(125.0 + 59.6 / 60) == "126:00");
}

TEST_CASE("time used reads in minutes and seconds with units, and adds up with the countdown",
          "[session][timer]")
{
    // "1:47" of a 120-minute exam read as an hour and 47 minutes: the units are written out.
    CHECK(durationText(107'000) == "1 min 47 s");
    CHECK(durationText(107 * 60'000 + 36'000) == "107 min 36 s");
    CHECK(durationText(120 * 60'000) == "120 min");
    CHECK(durationText(14'000) == "14 s");
    CHECK(durationText(0) == "0 s");
    CHECK(durationText(-5) == "0 s");
    // The countdown showed 0:12:24 with 12:24.6 left: 107 min 35.4 s used reads 107 min 36 s, the limit less
    // the time left the candidate last saw, never a second short of it.
    const std::int64_t limit = 120 * 60'000;
    const std::int64_t left = 12 * 60'000 + 24'600;
    CHECK(countdownText(left) == "0:12:24");
    CHECK(durationText(limit - left) == "107 min 36 s");
    CHECK(durationText(95'001) == "1 min 36 s");
    CHECK(durationText(95'000) == "1 min 35 s");
}

TEST_CASE("a practice exam's time used is the time its clock ran, pauses left out", "[session][timer]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Practice);
    REQUIRE(s.ok());
    REQUIRE(s.value()->visit(0).ok());
    f.clock.advanceMinutes(2);
    REQUIRE(s.value()->pause().ok());
    f.clock.advanceMinutes(20);
    REQUIRE(s.value()->resume().ok());
    f.clock.advanceMinutes(1);
    const auto score = s.value()->submit();
    REQUIRE(score.ok());
    CHECK(score->elapsedMs == 3 * 60'000);
    CHECK(score->answered == 0);
    CHECK(score->minutesPerAnsweredQuestion() == 0.0);
}

TEST_CASE("resume reopens at the question last viewed", "[session]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        id = s.value()->id();
        CHECK(s.value()->lastPosition() == 0);
        REQUIRE(s.value()->visit(0).ok());
        REQUIRE(s.value()->visit(2).ok());
    }
    auto s = ExamSession::open(*f.store, id);
    REQUIRE(s.ok());
    CHECK(s.value()->lastPosition() == 2);
}

TEST_CASE("a hidden clock stays hidden when the session is reopened, and only for that session", "[session]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        id = s.value()->id();
        CHECK_FALSE(s.value()->clockHidden());
        REQUIRE(s.value()->setClockHidden(true).ok());
        CHECK(s.value()->clockHidden());
    }
    auto s = ExamSession::open(*f.store, id);
    REQUIRE(s.ok());
    CHECK(s.value()->clockHidden());
    REQUIRE(s.value()->setClockHidden(false).ok());
    CHECK_FALSE(ExamSession::open(*f.store, id).value()->clockHidden());
    REQUIRE(s.value()->setClockHidden(true).ok());
    REQUIRE(s.value()->abandon().ok());
    // The next exam starts with its clock showing.
    auto next = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(next.ok());
    CHECK_FALSE(next.value()->clockHidden());
}

TEST_CASE("an abandoned exam ends without a verdict and is stored as abandoned", "[session][abandon]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        ExamSession& session = *s.value();
        id = session.id();
        for (const auto& it : session.items()) {
            REQUIRE(session.choose(it.position, it.question.correctOptions()).ok()); // all right
        }
        f.clock.advanceMinutes(2);
        const auto score = session.abandon();
        REQUIRE(score.ok());
        CHECK(session.finished());
        CHECK(session.abandoned());
        CHECK(score->abandoned);
        CHECK_FALSE(score->passed); // all right, but an abandoned exam passes nothing
        CHECK(score->correct == 4);
        CHECK(score->elapsedMs == 2 * 60'000);
        CHECK_FALSE(session.abandon().ok()); // once over, it stays as it ended
        CHECK_FALSE(session.choose(0, {0}).ok());
    }
    CHECK_FALSE(ExamSession::unfinished(*f.store).value().has_value());
    Statement st(f.store->database(),
                 "SELECT abandoned, finish_reason IS NULL, passed, correct_count, finished_at - started_at "
                 "FROM sessions WHERE id = ?");
    st.bind(1, id);
    REQUIRE(st.step());
    CHECK(st.getInt(0) == 1);
    CHECK(st.getInt(1) == 1);
    CHECK(st.getInt(2) == 0);
    CHECK(st.getInt(3) == 4);
    CHECK(st.getInt(4) == 2 * 60'000);
    auto reopened = ExamSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    CHECK(reopened.value()->abandoned());
    CHECK(reopened.value()->score().abandoned);
    CHECK_FALSE(reopened.value()->score().passed);
}

TEST_CASE("every answer is persisted at once and survives reopening", "[session]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        id = s.value()->id();
        REQUIRE(s.value()->choose(f.positionOf(*s.value(), "q2"), {1, 0}).ok());
        REQUIRE(s.value()->setFlagged(3, true).ok());
        REQUIRE(s.value()->visit(0).ok());
        f.clock.advanceSeconds(30);
        REQUIRE(s.value()->visit(1).ok());
        // The session object is dropped without submitting, as a kill would.
    }
    f.reopenStore();
    auto open = ExamSession::unfinished(*f.store);
    REQUIRE(open.ok());
    REQUIRE(open.value() == id);
    auto s = ExamSession::open(*f.store, id);
    REQUIRE(s.ok());
    const auto& items = s.value()->items();
    CHECK(items[static_cast<size_t>(f.positionOf(*s.value(), "q2"))].chosen == std::vector<int>{0, 1});
    CHECK(items[3].flagged);
    CHECK(items[0].timeMs == 30'000);
    CHECK(items[1].visits == 1);
    CHECK(items[0].optionOrder == f.form.items[0].optionOrder);
}

TEST_CASE("strict mode: the clock runs while closed, and a passed deadline submits on reopen",
          "[session][timer]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        id = s.value()->id();
        CHECK(s.value()->remainingMs() == 10 * 60'000);
        CHECK_FALSE(s.value()->pause().ok());
        REQUIRE(s.value()->choose(f.positionOf(*s.value(), "q1"), {0}).ok());
        f.clock.advanceMinutes(3);
        CHECK(s.value()->remainingMs() == 7 * 60'000);
    }
    SECTION("reopened before the deadline")
    {
        f.clock.advanceMinutes(2); // closed for two minutes: they count
        auto s = ExamSession::open(*f.store, id);
        REQUIRE(s.ok());
        CHECK(s.value()->remainingMs() == 5 * 60'000);
        CHECK_FALSE(s.value()->finished());
        SECTION("a system clock change does not move the running clock")
        {
            f.clock.shiftWallMs(3'600'000);
            CHECK(s.value()->remainingMs() == 5 * 60'000);
        }
        SECTION("auto-submit at zero")
        {
            f.clock.advanceMinutes(4);
            CHECK_FALSE(s.value()->tick().value());
            f.clock.advanceMinutes(1);
            CHECK(s.value()->tick().value());
            CHECK(s.value()->finished());
            CHECK(s.value()->score().correct == 1);
            CHECK_FALSE(ExamSession::unfinished(*f.store).value().has_value());
        }
    }
    SECTION("reopened after the deadline")
    {
        f.clock.advanceMinutes(30);
        auto s = ExamSession::open(*f.store, id);
        REQUIRE(s.ok());
        CHECK(s.value()->finished());
        CHECK(s.value()->score().correct == 1);
        CHECK(s.value()->elapsedMs() == 10 * 60'000); // the whole limit, however long it stayed closed
        // Started 33 minutes ago: it ended at its deadline, 10 minutes after the start.
        CHECK(s.value()->finishedAtMs() == f.clock.wallMs() - 23 * 60'000);
        Statement st(f.store->database(), "SELECT finish_reason, correct_count FROM sessions WHERE id = ?");
        st.bind(1, id);
        REQUIRE(st.step());
        CHECK(st.getText(0) == "timeout");
        CHECK(st.getInt(1) == 1);
        // Finished at the deadline (start + 10 minutes), not when the app happened to be reopened.
        Statement at(f.store->database(), "SELECT finished_at - started_at FROM sessions WHERE id = ?");
        at.bind(1, id);
        REQUIRE(at.step());
        CHECK(at.getInt(0) == 10 * 60'000);
    }
}

TEST_CASE("confidence tags and reveals are persisted at once", "[session]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Practice);
        REQUIRE(s.ok());
        id = s.value()->id();
        REQUIRE(s.value()->setConfidence(0, Confidence::Sure).ok());
        REQUIRE(s.value()->setConfidence(1, Confidence::Guess).ok());
        REQUIRE(s.value()->setConfidence(2, Confidence::Unsure).ok());
        REQUIRE(s.value()->setConfidence(2, std::nullopt).ok()); // untagged again
        REQUIRE(s.value()->choose(3, {1}).ok());
        REQUIRE(s.value()->reveal(3).ok());
        CHECK(s.value()->items()[3].revealed);
        // A revealed answer is final: changing it would score the lookup.
        const auto changed = s.value()->choose(3, {0});
        REQUIRE_FALSE(changed.ok());
        CHECK_THAT(changed.error().message, Catch::Contains("revealed"));
        CHECK(s.value()->items()[3].chosen == std::vector<int>{1});
        // So is how sure the candidate was: a tag set after seeing the key would measure the key.
        const auto tagged = s.value()->setConfidence(3, Confidence::Sure);
        REQUIRE_FALSE(tagged.ok());
        CHECK_THAT(tagged.error().message, Catch::Contains("revealed"));
        CHECK_FALSE(s.value()->items()[3].confidence.has_value());
        CHECK_FALSE(s.value()->setConfidence(9, Confidence::Sure).ok());
        CHECK_FALSE(s.value()->reveal(-1).ok());
    }
    f.reopenStore();
    Statement st(f.store->database(),
                 "SELECT position, confidence, revealed FROM session_items WHERE session_ref = ? ORDER BY 1");
    st.bind(1, id);
    std::vector<std::string> rows;
    while (st.step()) {
        rows.push_back((st.isNull(1) ? std::string("NULL") : st.getText(1)) + "/" +
                       std::to_string(st.getInt(2)));
    }
    CHECK(rows == std::vector<std::string>{"sure/0", "guess/0", "NULL/0", "NULL/1"});
    auto s = ExamSession::open(*f.store, id);
    REQUIRE(s.ok());
    const auto& items = s.value()->items();
    CHECK(items[0].confidence == Confidence::Sure);
    CHECK(items[1].confidence == Confidence::Guess);
    CHECK_FALSE(items[2].confidence.has_value());
    CHECK(items[3].revealed);
    CHECK_FALSE(items[0].revealed);
    // Tags survive submission and an answer written later keeps them.
    REQUIRE(s.value()->choose(0, {0}).ok());
    REQUIRE(s.value()->submit().ok());
    CHECK(ExamSession::open(*f.store, id).value()->items()[0].confidence == Confidence::Sure);
    CHECK_FALSE(s.value()->setConfidence(0, Confidence::Guess).ok()); // finished: nothing changes
}

TEST_CASE("an exam simulation refuses to reveal answers", "[session]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(s.ok());
    const auto r = s.value()->reveal(0);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.error().message, Catch::Contains("no answers"));
    CHECK_FALSE(s.value()->items()[0].revealed);
    CHECK(confidenceName(Confidence::Unsure) == std::string("unsure"));
    CHECK(parseConfidence("guess") == Confidence::Guess);
    CHECK_FALSE(parseConfidence("maybe").has_value());
}

TEST_CASE("a submitted strict exam finishes when submitted, before its deadline", "[session][timer]")
{
    Fixture f;
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
    REQUIRE(s.ok());
    const std::int64_t startedAt = f.clock.wallMs();
    CHECK(s.value()->finishedAtMs() == 0); // running
    f.clock.advanceMinutes(4);
    REQUIRE(s.value()->submit().ok());
    Statement at(f.store->database(), "SELECT finished_at - started_at, finish_reason FROM sessions");
    REQUIRE(at.step());
    CHECK(at.getInt(0) == 4 * 60'000);
    CHECK(at.getText(1) == "submitted");
    // The session says when it ended, and so does one reopened later (the reports print it).
    CHECK(s.value()->finishedAtMs() == startedAt + 4 * 60'000);
    f.clock.advanceMinutes(60);
    auto reopened = ExamSession::open(*f.store, s.value()->id());
    REQUIRE(reopened.ok());
    CHECK(reopened.value()->finishedAtMs() == startedAt + 4 * 60'000);
}

TEST_CASE("practice mode pauses, and the stored remaining time survives closing", "[session][timer]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Practice);
        REQUIRE(s.ok());
        id = s.value()->id();
        f.clock.advanceMinutes(2);
        REQUIRE(s.value()->pause().ok());
        f.clock.advanceMinutes(20); // paused: no time passes
        CHECK(s.value()->remainingMs() == 8 * 60'000);
    }
    f.clock.advanceMinutes(60); // closed while paused
    auto s = ExamSession::open(*f.store, id);
    REQUIRE(s.ok());
    CHECK(s.value()->paused());
    CHECK(s.value()->remainingMs() == 8 * 60'000);
    REQUIRE(s.value()->resume().ok());
    f.clock.advanceMinutes(1);
    CHECK(s.value()->remainingMs() == 7 * 60'000);
    REQUIRE(s.value()->tick().ok());
    auto again = ExamSession::open(*f.store, id);
    CHECK(again.value()->remainingMs() == 7 * 60'000);
}

TEST_CASE("extra time lengthens the session's limit, pace and reopened clock", "[session][timer]")
{
    Fixture f;
    CHECK_FALSE(ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam, -1).ok());
    CHECK_FALSE(ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam, kMaxExtraMinutes + 1).ok());
    auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam, 5);
    REQUIRE(s.ok());
    const std::int64_t id = s.value()->id();
    CHECK(s.value()->remainingMs() == 15 * 60'000); // the mini exam's 10 minutes and 5 more
    CHECK(s.value()->exam().durationMinutes == 15);
    CHECK(s.value()->score().minutesAllowedPerQuestion == Approx(15.0 / 4));
    s.value().reset();
    f.clock.advanceMinutes(12); // past the exam's own 10 minutes, inside the extended limit
    auto reopened = ExamSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    CHECK_FALSE(reopened.value()->finished());
    CHECK(reopened.value()->remainingMs() == 3 * 60'000);
    CHECK(reopened.value()->exam().durationMinutes == 15);
    // Another session without extra time keeps the exam's limit.
    auto plain = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Practice);
    REQUIRE(plain.ok());
    CHECK(plain.value()->remainingMs() == 10 * 60'000);
}

TEST_CASE("mock settings are range-checked, stored, and fall back to the defaults", "[session]")
{
    Fixture f; // the mini exam: 2 to 4 questions, default 3
    const auto defaults = loadMockSettings(*f.store, f.exam);
    REQUIRE(defaults.ok());
    CHECK(defaults.value().questions == 0);
    CHECK(defaults.value().extraMinutes == 0);

    CHECK_THAT(saveMockSettings(*f.store, f.exam, {5, 0}).error().message,
               Catch::Contains("between 2 and 4"));
    CHECK_THAT(saveMockSettings(*f.store, f.exam, {0, 121}).error().message,
               Catch::Contains("between 0 and 120 minutes"));
    CHECK_FALSE(f.store->setting("mock.questions").value().has_value()); // nothing stored on an error

    REQUIRE(saveMockSettings(*f.store, f.exam, {4, 30}).ok());
    f.reopenStore();
    const auto stored = loadMockSettings(*f.store, f.exam);
    REQUIRE(stored.ok());
    CHECK(stored.value().questions == 4);
    CHECK(stored.value().extraMinutes == 30);

    // An exam update that narrows the range leaves the stored length unusable: the default applies.
    ExamDef narrower = f.exam;
    narrower.countMax = 3;
    CHECK(loadMockSettings(*f.store, narrower).value().questions == 0);
    CHECK(loadMockSettings(*f.store, narrower).value().extraMinutes == 30);
}

TEST_CASE("results tally per objective, for a session served before the exam named objectives too",
          "[session][objectives]")
{
    Fixture f;
    std::int64_t id = 0;
    {
        auto s = ExamSession::start(*f.store, f.exam, f.form, SessionMode::Exam);
        REQUIRE(s.ok());
        id = s.value()->id();
        REQUIRE(s.value()->choose(f.positionOf(*s.value(), "q1"), {0}).ok());
        REQUIRE(s.value()->submit().ok());
        // Served without objectives: the tallies under each domain are its subtopics.
        const SessionScore score = s.value()->score();
        REQUIRE_FALSE(score.topics.empty());
        CHECK(score.topics.front().id == "alpha/a1");
    }
    REQUIRE(
        f.store
            ->importFiles({dataFile("mini-exam-objectives.json"), dataFile("mini-questions-objectives.json")})
            .ok());
    auto reopened = ExamSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    for (const auto& it : reopened.value()->items()) {
        CHECK_FALSE(it.question.objective.empty()); // taken from the question as it is now
    }
    const SessionScore score = reopened.value()->score();
    REQUIRE(score.topics.size() == 2);
    CHECK(score.topics[0].id == "alpha/1.2");
    CHECK(score.topics[0].total == 2);
    CHECK(score.topics[0].correct == 1);
    CHECK(score.topics[1].id == "beta/2.1");
}
