#include "certdrill/learn/DrillPlanner.h"

#include <algorithm>
#include <map>
#include <set>

#include <catch2/catch.hpp>

#include "certdrill/learn/Ability.h"

using namespace certdrill;

namespace {

// Ten domains with the NCP-GENL weights, 30 questions each, two subtopics per domain.
PlannerInput makeInput(const std::vector<double>& accuracy, int answersPerDomain)
{
    PlannerInput in;
    in.weights = {17, 14, 13, 13, 9, 9, 7, 7, 6, 5};
    std::vector<AnswerEvidence> ev;
    for (int d = 0; d < 10; ++d) {
        for (int k = 0; k < answersPerDomain; ++k) {
            ev.push_back({d, k % 2, 0, k < accuracy[static_cast<std::size_t>(d)] * answersPerDomain});
        }
    }
    in.mastery = estimateMastery(ev, std::vector<int>(10, 2), 0);
    for (int d = 0; d < 10; ++d) {
        in.bands.push_back(measuredBand(in.mastery.domains[static_cast<std::size_t>(d)], 0.8));
        for (int i = 0; i < 30; ++i) {
            PlannerItem it;
            it.id = d * 100 + i;
            it.domain = d;
            it.topic = i % 2;
            in.items.push_back(it);
        }
    }
    return in;
}

} // namespace

TEST_CASE("the planner sends more questions to weak heavy domains", "[planner]")
{
    // Domain 0 (17%) weak, domain 9 (5%) equally weak, the rest strong.
    std::vector<double> acc(10, 0.95);
    acc[0] = 0.4;
    acc[9] = 0.4;
    const auto in = makeInput(acc, 20);
    std::map<int, int> total;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        PlannerOptions o;
        o.seed = seed;
        const auto plan = planDrill(in, o);
        REQUIRE(plan.questions.size() == 20);
        for (int d = 0; d < 10; ++d) {
            total[d] += plan.perDomain[static_cast<std::size_t>(d)];
        }
    }
    CHECK(total[0] > total[9]);    // the weight is the exchange rate
    CHECK(total[9] > total[4]);    // a weak light domain still beats a strong heavier one
    CHECK(total[0] > 20 * 50 / 3); // and the weak heavy domain gets the largest share
}

TEST_CASE("Red domains get their floor and no question repeats", "[planner]")
{
    std::vector<double> acc(10, 0.95);
    acc[8] = 0.2; // Red but light (6%)
    const auto in = makeInput(acc, 20);
    REQUIRE(in.bands[8] == Band::Red);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        PlannerOptions o;
        o.seed = seed;
        o.count = 40;
        const auto plan = planDrill(in, o);
        CHECK(plan.perDomain[8] >= 1);
        std::set<std::int64_t> ids;
        for (const auto& q : plan.questions) {
            ids.insert(q.id);
        }
        CHECK(ids.size() == plan.questions.size());
    }
}

TEST_CASE("drills interleave at most two in a row from one domain", "[planner]")
{
    const auto in = makeInput(std::vector<double>(10, 0.6), 10);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        PlannerOptions o;
        o.seed = seed;
        const auto plan = planDrill(in, o);
        for (std::size_t i = 2; i < plan.questions.size(); ++i) {
            const bool run3 = plan.questions[i].domain == plan.questions[i - 1].domain &&
                              plan.questions[i].domain == plan.questions[i - 2].domain;
            if (run3) {
                // Allowed only when nothing else was left.
                for (std::size_t j = i; j < plan.questions.size(); ++j) {
                    CHECK(plan.questions[j].domain == plan.questions[i].domain);
                }
            }
        }
    }
}

