#include "certdrill/learn/StudyPlan.h"

#include <algorithm>

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/DrillSession.h"

#include "Answers.h"
#include "MiniBank.h"

using namespace certdrill;

namespace {

constexpr std::int64_t kDay = 86'400'000;
constexpr std::int64_t kHour = 3'600'000;
const std::int64_t kJan1 = *parseDay("2026-01-01"); // FakeClock's start, at 00:00 UTC

struct Fixture : test::MiniBank
{
    StudyPlan plan(const PlanRules& rules = {})
    {
        auto p = buildStudyPlan(*store, "mini", 0, rules);
        REQUIRE(p.ok());
        return std::move(p.value());
    }

    /// A drill of the named questions, each checked `minutes` apart: right, or wrong.
    void drill(const std::vector<std::string>& ids, bool correct, int minutes = 1)
    {
        const auto pool = store->candidates("mini").value();
        DrillPlan plan;
        for (const auto& id : ids) {
            for (const auto& c : pool) {
                if (c.question.id == id) {
                    plan.questions.push_back({c.rowId, 0, PlannedQuestion::Reason::Unseen, -1});
                }
            }
        }
        auto d = DrillSession::start(*store, exam, plan, pool, 1, false);
        REQUIRE(d.ok());
        for (const auto& it : d.value()->items()) {
            clock.advanceMinutes(minutes);
            const std::vector<int> chosen = test::completeAnswer(it.question, correct);
            REQUIRE(d.value()->check(it.position, chosen, std::nullopt).ok());
        }
        REQUIRE(d.value()->finish().ok());
    }

