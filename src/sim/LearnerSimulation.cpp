#include "certdrill/sim/LearnerSimulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>

#include "certdrill/learn/Ability.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Fsrs.h"
#include "certdrill/learn/Mastery.h"

namespace certdrill {

namespace simrng {

std::uint64_t splitmix64(std::uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::uint64_t hash(std::initializer_list<std::uint64_t> keys)
{
    std::uint64_t h = 0x12345678;
    for (std::uint64_t k : keys) {
        h = splitmix64(h ^ k);
    }
    return h;
}

namespace {

double toUnit(std::uint64_t h)
{
    return static_cast<double>(h >> 11) * 0x1.0p-53;
}

// hash(keys..., extra) without building a second list: the chain simply continues.
std::uint64_t hashThen(std::initializer_list<std::uint64_t> keys, std::uint64_t extra)
{
    return splitmix64(hash(keys) ^ extra);
}

} // namespace

double u01(std::initializer_list<std::uint64_t> keys)
{
    return toUnit(hash(keys));
}

double normal(std::initializer_list<std::uint64_t> keys)
{
    const double u1 = std::max(toUnit(hashThen(keys, 1)), 1e-300);
    const double u2 = toUnit(hashThen(keys, 2));
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * 3.14159265358979323846 * u2);
}

} // namespace simrng

using simrng::kLearner;
using simrng::kResponse;
using simrng::kScheduler;
using simrng::kTag;

LearnerParams LearnerParams::easy()
{
    LearnerParams p;
    p.muTheta = -0.3;
    return p;
}

SyntheticLearner::SyntheticLearner(std::uint64_t seed, const LearnerParams& params,
                                   std::vector<double> weights, int itemsPerDomain)
    : m_p(params)
    , m_weights(std::move(weights))
    , m_perDomain(itemsPerDomain)
    , m_seed(seed)
{
    const double total = std::accumulate(m_weights.begin(), m_weights.end(), 0.0);
    for (double& w : m_weights) {
        w /= total;
    }
    const std::size_t nd = m_weights.size();
    const std::size_t ni = nd * static_cast<std::size_t>(itemsPerDomain);
    const double general = m_p.sdGeneral * simrng::normal({seed, kLearner, 999});
    m_theta0.resize(nd);
    m_eta.resize(nd);
    for (std::size_t d = 0; d < nd; ++d) {
        m_theta0[d] = m_p.muTheta + general + m_p.sdDomain * simrng::normal({seed, kLearner, 100 + d});
        m_eta[d] = m_p.etaLow + (m_p.etaHigh - m_p.etaLow) * simrng::u01({seed, kLearner, 200 + d});
    }
    m_gain.assign(nd, 0.0);
    m_gainT.assign(nd, 0.0);
    m_b.resize(ni);
    for (std::size_t i = 0; i < ni; ++i) {
        m_b[i] = m_p.sdDifficulty * simrng::normal({seed, kLearner, 1000 + i});
    }
    // The author's tags: b plus an error, standardised, then cut where the bundled bank's tag shares fall.
    m_tags.assign(ni, 0);
    if (m_p.tagNoise >= 0) {
        const double sd = std::sqrt(m_p.sdDifficulty * m_p.sdDifficulty + m_p.tagNoise * m_p.tagNoise);
        for (std::size_t i = 0; i < ni; ++i) {
            const double z = (m_b[i] + m_p.tagNoise * simrng::normal({seed, kTag, i})) / sd;
            int tag = 1;
            while (tag < 5 && z >= kDifficultyTagCuts[tag - 1]) {
                ++tag;
            }
            m_tags[i] = tag;
        }
    }
    m_h.assign(ni, 0.0);
    m_last.assign(ni, 0.0);
    m_exposures.assign(ni, 0);
    m_encoded.assign(ni, 0);
}

double SyntheticLearner::sigmoid(double x) const
{
    return 1.0 / (1.0 + std::exp(-x));
}

double SyntheticLearner::theta(int domain, double t) const
{
    const auto d = static_cast<std::size_t>(domain);
    return m_theta0[d] + m_gain[d] * std::exp2(-(t - m_gainT[d]) / m_p.hTheta);
}

double SyntheticLearner::recall(int item, double t) const
{
    const auto i = static_cast<std::size_t>(item);
    return m_encoded[i] ? std::exp2(-(t - m_last[i]) / m_h[i]) : 0.0;
}

double SyntheticLearner::probabilityCorrect(int item, double t) const
{
    const double ps =
        sigmoid(m_p.scale * (theta(item / m_perDomain, t) - m_b[static_cast<std::size_t>(item)]));
    const double know = 1.0 - (1.0 - recall(item, t)) * (1.0 - ps);
    return m_p.guess + (1.0 - m_p.guess) * know;
}

double SyntheticLearner::halfLifeAfter(int item, double t, bool correct) const
{
    const auto i = static_cast<std::size_t>(item);
    if (!m_encoded[i]) {
        return m_p.h0;
    }
    // Spacing effect: a success long after the last exposure (low recall) grows the half-life most; a massed
    // repeat (recall ~1) grows it hardly at all.
    return correct ? m_h[i] * (1.0 + m_p.alphaH * (1.0 - recall(item, t)))
                   : std::max(m_p.hMin, m_h[i] * m_p.phi);
}

bool SyntheticLearner::answer(int item, double t)
{
    const auto i = static_cast<std::size_t>(item);
    const int domain = item / m_perDomain;
    const auto d = static_cast<std::size_t>(domain);
    const double pc = probabilityCorrect(item, t);
    // The same draw for the same item and exposure index under every scheduler (common random numbers).
    const bool correct = simrng::u01({m_seed, kResponse, static_cast<std::uint64_t>(item),
                                      static_cast<std::uint64_t>(m_exposures[i])}) < pc;
    m_h[i] = halfLifeAfter(item, t, correct);
    m_encoded[i] = 1;
    m_last[i] = t;
    ++m_exposures[i];
    // ZPD-weighted learning: an item the learner solves with probability ~0.5 teaches most.
    const double th = theta(domain, t);
    const double p = sigmoid(m_p.scale * (th - m_b[i]));
    m_gain[d] = (th - m_theta0[d]) + m_eta[d] * 4.0 * p * (1.0 - p);
    m_gainT[d] = t;
    return correct;
}

double SyntheticLearner::domainScore(int domain, double t) const
{
    const double th = theta(domain, t);
    double sum = 0;
    for (int i = domain * m_perDomain; i < (domain + 1) * m_perDomain; ++i) {
        const double ps = sigmoid(m_p.scale * (th - m_b[static_cast<std::size_t>(i)]));
        const double know = 1.0 - (1.0 - m_p.rho * recall(i, t)) * (1.0 - ps);
        sum += m_p.guess + (1.0 - m_p.guess) * know;
    }
    return sum / m_perDomain;
}

double SyntheticLearner::examScore(double t) const
{
    double score = 0;
    for (int d = 0; d < domains(); ++d) {
        score += m_weights[static_cast<std::size_t>(d)] * domainScore(d, t);
    }
    return score;
}

std::vector<double> SyntheticLearner::domainScoreSlopes(double examT) const
{
    std::vector<double> slopes(m_weights.size(), 0.0);
    for (int d = 0; d < domains(); ++d) {
        const double th = theta(d, examT);
        double sum = 0;
        for (int i = d * m_perDomain; i < (d + 1) * m_perDomain; ++i) {
            const double ps = sigmoid(m_p.scale * (th - m_b[static_cast<std::size_t>(i)]));
            sum += (1.0 - m_p.rho * recall(i, examT)) * m_p.scale * ps * (1.0 - ps);
        }
        slopes[static_cast<std::size_t>(d)] =
            m_weights[static_cast<std::size_t>(d)] * (1.0 - m_p.guess) * sum / m_perDomain;
    }
    return slopes;
}

double SyntheticLearner::oracleGain(int item, double t, double examT, const std::vector<double>& slopes) const
{
    const auto i = static_cast<std::size_t>(item);
    const int domain = item / m_perDomain;
    const auto d = static_cast<std::size_t>(domain);
    // Domain part: the answer adds eta·4p(1−p) to the gain, which decays to the exam like every gain; its
    // effect on the exam score is taken to first order through the slope d Score / d theta_d(T).
    const double p = sigmoid(m_p.scale * (theta(domain, t) - m_b[i]));
    const double dTheta = m_eta[d] * 4.0 * p * (1.0 - p) * std::exp2(-(examT - t) / m_p.hTheta);
    // Item part: the expected change of this item's recall at the exam, exact over both outcomes.
    const double pc = probabilityCorrect(item, t);
    const double rc = std::exp2(-(examT - t) / halfLifeAfter(item, t, true));
    const double rw = std::exp2(-(examT - t) / halfLifeAfter(item, t, false));
    const double dRecall = pc * rc + (1.0 - pc) * rw - recall(item, examT);
    const double psExam = sigmoid(m_p.scale * (theta(domain, examT) - m_b[i]));
    const double itemSlope = m_weights[d] * (1.0 - m_p.guess) * m_p.rho * (1.0 - psExam) / m_perDomain;
    return slopes[d] * dTheta + itemSlope * dRecall;
}

void ErrorSum::add(double error)
{
    ++n;
    sum += error;
    squares += error * error;
}

void ErrorSum::add(const ErrorSum& other)
{
    n += other.n;
    sum += other.sum;
    squares += other.squares;
}

double ErrorSum::rmse() const
{
    return n ? std::sqrt(squares / n) : 0.0;
}

void TrackerCalibration::add(const TrackerCalibration& other)
{
    covered += other.covered;
    accuracyError.add(other.accuracyError);
    abilityError.add(other.abilityError);
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            confusion[i][j] += other.confusion[i][j];
        }
    }
}

