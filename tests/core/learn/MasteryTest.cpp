#include "certdrill/learn/Mastery.h"

#include <cmath>

#include <catch2/catch.hpp>

using namespace certdrill;

namespace {
constexpr std::int64_t kDay = 86'400'000;
}

TEST_CASE("the incomplete beta and its quantile agree with known values", "[mastery]")
{
    // I_x(1, 1) = x; I_x(2, 1) = x²; the Beta(2, 3) median is 0.3857276.
    CHECK(incompleteBeta(0.3, 1, 1) == Approx(0.3));
    CHECK(incompleteBeta(0.3, 2, 1) == Approx(0.09));
    CHECK(betaQuantile(0.5, 2, 3) == Approx(0.3857275).epsilon(1e-6));
    // Reference quantiles from a 200,000-step midpoint-rule integration of the Beta(20, 5) density.
    CHECK(betaQuantile(0.1, 20, 5) == Approx(0.6941208).epsilon(1e-6));
    CHECK(betaQuantile(0.9, 20, 5) == Approx(0.8950326).epsilon(1e-6));
}

TEST_CASE("Beta draws are seeded and have the right mean", "[mastery]")
{
    Random a(7);
    Random b(7);
    CHECK(sampleBeta(a, 3, 2) == sampleBeta(b, 3, 2));
    Random r(11);
    double sum = 0;
    const int n = 20000;
    for (int i = 0; i < n; ++i) {
        const double x = sampleBeta(r, 3, 7);
        REQUIRE(x >= 0.0);
        REQUIRE(x <= 1.0);
        sum += x;
    }
    CHECK(sum / n == Approx(0.3).margin(0.005));
    Random small(3);
    CHECK(sampleBeta(small, 0.4, 0.6) >= 0.0); // shapes below one take the boosted path
}

TEST_CASE("mastery pools towards the overall mean and decays old evidence", "[mastery]")
{
    const std::int64_t now = 100 * kDay;
    std::vector<AnswerEvidence> ev;
    for (int i = 0; i < 10; ++i) {
        ev.push_back({0, 0, now, true}); // domain 0: 10 of 10 today
    }
    ev.push_back({1, -1, now, false}); // domain 1: one wrong answer
    const auto t = estimateMastery(ev, {2, 0, 0}, now);
    const double kappa = MasteryModel{}.priorStrength;
    REQUIRE(t.domains.size() == 3);
    CHECK(t.overall == Approx(11.0 / 13.0));
    CHECK(t.domains[0].answers == 10);
    CHECK(t.domains[0].mean == Approx((kappa * t.overall + 0.5 + 10) / (kappa + 1 + 10)));
    CHECK(t.domains[0].lower < t.domains[0].mean);
    CHECK(t.domains[0].upper > t.domains[0].mean);
    // One wrong answer moves domain 1 only a little below the pooled prior.
    CHECK(t.domains[1].mean > 0.6);
    CHECK(t.domains[2].answers == 0);
    CHECK(t.topics[0][0].answers == 10);
    CHECK(t.topics[0][1].answers == 0);
    // A subtopic without answers sits at its domain's mean, with the prior's strength.
    CHECK(t.topics[0][1].mean == Approx((kappa * t.domains[0].mean + 0.5) / (kappa + 1)));

    // The same answers a month ago weigh 0.97^30 ≈ 0.40 each.
    std::vector<AnswerEvidence> old = ev;
    for (auto& e : old) {
        e.atMs = now - 30 * kDay;
    }
    const auto o = estimateMastery(old, {2, 0, 0}, now);
    CHECK(o.domains[0].weightedAnswers == Approx(10 * std::pow(0.97, 30)));
    CHECK(o.domains[0].upper - o.domains[0].lower > t.domains[0].upper - t.domains[0].lower);
}

TEST_CASE("a question answered many times counts as one question", "[mastery]")
{
    const std::int64_t now = 100 * kDay;
    std::vector<AnswerEvidence> ev;
    for (int i = 0; i < 10; ++i) {
        ev.push_back({0, -1, now, true, i == 0, 0.0, 7});     // domain 0: question 7, right ten times
        ev.push_back({1, -1, now, true, true, 0.0, 100 + i}); // domain 1: ten questions, right once each
    }
    const auto t = estimateMastery(ev, {0, 0}, now);
    CHECK(t.domains[0].answers == 10); // the count shown stays the raw number of answers
    CHECK(t.domains[0].weightedAnswers == Approx(1.0));
    CHECK(t.domains[1].weightedAnswers == Approx(10.0));
    CHECK(t.domains[0].mean < t.domains[1].mean);
    CHECK(t.domains[0].upper - t.domains[0].lower > t.domains[1].upper - t.domains[1].lower);

    // The repeats share the weight their ages give them: one today and one 30 days ago weigh (1 + 0.97^30)/2.
    const auto aged = estimateMastery(
        {{0, -1, now, true, true, 0.0, 7}, {0, -1, now - 30 * kDay, false, false, 0.0, 7}}, {0}, now);
    CHECK(aged.domains[0].weightedAnswers == Approx((1 + std::pow(0.97, 30)) / 2));
}

