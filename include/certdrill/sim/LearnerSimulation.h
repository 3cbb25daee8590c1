#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "certdrill/learn/Ability.h"
#include "certdrill/learn/DrillPlanner.h"

namespace certdrill {

/// Counter-based randomness of the simulation (research report, section 4.1). Every draw is a pure function
/// of its keys, so every scheduler sees the same learner and the same response noise (common random numbers).
namespace simrng {
/// The random streams, the first key after the learner seed.
enum Stream : std::uint64_t
{
    kLearner = 1,
    kResponse = 2,
    kScheduler = 3,
    kTag = 5 ///< the bank author's difficulty tags (4 is the research report's EXAM stream)
};
/// splitmix64 finalizer of x + 0x9E3779B97F4A7C15 (all arithmetic wraps).
std::uint64_t splitmix64(std::uint64_t x);
/// h = 0x12345678; for each key k: h = splitmix64(h ^ k).
std::uint64_t hash(std::initializer_list<std::uint64_t> keys);
/// (hash(keys) >> 11) · 2^-53, in [0, 1).
double u01(std::initializer_list<std::uint64_t> keys);
/// Box–Muller, first output: sqrt(−2 ln max(u01(keys, 1), 1e-300)) · cos(2π u01(keys, 2)).
double normal(std::initializer_list<std::uint64_t> keys);
} // namespace simrng

/// The synthetic learner's parameters (section 4.2). The defaults are the "hard regime".
struct LearnerParams
{
    double guess = 0.25;     ///< g: guessing on a 4-option question
    double scale = 1.7;      ///< a: logistic scale
    double muTheta = -0.8;   ///< mean initial domain ability (logit)
    double sdGeneral = 0.5;  ///< SD of the general ability shared by all domains
    double sdDomain = 0.7;   ///< SD of the domain-specific ability
    double etaLow = 0.02;    ///< learnability per domain ~ U(etaLow, etaHigh), logits per targeted question
    double etaHigh = 0.06;   ///<
    double sdDifficulty = 1; ///< item difficulty b ~ N(0, sd)
    double h0 = 1.0;         ///< item half-life in days after the first exposure
    double alphaH = 3.0;     ///< half-life growth on a successful review: h *= 1 + alphaH·(1 − R)
    double phi = 0.5;        ///< half-life multiplier on a failed review
    double hMin = 0.25;      ///< half-life floor in days
    double hTheta = 90.0;    ///< half-life in days of domain-skill gains
    double rho = 0.6;        ///< transfer of an item's memory to its exam sibling
    /// The bank's 1–5 difficulty tags come from b plus an author's error of this SD, cut at the bundled
    /// bank's tag shares (kDifficultyTagCuts). 1.0 makes tag and b correlate at about 0.7. Negative:
    /// untagged.
    double tagNoise = 1.0;

    /// The hard regime of section 4.2 (the defaults).
    static LearnerParams hard() { return {}; }
    /// The easy regime of section 4.2 (mu_theta = −0.3; use it with 40 items and 40 questions a day).
    static LearnerParams easy();
};

/// The ground-truth learner of section 4.2: per-domain ability with slow forgetting of gains, per-item
/// memory with a half-life, noisy-OR of "remembers it" and "works it out", and a guessing floor.
class SyntheticLearner
{
public:
    /// Draws learner `seed` from the LEARNER stream; item i belongs to domain i / itemsPerDomain.
    SyntheticLearner(std::uint64_t seed, const LearnerParams& params, std::vector<double> weights,
                     int itemsPerDomain);

