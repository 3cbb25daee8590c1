#include "certdrill/learn/Tracker.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/QuestionSearch.h"
#include "certdrill/learn/Ability.h"
#include "certdrill/learn/DrillSession.h"
#include "certdrill/store/Annotations.h"

#include "MiniBank.h"

using namespace certdrill;

namespace {

constexpr std::int64_t kDay = 86'400'000;

struct Fixture : test::MiniBank
{
    std::unique_ptr<DrillSession> drill(const std::vector<std::string>& ids, bool cram = false,
                                        PlannedQuestion::Reason reason = PlannedQuestion::Reason::Unseen,
                                        double solve = 0.4)
    {
        const auto pool = store->candidates("mini").value();
        DrillPlan plan;
        for (const auto& id : ids) {
            for (const auto& c : pool) {
                if (c.question.id == id) {
                    plan.questions.push_back({c.rowId, 0, reason, solve});
                }
            }
        }
        auto d = DrillSession::start(*store, exam, plan, pool, 1, cram);
        REQUIRE(d.ok());
        return std::move(d.value());
    }
};

// The original index of the first correct option, or of a wrong one.
int optionOf(const Question& q, bool correct)
{
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        if (q.options[i].correct == correct) {
            return static_cast<int>(i);
        }
    }
    return 0;
}

// A complete answer to q, as many options as it asks for: right, or wrong by one option.
std::vector<int> answerOf(const Question& q, bool correct)
{
    std::vector<int> chosen;
    if (!correct) {
        chosen.push_back(optionOf(q, false));
    }
    for (std::size_t i = 0; i < q.options.size() && static_cast<int>(chosen.size()) < q.select; ++i) {
        if (q.options[i].correct) {
            chosen.push_back(static_cast<int>(i));
        }
    }
    return chosen;
}

} // namespace

TEST_CASE("FSRS replay maps answers to grades and skips cram", "[tracker]")
{
    std::vector<Review> reviews = {{1, "alpha", "", 0, false, std::nullopt, false},
                                   {1, "alpha", "", 0, true, std::nullopt, false},
                                   {1, "alpha", "", 1 * kDay, true, std::nullopt, false},
                                   {1, "alpha", "", 4 * kDay, true, std::nullopt, false},
                                   {1, "alpha", "", 12 * kDay, true, std::nullopt, false},
                                   {1, "alpha", "", 33 * kDay, true, std::nullopt, false},
                                   {1, "alpha", "", 34 * kDay, false, std::nullopt, true}};
    const auto memory = replayMemory(reviews);
    REQUIRE(memory.count(1));
    // The same days as the fsrs-rs golden test: the cram answer at the end changes nothing.
    CHECK(memory.at(1).state.stability == Approx(53.62691).epsilon(1e-6));
    CHECK(memory.at(1).reviews == 6);
    CHECK(ratingFor(true, Confidence::Guess) == Rating::Hard);
    CHECK(ratingFor(true, Confidence::Sure) == Rating::Good);
    CHECK(ratingFor(false, Confidence::Sure) == Rating::Again);
}

