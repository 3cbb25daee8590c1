#include "certdrill/learn/Mastery.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace certdrill {

namespace {

constexpr double kMsPerDay = 86'400'000.0;
constexpr int kMinAnswersForGreen = 5;
constexpr double kRedMargin = 0.10;
constexpr double kDecayedRecall = 0.85;

// Continued fraction for the incomplete beta (modified Lentz), as in Numerical Recipes' betacf.
double betaContinuedFraction(double x, double a, double b)
{
    constexpr double tiny = 1e-300;
    constexpr double eps = 1e-14;
    const double qab = a + b;
    const double qap = a + 1.0;
    const double qam = a - 1.0;
    double c = 1.0;
    double d = 1.0 - qab * x / qap;
    if (std::fabs(d) < tiny) {
        d = tiny;
    }
    d = 1.0 / d;
    double h = d;
    for (int m = 1; m <= 300; ++m) {
        const double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = std::fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        h *= d * c;
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = std::fabs(d) < tiny ? tiny : d;
        c = 1.0 + aa / c;
        c = std::fabs(c) < tiny ? tiny : c;
        d = 1.0 / d;
        const double del = d * c;
        h *= del;
        if (std::fabs(del - 1.0) < eps) {
            break;
        }
    }
    return h;
}

double standardNormal(Random& random)
{
    // Box–Muller, first output only: defined by the two uniforms, unlike std::normal_distribution.
    const double u1 = std::max(random.uniform(), 1e-300);
    const double u2 = random.uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

double sampleGamma(Random& random, double shape)
{
    if (shape < 1.0) {
        // Boost a shape below one: Gamma(a) = Gamma(a + 1) · U^(1/a).
        const double u = std::max(random.uniform(), 1e-300);
        return sampleGamma(random, shape + 1.0) * std::pow(u, 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        double x = 0;
        double v = 0;
        do {
            x = standardNormal(random);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = random.uniform();
        if (u < 1.0 - 0.0331 * x * x * x * x ||
            std::log(std::max(u, 1e-300)) < 0.5 * x * x + d * (1.0 - v + std::log(v))) {
            return d * v;
        }
    }
}

/// A share in whole percent rounded down, without the sign: the one rounding every band number is written
/// with (intervalText, wholePercent).
std::string percentDown(double share)
{
    return std::to_string(static_cast<long>(std::floor(share * 100.0)));
}

} // namespace

const char* bandName(Band band)
{
    switch (band) {
    case Band::Red:
        return "red";
    case Band::Yellow:
        return "yellow";
    case Band::Green:
        return "green";
    }
    return "red";
}

std::optional<Band> parseBand(const std::string& text)
{
    // Any case: the tracker prints "Green", and `rate alpha Green` is what a learner types after reading it.
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (Band b : {Band::Red, Band::Yellow, Band::Green}) {
        if (lower == bandName(b)) {
            return b;
        }
    }
    return std::nullopt;
}

double incompleteBeta(double x, double a, double b)
{
    if (x <= 0.0) {
        return 0.0;
    }
    if (x >= 1.0) {
        return 1.0;
    }
    const double lnFront =
        std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
    const double front = std::exp(lnFront);
    // The continued fraction converges fast only on one side of the mean; use the symmetry elsewhere.
    if (x < (a + 1.0) / (a + b + 2.0)) {
        return front * betaContinuedFraction(x, a, b) / a;
    }
    return 1.0 - front * betaContinuedFraction(1.0 - x, b, a) / b;
}

double betaQuantile(double p, double a, double b)
{
    double lo = 0.0;
    double hi = 1.0;
    for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (incompleteBeta(mid, a, b) < p) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return 0.5 * (lo + hi);
}

double sampleBeta(Random& random, double a, double b)
{
    const double x = sampleGamma(random, a);
    const double y = sampleGamma(random, b);
    return x + y > 0 ? x / (x + y) : 0.5;
}

Mastery betaPosterior(double weightedCorrect, double weightedWrong, int answers, double priorMean,
                      const MasteryModel& model)
{
    Mastery m;
    m.alpha = model.priorStrength * priorMean + model.priorFloor + weightedCorrect;
    m.beta = model.priorStrength * (1.0 - priorMean) + model.priorFloor + weightedWrong;
    m.mean = m.alpha / (m.alpha + m.beta);
    const double tail = (1.0 - model.credibleMass) / 2.0;
    m.lower = betaQuantile(tail, m.alpha, m.beta);
    m.upper = betaQuantile(1.0 - tail, m.alpha, m.beta);
    m.answers = answers;
    m.weightedAnswers = weightedCorrect + weightedWrong;
    return m;
}

MasteryTable estimateMastery(const std::vector<AnswerEvidence>& evidence,
                             const std::vector<int>& topicsPerDomain, std::int64_t nowMs,
                             const MasteryModel& model, const MasteryPrior& prior)
{
    struct Counts
    {
        double right = 0;
        double wrong = 0;
        int answers = 0;
    };
    const std::size_t domains = topicsPerDomain.size();
    std::vector<Counts> perDomain(domains);
    std::vector<std::vector<Counts>> perTopic(domains);
    for (std::size_t d = 0; d < domains; ++d) {
        perTopic[d].resize(static_cast<std::size_t>(std::max(0, topicsPerDomain[d])));
    }
    // Why a question counts once: the row's claim is about its questions. Ten reviews of one remembered
    // question are not ten independent looks at the candidate's skill, and drills repeat due questions
    // often; counting each answer fully made the interval far too narrow (docs/benchmarks.md).
    struct Answers
    {
        int count = 0;
        std::size_t latest = 0; ///< index of the latest answer (the later one on a tie)
    };
    std::map<std::int64_t, Answers> perQuestion;
    for (std::size_t k = 0; k < evidence.size(); ++k) {
        if (const auto& e = evidence[k]; e.question >= 0) {
            auto& a = perQuestion[e.question];
            if (a.count == 0 || e.atMs >= evidence[a.latest].atMs) {
                a.latest = k;
            }
            ++a.count;
        }
    }
    // Why the latest answer gets a larger share: it says what the candidate knows now, while an equal split
    // let a question's early misses outweigh a skill learned since (docs/benchmarks.md, session 7).
    const auto shareOf = [&](std::size_t k) {
        const auto& e = evidence[k];
        if (e.question < 0) {
            return 1.0;
        }
        const Answers& a = perQuestion[e.question];
        if (a.count == 1) {
            return 1.0;
        }
        return a.latest == k ? model.latestShare : (1.0 - model.latestShare) / (a.count - 1);
    };
    Counts all;
    for (std::size_t k = 0; k < evidence.size(); ++k) {
        const auto& e = evidence[k];
        if (e.domain < 0 || static_cast<std::size_t>(e.domain) >= domains) {
            continue;
        }
        // Older answers say less about what the candidate knows today.
        const double ageDays = std::max(0.0, static_cast<double>(nowMs - e.atMs) / kMsPerDay);
        const double w = std::pow(model.decayPerDay, ageDays) * shareOf(k);
        const auto add = [&](Counts& c) {
            (e.correct ? c.right : c.wrong) += w;
            ++c.answers;
        };
        add(all);
        add(perDomain[static_cast<std::size_t>(e.domain)]);
        auto& subs = perTopic[static_cast<std::size_t>(e.domain)];
        if (e.topic >= 0 && static_cast<std::size_t>(e.topic) < subs.size()) {
            add(subs[static_cast<std::size_t>(e.topic)]);
        }
    }

    MasteryTable table;
    // The pooled mean itself starts from a uniform Beta(1, 1), so it is 0.5 with no evidence.
    table.overall = (all.right + 1.0) / (all.right + all.wrong + 2.0);
    for (std::size_t d = 0; d < domains; ++d) {
        const auto& c = perDomain[d];
        const double domainPrior = d < prior.domains.size() ? prior.domains[d] : table.overall;
        const Mastery dm = betaPosterior(c.right, c.wrong, c.answers, domainPrior, model);
        table.domains.push_back(dm);
        auto& subs = table.topics.emplace_back();
        const std::vector<double>* subPriors = d < prior.topics.size() ? &prior.topics[d] : nullptr;
        for (std::size_t s = 0; s < perTopic[d].size(); ++s) {
            const auto& sc = perTopic[d][s];
            const double subPrior = subPriors && s < subPriors->size() ? (*subPriors)[s] : dm.mean;
            subs.push_back(betaPosterior(sc.right, sc.wrong, sc.answers, subPrior, model));
        }
    }
    return table;
}

std::string intervalText(const Mastery& mastery)
{
    if (mastery.answers == 0) {
        return "no answers";
    }
    // Rounded down, not to the nearest: every band threshold is a whole percent (under 50%, an upper bound
    // under target − 10 points, a lower bound at the target), so a printed number reaches a threshold exactly
    // when the value does. Rounded to the nearest, a Red mean of 49.6% read "50%", which the rule as written
    // would call Yellow.
    return wholePercent(mastery.mean) + " [" + percentDown(mastery.lower) + "–" +
           wholePercent(mastery.upper) + "]";
}

std::string wholePercent(double share)
{
    return percentDown(share) + "%";
}

std::string nearestPercent(double share)
{
    return std::to_string(std::lround(share * 100.0)) + "%";
}

std::string bandRule(double target)
{
    // The thresholds are measuredBand's own constants, so the words cannot drift from the rule. They are
    // settings, compared with nothing here: rounded to the nearest (0.8 − 0.1 must read 70%).
    return "Green: at least " + std::to_string(kMinAnswersForGreen) +
           " answers and the 80% interval's lower bound at or above " + nearestPercent(target) +
           ", unless its due questions have faded; Red: no answers, an upper bound under " +
           nearestPercent(target - kRedMargin) + " or an estimate under 50%; Yellow: everything in between.";
}

Band measuredBand(const Mastery& mastery, double target, std::optional<double> dueRecall)
{
    // The Red line in whole percent, as the rule is printed: 0.8 − 0.1 is 0.7000000000000001 in doubles,
    // which made an upper bound of exactly 70% Red although the rule says "under 70%".
    const double redBelow = std::round((target - kRedMargin) * 100.0) / 100.0;
    if (mastery.answers == 0 || mastery.upper < redBelow || mastery.mean < 0.5) {
        return Band::Red;
    }
    if (mastery.answers >= kMinAnswersForGreen && mastery.lower >= target) {
        if (dueRecall && *dueRecall < kDecayedRecall) {
            return Band::Yellow; // known once, but the due questions have been forgotten since
        }
        return Band::Green;
    }
    return Band::Yellow;
}

} // namespace certdrill
