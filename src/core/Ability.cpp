#include "certdrill/Ability.h"

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

std::vector<double> estimateAbility(const std::vector<AnswerEvidence>& evidence, int domains,
                                    const AbilityModel& model)
{
    std::vector<double> ability(static_cast<std::size_t>(std::max(0, domains)), model.start);
    for (const auto& e : evidence) {
        if (e.domain < 0 || e.domain >= domains) {
            continue;
        }
        double& theta = ability[static_cast<std::size_t>(e.domain)];
        if (e.first) {
            const double p = model.guess + (1.0 - model.guess) * solveProbability(theta, e.difficulty, model);
            theta += model.k * ((e.correct ? 1.0 : 0.0) - p);
        }
        // Why a drift: Elo alone only hears first-time answers, which get rare once a domain's questions
        // have been seen, so without it the estimate lags behind a learner who keeps improving.
        theta += model.drift;
    }
    return ability;
}

} // namespace certdrill