TEST_CASE("a submitted mock feeds the tracker; an unfinished one does not", "[tracker]")
{
    Fixture f;
    const Form form = assembleForm(f.exam, f.store->candidates("mini").value(), 4, 3);
    auto s = ExamSession::start(*f.store, f.exam, form, SessionMode::Exam);
    REQUIRE(s.ok());
    for (const auto& it : s.value()->items()) {
        if (it.question.id != "q4") { // q4 left unanswered
            std::vector<int> pick = {optionOf(it.question, it.question.id != "q3")};
            if (it.question.select == 2) {
                pick = {0, 1};
            }
            REQUIRE(s.value()->choose(it.position, pick).ok());
        }
    }
    auto before = buildTracker(*f.store, "mini");
    REQUIRE(before.ok());
    CHECK(before->answers == 0); // no feedback, and no evidence, until the exam is submitted
    CHECK(before->domains[0].band == Band::Red);
    REQUIRE(s.value()->submit().ok());

    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    CHECK(t->answers == 3); // the unanswered q4 is not evidence
    REQUIRE(t->domains.size() == 2);
    CHECK(t->domains[0].mastery.answers == 2);
    CHECK(t->domains[1].mastery.answers == 1);
    CHECK(t->domains[0].seenItems == 2);
    CHECK(t->topics[0][0].mastery.answers == 1);
    CHECK(t->recentExamScores.size() == 1);
    CHECK(t->recentExamScores[0] == Approx(0.5));
    CHECK_FALSE(t->ready);
    // Too few answers: nothing is Green, and the verdict explains each gap.
    for (const auto& row : t->domains) {
        CHECK(row.band != Band::Green);
    }
    REQUIRE(t->readiness.size() == 3);
    CHECK(t->readiness[0].rfind("Alpha: ", 0) == 0);
    CHECK(t->readiness[0].find("over 2 answers") != std::string::npos);
    // One notation for the interval, as on the tracker screen: mean, then the 80% interval in brackets.
    CHECK(t->readiness[0].find(intervalText(t->domains[0].mastery) + " over 2 answers") != std::string::npos);
    CHECK(t->readiness[0].find("±") == std::string::npos);
    CHECK(t->readiness[2].find("1 taken so far (50%), 2 more to take") != std::string::npos);
    CHECK(trackerCsv(t.value()).find("alpha,a1,Alpha one,60,1,") != std::string::npos);
}

TEST_CASE("an abandoned exam's answers are evidence, but it is never an exam simulation for readiness",
          "[tracker][abandon]")
{
    Fixture f;
    const auto form = assembleForm(f.exam, f.store->candidates("mini").value(), 4, 1);
    auto s = ExamSession::start(*f.store, f.exam, form, SessionMode::Exam);
    REQUIRE(s.ok());
    for (const auto& it : s.value()->items()) {
        if (it.question.id != "q4") { // q4 left unanswered
            REQUIRE(s.value()->choose(it.position, it.question.correctOptions()).ok());
        }
    }
    REQUIRE(s.value()->abandon().ok());
    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    // Honest attempts under exam conditions: the three answers given count, the unanswered one does not.
    CHECK(t->answers == 3);
    // 75% right, but an abandoned exam is not a sitting: it neither helps nor hurts readiness.
    CHECK(t->recentExamScores.empty());
    CHECK(t->readiness.back().find("none taken yet") != std::string::npos);
}

TEST_CASE("drill checks are evidence at once and cram leaves due dates alone", "[tracker]")
{
    Fixture f;
    auto d = f.drill({"q1", "q3"});
    const auto& items = d->items();
    CHECK(d->check(0, {}, std::nullopt).error().message == "Choose an answer first");
    auto right = d->check(0, answerOf(items[0].question, true), Confidence::Sure);
    REQUIRE(right.ok());
    CHECK(right.value());
    CHECK_FALSE(d->check(0, {0}, std::nullopt).ok()); // checked once only
    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    CHECK(t->answers == 1); // the drill is unfinished, but its checked answer counts
    CHECK(t->calibration[0].tag == "sure");
    CHECK(t->calibration[0].answers == 1);

    // A week later q1 is due; a cram drill answers it, and it stays due.
    f.clock.advanceMs(7 * kDay);
    REQUIRE(d->finish().ok());
    auto due = buildTracker(*f.store, "mini");
    REQUIRE(due.ok());
    const auto dueCount = due->domains[0].dueItems + due->domains[1].dueItems;
    CHECK(dueCount == 1);
    auto cram = f.drill({"q1"}, true);
    REQUIRE(cram->check(0, answerOf(cram->items()[0].question, true), std::nullopt).ok());
    auto after = buildTracker(*f.store, "mini");
    REQUIRE(after.ok());
    CHECK(after->answers == 2);
    CHECK(after->domains[0].dueItems + after->domains[1].dueItems == dueCount);
    // The same answer outside cram would have reset the due date.
    auto real = f.drill({"q1"});
    REQUIRE(real->check(0, answerOf(real->items()[0].question, true), std::nullopt).ok());
    auto reviewed = buildTracker(*f.store, "mini");
    CHECK(reviewed->domains[0].dueItems + reviewed->domains[1].dueItems == dueCount - 1);
}

