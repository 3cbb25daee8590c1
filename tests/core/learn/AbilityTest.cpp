#include "certdrill/learn/Ability.h"

#include <cmath>

#include <catch2/catch.hpp>

using namespace certdrill;

TEST_CASE("difficulty tags map to the normal's bucket means", "[ability]")
{
    CHECK(difficultyLogit(0) == 0.0);
    CHECK(difficultyLogit(6) == 0.0);
    CHECK(difficultyLogit(1) == Approx(-1.7181));
    CHECK(difficultyLogit(3) == Approx(0.0898));
    CHECK(difficultyLogit(5) == Approx(1.7433));
    for (int tag = 1; tag < 5; ++tag) {
        // Each mean sits between its tag's cut points, so the map is increasing.
        CHECK(difficultyLogit(tag) < kDifficultyTagCuts[tag - 1]);
        CHECK(difficultyLogit(tag + 1) > kDifficultyTagCuts[tag - 1]);
    }
    CHECK(solveProbability(0.5, 0.5) == Approx(0.5));
    CHECK(solveProbability(1.0, 0.0) == Approx(1.0 / (1.0 + std::exp(-1.7))));
}

TEST_CASE("ability moves on first answers and drifts with practice", "[ability]")
{
    AbilityModel m;
    // One first-time right answer on a coin-flip question: P = 0.25 + 0.75 · 0.5 = 0.625.
    std::vector<AnswerEvidence> ev{{0, -1, 0, true, true, 0.0}};
    auto a = estimateAbility(ev, 2, m);
    REQUIRE(a.size() == 2);
    const double shared = m.kGlobal * (1 - 0.625);
    CHECK(a[0] == Approx(m.start + shared + m.k * (1 - 0.625) + m.drift));
    // The other domain moves only by the learner's shared part.
    CHECK(a[1] == Approx(m.start + shared));

    // Repeats of the same question only add the drift: memory, not skill, explains them.
    ev.push_back({0, -1, 1, false, false, 0.0});
    ev.push_back({0, -1, 2, true, false, 0.0});
    a = estimateAbility(ev, 2, m);
    CHECK(a[0] == Approx(m.start + shared + m.k * (1 - 0.625) + 3 * m.drift));

    // A first-time miss on an easy question costs more than a miss on a hard one.
    const auto easyMiss = estimateAbility({{0, -1, 0, false, true, difficultyLogit(1)}}, 1, m);
    const auto hardMiss = estimateAbility({{0, -1, 0, false, true, difficultyLogit(5)}}, 1, m);
    CHECK(easyMiss[0] < hardMiss[0]);
    CHECK(hardMiss[0] < m.start + m.drift);

    // Evidence for an unknown domain is ignored.
    CHECK(estimateAbility({{5, -1, 0, true, true, 0.0}}, 2, m) == std::vector<double>{m.start, m.start});
}

TEST_CASE("many first answers track a learner's true ability", "[ability]")
{
    // A learner of ability 1.0 answers 400 fresh questions of every tag; each answer is right exactly in
    // proportion to the model's probability (deterministic rounding instead of noise).
    AbilityModel m;
    m.drift = 0;
    std::vector<AnswerEvidence> ev;
    double owed = 0;
    for (int i = 0; i < 400; ++i) {
        const double b = difficultyLogit(1 + i % 5);
        owed += m.guess + (1 - m.guess) * solveProbability(1.0, b, m);
        const bool right = owed >= 1;
        owed -= right ? 1 : 0;
        ev.push_back({0, -1, i, right, true, b});
    }
    CHECK(estimateAbility(ev, 1, m)[0] == Approx(1.0).margin(0.35));
}

TEST_CASE("a domain without answers borrows the level the learner shows elsewhere", "[ability]")
{
    // A learner who misses most first answers in domains 0..3 and has not touched domain 4 yet.
    std::vector<AnswerEvidence> ev;
    for (int i = 0; i < 80; ++i) {
        ev.push_back({i % 4, -1, i, i % 5 == 0, true, difficultyLogit(3)});
    }
    AbilityModel pooled;
    const auto a = estimateAbility(ev, 5, pooled);
    CHECK(a[4] < pooled.start - 0.5);
    // Every practised domain sits below the start as well, and domain 4 only has the shared part.
    for (int d = 0; d < 4; ++d) {
        CHECK(a[static_cast<std::size_t>(d)] < a[4]);
    }

    // Without the shared part (kGlobal = 0) domain 4 would stay at the start value.
    AbilityModel separate;
    separate.kGlobal = 0;
    CHECK(estimateAbility(ev, 5, separate)[4] == separate.start);
}

TEST_CASE("expected accuracy averages the 3PL over the questions", "[ability]")
{
    const AbilityModel m;
    CHECK(expectedAccuracy(0.5, {0.5}, m) == Approx(m.guess + (1 - m.guess) * 0.5));
    CHECK(expectedAccuracy(0.0, {}, m) == Approx(expectedAccuracy(0.0, {0.0}, m)));
    const std::vector<double> mix = {difficultyLogit(1), difficultyLogit(5)};
    CHECK(expectedAccuracy(0.0, mix, m) ==
          Approx((expectedAccuracy(0.0, {mix[0]}, m) + expectedAccuracy(0.0, {mix[1]}, m)) / 2));
    CHECK(expectedAccuracy(1.0, mix, m) > expectedAccuracy(0.0, mix, m));
    CHECK(expectedAccuracy(0.0, {difficultyLogit(1)}, m) > expectedAccuracy(0.0, {difficultyLogit(5)}, m));
    CHECK(expectedAccuracy(-20.0, mix, m) == Approx(m.guess).margin(1e-6));
}