TEST_CASE("never-answered domains open the drill, so one ended early still reaches them", "[planner]")
{
    // Eight domains with answers (weak, so the heavy ones take most slots), two never answered: Red with
    // only their floor of one or two questions.
    PlannerInput in = makeInput(std::vector<double>(10, 0.55), 20);
    std::vector<AnswerEvidence> ev;
    for (int d = 0; d < 10; ++d) {
        for (int k = 0; d != 5 && d != 9 && k < 20; ++k) {
            ev.push_back({d, k % 2, 0, k < 11});
        }
    }
    in.mastery = estimateMastery(ev, std::vector<int>(10, 2), 0);
    for (int d = 0; d < 10; ++d) {
        in.bands[static_cast<std::size_t>(d)] =
            measuredBand(in.mastery.domains[static_cast<std::size_t>(d)], 0.8);
    }
    REQUIRE(in.bands[5] == Band::Red);
    REQUIRE(in.bands[9] == Band::Red);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        PlannerOptions o;
        o.seed = seed;
        const auto plan = planDrill(in, o);
        REQUIRE(plan.questions.size() == 20);
        std::map<int, std::size_t> first;
        for (std::size_t i = plan.questions.size(); i-- > 0;) {
            first[plan.questions[i].domain] = i;
        }
        REQUIRE(first.count(5));
        REQUIRE(first.count(9));
        CHECK(first[5] < 2);
        CHECK(first[9] < 2);
    }
    // A new learner: every domain is never answered, and each one's first question comes before any
    // domain's second, unless one domain holds so much of the drill that the two-in-a-row rule needs every
    // other question to break up its runs.
    const PlannerInput fresh = makeInput(std::vector<double>(10, 0.0), 0);
    int spread = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        PlannerOptions o;
        o.seed = seed;
        const auto plan = planDrill(fresh, o);
        if (*std::max_element(plan.perDomain.begin(), plan.perDomain.end()) > o.count / 2) {
            continue;
        }
        ++spread;
        std::set<int> opened;
        for (std::size_t i = 0; i < 10; ++i) {
            opened.insert(plan.questions[i].domain);
        }
        CHECK(opened.size() == 10);
    }
    CHECK(spread >= 15);
}

TEST_CASE("the planner is deterministic for a seed", "[planner]")
{
    const auto in = makeInput(std::vector<double>(10, 0.6), 10);
    PlannerOptions o;
    o.seed = 42;
    const auto a = planDrill(in, o);
    const auto b = planDrill(in, o);
    REQUIRE(a.questions.size() == b.questions.size());
    for (std::size_t i = 0; i < a.questions.size(); ++i) {
        CHECK(a.questions[i].id == b.questions[i].id);
    }
    o.seed = 43;
    const auto c = planDrill(in, o);
    bool differs = false;
    for (std::size_t i = 0; i < a.questions.size(); ++i) {
        differs = differs || a.questions[i].id != c.questions[i].id;
    }
    CHECK(differs);
}

TEST_CASE("due questions come first, lowest recall first, then unseen", "[planner]")
{
    auto in = makeInput(std::vector<double>(10, 0.6), 10);
    // In domain 0: two due items and three seen, not due.
    for (auto& it : in.items) {
        if (it.domain == 0 && it.id % 100 < 5) {
            it.seen = true;
            it.recall = 0.95;
        }
    }
    in.items[1].due = true;
    in.items[1].recall = 0.7;
    in.items[3].due = true;
    in.items[3].recall = 0.5;
    PlannerOptions o;
    o.seed = 5;
    o.filter.domains = {0};
    o.count = 6;
    const auto plan = planDrill(in, o);
    REQUIRE(plan.questions.size() == 6);
    CHECK(plan.questions[0].id == 3);
    CHECK(plan.questions[0].reason == PlannedQuestion::Reason::Due);
    CHECK(plan.questions[1].id == 1);
    for (std::size_t i = 2; i < 6; ++i) {
        CHECK(plan.questions[i].reason == PlannedQuestion::Reason::Unseen);
        CHECK(plan.questions[i].domain == 0);
    }
}

