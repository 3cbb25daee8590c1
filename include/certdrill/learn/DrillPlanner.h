#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "certdrill/learn/Mastery.h"

namespace certdrill {

/// What the planner knows about one question of the bank. The app fills it from the store and the FSRS
/// replay; the learner simulation fills it from its own bookkeeping, so both run the same planner.
struct PlannerItem
{
    std::int64_t id = 0;   ///< question row id (or simulation item index)
    int domain = 0;        ///< index into the blueprint
    int topic = -1;        ///< index into the domain's topics (Domain::topics), -1 for none
    bool seen = false;     ///< has an FSRS memory state
    double recall = 0;     ///< predicted recall now, when seen
    bool due = false;      ///< seen and recall below the desired retention
    bool missed = false;   ///< the last answer to it was wrong
    double dueInDays = 0;  ///< seen: days from now until recall falls below the desired retention (0 if due)
    bool flagged = false;  ///< flagged in some session
    bool bookmarked = false; ///< bookmarked by the candidate
    double difficulty = 0; ///< logit scale (difficultyLogit of the bank's tag)
};

/// Everything the planner decides from.
struct PlannerInput
{
    std::vector<double> weights; ///< blueprint weights, any scale
    MasteryTable mastery;        ///< per domain and topic
    std::vector<Band> bands;     ///< measured band per domain (Red domains get a floor)
    std::vector<double> ability; ///< per domain (estimateAbility); empty: no level matching
    std::vector<PlannerItem> items;
};

/// A custom drill narrows the pool; empty sets mean "all".
struct DrillFilter
{
    std::set<int> domains;
    std::set<std::pair<int, int>> topics; ///< (domain, topic)
    bool missedOnly = false;
    bool flaggedOnly = false;
    bool unseenOnly = false;
    bool bookmarkedOnly = false;
    bool dueOnly = false; ///< only questions due for review (the home screen's "questions due" step)

    bool accepts(const PlannerItem& item) const;
    bool operator==(const DrillFilter&) const = default;
};

/// Planner settings. The defaults are what the app ships and what docs/benchmarks.md measured.
struct PlannerOptions
{
    int count = 20;
    std::uint64_t seed = 0;
    int maxRun = 2;             ///< at most this many questions in a row from one domain
    double redFloorShare = 0.5; ///< a Red domain gets at least max(1, round(share × weight × count))
    bool thompson = true;       ///< false: posterior mean instead of a sample (ablation)
    /// Unseen and not-due questions go closest to this solve probability first (level matching); the
    /// learner works them out about half the time, 62% right with guessing on four options.
    double levelTarget = 0.5;
    bool levelMatching = true; ///< false: no level ordering and no slope in the allocation (ablation)
    DrillFilter filter;
};

/// One slot of a drill, with why it was chosen.
struct PlannedQuestion
{
    std::int64_t id = 0;
    int domain = 0;
    enum class Reason
    {
        Due,
        Unseen,
        Weakest
    } reason = Reason::Unseen;
    double solve = -1; ///< predicted solve probability at the domain's ability; -1 without a level model
};

/// "due", "unseen", "weakest".
const char* reasonName(PlannedQuestion::Reason reason);
/// Parses reasonName(); anything else reads as Unseen.
PlannedQuestion::Reason parseReason(const std::string& name);

/// A planned drill.
struct DrillPlan
{
    std::vector<PlannedQuestion> questions; ///< in serving order
    std::vector<int> perDomain;             ///< questions allocated to each domain
    std::vector<int> eligible;              ///< questions each domain could offer after the filter
};

/// How fast practice in each domain turns into exam score: the mean of p·(1 − p) over the domain's questions,
/// with p = solveProbability(ability, difficulty), which is d(expected domain score)/d(ability) up to a
/// constant. 0.25 for every domain when there is no ability or levelMatching is off.
std::vector<double> scoreSlopes(const PlannerInput& input, const PlannerOptions& options);

/// How many questions of each blueprint domain `filter` lets through: what a drill could be made of before
/// one is planned (planDrill's DrillPlan::eligible; the custom drill dialog shows their sum).
std::vector<int> eligibleQuestions(const PlannerInput& input, const DrillFilter& filter);

/// Plans a drill: slots go to domains by blueprint weight × expected gain, w·(1 − m̃)·s with m̃ a Thompson
/// draw from each domain's posterior and s its scoreSlopes entry (Red domains first receive their floor); the
/// order spreads each domain evenly over the drill, never-answered domains first (docs/adaptive-model.md),
/// with at most maxRun in a row unless one domain is all that is left. Inside a
/// domain: due questions (lowest recall first), then unseen questions, then the rest; inside the last two
/// tiers, questions whose solve probability at the domain's ability is closest to levelTarget first, then the
/// weakest topic (then lowest recall). No question twice. Deterministic for (input, options).
DrillPlan planDrill(const PlannerInput& input, const PlannerOptions& options);

} // namespace certdrill
