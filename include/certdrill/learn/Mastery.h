#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Random.h"

namespace certdrill {

/// A row of the candidate's Red/Yellow/Green blueprint sheet.
enum class Band
{
    Red,
    Yellow,
    Green
};

/// "red", "yellow", "green".
const char* bandName(Band band);
/// Parses bandName() in any case ("Green" too); empty on anything else.
std::optional<Band> parseBand(const std::string& text);

/// The knobs of the mastery model (docs/adaptive-model.md explains each).
struct MasteryModel
{
    double priorStrength = 6.0; ///< kappa: pseudo-answers pulling a row towards its prior mean
    double priorFloor = 0.5;    ///< added to both prior counts, so the prior is never degenerate
    double decayPerDay = 0.97;  ///< evidence weight kept per day of age (about a 23-day half-life)
    double credibleMass = 0.80; ///< the interval reported, centred (10%..90%)
    /// A question answered more than once: its latest answer carries this share of the question's one
    /// answer's weight and the earlier answers split the rest, so what the candidate knows now counts as
    /// much as all earlier attempts together.
    double latestShare = 0.5;
};

/// One answered question as evidence: which domain (and topic, -1 for none) and whether it was right.
struct AnswerEvidence
{
    int domain = 0;
    int topic = -1; ///< index into the domain's topics (Domain::topics)
    std::int64_t atMs = 0;
    bool correct = false;
    bool first = false;         ///< the learner's first answer to this question (estimateAbility)
    double difficulty = 0;      ///< the question's difficulty on the logit scale (difficultyLogit)
    std::int64_t question = -1; ///< which question, so its repeats share one question's weight; -1 unknown
};

/// A recency-weighted Beta posterior over the accuracy of one domain or topic.
struct Mastery
{
    double alpha = 1;
    double beta = 1;
    double mean = 0.5;
    double lower = 0; ///< credible interval bounds (MasteryModel::credibleMass)
    double upper = 1;
    int answers = 0;            ///< raw number of answers behind it
    double weightedAnswers = 0; ///< the same after recency decay and sharing among a question's repeats
};

/// Mastery of every domain and of every topic (objective, or subtopic) of each domain.
struct MasteryTable
{
    double overall = 0.5; ///< pooled accuracy all domains are shrunk towards
    std::vector<Mastery> domains;
    std::vector<std::vector<Mastery>> topics; ///< [domain][topic]
};

/// The prior mean of every row: the accuracy the level model expects on the row's questions
/// (expectedAccuracy in Ability.h). An empty vector falls back to pooling (estimateMastery).
struct MasteryPrior
{
    std::vector<double> domains;
    std::vector<std::vector<double>> topics; ///< [domain][topic]
};

/// Builds the posteriors from evidence as of `nowMs`. Each answer weighs decayPerDay^(age in days) times its
/// share of its question: all of it for a question answered once; latestShare for the latest of several
/// answers and an equal split of the rest for the others, so a question counts once however often it was
/// reviewed. Each
/// row's prior has strength priorStrength and is centred on `prior`'s mean for the row, so two answers never
/// swing a row to an extreme; without a prior, a domain's is the pooled overall accuracy and a topic's its
/// domain's posterior mean.
MasteryTable estimateMastery(const std::vector<AnswerEvidence>& evidence,
                             const std::vector<int>& topicsPerDomain, std::int64_t nowMs,
                             const MasteryModel& model = {}, const MasteryPrior& prior = {});

/// The posterior for weighted counts on top of a pooled prior mean.
Mastery betaPosterior(double weightedCorrect, double weightedWrong, int answers, double priorMean,
                      const MasteryModel& model = {});

/// The regularized incomplete beta function I_x(a, b).
double incompleteBeta(double x, double a, double b);
/// The p-quantile of Beta(a, b), by bisection on incompleteBeta.
double betaQuantile(double p, double a, double b);
/// A draw from Beta(a, b) as X/(X+Y) with Gamma draws by Marsaglia–Tsang; defined bit for bit by `random`.
double sampleBeta(Random& random, double a, double b);

/// The measured band for a target accuracy (docs/adaptive-model.md):
/// Red with no evidence, when the upper bound is below target − 0.10, or when the mean is under 0.5;
/// Green when at least 5 answers and the lower bound reaches the target, unless `dueRecall` (mean predicted
/// recall of the row's due questions) has decayed below 0.85; Yellow otherwise.
Band measuredBand(const Mastery& mastery, double target, std::optional<double> dueRecall = std::nullopt);

/// The one way certdrill writes a mastery: "84% [70–96%]", the posterior mean and its credible interval in
/// whole percent, rounded down so that a number shown reaches a band threshold exactly when the value does
/// (the interval is not symmetric, so never "± x"); "no answers" without evidence.
std::string intervalText(const Mastery& mastery);

/// A share in whole percent rounded down, "79%" for 0.796: how intervalText writes each number, so a bound
/// quoted on its own reads as it does in the interval.
std::string wholePercent(double share);

/// A share in whole percent rounded to the nearest, "80%" for 0.796: for settings and rates that no band
/// threshold is compared with (a readiness score, an accuracy by confidence).
std::string nearestPercent(double share);

/// measuredBand's rule in words for `target`, the one text every report prints it with: "Green: at least 5
/// answers and the 80% interval's lower bound at or above 80% …; Red: …; Yellow: everything in between."
std::string bandRule(double target);

} // namespace certdrill