TEST_CASE("self-ratings are stored beside the measured band and disagreements shown", "[tracker]")
{
    Fixture f;
    REQUIRE(setSelfRating(*f.store, "mini", "alpha", "", Band::Green).ok());
    REQUIRE(setSelfRating(*f.store, "mini", "alpha", "a2", Band::Yellow).ok());
    REQUIRE(setSelfRating(*f.store, "mini", "alpha", "a2", Band::Red).ok()); // overwrite
    CHECK_FALSE(setSelfRating(*f.store, "mini", "gamma", "", Band::Red).ok());
    CHECK_FALSE(setSelfRating(*f.store, "mini", "alpha", "zz", Band::Red).ok());
    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    CHECK(t->domains[0].selfRating == Band::Green);
    CHECK(t->domains[0].disagreement() == "You rate Green; the evidence says Red.");
    CHECK(t->topics[0][1].selfRating == Band::Red);
    CHECK(t->topics[0][1].disagreement().empty());
    REQUIRE(setSelfRating(*f.store, "mini", "alpha", "", std::nullopt).ok());
    CHECK_FALSE(buildTracker(*f.store, "mini")->domains[0].selfRating);
}

TEST_CASE("readiness needs every domain Green and three exams at the mark", "[tracker]")
{
    ExamDef exam;
    exam.domains = {{"a", "A", 60, 0, {}, {}}, {"b", "B", 40, 0, {}, {}}};
    std::vector<Review> reviews;
    for (int i = 0; i < 40; ++i) {
        reviews.push_back({i, i % 2 ? "a" : "b", "", 0, true, std::nullopt, false});
    }
    auto t = computeTracker(exam, {}, reviews, {}, {0.9, 0.85, 0.8}, 0);
    CHECK(t.domains[0].band == Band::Green);
    CHECK(t.ready);
    CHECK(t.readiness.front().rfind("Ready to schedule", 0) == 0);
    t = computeTracker(exam, {}, reviews, {}, {0.9, 0.85, 0.79}, 0);
    CHECK_FALSE(t.ready);
    REQUIRE(t.readiness.size() == 1);
    CHECK(t.readiness[0].find("last scores 90%, 85%, 79%") != std::string::npos);
    auto before = computeTracker(exam, {}, {}, {}, {}, 0);
    CHECK(bandChanges(before, t) == std::vector<std::string>{"A: Red → Green", "B: Red → Green"});
}

TEST_CASE("band changes split into the domains a drill asked about and the others", "[tracker]")
{
    ExamDef exam;
    exam.domains = {{"a", "A", 60, 0, {}, {}}, {"b", "B", 40, 0, {}, {}}};
    std::vector<Review> reviews;
    for (int i = 0; i < 8; ++i) {
        reviews.push_back({i, "a", "", 0, true, std::nullopt, false});
        reviews.push_back({100 + i, "b", "", 0, true, std::nullopt, false});
    }
    const auto before = computeTracker(exam, {}, reviews, {}, {}, 0);
    // A drill of A only, all wrong: A falls, and B, which it never asked about, moves with the pooled level.
    for (int i = 0; i < 40; ++i) {
        reviews.push_back({200 + i, "a", "", 0, false, std::nullopt, false});
    }
    const auto after = computeTracker(exam, {}, reviews, {}, {}, 0);
    REQUIRE(before.domains[1].band != after.domains[1].band);
    const auto split = bandChanges(before, after, {"a"});
    REQUIRE(split.asked.size() == 1);
    CHECK(split.asked[0].rfind("A: ", 0) == 0);
    REQUIRE(split.others.size() == 1);
    CHECK(split.others[0].rfind("B: ", 0) == 0);
    CHECK(bandChanges(before, after) == std::vector<std::string>{split.asked[0], split.others[0]});
}