double TrackerCalibration::greenPrecision() const
{
    const int green = confusion[2][0] + confusion[2][1] + confusion[2][2];
    return green ? static_cast<double>(confusion[2][2]) / green : 0.0;
}

const char* schedulerName(Scheduler scheduler)
{
    switch (scheduler) {
    case Scheduler::Uniform:
        return "uniform";
    case Scheduler::Proportional:
        return "proportional";
    case Scheduler::FsrsOnly:
        return "fsrs-only";
    case Scheduler::Certdrill:
        return "certdrill";
    case Scheduler::Oracle:
        return "oracle";
    }
    return "?";
}

std::vector<Scheduler> allSchedulers()
{
    return {Scheduler::Uniform, Scheduler::Proportional, Scheduler::FsrsOnly, Scheduler::Certdrill,
            Scheduler::Oracle};
}

namespace {

constexpr double kMinutesPerDay = 1440.0;
constexpr double kMsPerDay = 86'400'000.0;
constexpr double kDesiredRetention = 0.9;

/// What a scheduler may know: the answers it saw, kept as FSRS states (never the learner's latent state).
class Bookkeeping
{
public:
    Bookkeeping(const SyntheticLearner& learner, std::uint64_t seed)
        : m_perDomain(learner.itemsPerDomain())
        , m_seed(seed)
        , m_state(static_cast<std::size_t>(learner.items()))
        , m_last(static_cast<std::size_t>(learner.items()), 0.0)
        , m_lastCorrect(static_cast<std::size_t>(learner.items()), 0)
    {
        for (int i = 0; i < learner.items(); ++i) {
            m_difficulty.push_back(difficultyLogit(learner.difficultyTag(i)));
        }
    }