    /// A strict exam of all four questions, answered right or wrong, submitted after `minutes`.
    void exam4(bool correct, int minutes)
    {
        const Form form = assembleForm(exam, store->candidates("mini").value(), 4, 1);
        auto s = ExamSession::start(*store, exam, form, SessionMode::Exam);
        REQUIRE(s.ok());
        for (const auto& it : s.value()->items()) {
            REQUIRE(s.value()->visit(it.position).ok());
            clock.advanceMinutes(minutes / 4);
            const std::vector<int> chosen = test::completeAnswer(it.question, correct);
            REQUIRE(s.value()->choose(it.position, chosen).ok());
        }
        REQUIRE(s.value()->submit().ok());
    }
};

/// A two-domain exam and a tracker over `answers` right answers per domain (empty bank: nothing due).
StudyPlanInput pureInput(int answers, std::vector<double> scores)
{
    StudyPlanInput in;
    in.exam.domains = {{"a", "Alpha", 60, 0, {}, {}}, {"b", "Beta", 40, 0, {}, {}}};
    in.exam.passPercent = 70;
    in.exam.countDefault = 65;
    std::vector<Review> reviews;
    for (int i = 0; i < 2 * answers; ++i) {
        reviews.push_back({i, i % 2 ? "a" : "b", "", 0, true, std::nullopt, false});
    }
    in.tracker = computeTracker(in.exam, {}, reviews, {}, scores, 0);
    in.nowMs = kJan1 * kDay + 10 * kHour;
    return in;
}

bool hasLine(const StudyPlan& p, const std::string& text)
{
    return std::any_of(p.lines.begin(), p.lines.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

} // namespace

TEST_CASE("plan dates are calendar days in the candidate's time zone", "[plan]")
{
    CHECK(dayText(0) == "1970-01-01");
    CHECK(parseDay("1970-01-01") == 0);
    CHECK(dayText(kJan1) == "2026-01-01");
    CHECK(parseDay("2024-02-29") == *parseDay("2024-02-28") + 1);
    CHECK(parseDay("2026-03-01") == *parseDay("2026-02-28") + 1);
    CHECK(dayText(*parseDay("1969-12-31")) == "1969-12-31");
    for (const char* bad : {"2026-02-29", "2026-13-01", "2026-00-10", "2026-1-1", "20260101", "",
                            "2026-01-01x", "2026-01-3a"}) {
        CHECK_FALSE(parseDay(bad));
    }
    const std::int64_t midnightUtc = kJan1 * kDay;
    CHECK(localDay(midnightUtc, 0) == kJan1);
    CHECK(localDay(midnightUtc, -300) == kJan1 - 1); // 19:00 on New Year's Eve in New York
    CHECK(localDay(midnightUtc - 1, 60) == kJan1);   // 00:59:59 in Berlin
    CHECK(localDay(-1, 0) == -1);
}

TEST_CASE("a new database starts with a practice exam; no exam means importing a pack", "[plan]")
{
    Fixture f;
    const StudyPlan p = f.plan();
    CHECK(p.next.kind == NextStep::Kind::PracticeExam);
    CHECK(p.next.title == "Start with a practice exam to find your level");
    CHECK(p.next.reason.find("measures all 2 domains") != std::string::npos);
    CHECK(p.verdict == "Not measured yet: no answers so far.");
    CHECK_FALSE(p.ready);
    CHECK(p.bankItems == 4);
    CHECK(p.unseen == 4);
    CHECK(p.dueToday == 0);
    CHECK(p.passMark == Approx(0.7));
    // No sessions: no time, no date, never ready.
    CHECK(p.hoursTotal == 0);
    CHECK(p.hoursLast7Days == 0);
    CHECK_FALSE(p.daysLeft);
    CHECK_FALSE(p.questionsPerDay);
    CHECK(hasLine(p, "No exam date set"));
    CHECK(hasLine(p, "Readiness rule not met yet."));
    CHECK(hasLine(p, "0.0 h in all; the study guide plans 120–160 h"));

    auto none = buildStudyPlan(*f.store, "", 0);
    REQUIRE(none.ok());
    CHECK(none->next.kind == NextStep::Kind::ImportPack);
    CHECK(none->verdict == "No questions yet.");
    CHECK_FALSE(buildStudyPlan(*f.store, "no-such-exam", 0).ok());
}

TEST_CASE("after weak answers the next step is the planner's drill, naming its domains with their bands",
          "[plan]")
{
    Fixture f;
    f.drill({"q1", "q2"}, false); // Alpha answered wrong; Beta never answered, so no exam is due yet
    const StudyPlan p = f.plan();
    REQUIRE(p.next.kind == NextStep::Kind::Drill);
    // The bank holds 4 questions; each domain named with its measured band (the tracker's).
    CHECK(p.next.title == "Drill 4: Alpha (Yellow), Beta (Red)");
    CHECK(p.domains[0].band == Band::Yellow);
    CHECK(p.domains[1].band == Band::Red);
    CHECK(p.next.drill.count == 20);
    CHECK_FALSE(p.next.drill.filter.dueOnly);
    // No exam taken: none counted as "0 of the last 3", as if three had been.
    CHECK(p.verdict == "Not ready yet: 0 of 2 domains Green; no exam simulation yet (readiness needs 3 in a "
                       "row at 80% or more).");
    // The step's options plan the very drill its title names.
    auto tracker = buildTracker(*f.store, "mini");
    REQUIRE(tracker.ok());
    const DrillPlan again = planDrill(tracker->planner, p.next.drill);
    CHECK(again.questions.size() == 4);
    CHECK(p.unseen == 2);
}

TEST_CASE("the recommended drill stays the same until the learner answers something or the day changes",
          "[plan]")
{
    Fixture f;
    f.drill({"q1", "q2"}, false);
    const StudyPlan first = f.plan();
    REQUIRE(first.next.kind == NextStep::Kind::Drill);
    // The home screen computes the plan again whenever it is shown: the drill it names must not change
    // with the minute it was looked at.
    f.clock.advanceMinutes(7);
    CHECK(f.plan().next.drill.seed == first.next.drill.seed);
    f.clock.advanceMinutes(3 * 60);
    CHECK(f.plan().next.drill.seed == first.next.drill.seed);
    // A new answer, or a new day, is a new drill (Beta still unanswered, so a drill stays the next step).
    f.drill({"q1"}, false);
    const StudyPlan answered = f.plan();
    REQUIRE(answered.next.kind == NextStep::Kind::Drill);
    CHECK(answered.next.drill.seed != first.next.drill.seed);
    f.clock.advanceMinutes(24 * 60);
    const StudyPlan tomorrow = f.plan();
    REQUIRE(tomorrow.next.kind == NextStep::Kind::Drill);
    CHECK(tomorrow.next.drill.seed != answered.next.drill.seed);
}

TEST_CASE("enough due questions make a review the next step, a drill of due questions only", "[plan]")
{
    Fixture f;
    f.drill({"q1", "q2", "q3", "q4"}, true);
    PlanRules rules;
    rules.reviewThreshold = 3;
    CHECK(f.plan(rules).next.kind != NextStep::Kind::Review); // fresh answers: nothing due
    f.clock.advanceMs(40 * kDay);
    const StudyPlan p = f.plan(rules);
    REQUIRE(p.dueToday == 4);
    REQUIRE(p.next.kind == NextStep::Kind::Review);
    CHECK(p.next.title == "4 questions due for review");
    CHECK(p.next.drill.filter.dueOnly);
    CHECK(p.next.drill.count == 4);
    CHECK(p.next.reason.find("reviewing them now") != std::string::npos);
    rules.drillLength = 2;
    const StudyPlan two = f.plan(rules);
    CHECK(two.next.drill.count == 2);
    CHECK(two.next.reason.find("the 2 that faded most") != std::string::npos);
    rules.reviewThreshold = 5; // below the threshold the planner's drill (due first) is the step
    CHECK(f.plan(rules).next.kind != NextStep::Kind::Review);
}

TEST_CASE("an exam simulation is the next step once a week, and when every domain is Green", "[plan]")
{
    Fixture f;
    f.exam4(true, 40);
    f.clock.advanceMs(2 * kDay);
    // Every domain answered, a full exam 2 days ago: drill.
    CHECK(f.plan().next.kind == NextStep::Kind::Drill);
    f.clock.advanceMs(7 * kDay);
    const StudyPlan p = f.plan();
    REQUIRE(p.next.kind == NextStep::Kind::ExamSimulation);
    CHECK(p.next.title == "Take an exam simulation (last one 9 days ago)");

    // All Green but the exam half missing (pure input): an exam simulation, even right after one.
    StudyPlanInput in = pureInput(20, {0.9});
    in.lastFullExamMs = in.nowMs - kHour;
    REQUIRE_FALSE(in.tracker.ready);
    const StudyPlan green = computeStudyPlan(in);
    CHECK(green.next.kind == NextStep::Kind::ExamSimulation);
    CHECK(green.next.title == "Take an exam simulation (last one today)");
    CHECK(green.next.reason.find("Every domain is Green") != std::string::npos);
    CHECK(green.verdict ==
          "Not ready yet: 2 of 2 domains Green; 1 of 1 exam simulation so far at 80% or more "
          "(readiness needs 3 in a row).");
    // Two taken, one under the line; with three or more, the last three are counted.
    in.tracker.recentExamScores = {0.9, 0.6};
    CHECK(computeStudyPlan(in).verdict.find(
              "; 1 of 2 exam simulations so far at 80% or more (readiness needs 3 "
              "in a row).") != std::string::npos);
    in.tracker.recentExamScores = {0.9, 0.6, 0.85, 0.95};
    CHECK(computeStudyPlan(in).verdict.find("; 2 of the last 3 exam simulations at 80% or more.") !=
          std::string::npos);
}

TEST_CASE("ready without an exam date: book it; with one, keep practising", "[plan]")
{
    StudyPlanInput in = pureInput(20, {0.9, 0.85, 0.8});
    REQUIRE(in.tracker.ready);
    StudyPlan p = computeStudyPlan(in);
    CHECK(p.ready);
    CHECK(p.verdict.rfind("Ready to schedule", 0) == 0);
    CHECK(p.next.kind == NextStep::Kind::SetExamDate);
    CHECK(hasLine(p, "Readiness rule met now."));
    in.settings.examDay = kJan1 + 20;
    p = computeStudyPlan(in);
    CHECK(p.next.kind != NextStep::Kind::SetExamDate);
}

TEST_CASE("the exam date gives the days left and the questions a day, at every edge", "[plan]")
{
    Fixture f;
    f.drill({"q1", "q3"}, true); // two seen, two unseen
    PlanSettings s;
    s.examDay = kJan1 + 10;
    REQUIRE(savePlanSettings(*f.store, s, kJan1).ok());
    StudyPlan p = f.plan();
    CHECK(p.today == kJan1);
    CHECK(p.daysLeft == 10);
    CHECK(p.unseen == 2);
    // Answered today, both fall due within 10 days (FSRS stability of a first Good is about 2.3 days).
    CHECK(p.reviewsBeforeExam == 2);
    CHECK(p.questionsPerDay == 1); // (2 unseen + 2 reviews) over 10 days, rounded up
    CHECK(hasLine(p, "10 days left (exam on 2026-01-11)"));
    CHECK(hasLine(p, "At least 1 question a day: 2 unseen and 2 reviews due before the exam"));

    // The day before: one day left, everything in it.
    f.clock.advanceMs(9 * kDay);
    p = f.plan();
    CHECK(p.daysLeft == 1);
    CHECK(p.questionsPerDay == 4);
    CHECK(hasLine(p, "1 day left"));
    // Exam day: no target.
    f.clock.advanceMs(kDay);
    p = f.plan();
    CHECK(p.daysLeft == 0);
    CHECK_FALSE(p.questionsPerDay);
    CHECK(hasLine(p, "Exam today (2026-01-11). Good luck."));
    // After it: the date has passed.
    f.clock.advanceMs(3 * kDay);
    p = f.plan();
    CHECK(p.daysLeft == -3);
    CHECK_FALSE(p.questionsPerDay);
    CHECK(hasLine(p, "Your exam date 2026-01-11 has passed"));

    // Everything seen, nothing due before a date tomorrow: a target of zero, said in words.
    Fixture g;
    g.drill({"q1", "q2", "q3", "q4"}, true);
    s.examDay = kJan1 + 1;
    REQUIRE(savePlanSettings(*g.store, s, kJan1).ok());
    p = g.plan();
    CHECK(p.unseen == 0);
    CHECK(p.reviewsBeforeExam == 0);
    CHECK(p.questionsPerDay == 0);
    CHECK(hasLine(p, "Every question seen and none falls due before the exam"));
}

TEST_CASE("time studied comes from the sessions' own clocks, per week and in all", "[plan]")
{
    Fixture f;
    f.exam4(false, 40); // 4 questions, 10 minutes each on screen
    auto times = studyTimes(*f.store, "mini", PlanRules{}.drillGapCapMs);
    REQUIRE(times.ok());
    REQUIRE(times->size() == 1);
    CHECK(times->front().ms == 40 * 60'000);
    CHECK(times->front().atMs == kJan1 * kDay);

    // A drill: 2 minutes to the first answer, then a 30-minute pause counted as 5.
    f.clock.advanceMs(8 * kDay);
    const std::int64_t drillStart = f.clock.wallMs();
    f.drill({"q1"}, true, 2);
    f.clock.advanceMinutes(30);
    f.drill({"q3"}, true, 3);
    times = studyTimes(*f.store, "mini", PlanRules{}.drillGapCapMs);
    REQUIRE(times.ok());
    REQUIRE(times->size() == 3);
    CHECK(times->at(1).ms == 2 * 60'000);
    CHECK(times->at(1).atMs == drillStart + 2 * 60'000);
    CHECK(times->at(2).ms == 3 * 60'000); // its own drill starts after the pause
    PlanRules shortCap;
    shortCap.drillGapCapMs = 60'000;
    times = studyTimes(*f.store, "mini", shortCap.drillGapCapMs);
    CHECK(times->at(1).ms == 60'000);

    PlanSettings s;
    s.hoursPerWeek = 10;
    s.examDay = f.clock.wallMs() / kDay + 14;
    REQUIRE(savePlanSettings(*f.store, s, kJan1).ok());
    const StudyPlan p = f.plan();
    // The exam 8 days ago is out of the last 7 days; the two drills (5 minutes) are in.
    CHECK(p.hoursLast7Days == Approx(5.0 / 60));
    CHECK(p.hoursTotal == Approx(45.0 / 60));
    REQUIRE(p.hoursByExam);
    CHECK(*p.hoursByExam == Approx(45.0 / 60 + 20)); // two more weeks at 10 h
    CHECK(hasLine(p, "Studied 0.1 h in the last 7 days (your budget: 10.0 h a week)"));
    CHECK(hasLine(
        p, "0.8 h in all; the study guide plans 120–160 h; at your budget you reach 20.8 h by the exam"));
}

TEST_CASE("a failed attempt starts the 14-day wait; five in 12 months use up the attempts", "[plan]")
{
    StudyPlanInput in = pureInput(0, {});
    const std::int64_t today = kJan1;
    in.settings.failedAttempts = {today - 3};
    StudyPlan p = computeStudyPlan(in);
    REQUIRE(p.retakeFromDay);
    CHECK(*p.retakeFromDay == today + 11);
    CHECK(p.attemptsLeft == 4);
    CHECK(hasLine(p, "Failed attempt on 2025-12-29: retake from 2026-01-12 (14-day wait)"));
    CHECK(hasLine(p, "4 of 5 attempts left in the 12 months up to today"));
    // An exam date inside the wait is pointed out.
    in.settings.examDay = today + 5;
    CHECK(hasLine(computeStudyPlan(in), "Your exam date is before the wait ends: move it to 2026-01-12"));

    // The wait is over on its 14th day.
    in.settings.examDay.reset();
    in.settings.failedAttempts = {today - 14};
    p = computeStudyPlan(in);
    CHECK_FALSE(p.retakeFromDay);
    CHECK(hasLine(p, "the 14-day wait is over, you may retake"));

    // Five in the last 12 months: none left until the oldest is a year old; one older than that is not
    // counted.
    in.settings.failedAttempts = {today - 400, today - 300, today - 200, today - 100, today - 60, today - 20};
    p = computeStudyPlan(in);
    CHECK(p.attemptsLeft == 0);
    REQUIRE(p.nextAttemptDay);
    CHECK(*p.nextAttemptDay == today - 300 + 365);
    CHECK(hasLine(p, "No attempts left in 12 months: the next from " + dayText(today + 65)));
    in.settings.failedAttempts = {today - 400, today - 365, today - 100};
    CHECK(computeStudyPlan(in).attemptsLeft == 4); // exactly a year ago is out of the window
}

TEST_CASE("plan settings are stored together, checked, and a refused change stores nothing", "[plan]")
{
    Fixture f;
    auto empty = loadPlanSettings(*f.store);
    REQUIRE(empty.ok());
    CHECK_FALSE(empty->examDay);
    CHECK(empty->hoursPerWeek == 0);
    CHECK(empty->failedAttempts.empty());

    PlanSettings s;
    s.examDay = kJan1 + 30;
    s.hoursPerWeek = 12.5;
    s.failedAttempts = {kJan1 - 2, kJan1 - 40, kJan1 - 2};
    REQUIRE(savePlanSettings(*f.store, s, kJan1).ok());
    auto back = loadPlanSettings(*f.store);
    REQUIRE(back.ok());
    CHECK(back->examDay == kJan1 + 30);
    CHECK(back->hoursPerWeek == 12.5);
    CHECK(back->failedAttempts == std::vector<std::int64_t>{kJan1 - 40, kJan1 - 2});
    CHECK(*f.store->setting("plan.exam-date").value() == "2026-01-31");

    PlanSettings bad = s;
    bad.failedAttempts.push_back(kJan1 + 1);
    auto refused = savePlanSettings(*f.store, bad, kJan1);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message == "a failed attempt on 2026-01-02 is in the future (today is 2026-01-01)");
    bad = s;
    bad.examDay.reset();
    bad.hoursPerWeek = 101;
    CHECK_FALSE(savePlanSettings(*f.store, bad, kJan1).ok());
    CHECK(loadPlanSettings(*f.store)->examDay == kJan1 + 30); // unchanged

    // Cleared date; a hand-edited value that does not parse reads as unset.
    s.examDay.reset();
    REQUIRE(savePlanSettings(*f.store, s, kJan1).ok());
    CHECK_FALSE(loadPlanSettings(*f.store)->examDay);
    REQUIRE(f.store->saveSetting("plan.exam-date", "next Tuesday").ok());
    REQUIRE(f.store->saveSetting("plan.hours-per-week", "-3").ok());
    CHECK_FALSE(loadPlanSettings(*f.store)->examDay);
    CHECK(loadPlanSettings(*f.store)->hoursPerWeek == 0);
}

TEST_CASE("readiness last met: now, at an earlier exam simulation, or never", "[plan]")
{
    TrackerEvidence ev;
    ev.exam.domains = {{"a", "A", 60, 0, {}, {}}, {"b", "B", 40, 0, {}, {}}};
    for (int i = 0; i < 40; ++i) {
        ev.reviews.push_back({i, i % 2 ? "a" : "b", "", kDay + i * 60'000, true, std::nullopt, false});
    }
    const TrackerSettings settings;
    const std::int64_t now = 6 * kDay;
    CHECK_FALSE(readinessLastMet(ev, settings, now, 0)); // every domain Green, no exam simulation

    ev.examScores = {{2 * kDay, 0.9}, {2 * kDay - kHour, 0.85}, {2 * kDay - 2 * kHour, 0.8}};
    CHECK(readinessLastMet(ev, settings, now, 0) == now); // met now

    // A fourth exam at 50% ends it; it was last met when the third good one finished.
    ev.examScores.insert(ev.examScores.begin(), {5 * kDay, 0.5});
    CHECK(readinessLastMet(ev, settings, now, 0) == 2 * kDay);
    CHECK_FALSE(readinessLastMet(ev, settings, 2 * kDay - 1, 0)); // before the third good exam
    CHECK_FALSE(readinessLastMet(ev, settings, now, 0, 0));       // no checks allowed

    // The plan says so on its own line.
    StudyPlanInput in = pureInput(0, {});
    in.tracker.answers = 1;
    in.readinessLastMetMs = 2 * kDay;
    CHECK(hasLine(computeStudyPlan(in), "Readiness rule last met on 1970-01-03."));
}

TEST_CASE("readiness last met is kept per evidence and equals the recomputed value after new sessions",
          "[plan]")
{
    Fixture f; // its store keeps the value
    TrackerEvidence ev;
    ev.exam.domains = {{"a", "A", 60, 0, {}, {}}, {"b", "B", 40, 0, {}, {}}};
    for (int i = 0; i < 40; ++i) {
        ev.reviews.push_back({i, i % 2 ? "a" : "b", "", kDay + i * 60'000, true, std::nullopt, false});
    }
    const TrackerSettings settings;
    const auto kept = [&] {
        return f.store->setting("readiness.last-met").value();
    };
    // The kept value as the plan reads it, and the value computed from scratch: always the same.
    const auto check = [&](std::int64_t now) {
        const bool readyNow = computeTracker(ev, now, settings).ready;
        const auto cached = cachedReadinessLastMet(*f.store, ev, settings, now, 0, readyNow);
        CHECK(cached == readinessLastMet(ev, settings, now, 0));
        return cached;
    };

    // Fewer than three exam simulations: never met, and nothing to keep.
    CHECK_FALSE(check(3 * kDay));
    CHECK_FALSE(kept());

    // Three good ones, then one at 50%: last met at the third good one, computed once and kept.
    ev.examScores = {{5 * kDay, 0.5}, {2 * kDay, 0.9}, {2 * kDay - kHour, 0.85}, {2 * kDay - 2 * kHour, 0.8}};
    CHECK(check(6 * kDay) == 2 * kDay);
    REQUIRE(kept());
    CHECK(kept()->substr(kept()->find(' ')) == " " + std::to_string(2 * kDay));
    CHECK(check(7 * kDay) == 2 * kDay); // later, the same evidence: read back

    // New sessions: three more good exams make it met again, and a bad one ends it. The kept value follows
    // the evidence (a value kept from before would still say day 2).
    for (const auto& exam : std::vector<std::pair<std::int64_t, double>>{
             {8 * kDay, 0.9}, {8 * kDay + kHour, 0.9}, {8 * kDay + 2 * kHour, 0.9}, {9 * kDay, 0.4}}) {
        ev.examScores.insert(ev.examScores.begin(), exam);
    }
    CHECK(check(10 * kDay) == 8 * kDay + 2 * kHour);
    CHECK(kept()->substr(kept()->find(' ')) == " " + std::to_string(8 * kDay + 2 * kHour));
    // A new answer is new evidence too (the bank's questions, settings and time zone likewise).
    ev.reviews.push_back({0, "a", "", 9 * kDay + kHour, false, std::nullopt, false});
    const std::string before = *kept();
    CHECK(check(10 * kDay) == 8 * kDay + 2 * kHour);
    CHECK(*kept() != before);

    // What is kept under the evidence's mark is what the plan uses, without computing it again; a value
    // under another mark is computed again and replaced.
    const std::string mark = kept()->substr(0, kept()->find(' '));
    REQUIRE(f.store->saveSetting("readiness.last-met", mark + " 12345").ok());
    CHECK(cachedReadinessLastMet(*f.store, ev, settings, 10 * kDay, 0, false) == 12345);
    REQUIRE(f.store->saveSetting("readiness.last-met", "v1:0000000000000000 12345").ok());
    CHECK(check(10 * kDay) == 8 * kDay + 2 * kHour);
    CHECK(*kept() == mark + " " + std::to_string(8 * kDay + 2 * kHour));

    // The plan reads it through the store's evidence: on the mini bank nothing is met.
    CHECK_FALSE(f.plan().readinessLastMetMs);
}