TEST_CASE("a readiness gap quotes the lower bound as the interval beside it does", "[tracker]")
{
    ExamDef exam;
    exam.domains = {{"a", "A", 100, 0, {}, {}}};
    // Mixes of right and wrong answers until one gives a Yellow row whose lower bound rounds up to the next
    // whole percent: there "rounded to the nearest" and "rounded down" (the interval's way) disagree.
    bool found = false;
    for (int n = 5; n <= 60 && !found; ++n) {
        for (int wrong = 0; wrong <= n / 2 && !found; ++wrong) {
            std::vector<Review> reviews;
            for (int i = 0; i < n; ++i) {
                reviews.push_back({i, "a", "", 0, i >= wrong, std::nullopt, false});
            }
            const auto t = computeTracker(exam, {}, reviews, {}, {}, 0);
            const Mastery& m = t.domains[0].mastery;
            if (t.domains[0].band != Band::Yellow ||
                std::lround(m.lower * 100) == std::floor(m.lower * 100)) {
                continue;
            }
            found = true;
            INFO(t.readiness[0]);
            const std::string interval = intervalText(m);
            const std::string bound =
                interval.substr(interval.find('[') + 1, interval.find("–") - interval.find('[') - 1);
            CHECK(t.readiness[0].find(interval) != std::string::npos);
            CHECK(t.readiness[0].find("the lower bound (" + bound + "%)") != std::string::npos);
        }
    }
    CHECK(found);
}

TEST_CASE("the exam half of readiness reads only the newest scores, each at the mark", "[tracker]")
{
    TrackerSettings settings;
    settings.readinessScore = 0.85;
    CHECK(examReadinessGap({}, settings) ==
          "Exam simulations: the last 3 must each score at least 85%; none taken yet");
    // Fewer than the rule counts: the scores so far, and how many more it takes (not "last scores", which
    // would read as the last three).
    CHECK(examReadinessGap({0.9, 0.95}, settings) == "Exam simulations: the last 3 must each score at least "
                                                     "85%; 2 taken so far (90%, 95%), 1 more to take");
    CHECK(examReadinessGap({0.4}, settings) ==
          "Exam simulations: the last 3 must each score at least 85%; 1 taken so far (40%), 2 more to take");
    CHECK_FALSE(examReadinessGap({0.85, 0.9, 0.85}, settings)); // exactly at the mark counts
    CHECK(examReadinessGap({0.85, 0.84, 0.99}, settings).has_value());
    CHECK_FALSE(examReadinessGap({0.9, 0.9, 0.9, 0.1}, settings)); // an old fail no longer counts
    settings.readinessExams = 4;
    CHECK(examReadinessGap({0.9, 0.9, 0.9, 0.1}, settings) ==
          "Exam simulations: the last 4 must each score at least 85%; last scores 90%, 90%, 90%, 10%");
}

TEST_CASE("an exam score reads as a whole percent that reaches a mark exactly when the score does",
          "[tracker]")
{
    // 51 of 64 is 79.7%: rounded to the nearest it read "80%" beside "must each score at least 80%" and did
    // not count. Rounded down with the rule's tolerance for the division, it reads "79%"; 52 of 65 (0.8 in
    // doubles, or a hair under) reads "80%" and counts.
    CHECK(examScorePercent(51.0 / 64.0) == "79%");
    CHECK(examScorePercent(52.0 / 65.0) == "80%");
    CHECK(examScorePercent(0.57) == "57%"); // 56.99999999999999 after × 100
    CHECK(examScorePercent(1.0) == "100%");
    CHECK(examScorePercent(0.0) == "0%");
    TrackerSettings settings;
    settings.readinessScore = 0.8;
    for (int n = 60; n <= 70; ++n) {
        for (int k = 0; k <= n; ++k) {
            const double score = static_cast<double>(k) / n;
            const bool counts = examsAtReadinessScore({score}, settings) == 1;
            INFO(k << " of " << n);
            CHECK(counts == (std::stoi(examScorePercent(score)) >= 80));
        }
    }
    CHECK(examReadinessGap({51.0 / 64.0}, settings) ==
          "Exam simulations: the last 3 must each score at least 80%; 1 taken so far (79%), 2 more to take");
}

