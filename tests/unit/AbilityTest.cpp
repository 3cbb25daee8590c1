#include "certdrill/Ability.h"

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
    CHECK(a[0] == Approx(m.start + m.k * (1 - 0.625) + m.drift));
    CHECK(a[1] == m.start);

    // Repeats of the same question only add the drift: memory, not skill, explains them.
    ev.push_back({0, -1, 1, false, false, 0.0});
    ev.push_back({0, -1, 2, true, false, 0.0});
    a = estimateAbility(ev, 2, m);
    CHECK(a[0] == Approx(m.start + m.k * (1 - 0.625) + 3 * m.drift));

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
