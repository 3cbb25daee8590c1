#include "certdrill/learn/Ability.h"

#include <algorithm>
#include <cmath>

namespace certdrill {

double difficultyLogit(int tag)
{
    // Means of N(0, 1) truncated to each tag's interval of kDifficultyTagCuts.
    static constexpr double kMeans[5] = {-1.7181, -0.7437, 0.0898, 0.8665, 1.7433};
    return tag >= 1 && tag <= 5 ? kMeans[tag - 1] : 0.0;
}

double solveProbability(double ability, double difficulty, const AbilityModel& model)
{
    return 1.0 / (1.0 + std::exp(-model.scale * (ability - difficulty)));
}

double expectedAccuracy(double ability, const std::vector<double>& difficulties, const AbilityModel& model)
{
    if (difficulties.empty()) {
        return model.guess + (1.0 - model.guess) * solveProbability(ability, 0.0, model);
    }
    double sum = 0;
    for (double b : difficulties) {
        sum += model.guess + (1.0 - model.guess) * solveProbability(ability, b, model);
    }
    return sum / static_cast<double>(difficulties.size());
}

std::vector<double> estimateAbility(const std::vector<AnswerEvidence>& evidence, int domains,
                                    const AbilityModel& model)
{
    // Why a shared level (the hierarchical Elo of Nižnan, Pelánek & Řihák 2015, a global skill plus concept
    // skills): a domain sees only a few first-time answers, about twenty in a month of drills, too few for
    // its own estimate to leave the start value. What a learner shows in every other domain is the better
    // guess for the rest.
    double shared = model.start;
    std::vector<double> offset(static_cast<std::size_t>(std::max(0, domains)), 0.0);
    for (const auto& e : evidence) {
        if (e.domain < 0 || e.domain >= domains) {
            continue;
        }
        double& own = offset[static_cast<std::size_t>(e.domain)];
        if (e.first) {
            const double p =
                model.guess + (1.0 - model.guess) * solveProbability(shared + own, e.difficulty, model);
            const double surprise = (e.correct ? 1.0 : 0.0) - p;
            shared += model.kGlobal * surprise;
            own += model.k * surprise;
        }
        // Why a drift: Elo alone only hears first-time answers, which get rare once a domain's questions
        // have been seen, so without it the estimate lags behind a learner who keeps improving.
        own += model.drift;
    }
    std::vector<double> ability;
    for (double own : offset) {
        ability.push_back(shared + own);
    }
    return ability;
}

} // namespace certdrill