    bool seen(int i) const { return m_state[static_cast<std::size_t>(i)].has_value(); }
    double recall(int i, double t) const
    {
        const auto k = static_cast<std::size_t>(i);
        return m_fsrs.retrievability(t - m_last[k], m_state[k]->stability);
    }
    bool lastCorrect(int i) const { return m_lastCorrect[static_cast<std::size_t>(i)] != 0; }
    /// The item's difficulty from its bank tag, as the app computes it.
    double difficulty(int i) const { return m_difficulty[static_cast<std::size_t>(i)]; }

    void record(int i, double t, bool correct)
    {
        const auto k = static_cast<std::size_t>(i);
        // FSRS counts whole days between reviews, as the app does with calendar days.
        const double elapsed = m_state[k] ? std::floor(t) - std::floor(m_last[k]) : 0.0;
        const bool first = !m_state[k].has_value();
        m_state[k] = m_fsrs.next(m_state[k], elapsed, correct ? Rating::Good : Rating::Again);
        m_last[k] = t;
        m_lastCorrect[k] = correct ? 1 : 0;
        m_evidence.push_back({i / m_perDomain, -1, static_cast<std::int64_t>(std::llround(t * kMsPerDay)),
                              correct, first, m_difficulty[k], i});
    }

    /// The next scheduler draw in [0, 1): u01(seed, SCHED, k) with k = 1, 2, ...
    double draw() { return simrng::u01({m_seed, kScheduler, ++m_draws}); }