TEST_CASE("the readiness rule counts the newest exams it names, or all taken when fewer", "[tracker]")
{
    TrackerSettings settings;
    settings.readinessScore = 0.8;
    CHECK(examsCounted({}, settings) == 0);
    CHECK(examsCounted({0.9, 0.5}, settings) == 2);
    CHECK(examsCounted({0.9, 0.5, 0.8, 0.9, 0.95}, settings) == 3);
    CHECK(examsAtReadinessScore({0.9, 0.5}, settings) == 1);
    // The fourth and fifth are older than the three the rule reads.
    CHECK(examsAtReadinessScore({0.9, 0.5, 0.8, 0.9, 0.95}, settings) == 2);
    settings.readinessExams = 5;
    CHECK(examsCounted({0.9, 0.5, 0.8, 0.9, 0.95}, settings) == 5);
    CHECK(examsAtReadinessScore({0.9, 0.5, 0.8, 0.9, 0.95}, settings) == 4);
}

TEST_CASE("each row's mastery starts from what the level model expects on its questions", "[tracker]")
{
    ExamDef exam;
    exam.domains = {{"a", "A", 100, 0, {{"easy", "Easy"}, {"hard", "Hard"}}, {}}};
    std::vector<BankItem> bank;
    for (int i = 0; i < 4; ++i) {
        bank.push_back({i, "a", i < 2 ? "easy" : "hard", false, i < 2 ? 1 : 5});
    }
    const auto fresh = computeTracker(exam, bank, {}, {}, {}, 0);
    REQUIRE(fresh.topics[0].size() == 2);
    // Nobody has answered anything, yet the easy subtopic's estimate is higher than the hard one's.
    CHECK(fresh.topics[0][0].mastery.mean > fresh.domains[0].mastery.mean);
    CHECK(fresh.domains[0].mastery.mean > fresh.topics[0][1].mastery.mean);
    CHECK(fresh.domains[0].band == Band::Red);

    // Right answers to the hard questions raise the ability, and with it the prior of the easy subtopic too.
    std::vector<Review> reviews;
    for (int i = 2; i < 4; ++i) {
        reviews.push_back({i, "a", "hard", 0, true, std::nullopt, false, 5});
    }
    const auto after = computeTracker(exam, bank, reviews, {}, {}, 0);
    CHECK(after.planner.ability[0] > fresh.planner.ability[0]);
    CHECK(after.topics[0][0].mastery.answers == 0);
    CHECK(after.topics[0][0].mastery.mean > fresh.topics[0][0].mastery.mean);
}

TEST_CASE("the tracker gives the planner each domain's ability and each question's difficulty", "[tracker]")
{
    Fixture f;
    auto first = f.drill({"q1"});
    REQUIRE(first->check(0, answerOf(first->items()[0].question, true), std::nullopt).ok());
    f.clock.advanceMinutes(24 * 60);
    auto again = f.drill({"q1"});
    REQUIRE(again->check(0, answerOf(again->items()[0].question, false), std::nullopt).ok());

    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    const AbilityModel m;
    REQUIRE(t->planner.ability.size() == 2);
    // Only the first answer to q1 (tag 1, right) is an Elo step; both answers add the drift. The step also
    // moves the learner's shared level, which the untouched second domain carries.
    const double p = m.guess + (1 - m.guess) * solveProbability(m.start, difficultyLogit(1), m);
    CHECK(t->planner.ability[0] == Approx(m.start + (m.k + m.kGlobal) * (1 - p) + 2 * m.drift));
    CHECK(t->planner.ability[1] == Approx(m.start + m.kGlobal * (1 - p)));
    // Handing over the questions already read gives the same report.
    auto given = buildTracker(*f.store, f.exam, t->settings, f.store->candidates("mini").value());
    REQUIRE(given.ok());
    CHECK(given->planner.ability == t->planner.ability);
    CHECK(given->planner.items.size() == t->planner.items.size());
    CHECK(given->answers == t->answers);
    // The mini bank's tags are 1, 3 (alpha) and 2, 5 (beta).
    std::multiset<std::pair<int, double>> difficulties;
    for (const auto& it : t->planner.items) {
        difficulties.insert({it.domain, it.difficulty});
    }
    CHECK(difficulties == std::multiset<std::pair<int, double>>{{0, difficultyLogit(1)},
                                                                {0, difficultyLogit(3)},
                                                                {1, difficultyLogit(2)},
                                                                {1, difficultyLogit(5)}});
}

