#include <nlohmann/json.hpp>

#include "certdrill/sim/LearnerSimulation.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

namespace {

/// The most learners `simulate` runs.
constexpr int kMaxLearners = 100000;
/// The most follow-up days `simulate` runs after the budget (ten years of study).
constexpr int kMaxFollowDays = 3650;

} // namespace

int simulateCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    std::string learnersText, seedText;
    bool missing = false;
    const bool hasLearners = takeOption(args, "--learners", learnersText, missing);
    const bool hasSeed = takeOption(args, "--seed", seedText, missing);
    std::string followText;
    const bool hasFollow = takeOption(args, "--follow-days", followText, missing);
    if (missing) {
        return ctx.usage("simulate: an option is missing its value");
    }
    if (!args.empty()) {
        return ctx.usage("simulate: unexpected argument " + args.front());
    }
    SimulationConfig config;
    config.learners = 500;
    if (hasLearners) {
        if (const auto error = parseWholeNumber("--learners", learnersText, config.learners);
            !error.empty()) {
            return ctx.usage("simulate: " + error);
        }
    }
    if (hasSeed) {
        if (const auto error = parseWholeNumber("--seed", seedText, config.seedOffset); !error.empty()) {
            return ctx.usage("simulate: " + error);
        }
    }
    if (hasFollow) {
        if (const auto error = parseWholeNumber("--follow-days", followText, config.followDays);
            !error.empty()) {
            return ctx.usage("simulate: " + error);
        }
    }
    // 500 learners take seconds; the bound keeps a typo from running for hours (and seeds from wrapping).
    if (config.learners < 1 || config.learners > kMaxLearners) {
        return ctx.usage("simulate: --learners must be between 1 and " + std::to_string(kMaxLearners));
    }
    if (config.followDays < 0 || config.followDays > kMaxFollowDays) {
        return ctx.usage("simulate: --follow-days must be between 0 and " + std::to_string(kMaxFollowDays));
    }
    // No database: the simulation is a pure function of its configuration.
    const SimulationResults results = runSimulation(config);
    if (!asJson) {
        ctx.out() << simulationMarkdown(results);
        return kOk;
    }
    // With fewer than 2 learners there is no interval: null, not a zero-width one.
    const auto diff = [](const PairedDifference& d) {
        return json{{"mean", d.mean},
                    {"lower95", d.n < 2 ? json(nullptr) : json(d.lower)},
                    {"upper95", d.n < 2 ? json(nullptr) : json(d.upper)},
                    {"n", d.n}};
    };
    json schedulers = json::array();
    for (const auto& s : results.summaries) {
        const bool vs = s.scheduler != Scheduler::Certdrill;
        // One censoring rule's questions to target: within the budget, or with the follow-up days.
        const auto questions = [&](const TimeToTarget& t, json row) {
            row["mean_questions_to_target"] = t.mean;
            row["median_questions_to_target"] = t.median;
            row["reached_share"] = t.reachedShare;
            if (vs) {
                row["certdrill_minus_this_questions"] = diff(t.vsCertdrill);
            }
            return row;
        };
        json row = questions(s.inBudget,
                             {{"scheduler", schedulerName(s.scheduler)}, {"mean_final_score", s.meanFinal}});
        if (vs) {
            row["certdrill_minus_this_final_score"] = diff(s.finalVsCertdrill);
        }
        row["with_follow_days"] = questions(s.inHorizon, json::object());
        schedulers.push_back(row);
    }
    ctx.out() << json{{"learners", config.learners},
                      {"seed_offset", config.seedOffset},
                      {"days", config.days},
                      {"per_day", config.perDay},
                      {"budget", config.budget()},
                      {"exam_day", config.examDay()},
                      {"items_per_domain", config.itemsPerDomain},
                      {"target", config.target},
                      {"censored_questions", config.budget() + 1},
                      {"follow_days", config.followDays},
                      {"censored_questions_with_follow_days", config.horizon() + 1},
                      {"mean_start_score", results.meanStartScore},
                      {"tag_noise", config.learner.tagNoise},
                      {"schedulers", schedulers},
                      {"tracker_calibration",
                       {{"points", results.calibration.points()},
                        {"coverage80", results.calibration.coverage()},
                        {"mean_error", results.calibration.bias()},
                        {"rmse", results.calibration.rmse()},
                        {"green_precision", results.calibration.greenPrecision()},
                        {"ability_bias", results.calibration.abilityBias()},
                        {"ability_rmse", results.calibration.abilityRmse()}}}}
                     .dump(2)
              << "\n";
    return kOk;
}

} // namespace certdrill::cli