    const std::vector<AnswerEvidence>& evidence() const { return m_evidence; }

private:
    int m_perDomain;
    std::uint64_t m_seed;
    std::uint64_t m_draws = 0;
    Fsrs m_fsrs;
    std::vector<std::optional<MemoryState>> m_state;
    std::vector<double> m_last;
    std::vector<char> m_lastCorrect;
    std::vector<double> m_difficulty;
    std::vector<AnswerEvidence> m_evidence;
};

int pickInDomain(Bookkeeping& book, int domain, int perDomain)
{
    std::vector<int> pool;
    for (int i = domain * perDomain; i < (domain + 1) * perDomain; ++i) {
        if (!book.seen(i)) {
            pool.push_back(i);
        }
    }
    if (pool.empty()) {
        for (int i = domain * perDomain; i < (domain + 1) * perDomain; ++i) {
            pool.push_back(i);
        }
    }
    return pool[static_cast<std::size_t>(book.draw() * static_cast<double>(pool.size()))];
}

/// The new-card order of fsrs-only: items sorted by u01(seed, SCHED, 10^6 + i).
std::vector<int> newCardOrder(std::uint64_t seed, int items)
{
    std::vector<std::pair<double, int>> keyed;
    for (int i = 0; i < items; ++i) {
        keyed.emplace_back(simrng::u01({seed, kScheduler, 1'000'000u + static_cast<std::uint64_t>(i)}), i);
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<int> order;
    for (const auto& k : keyed) {
        order.push_back(k.second);
    }
    return order;
}

int pickFsrsOnly(const Bookkeeping& book, const std::vector<int>& order, std::size_t& nextNew, int items,
                 double t)
{
    int best = -1;
    double bestRecall = 2;
    for (int i = 0; i < items; ++i) {
        if (book.seen(i)) {
            const double r = book.recall(i, t);
            if (r < bestRecall) {
                bestRecall = r;
                best = i;
            }
        }
    }
    if (best >= 0 && bestRecall < kDesiredRetention) {
        return best;
    }
    while (nextNew < order.size() && book.seen(order[nextNew])) {
        ++nextNew;
    }
    return nextNew < order.size() ? order[nextNew] : best;
}

/// What the app's tracker would hand the planner at time `now`, built from the scheduler's own log exactly
/// as the app builds it.
PlannerInput trackerInput(const Bookkeeping& book, const SimulationConfig& config, double now)
{
    const int nd = static_cast<int>(config.weights.size());
    const int items = nd * config.itemsPerDomain;
    PlannerInput input;
    input.weights = config.weights;
    input.ability = estimateAbility(book.evidence(), nd, config.ability);
    // Each domain's prior: the level model's expected accuracy on the domain's questions, as the app's
    // tracker.
    MasteryPrior prior;
    for (int d = 0; d < nd; ++d) {
        std::vector<double> difficulties;
        for (int i = d * config.itemsPerDomain; i < (d + 1) * config.itemsPerDomain; ++i) {
            difficulties.push_back(book.difficulty(i));
        }
        prior.domains.push_back(
            expectedAccuracy(input.ability[static_cast<std::size_t>(d)], difficulties, config.ability));
    }
    input.mastery = estimateMastery(book.evidence(), std::vector<int>(static_cast<std::size_t>(nd), 0),
                                    static_cast<std::int64_t>(std::llround(now * kMsPerDay)), {}, prior);
    std::vector<double> dueSum(static_cast<std::size_t>(nd), 0.0);
    std::vector<int> dueCount(static_cast<std::size_t>(nd), 0);
    for (int i = 0; i < items; ++i) {
        PlannerItem it;
        it.id = i;
        it.domain = i / config.itemsPerDomain;
        it.difficulty = book.difficulty(i);
        if (book.seen(i)) {
            it.seen = true;
            it.recall = book.recall(i, now);
            it.due = it.recall < kDesiredRetention;
            it.missed = !book.lastCorrect(i);
            if (it.due) {
                dueSum[static_cast<std::size_t>(it.domain)] += it.recall;
                ++dueCount[static_cast<std::size_t>(it.domain)];
            }
        }
        input.items.push_back(it);
    }
    for (int d = 0; d < nd; ++d) {
        const auto k = static_cast<std::size_t>(d);
        const std::optional<double> dueRecall =
            dueCount[k] ? std::optional<double>(dueSum[k] / dueCount[k]) : std::nullopt;
        input.bands.push_back(measuredBand(input.mastery.domains[k], config.target, dueRecall));
    }
    return input;
}

/// One day of the shipped planner.
std::vector<int> planCertdrillDay(const Bookkeeping& book, const SimulationConfig& config, std::uint64_t seed,
                                  int day)
{
    const PlannerInput input = trackerInput(book, config, day);
    PlannerOptions options = config.planner; // the shipped defaults unless an ablation says otherwise
    options.count = config.perDay;
    options.seed = simrng::hash({seed, kScheduler, static_cast<std::uint64_t>(day)});
    const DrillPlan plan = planDrill(input, options);
    std::vector<int> served;
    for (const auto& q : plan.questions) {
        served.push_back(static_cast<int>(q.id));
    }
    return served;
}

/// The band the tracker's own rule gives a known accuracy: measuredBand of a posterior with no spread and
/// plenty of answers, so the thresholds live in one place.
Band trueBand(double accuracy, double target)
{
    Mastery known;
    known.mean = known.lower = known.upper = accuracy;
    known.answers = 1'000'000;
    return measuredBand(known, target);
}

/// Adds one calibration point per domain with at least 5 answers: the tracker's view against the truth.
void scoreTracker(const PlannerInput& tracker, const SyntheticLearner& learner, double t, double target,
                  TrackerCalibration& out)
{
    for (int d = 0; d < learner.domains(); ++d) {
        if (static_cast<std::size_t>(d) < tracker.ability.size()) {
            out.abilityError.add(tracker.ability[static_cast<std::size_t>(d)] - learner.theta(d, t));
        }
        const Mastery& m = tracker.mastery.domains[static_cast<std::size_t>(d)];
        if (m.answers < 5) {
            continue;
        }
        const double truth = learner.domainScore(d, t);
        out.covered += m.lower <= truth && truth <= m.upper ? 1 : 0;
        out.accuracyError.add(m.mean - truth);
        ++out.confusion[static_cast<int>(tracker.bands[static_cast<std::size_t>(d)])]
                       [static_cast<int>(trueBand(truth, target))];
    }
}

int pickOracle(const SyntheticLearner& learner, double t, double examT)
{
    const std::vector<double> slopes = learner.domainScoreSlopes(examT);
    int best = 0;
    double bestGain = -1e300;
    for (int i = 0; i < learner.items(); ++i) {
        const double g = learner.oracleGain(i, t, examT, slopes);
        if (g > bestGain) {
            bestGain = g;
            best = i;
        }
    }
    return best;
}

} // namespace

LearnerOutcome simulateLearner(const SimulationConfig& config, std::uint64_t seed, Scheduler scheduler)
{
    SyntheticLearner learner(seed, config.learner, config.weights, config.itemsPerDomain);
    const int nd = learner.domains();
    const int items = learner.items();
    const int perDomain = config.itemsPerDomain;
    Bookkeeping book(learner, seed);
    std::vector<double> cumulative;
    {
        const double total = std::accumulate(config.weights.begin(), config.weights.end(), 0.0);
        double acc = 0;
        for (double w : config.weights) {
            acc += w / total;
            cumulative.push_back(acc);
        }
    }
    std::vector<int> order;
    std::size_t nextNew = 0;
    if (scheduler == Scheduler::FsrsOnly) {
        order = newCardOrder(seed, items);
    }

    LearnerOutcome out;
    out.seed = seed;
    out.scheduler = scheduler;
    out.startScore = learner.examScore(0.0);
    if (out.startScore >= config.target) {
        out.questionsToTarget = 0;
    }
    int asked = 0;
    // One study day; `examT` is the day the oracle aims its gains at.
    const auto studyDay = [&](int day, double examT) {
        std::vector<int> plan;
        if (scheduler == Scheduler::Certdrill) {
            plan = planCertdrillDay(book, config, seed, day);
        }
        for (int k = 0; k < config.perDay; ++k) {
            const double t = day + k / kMinutesPerDay;
            int item = 0;
            switch (scheduler) {
            case Scheduler::Uniform:
                item = pickInDomain(book, std::min(nd - 1, static_cast<int>(book.draw() * nd)), perDomain);
                break;
            case Scheduler::Proportional: {
                const double u = book.draw();
                int d = nd - 1;
                for (int j = 0; j < nd; ++j) {
                    if (u < cumulative[static_cast<std::size_t>(j)]) {
                        d = j;
                        break;
                    }
                }
                item = pickInDomain(book, d, perDomain);
                break;
            }
            case Scheduler::FsrsOnly:
                item = pickFsrsOnly(book, order, nextNew, items, t);
                break;
            case Scheduler::Certdrill:
                // The plan is shorter than a day only if the bank is smaller than a day; then fall back to
                // the weakest-recall item so the budget is the same for every scheduler.
                item = k < static_cast<int>(plan.size()) ? plan[static_cast<std::size_t>(k)]
                                                         : pickFsrsOnly(book, order, nextNew, items, t);
                break;
            case Scheduler::Oracle:
                item = pickOracle(learner, t, examT);
                break;
            }
            const bool correct = learner.answer(item, t);
            book.record(item, t, correct);
            ++asked;
            // Only until the target is first reached: later evaluations cannot change the metric, and
            // skipping them is most of the simulation's speed.
            if (out.questionsToTarget < 0 && learner.examScore(t) >= config.target) {
                out.questionsToTarget = asked;
            }
        }
    };
    for (int day = 0; day < config.days; ++day) {
        studyDay(day, config.examDay());
        if (scheduler == Scheduler::Certdrill) {
            scoreTracker(trackerInput(book, config, day + config.perDay / kMinutesPerDay), learner,
                         day + config.perDay / kMinutesPerDay, config.target, out.calibration);
        }
    }
    out.finalScore = learner.examScore(config.examDay());
    // Follow-up days only measure when a learner who is still short of the target gets there; the oracle
    // then aims at an exam the usual gap ahead, as the day-33 exam is past or too close to steer by.
    for (int day = config.days; day < config.days + config.followDays && out.questionsToTarget < 0; ++day) {
        studyDay(day, day + config.examGapDays);
    }
    return out;
}

double studentT975(int df)
{
    const double z = 1.959963984540054;
    const double n = std::max(1, df);
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    const double z7 = z5 * z * z;
    return z + (z3 + z) / (4 * n) + (5 * z5 + 16 * z3 + 3 * z) / (96 * n * n) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * n * n * n);
}