TEST_CASE("a question's latest answer weighs as much as all its earlier answers together", "[mastery]")
{
    const std::int64_t now = 100 * kDay;
    MasteryPrior prior;
    prior.domains = {0.5}; // a fixed prior, so only the evidence differs between the cases below
    const AnswerEvidence miss{0, -1, now, false, false, 0.0, 7};
    const AnswerEvidence right{0, -1, now + 1, true, false, 0.0, 7};
    // Missed three times, then right: the latest answer carries half of the question's weight and the three
    // misses a sixth each, so the counts are right 0.5, wrong 0.5.
    const auto t = estimateMastery({miss, miss, miss, right}, {0}, now + 1, {}, prior);
    CHECK(t.domains[0].weightedAnswers == Approx(1.0));
    MasteryModel even;
    even.latestShare = 0.25; // an equal split over the four answers: right 0.25, wrong 0.75
    const auto e = estimateMastery({miss, miss, miss, right}, {0}, now + 1, even, prior);
    CHECK(t.domains[0].alpha - e.domains[0].alpha == Approx(0.25));
    CHECK(e.domains[0].beta - t.domains[0].beta == Approx(0.25));
    CHECK(t.domains[0].mean > e.domains[0].mean);
    // "Latest" is by time, not by place in the list: listed last but answered first, the right answer is
    // one of the three earlier answers, and a miss is the latest.
    AnswerEvidence early = right;
    early.atMs = now - 1;
    const auto reordered = estimateMastery({miss, miss, miss, early}, {0}, now + 1, {}, prior);
    CHECK(reordered.domains[0].alpha < t.domains[0].alpha);
    CHECK(reordered.domains[0].alpha - e.domains[0].alpha == Approx(1.0 / 6.0 - 0.25).margin(1e-3));
}

TEST_CASE("a row's prior is the accuracy the level model expects on its questions", "[mastery]")
{
    const double kappa = MasteryModel{}.priorStrength;
    MasteryPrior prior;
    prior.domains = {0.9, 0.4};
    prior.topics = {{0.95, 0.3}}; // domain 1's subtopic has no prior of its own
    const auto empty = estimateMastery({}, {2, 1}, 0, {}, prior);
    CHECK(empty.domains[0].mean == Approx((kappa * 0.9 + 0.5) / (kappa + 1)));
    CHECK(empty.domains[1].mean == Approx((kappa * 0.4 + 0.5) / (kappa + 1)));
    CHECK(empty.topics[0][0].mean == Approx((kappa * 0.95 + 0.5) / (kappa + 1)));
    CHECK(empty.topics[0][1].mean == Approx((kappa * 0.3 + 0.5) / (kappa + 1)));
    CHECK(empty.topics[1][0].mean == Approx((kappa * empty.domains[1].mean + 0.5) / (kappa + 1)));
    // No evidence is still no evidence: the band is Red whatever the prior says.
    CHECK(measuredBand(empty.domains[0], 0.8) == Band::Red);

    // Answers move a row away from its prior, by their weight against the prior's strength.
    std::vector<AnswerEvidence> ev;
    for (int i = 0; i < 6; ++i) {
        ev.push_back({1, 0, 0, true, true, 0.0, i});
    }
    const auto moved = estimateMastery(ev, {2, 1}, 0, {}, prior);
    CHECK(moved.domains[1].mean == Approx((kappa * 0.4 + 0.5 + 6) / (kappa + 1 + 6)));
    CHECK(moved.domains[0].mean == Approx(empty.domains[0].mean)); // the pooled mean plays no part
}