    int domains() const { return static_cast<int>(m_weights.size()); }
    int items() const { return static_cast<int>(m_b.size()); }
    int itemsPerDomain() const { return m_perDomain; }
    /// Domain ability at time t (days): theta0 + G · 2^(−(t − Gt)/H_theta).
    double theta(int domain, double t) const;
    /// Memory of an item at time t: 2^(−(t − last)/h) once encoded, else 0.
    double recall(int item, double t) const;
    /// P(correct) of answering item now.
    double probabilityCorrect(int item, double t) const;
    /// The bank's difficulty tag of an item, 1–5, or 0 when the bank is untagged (LearnerParams::tagNoise).
    /// Bank metadata, like the real bank's `difficulty`: the schedulers may read it.
    int difficultyTag(int item) const { return m_tags[static_cast<std::size_t>(item)]; }
    /// Answers item at time t with the RESP draw for its exposure index, applies the item and domain updates
    /// (feedback is always shown), and returns whether the answer was right.
    bool answer(int item, double t);
    /// The expected blueprint-weighted score on the sibling exam at time t.
    double examScore(double t) const;
    /// The expected score on one domain's sibling questions at time t (the domain's true accuracy).
    double domainScore(int domain, double t) const;
    /// The expected one-step gain in examScore(examT) of answering `item` at time t, to first order in the
    /// domain ability (see oracle in LearnerSimulation.cpp). `slopes` are domainScoreSlopes(examT).
    double oracleGain(int item, double t, double examT, const std::vector<double>& slopes) const;
    /// d examScore(T) / d theta_d(T) for each domain.
    std::vector<double> domainScoreSlopes(double examT) const;

private:
    double sigmoid(double x) const;
    /// Half-life after answering `item` at time t, given the outcome.
    double halfLifeAfter(int item, double t, bool correct) const;

    LearnerParams m_p;
    std::vector<double> m_weights; ///< normalised to sum 1
    int m_perDomain;
    std::uint64_t m_seed;
    std::vector<double> m_theta0, m_eta, m_gain, m_gainT;
    std::vector<double> m_b, m_h, m_last;
    std::vector<int> m_exposures;
    std::vector<char> m_encoded;
    std::vector<int> m_tags;
};

/// The schedulers compared by the benchmark (section 4.3).
enum class Scheduler
{
    Uniform,      ///< a random domain, then a random unseen item of it (a random item when none is unseen)
    Proportional, ///< a domain drawn with the blueprint weights, then as Uniform
    FsrsOnly,     ///< FSRS-6 due cards (R < 0.9, lowest first), then new cards in a random order
    Certdrill,    ///< the shipped planDrill, once a day, from the scheduler's own answer log
    Oracle        ///< greedy on the true state (reads the learner; a ceiling, not a real scheduler)
};

/// "uniform", "proportional", "fsrs-only", "certdrill", "oracle".
const char* schedulerName(Scheduler scheduler);
/// All schedulers in table order.
std::vector<Scheduler> allSchedulers();

/// What to simulate.
struct SimulationConfig
{
    int learners = 1000; ///< learner seeds seedOffset + 1 .. seedOffset + learners
    std::uint64_t seedOffset = 0;
    int days = 30;       ///< study days
    int perDay = 25;     ///< questions per study day
    int examGapDays = 3; ///< the exam is at day days + examGapDays
    /// After the budget, a learner who has not reached the target studies on, perDay a day for at most this
    /// many more days, the same scheduler choosing; only "questions to target" sees those days (the final
    /// score is taken after the budget). Without them, most hard-regime learners are censored at the budget
    /// and the comparison of questions to target shrinks towards zero (docs/benchmarks.md). 0: none.
    int followDays = 90;
    int itemsPerDomain = 60; ///< M: the bank is NOT proportional to weight
    double target = 0.80;    ///< the score "questions to target" waits for
    LearnerParams learner;   ///< regime
    std::vector<double> weights = {17, 14, 13, 13, 9, 9, 7, 7, 6, 5};
    std::vector<Scheduler> schedulers = allSchedulers();
    /// The certdrill scheduler's planner options: the shipped defaults (count and seed are set per day);
    /// change them only for ablations.
    PlannerOptions planner;
    /// The certdrill scheduler's level model: the app's defaults; change it only for ablations.
    AbilityModel ability;

    int budget() const { return days * perDay; }
    /// The most questions "questions to target" can count: the budget and the follow-up days.
    int horizon() const { return (days + followDays) * perDay; }
    double examDay() const { return days + examGapDays; }
};

/// A running sum of signed errors (estimate − truth), for their mean and root mean square.
struct ErrorSum
{
    int n = 0;
    double sum = 0;
    double squares = 0;