PairedDifference pairedDifference(const std::vector<double>& a, const std::vector<double>& b)
{
    PairedDifference r;
    r.n = static_cast<int>(std::min(a.size(), b.size()));
    if (r.n == 0) {
        return r;
    }
    double sum = 0;
    for (int i = 0; i < r.n; ++i) {
        sum += a[static_cast<std::size_t>(i)] - b[static_cast<std::size_t>(i)];
    }
    r.mean = sum / r.n;
    if (r.n < 2) {
        r.lower = r.upper = r.mean;
        return r;
    }
    double ss = 0;
    for (int i = 0; i < r.n; ++i) {
        const double dev = a[static_cast<std::size_t>(i)] - b[static_cast<std::size_t>(i)] - r.mean;
        ss += dev * dev;
    }
    const double se = std::sqrt(ss / (r.n - 1) / r.n);
    const double half = studentT975(r.n - 1) * se;
    r.lower = r.mean - half;
    r.upper = r.mean + half;
    return r;
}

namespace {

/// Questions to target of every learner (index-paired across schedulers), censored at `limit`.
std::vector<double> censoredQuestions(const std::vector<int>& reachedAt, int limit)
{
    std::vector<double> out;
    out.reserve(reachedAt.size());
    for (int q : reachedAt) {
        out.push_back(q >= 0 && q <= limit ? q : limit + 1);
    }
    return out;
}

TimeToTarget timeToTarget(const std::vector<double>& questions, const std::vector<double>& certdrill,
                          int limit)
{
    TimeToTarget t;
    t.limit = limit;
    if (questions.empty()) {
        return t;
    }
    const double n = static_cast<double>(questions.size());
    t.mean = std::accumulate(questions.begin(), questions.end(), 0.0) / n;
    std::vector<double> sorted = questions;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t m = sorted.size() / 2;
    t.median = sorted.size() % 2 ? sorted[m] : 0.5 * (sorted[m - 1] + sorted[m]);
    t.reachedShare = static_cast<double>(std::count_if(questions.begin(), questions.end(),
                                                       [&](double q) { return q <= limit; })) /
                     n;
    if (!certdrill.empty()) {
        t.vsCertdrill = pairedDifference(certdrill, questions);
    }
    return t;
}

} // namespace