TEST_CASE("an unfinished drill reopens as it was left", "[tracker][drill]")
{
    Fixture f;
    CHECK_FALSE(DrillSession::unfinished(*f.store).value().has_value());
    std::int64_t id = 0;
    std::vector<int> order;
    {
        auto d = f.drill({"q2", "q3", "q4"}, true, PlannedQuestion::Reason::Due);
        id = d->id();
        order = d->items()[0].optionOrder;
        REQUIRE(d->check(0, {0, 1}, Confidence::Unsure).ok());
        CHECK(d->nextUnchecked() == 1);
    } // the app closes here
    REQUIRE(DrillSession::unfinished(*f.store).value() == id);
    auto reopened = DrillSession::open(*f.store, id);
    REQUIRE(reopened.ok());
    auto& d = *reopened.value();
    CHECK(d.cram());
    REQUIRE(d.items().size() == 3);
    CHECK(d.items()[0].checked);
    CHECK(d.items()[0].correct);
    CHECK(d.items()[0].chosen == std::vector<int>{0, 1});
    CHECK(d.items()[0].confidence == Confidence::Unsure);
    CHECK(d.items()[0].optionOrder == order);
    CHECK(d.items()[2].reason == PlannedQuestion::Reason::Due);
    CHECK(d.items()[2].solve == Approx(0.4)); // the planner's solve chance survives the restart
    CHECK(d.items()[1].question.id == "q3");
    CHECK_FALSE(d.items()[1].checked);
    CHECK(d.nextUnchecked() == 1);
    CHECK_FALSE(d.check(0, {0}, std::nullopt).ok()); // still checked once only
    REQUIRE(d.check(1, answerOf(d.items()[1].question, false), std::nullopt).ok());
    REQUIRE(d.check(2, answerOf(d.items()[2].question, true), std::nullopt).ok());
    // Every question checked: nothing left to resume, even before finish().
    CHECK_FALSE(DrillSession::unfinished(*f.store).value().has_value());
    REQUIRE(d.finish().ok());
    CHECK_FALSE(DrillSession::open(*f.store, 9999).ok());
}

TEST_CASE("a drill's summary tallies each domain and sets the pitched questions against the planner's guess",
          "[tracker]")
{
    Fixture f;
    auto d = f.drill({"q1", "q2", "q3", "q4"});
    for (int pos : {0, 1, 2}) {
        const bool right = pos != 1;
        REQUIRE(
            d->check(pos, answerOf(d->items()[static_cast<std::size_t>(pos)].question, right), std::nullopt)
                .ok());
    }
    const DrillSummary s = d->summary(); // q4 is not checked, so it is not counted
    CHECK(s.all.total == 3);
    CHECK(s.all.right == 2);
    CHECK(s.all.pitched == 3);
    CHECK(s.all.pitchedRight == 2);
    const AbilityModel m;
    const double p = m.guess + (1 - m.guess) * 0.4;
    CHECK(s.all.expected == Approx(3 * p));
    CHECK(s.all.variance == Approx(3 * p * (1 - p)));
    CHECK(std::string(s.all.againstExpected()) == "as expected");
    REQUIRE(s.domains.size() == 2);
    CHECK(s.domains[0].first == "alpha");
    CHECK(s.domains[0].second.total == 2);
    CHECK(s.domains[0].second.right == 1);
    CHECK(s.domains[1].first == "beta");
    CHECK(s.domains[1].second.right == 1);

    // Three of three against 1.65 expected is more than a standard deviation (0.86) better; none is worse.
    DrillTally t = s.all;
    t.pitchedRight = 3;
    CHECK(std::string(t.againstExpected()) == "better");
    t.pitchedRight = 0;
    CHECK(std::string(t.againstExpected()) == "worse");

    // Due reviews carry no solve chance, so nothing is expected of them.
    auto due = f.drill({"q1"}, false, PlannedQuestion::Reason::Due, -1);
    REQUIRE(due->check(0, answerOf(due->items()[0].question, true), std::nullopt).ok());
    CHECK(due->summary().all.right == 1);
    CHECK(due->summary().all.pitched == 0);
    CHECK(due->summary().all.expected == 0);

    // A due review the planner also gave a solve chance is still a review, not a question picked for the
    // learner's level: the summary must not set it against the level.
    auto review = f.drill({"q1"}, false, PlannedQuestion::Reason::Due, 0.4);
    REQUIRE(review->check(0, answerOf(review->items()[0].question, true), std::nullopt).ok());
    CHECK(review->summary().all.right == 1);
    CHECK(review->summary().all.pitched == 0);
    CHECK(review->summary().all.expected == 0);
}

