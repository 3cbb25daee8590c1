// Learner-simulation benchmark (docs/benchmarks.md): every scheduler on the same synthetic learners and the
// same response noise, printed as Markdown tables. Not a ctest test: it takes minutes.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "certdrill/sim/LearnerSimulation.h"

namespace {

using certdrill::Scheduler;
using certdrill::SimulationConfig;

// One row of the sensitivity grid: the learner model's knobs of section 4.2.
struct GridCell
{
    double rho;
    double alphaH;
    double hTheta;
    double etaScale;
};

// certdrill − baseline: the score difference in points and the share of questions saved, with 95% CIs.
std::string versus(const certdrill::SchedulerSummary& s)
{
    char buf[160];
    const auto& f = s.finalVsCertdrill;
    const auto& t = s.inHorizon;
    const auto& q = t.vsCertdrill;
    std::snprintf(buf, sizeof buf, "%+.2f [%+.2f, %+.2f] / %.1f%% [%.1f%%, %.1f%%]", 100 * f.mean,
                  100 * f.lower, 100 * f.upper, -100 * q.mean / t.mean, -100 * q.upper / t.mean,
                  -100 * q.lower / t.mean);
    return buf;
}

// The grid of docs/benchmarks.md: rho × alpha_h, then H_theta × eta scale; the oracle is left out.
void runGrid(SimulationConfig config)
{
    config.schedulers = {Scheduler::Uniform, Scheduler::Proportional, Scheduler::FsrsOnly,
                         Scheduler::Certdrill};
    std::vector<GridCell> cells;
    for (double rho : {0.3, 0.6, 0.9}) {
        for (double alpha : {1.5, 3.0}) {
            cells.push_back({rho, alpha, 90, 1});
        }
    }
    for (double h : {30.0, 90.0}) {
        for (double eta : {0.5, 1.0, 2.0}) {
            if (!(h == 90 && eta == 1)) {
                cells.push_back({0.6, 3.0, h, eta});
            }
        }
    }
    std::printf(
        "| rho | alpha_h | H_theta | eta | vs uniform | vs proportional | vs fsrs-only | certdrill: score / "
        "questions |\n|---|---|---|---|---|---|---|---|\n");
    for (const auto& c : cells) {
        SimulationConfig cell = config;
        cell.learner.rho = c.rho;
        cell.learner.alphaH = c.alphaH;
        cell.learner.hTheta = c.hTheta;
        cell.learner.etaLow *= c.etaScale;
        cell.learner.etaHigh *= c.etaScale;
        const auto r = certdrill::runSimulation(cell);
        std::printf("| %.1f | %.1f | %.0f | x%.1f | %s | %s | %s | %.4f / %.1f |\n", c.rho, c.alphaH,
                    c.hTheta, c.etaScale, versus(r.summaries[0]).c_str(), versus(r.summaries[1]).c_str(),
                    versus(r.summaries[2]).c_str(), r.summaries[3].meanFinal, r.summaries[3].inHorizon.mean);
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv)
{
    SimulationConfig config;
    if (argc == 2 && std::string(argv[1]) == "--golden") {
        // Regenerates tests/data/simulation-golden.csv (seeds 1..5, default configuration).
        std::printf("seed,scheduler,score_after_budget,questions_to_80\n");
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            for (auto s : certdrill::allSchedulers()) {
                const auto o = certdrill::simulateLearner(config, seed, s);
                std::printf("%llu,%s,%.15f,%d\n", static_cast<unsigned long long>(seed),
                            certdrill::schedulerName(s), o.finalScore, o.questionsToTarget);
            }
        }
        return 0;
    }
    bool grid = false;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        const std::string value = i + 1 < argc ? argv[i + 1] : "";
        if (flag == "--grid") {
            grid = true;
        } else if (flag == "--no-oracle") {
            config.schedulers.pop_back();
        } else if (flag == "--no-level") {
            config.planner.levelMatching = false;
        } else if (flag == "--no-pool") {
            config.ability.kGlobal =
                0; // each domain's ability on its own, without the learner's shared level
        } else if (flag == "--learners" && !value.empty()) {
            config.learners = std::stoi(value);
            ++i;
        } else if (flag == "--seed" && !value.empty()) {
            config.seedOffset = std::stoull(value);
            ++i;
        } else if (flag == "--follow-days" && !value.empty()) {
            config.followDays = std::stoi(value);
            ++i;
        } else if (flag == "--tag-noise" && !value.empty()) {
            config.learner.tagNoise = std::stod(value);
            ++i;
        } else if (flag == "--regime" && value == "easy") {
            // Section 4.2's easy regime: a smaller bank, stronger learners, more questions a day.
            const double tagNoise = config.learner.tagNoise;
            config.learner = certdrill::LearnerParams::easy();
            config.learner.tagNoise = tagNoise;
            config.itemsPerDomain = 40;
            config.perDay = 40;
            ++i;
        } else if (flag == "--regime" && value == "hard") {
            ++i;
        } else {
            std::cerr
                << "usage: certdrill_simulation_bench [--learners N] [--seed OFFSET] [--regime hard|easy] "
                   "[--tag-noise SD (negative: untagged)] [--follow-days D] [--no-level] [--no-pool] "
                   "[--no-oracle] [--grid] | "
                   "--golden\n";
            return 2;
        }
    }
    const auto start = std::chrono::steady_clock::now();
    if (grid) {
        runGrid(config);
    } else {
        std::cout << certdrill::simulationMarkdown(certdrill::runSimulation(config));
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "\nWall time: " << seconds << " s on one thread.\n";
    return 0;
}