SimulationResults runSimulation(const SimulationConfig& config)
{
    SimulationResults res;
    res.config = config;
    const std::size_t ns = config.schedulers.size();
    std::vector<std::vector<double>> finals(ns);
    std::vector<std::vector<int>> reachedAt(ns);
    double startSum = 0;
    for (int l = 0; l < config.learners; ++l) {
        const std::uint64_t seed = config.seedOffset + static_cast<std::uint64_t>(l) + 1;
        for (std::size_t s = 0; s < ns; ++s) {
            const LearnerOutcome o = simulateLearner(config, seed, config.schedulers[s]);
            if (s == 0) {
                startSum += o.startScore;
            }
            finals[s].push_back(o.finalScore);
            reachedAt[s].push_back(o.questionsToTarget);
            res.calibration.add(o.calibration);
            res.outcomes.push_back(o);
        }
    }
    res.meanStartScore = config.learners > 0 ? startSum / config.learners : 0;
    const auto cd = std::find(config.schedulers.begin(), config.schedulers.end(), Scheduler::Certdrill);
    const bool hasCertdrill = cd != config.schedulers.end();
    const auto cdIndex = static_cast<std::size_t>(cd - config.schedulers.begin());
    // Certdrill's own counts under each rule, the paired side of every comparison.
    const auto certdrillCounts = [&](int limit) {
        return hasCertdrill ? censoredQuestions(reachedAt[cdIndex], limit) : std::vector<double>{};
    };
    const std::vector<double> certdrillInBudget = certdrillCounts(config.budget());
    const std::vector<double> certdrillInHorizon = certdrillCounts(config.horizon());
    for (std::size_t s = 0; s < ns; ++s) {
        SchedulerSummary sum;
        sum.scheduler = config.schedulers[s];
        const double n = std::max(1, config.learners);
        sum.meanFinal = std::accumulate(finals[s].begin(), finals[s].end(), 0.0) / n;
        if (hasCertdrill) {
            sum.finalVsCertdrill = pairedDifference(finals[cdIndex], finals[s]);
        }
        sum.inBudget = timeToTarget(censoredQuestions(reachedAt[s], config.budget()), certdrillInBudget,
                                    config.budget());
        sum.inHorizon = timeToTarget(censoredQuestions(reachedAt[s], config.horizon()), certdrillInHorizon,
                                     config.horizon());
        res.summaries.push_back(sum);
    }
    return res;
}