TEST_CASE("the tracker's rows under a domain are its objectives, and answers follow a question that changes "
          "objective",
          "[tracker][objectives]")
{
    Fixture f;
    // Answer q1 (alpha, subtopic a1) in a drill, before the exam names objectives.
    auto d = f.drill({"q1"});
    const auto& item = d->items()[0];
    REQUIRE(d->check(item.position, answerOf(item.question, true), std::nullopt).ok());
    auto before = buildTracker(*f.store, "mini");
    REQUIRE(before.ok());
    REQUIRE(before->topics[0].size() == 2); // subtopics a1, a2: the exam has no objectives yet
    CHECK(before->topics[0][0].topicId == "a1");
    CHECK(before->topics[0][0].mastery.answers == 1);

    // The exam gains objectives and q1 moves to objective 1.2: its answer moves with it.
    REQUIRE(
        f.store
            ->importFiles({dataFile("mini-exam-objectives.json"), dataFile("mini-questions-objectives.json")})
            .ok());
    auto after = buildTracker(*f.store, "mini");
    REQUIRE(after.ok());
    REQUIRE(after->topics[0].size() == 2);
    CHECK(after->topics[0][0].topicId == "1.1");
    CHECK(after->topics[0][0].name == "1.1 Alpha's first objective");
    CHECK(after->topics[0][0].mastery.answers == 0);
    CHECK(after->topics[0][1].topicId == "1.2");
    CHECK(after->topics[0][1].mastery.answers == 1);
    CHECK(after->topics[0][1].bankItems == 2);
    CHECK(after->answers == 1);

    // Self-ratings go on objective rows; a subtopic id is no longer a row of this domain.
    REQUIRE(setSelfRating(*f.store, "mini", "alpha", "1.2", Band::Yellow).ok());
    auto rated = buildTracker(*f.store, "mini");
    CHECK(rated->topics[0][1].selfRating == Band::Yellow);
    const auto refused = setSelfRating(*f.store, "mini", "alpha", "a1", Band::Green);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message == "domain \"alpha\" has no objective \"a1\"");
}

TEST_CASE("a drill of bookmarked questions serves only those; a browser reveal is no answer",
          "[tracker][browser]")
{
    Fixture f;
    const auto pool = f.store->candidates("mini").value();
    const auto rowOf = [&](const char* id) {
        return std::find_if(pool.begin(), pool.end(), [&](const Candidate& c) { return c.question.id == id; })
            ->rowId;
    };
    REQUIRE(setBookmark(*f.store, rowOf("q2"), true).ok());
    REQUIRE(setBookmark(*f.store, rowOf("q4"), true).ok());
    auto t = buildTracker(*f.store, "mini");
    REQUIRE(t.ok());
    PlannerOptions o;
    o.seed = 3;
    o.filter.bookmarkedOnly = true;
    const DrillPlan plan = planDrill(t->planner, o);
    std::set<std::int64_t> planned;
    for (const auto& q : plan.questions) {
        planned.insert(q.id);
    }
    CHECK(planned == std::set<std::int64_t>{rowOf("q2"), rowOf("q4")});

    // Shown in the browser: the tracker has no answer for it, and the planner still offers it as unseen.
    REQUIRE(revealInBrowser(*f.store, rowOf("q4")).value());
    auto after = buildTracker(*f.store, "mini");
    REQUIRE(after.ok());
    CHECK(after->answers == 0);
    for (const auto& item : after->planner.items) {
        CHECK_FALSE(item.seen);
    }
}