    void add(double error);
    void add(const ErrorSum& other);
    double mean() const { return n ? sum / n : 0.0; }
    double rmse() const;
};

/// How well the tracker's estimates match the truth (research report, section 4.4): at the end of every
/// study day, each domain with at least 5 answers is one point, comparing the tracker's posterior and band
/// with the learner's true accuracy on the domain's exam questions. Counts add up over learners.
struct TrackerCalibration
{
    int covered = 0;        ///< the true accuracy lies inside the 80% interval
    ErrorSum accuracyError; ///< posterior mean − true accuracy, one per point: negative means pessimistic
    /// [measured band][true band], Red = 0, Yellow = 1, Green = 2; the true band applies the same
    /// thresholds to the true accuracy (Green at or above the target, Red below target − 0.10 or 0.5).
    int confusion[3][3] = {};
    /// The level model (Ability.h) against the learner's true ability, in logits: one point per domain and
    /// study day, every domain counted. Positive means overrated.
    ErrorSum abilityError;

    void add(const TrackerCalibration& other);
    int points() const { return accuracyError.n; }
    double coverage() const { return points() ? static_cast<double>(covered) / points() : 0.0; }
    double rmse() const { return accuracyError.rmse(); }
    double bias() const { return accuracyError.mean(); }
    /// Share of measured Green points whose true accuracy reaches the target; 0 when none is Green.
    double greenPrecision() const;
    double abilityBias() const { return abilityError.mean(); }
    double abilityRmse() const { return abilityError.rmse(); }
};

struct LearnerOutcome
{
    std::uint64_t seed = 0;
    Scheduler scheduler = Scheduler::Uniform;
    double startScore = 0; ///< examScore(0) before any study
    double finalScore = 0; ///< examScore(examDay) after the whole budget
    /// Questions after which the current true score first reached the target, within the horizon (budget
    /// and follow-up days); -1 never.
    int questionsToTarget = -1;
    TrackerCalibration calibration; ///< the tracker on this scheduler's answers
};

/// Runs one learner under one scheduler. Pure: the same arguments give the same outcome.
LearnerOutcome simulateLearner(const SimulationConfig& config, std::uint64_t seed, Scheduler scheduler);

/// A mean difference with a 95% interval (paired t over learners).
struct PairedDifference
{
    double mean = 0;
    double lower = 0;
    double upper = 0;
    int n = 0;
};

/// mean(a − b) with its 95% paired-t interval; a and b are paired by index.
PairedDifference pairedDifference(const std::vector<double>& a, const std::vector<double>& b);
/// The two-sided 95% quantile of Student's t with df degrees of freedom (Cornish–Fisher, exact to 1e-3 for
/// df ≥ 10, within 1% at df = 3).
double studentT975(int df);

/// Questions to target over all learners of one scheduler, under one censoring rule: a learner who has not
/// reached the target within `limit` questions counts as limit + 1 (the restricted mean time-to-target).
struct TimeToTarget
{
    int limit = 0;                ///< the budget, or the horizon with follow-up days
    double mean = 0;              ///< censored learners count as limit + 1
    double median = 0;            ///< same rule (a true median while fewer than half are censored)
    double reachedShare = 0;      ///< share of learners that reached the target within `limit`
    PairedDifference vsCertdrill; ///< certdrill − this, paired by learner
};

/// Summary of one scheduler over all learners.
struct SchedulerSummary
{
    Scheduler scheduler = Scheduler::Uniform;
    double meanFinal = 0;
    PairedDifference finalVsCertdrill; ///< certdrill − this, final score
    TimeToTarget inBudget;             ///< questions to target, censored at the budget
    /// Censored at the horizon (budget and follow-up days); the same as inBudget without follow-up days.
    TimeToTarget inHorizon;
};

/// Every outcome and the summaries.
struct SimulationResults
{
    SimulationConfig config;
    double meanStartScore = 0;
    std::vector<LearnerOutcome> outcomes; ///< learner-major, schedulers in config order
    std::vector<SchedulerSummary> summaries;
    TrackerCalibration calibration; ///< the tracker on certdrill's answers, over all learners
};

/// Runs every learner under every configured scheduler and summarises. Certdrill must be among them for the
/// paired differences (they are left at zero otherwise).
SimulationResults runSimulation(const SimulationConfig& config);

/// The results as a Markdown table (means, reach share, paired differences with 95% intervals).
std::string simulationMarkdown(const SimulationResults& results);

} // namespace certdrill