namespace {

// Every caller passes a literal with at most three double conversions; the warning cannot see through the
// helper, so it is silenced here only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
std::string format(const char* fmt, double a, double b = 0, double c = 0)
{
    char buf[128];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}
#pragma GCC diagnostic pop

} // namespace

std::string simulationMarkdown(const SimulationResults& results)
{
    const auto& c = results.config;
    std::string out;
    out += "Learners: " + std::to_string(c.learners) + " (seeds " + std::to_string(c.seedOffset + 1) + ".." +
           std::to_string(c.seedOffset + static_cast<std::uint64_t>(c.learners)) + "), " +
           std::to_string(c.days) + " days x " + std::to_string(c.perDay) +
           " questions = " + std::to_string(c.budget()) + ", exam at day " + format("%.0f", c.examDay()) +
           ", " + std::to_string(c.itemsPerDomain) + " items per domain; mean start score " +
           format("%.4f", results.meanStartScore) + ".\n\n";
    // "mean questions | median | reached" of one censoring rule; a share saved with its interval.
    const auto questionCells = [](const TimeToTarget& t) {
        return format("%.1f", t.mean) + " | " + format("%.1f", t.median) + " | " +
               format("%.1f%%", 100.0 * t.reachedShare) + " | ";
    };
    const auto savingCells = [](const TimeToTarget& t) {
        const auto& q = t.vsCertdrill;
        // One learner has no spread, so no interval; a zero-width one would look like certainty.
        if (q.n < 2) {
            return format("%+.1f [n/a]", q.mean) + " | " + format("%.1f%% [n/a]", -100 * q.mean / t.mean);
        }
        return format("%+.1f [%+.1f, %+.1f]", q.mean, q.lower, q.upper) + " | " +
               format("%.1f%% [%.1f%%, %.1f%%]", -100 * q.mean / t.mean, -100 * q.upper / t.mean,
                      -100 * q.lower / t.mean);
    };
    out += "| scheduler | mean exam score | mean questions to 80% | median | reached 80% | "
           "certdrill − this: score (95% CI) | certdrill − this: questions (95% CI) | fewer questions |\n";
    out += "|---|---|---|---|---|---|---|---|\n";
    for (const auto& s : results.summaries) {
        out += "| " + std::string(schedulerName(s.scheduler)) + " | " + format("%.4f", s.meanFinal) + " | " +
               questionCells(s.inBudget);
        if (s.scheduler == Scheduler::Certdrill) {
            out += "— | — | — |\n";
            continue;
        }
        const auto& f = s.finalVsCertdrill;
        out += (f.n < 2 ? format("%+.2f pts [n/a]", 100 * f.mean)
                        : format("%+.2f pts [%+.2f, %+.2f]", 100 * f.mean, 100 * f.lower, 100 * f.upper)) +
               " | " + savingCells(s.inBudget) + " |\n";
    }
    if (c.followDays > 0) {
        out += "\nQuestions to 80% without censoring at the budget: a learner short of 80% after " +
               std::to_string(c.budget()) + " questions studies on, " + std::to_string(c.perDay) +
               " a day, for up to " + std::to_string(c.followDays) +
               " more days (censored = " + std::to_string(c.horizon() + 1) + ").\n\n";
        out +=
            "| scheduler | mean questions to 80% | median | reached 80% | certdrill − this: questions (95% "
            "CI) | fewer questions |\n|---|---|---|---|---|---|\n";
        for (const auto& s : results.summaries) {
            out += "| " + std::string(schedulerName(s.scheduler)) + " | " + questionCells(s.inHorizon) +
                   (s.scheduler == Scheduler::Certdrill ? "— | — |\n" : savingCells(s.inHorizon) + " |\n");
        }
    }
    const TrackerCalibration& k = results.calibration;
    if (k.points() > 0) {
        out += "\nTracker calibration on certdrill's answers (" + std::to_string(k.points()) +
               " learner-day-domain points with at least 5 answers): 80% interval coverage " +
               format("%.1f%%", 100 * k.coverage()) + ", mean error " + format("%+.3f", k.bias()) +
               ", RMSE " + format("%.3f", k.rmse()) + ", Green precision " +
               format("%.3f", k.greenPrecision()) + ".\n\n";
        out += "| measured \\ true | red | yellow | green |\n|---|---|---|---|\n";
        const char* names[3] = {"red", "yellow", "green"};
        for (int m = 0; m < 3; ++m) {
            out += std::string("| ") + names[m];
            for (int t = 0; t < 3; ++t) {
                out += " | " + std::to_string(k.confusion[m][t]);
            }
            out += " |\n";
        }
    }
    if (k.abilityError.n > 0) {
        out += "\nLevel model on certdrill's answers (" + std::to_string(k.abilityError.n) +
               " learner-day-domain points): estimated minus true ability, mean " +
               format("%+.3f", k.abilityBias()) + " logits, RMSE " + format("%.3f", k.abilityRmse()) + ".\n";
    }
    return out;
}

} // namespace certdrill