TEST_CASE("bands follow the rules at their edges", "[mastery]")
{
    const double target = 0.80;
    Mastery m;
    m.answers = 0;
    m.mean = 0.9;
    m.lower = 0.85;
    m.upper = 0.95;
    CHECK(measuredBand(m, target) == Band::Red); // no evidence
    m.answers = 4;
    CHECK(measuredBand(m, target) == Band::Yellow); // fewer than 5 can never be Green
    m.answers = 5;
    CHECK(measuredBand(m, target) == Band::Green);
    m.lower = 0.80;
    CHECK(measuredBand(m, target) == Band::Green); // lower bound exactly at the target
    m.lower = 0.7999;
    CHECK(measuredBand(m, target) == Band::Yellow);
    m.lower = 0.85;
    CHECK(measuredBand(m, target, 0.86) == Band::Green);
    CHECK(measuredBand(m, target, 0.84) == Band::Yellow); // due items decayed
    m = {};
    m.answers = 20;
    m.mean = 0.6;
    m.lower = 0.5;
    m.upper = 0.7001;
    CHECK(measuredBand(m, target) == Band::Yellow);
    m.upper = 0.6999;
    CHECK(measuredBand(m, target) == Band::Red); // upper below target − 0.10
    m.upper = 0.9;
    m.mean = 0.4999;
    CHECK(measuredBand(m, target) == Band::Red); // mean under one half
    CHECK(parseBand("green") == Band::Green);
    CHECK(parseBand("Green") == Band::Green); // as the tracker prints it
    CHECK(parseBand("YELLOW") == Band::Yellow);
    CHECK_FALSE(parseBand("greenish"));
    CHECK_FALSE(parseBand("blue"));
}

TEST_CASE("a mastery interval reads as the mean and its credible interval", "[mastery]")
{
    Mastery m;
    m.mean = 0.843;
    m.lower = 0.695;
    m.upper = 0.958;
    m.answers = 12;
    CHECK(intervalText(m) == "84% [69–95%]");
    m.answers = 0;
    CHECK(intervalText(m) == "no answers");
}

TEST_CASE("the band rule in words names measuredBand's thresholds at the target", "[mastery]")
{
    CHECK(bandRule(0.8) ==
          "Green: at least 5 answers and the 80% interval's lower bound at or above 80%, unless "
          "its due questions have faded; Red: no answers, an upper bound under 70% or an "
          "estimate under 50%; Yellow: everything in between.");
    // At each threshold the rule names, measuredBand changes band.
    Mastery m;
    m.answers = 5;
    m.mean = 0.85;
    m.upper = 0.95;
    m.lower = 0.80;
    CHECK(measuredBand(m, 0.8) == Band::Green);
    m.lower = 0.7999;
    CHECK(measuredBand(m, 0.8) == Band::Yellow);
    m.answers = 4;
    m.lower = 0.8;
    CHECK(measuredBand(m, 0.8) == Band::Yellow);
    m.answers = 5;
    m.lower = 0.5;
    m.upper = 0.6999;
    CHECK(measuredBand(m, 0.8) == Band::Red);
    m.upper = 0.70;
    CHECK(measuredBand(m, 0.8) == Band::Yellow);
    m.mean = 0.4999;
    CHECK(measuredBand(m, 0.8) == Band::Red);
    CHECK_THAT(bandRule(0.9), Catch::Contains("at or above 90%"));
    CHECK_THAT(bandRule(0.9), Catch::Contains("an upper bound under 80%"));
    // A bound quoted alone reads as it does inside the interval.
    CHECK(wholePercent(0.796) == "79%");
    CHECK(wholePercent(0.8) == "80%");
    // A setting or a plain rate reads rounded to the nearest, 0.57 as 57% (its double is 0.5699…).
    CHECK(nearestPercent(0.796) == "80%");
    CHECK(nearestPercent(0.57) == "57%");
    CHECK(nearestPercent(0.8 - 0.1) == "70%");
}

TEST_CASE("a mastery's printed numbers put it in the band its rule gives", "[mastery]")
{
    // Red at a mean of 49.6% or an upper bound of 69.7%: rounded to the nearest they read "50%" and "70%",
    // which by the rule as printed (under 50%, upper bound under 70%) would be Yellow.
    Mastery m;
    m.mean = 0.496;
    m.lower = 0.30;
    m.upper = 0.75;
    m.answers = 12;
    CHECK(measuredBand(m, 0.8) == Band::Red);
    CHECK(intervalText(m) == "49% [30–75%]");
    m.mean = 0.55;
    m.upper = 0.697;
    CHECK(measuredBand(m, 0.8) == Band::Red);
    CHECK(intervalText(m) == "55% [30–69%]");
    // Every threshold is a whole percent, so a number shown is at or over one exactly when the value is.
    for (int i = 0; i <= 2000; ++i) {
        const double v = 0.4 + i * 0.0002;
        m.mean = m.lower = m.upper = v;
        const std::string text = intervalText(m);
        const int shown = std::stoi(text);
        for (const double threshold : {0.5, 0.7, 0.8, 0.85}) {
            INFO(v << " shown as " << text);
            CHECK((v >= threshold) == (shown >= static_cast<int>(std::lround(threshold * 100))));
        }
    }
}
