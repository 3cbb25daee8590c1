#include "certdrill/learn/DrillPlanner.h"

#include <algorithm>
#include <cmath>

#include "certdrill/learn/Ability.h"

namespace certdrill {

const char* reasonName(PlannedQuestion::Reason reason)
{
    switch (reason) {
    case PlannedQuestion::Reason::Due:
        return "due";
    case PlannedQuestion::Reason::Unseen:
        return "unseen";
    case PlannedQuestion::Reason::Weakest:
        return "weakest";
    }
    return "unseen";
}

PlannedQuestion::Reason parseReason(const std::string& name)
{
    return name == "due"       ? PlannedQuestion::Reason::Due
           : name == "weakest" ? PlannedQuestion::Reason::Weakest
                               : PlannedQuestion::Reason::Unseen;
}

bool DrillFilter::accepts(const PlannerItem& item) const
{
    if (!domains.empty() && !domains.count(item.domain)) {
        return false;
    }
    if (!topics.empty() && !topics.count({item.domain, item.topic})) {
        return false;
    }
    return (!missedOnly || item.missed) && (!flaggedOnly || item.flagged) && (!unseenOnly || !item.seen) &&
           (!bookmarkedOnly || item.bookmarked) && (!dueOnly || item.due);
}

namespace {

double topicMean(const MasteryTable& mastery, const PlannerItem& item)
{
    const auto d = static_cast<std::size_t>(item.domain);
    if (d < mastery.topics.size() && item.topic >= 0 &&
        static_cast<std::size_t>(item.topic) < mastery.topics[d].size()) {
        return mastery.topics[d][static_cast<std::size_t>(item.topic)].mean;
    }
    return d < mastery.domains.size() ? mastery.domains[d].mean : 0.5;
}

// Orders one domain's questions: due (lowest recall), unseen, then the rest; the last two by level, then
// weakest topic.
std::vector<PlannedQuestion> rankDomain(const PlannerInput& input, const PlannerOptions& options,
                                        std::vector<const PlannerItem*> items, Random& random)
{
    // The chance the learner works a question out, and how far that is from the target level; both are
    // "unknown" (−1, distance 0) when there is no ability to match.
    const auto solve = [&](const PlannerItem& it) {
        const auto d = static_cast<std::size_t>(it.domain);
        return options.levelMatching && d < input.ability.size()
                   ? solveProbability(input.ability[d], it.difficulty)
                   : -1.0;
    };
    // A seeded shuffle first, so ties inside each tier are broken by the seed and not by bank order.
    random.shuffle(items);
    // Each question's sort keys once, not at every comparison (a domain of 10,000 questions made the sort
    // most of a drill plan's time): the order is the same, since each key is a function of its question.
    struct Keyed
    {
        const PlannerItem* item;
        int tier;
        double level;
        double topic;
        double solve;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(items.size());
    for (const PlannerItem* it : items) {
        const double p = solve(*it);
        keyed.push_back({it, it->due ? 0 : (!it->seen ? 1 : 2),
                         p < 0 ? 0.0 : std::fabs(p - options.levelTarget), topicMean(input.mastery, *it), p});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
        if (a.tier != b.tier) {
            return a.tier < b.tier;
        }
        if (a.tier == 0) {
            return a.item->recall < b.item->recall;
        }
        // Why level before topic: a question the learner can just about work out teaches most, one far
        // too hard or too easy teaches little (docs/adaptive-model.md, "Level").
        if (a.level != b.level) {
            return a.level < b.level;
        }
        if (a.topic != b.topic) {
            return a.topic < b.topic;
        }
        return a.tier == 2 && a.item->recall < b.item->recall;
    });
    std::vector<PlannedQuestion> ranked;
    ranked.reserve(keyed.size());
    for (const Keyed& k : keyed) {
        const auto reason = k.tier == 0   ? PlannedQuestion::Reason::Due
                            : k.tier == 1 ? PlannedQuestion::Reason::Unseen
                                          : PlannedQuestion::Reason::Weakest;
        ranked.push_back({k.item->id, k.item->domain, reason, k.solve});
    }
    return ranked;
}

} // namespace

std::vector<double> scoreSlopes(const PlannerInput& input, const PlannerOptions& options)
{
    const std::size_t domains = input.weights.size();
    // Without a level model every domain gets the slope of a coin-flip question, so the rule is w·(1 − m̃).
    std::vector<double> slope(domains, 0.25);
    if (!options.levelMatching || input.ability.size() < domains) {
        return slope;
    }
    std::vector<double> sum(domains, 0.0);
    std::vector<int> n(domains, 0);
    for (const auto& it : input.items) {
        const auto d = static_cast<std::size_t>(it.domain);
        if (it.domain >= 0 && d < domains) {
            const double p = solveProbability(input.ability[d], it.difficulty);
            sum[d] += p * (1.0 - p);
            ++n[d];
        }
    }
    for (std::size_t d = 0; d < domains; ++d) {
        if (n[d] > 0) {
            slope[d] = sum[d] / n[d];
        }
    }
    return slope;
}

namespace {

// Whether a drill could serve `it` under `filter`: a question of one of the blueprint's `domains` domains
// that the filter accepts. What eligibleQuestions counts and planDrill draws from.
bool inPool(const PlannerItem& it, std::size_t domains, const DrillFilter& filter)
{
    return it.domain >= 0 && static_cast<std::size_t>(it.domain) < domains && filter.accepts(it);
}

// The questions `filter` lets through, per domain of the blueprint, in bank order.
std::vector<std::vector<const PlannerItem*>> filteredPools(const PlannerInput& input,
                                                           const DrillFilter& filter)
{
    const std::size_t domains = input.weights.size();
    std::vector<std::vector<const PlannerItem*>> pool(domains);
    for (const auto& it : input.items) {
        if (inPool(it, domains, filter)) {
            pool[static_cast<std::size_t>(it.domain)].push_back(&it);
        }
    }
    return pool;
}

} // namespace

std::vector<int> eligibleQuestions(const PlannerInput& input, const DrillFilter& filter)
{
    // Counted, not collected: the custom drill dialog asks again at every tick of its scope.
    const std::size_t domains = input.weights.size();
    std::vector<int> eligible(domains, 0);
    for (const auto& it : input.items) {
        if (inPool(it, domains, filter)) {
            ++eligible[static_cast<std::size_t>(it.domain)];
        }
    }
    return eligible;
}

DrillPlan planDrill(const PlannerInput& input, const PlannerOptions& options)
{
    const std::size_t domains = input.weights.size();
    Random random(options.seed);
    DrillPlan plan;
    plan.perDomain.assign(domains, 0);
    plan.eligible.assign(domains, 0);

    const std::vector<std::vector<const PlannerItem*>> pool = filteredPools(input, options.filter);
    int supply = 0;
    for (std::size_t d = 0; d < domains; ++d) {
        plan.eligible[d] = static_cast<int>(pool[d].size());
        supply += plan.eligible[d];
    }
    const int count = std::min(options.count, supply);
    if (count <= 0) {
        return plan;
    }
    double weightSum = 0;
    for (double w : input.weights) {
        weightSum += w;
    }

    // 1. Floors: a Red domain is practised even when a heavier domain looks like the better bet, so its
    //    estimate keeps improving and it cannot be starved.
    int left = count;
    for (std::size_t d = 0; d < domains && left > 0; ++d) {
        const bool red = d < input.bands.size() && input.bands[d] == Band::Red;
        if (!red || weightSum <= 0 || input.weights[d] <= 0) {
            continue;
        }
        const int floor = std::max(
            1, static_cast<int>(std::lround(options.redFloorShare * input.weights[d] / weightSum * count)));
        const int take = std::min({floor, plan.eligible[d], left});
        plan.perDomain[d] += take;
        left -= take;
    }

    // 2. The remaining slots, one at a time, to the domain with the largest sampled gain w·(1 − m̃)·s.
    const std::vector<double> slope = scoreSlopes(input, options);
    while (left > 0) {
        int best = -1;
        double bestScore = -1;
        for (std::size_t d = 0; d < domains; ++d) {
            if (plan.perDomain[d] >= plan.eligible[d]) {
                continue;
            }
            const Mastery& m = input.mastery.domains[d];
            const double draw = options.thompson ? sampleBeta(random, m.alpha, m.beta) : m.mean;
            const double score = input.weights[d] * (1.0 - draw) * slope[d];
            if (score > bestScore) {
                bestScore = score;
                best = static_cast<int>(d);
            }
        }
        ++plan.perDomain[static_cast<std::size_t>(best)];
        --left;
    }

    // 3. Questions inside each domain.
    std::vector<std::vector<PlannedQuestion>> chosen(domains);
    for (std::size_t d = 0; d < domains; ++d) {
        if (plan.perDomain[d] > 0) {
            auto ranked = rankDomain(input, options, pool[d], random);
            ranked.resize(static_cast<std::size_t>(plan.perDomain[d]));
            chosen[d] = std::move(ranked);
        }
    }

    // 4. Interleave. Each domain's questions are spread evenly over the drill: its k-th question aims at
    //    slot (k + offset)·count/n, and the slot goes to the earliest aim. A domain never answered has
    //    offset 0 and the others ½, so the domains the tracker knows nothing about open the drill (a drill
    //    ended after a few questions still measures them) instead of trailing behind the heavy ones. No
    //    more than maxRun in a row from one domain, unless it is the only one left; and a domain serves
    //    first when waiting would leave too few others to break up its remaining questions.
    std::vector<std::size_t> next(domains, 0);
    std::vector<double> offset(domains, 0.5);
    for (std::size_t d = 0; d < domains; ++d) {
        if (d < input.mastery.domains.size() && input.mastery.domains[d].answers == 0) {
            offset[d] = 0.0;
        }
    }
    const auto aim = [&](std::size_t d) {
        return (static_cast<double>(next[d]) + offset[d]) * count / static_cast<double>(chosen[d].size());
    };
    int last = -1;
    int run = 0;
    for (int slot = 0; slot < count; ++slot) {
        const auto remaining = [&](std::size_t d) {
            return static_cast<int>(chosen[d].size() - next[d]);
        };
        const int slotsLeft = count - slot;
        int pick = -1;
        bool pickUrgent = false;
        for (std::size_t d = 0; d < domains; ++d) {
            const int r = remaining(d);
            if (r == 0 || (static_cast<int>(d) == last && run >= options.maxRun)) {
                continue;
            }
            const bool urgent = r > options.maxRun * (slotsLeft - r);
            const auto p = static_cast<std::size_t>(pick);
            const bool better =
                pick < 0 || (urgent != pickUrgent ? urgent
                                                  : (aim(d) != aim(p) ? aim(d) < aim(p)
                                                                      : input.weights[d] > input.weights[p]));
            if (better) {
                pick = static_cast<int>(d);
                pickUrgent = urgent;
            }
        }
        if (pick < 0) {
            pick = last; // only the current domain has questions left
        }
        const auto p = static_cast<std::size_t>(pick);
        plan.questions.push_back(chosen[p][next[p]++]);
        run = pick == last ? run + 1 : 1;
        last = pick;
    }
    return plan;
}

} // namespace certdrill