TEST_CASE("custom drill filters narrow the pool", "[planner]")
{
    auto in = makeInput(std::vector<double>(10, 0.6), 10);
    in.items[7].missed = true;
    in.items[7].seen = true;
    in.items[42].flagged = true;
    PlannerOptions o;
    o.filter.missedOnly = true;
    auto plan = planDrill(in, o);
    REQUIRE(plan.questions.size() == 1);
    CHECK(plan.questions[0].id == in.items[7].id);
    o.filter = {};
    o.filter.flaggedOnly = true;
    plan = planDrill(in, o);
    REQUIRE(plan.questions.size() == 1);
    CHECK(plan.questions[0].id == in.items[42].id);
    o.filter = {};
    o.filter.topics = {{2, 1}};
    o.count = 100;
    plan = planDrill(in, o);
    CHECK(plan.questions.size() == 15);
    // What a custom drill's dialog counts before planning is what the plan could draw from.
    std::vector<int> expected(10, 0);
    expected[2] = 15;
    CHECK(eligibleQuestions(in, o.filter) == expected);
    CHECK(plan.eligible == expected);
    DrillFilter missed;
    missed.missedOnly = true;
    missed.domains = {0, 3};
    CHECK(eligibleQuestions(in, missed) == std::vector<int>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    missed.domains = {3};
    CHECK(eligibleQuestions(in, missed) == std::vector<int>(10, 0));
    CHECK(eligibleQuestions(in, {}) == std::vector<int>(10, 30));
    // A question outside the blueprint's domains is in no pool, counted or planned.
    PlannerInput stray = in;
    for (const int domain : {-1, 10}) {
        PlannerItem it;
        it.id = 9000 + domain;
        it.domain = domain;
        stray.items.push_back(it);
    }
    CHECK(eligibleQuestions(stray, {}) == std::vector<int>(10, 30));
    CHECK(planDrill(stray, PlannerOptions{}).eligible == std::vector<int>(10, 30));
    for (const auto& q : plan.questions) {
        CHECK(q.domain == 2);
        CHECK(q.id % 2 == 1);
    }
}

namespace {

// One domain per entry of `abilities`, each with eight unseen questions of every tag 1–5.
PlannerInput levelInput(const std::vector<double>& abilities)
{
    PlannerInput in;
    for (std::size_t d = 0; d < abilities.size(); ++d) {
        in.weights.push_back(10);
        in.bands.push_back(Band::Yellow);
        for (int i = 0; i < 40; ++i) {
            PlannerItem it;
            it.id = static_cast<std::int64_t>(d) * 100 + i;
            it.domain = static_cast<int>(d);
            it.difficulty = difficultyLogit(1 + i % 5);
            in.items.push_back(it);
        }
    }
    in.mastery = estimateMastery({}, std::vector<int>(abilities.size(), 0), 0);
    in.ability = abilities;
    return in;
}

} // namespace

TEST_CASE("unseen questions at the learner's level come first", "[planner][level]")
{
    PlannerOptions o;
    o.count = 8;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        o.seed = seed;
        // Ability 0: the tag-3 questions (difficulty 0.09, solve 46%) are the nearest to a coin flip.
        auto plan = planDrill(levelInput({0.0}), o);
        REQUIRE(plan.questions.size() == 8);
        for (const auto& q : plan.questions) {
            CHECK(q.id % 5 == 2);
            CHECK(q.solve == Approx(solveProbability(0.0, difficultyLogit(3))));
        }
        // A stronger learner gets the tag-4 questions (difficulty 0.87, solve 50%).
        plan = planDrill(levelInput({0.9}), o);
        for (const auto& q : plan.questions) {
            CHECK(q.id % 5 == 3);
        }
    }
    // Without the level model the order is the seeded shuffle: every tag turns up somewhere.
    o.levelMatching = false;
    o.count = 40;
    o.seed = 3;
    std::set<std::int64_t> tags;
    const auto plan = planDrill(levelInput({0.0}), o);
    for (std::size_t i = 0; i < 8; ++i) {
        tags.insert(plan.questions[i].id % 5);
        CHECK(plan.questions[i].solve == -1);
    }
    CHECK(tags.size() > 1);
}

TEST_CASE("drill slots go where practice moves the exam score most", "[planner][level]")
{
    // Same weight, same (empty) mastery; domain 1's learner already solves everything, so its questions
    // teach little and its score has almost nowhere to go.
    const auto in = levelInput({0.0, 4.0});
    PlannerOptions o;
    const auto slopes = scoreSlopes(in, o);
    REQUIRE(slopes.size() == 2);
    CHECK(slopes[0] > 0.1);
    CHECK(slopes[1] < 0.02);
    int first = 0;
    int second = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        o.seed = seed;
        const auto plan = planDrill(in, o);
        first += plan.perDomain[0];
        second += plan.perDomain[1];
    }
    CHECK(first > 4 * second);
    // With the level model off, the slope is the same for every domain.
    o.levelMatching = false;
    CHECK(scoreSlopes(in, o) == std::vector<double>{0.25, 0.25});
}
