// Learner-simulation benchmark (docs/benchmarks.md): every scheduler on the same synthetic learners and the
// same response noise, printed as a Markdown table. Not a ctest test: it takes minutes.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "certdrill/LearnerSimulation.h"

int main(int argc, char** argv)
{
    certdrill::SimulationConfig config;
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
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const std::string value = argv[i + 1];
        if (flag == "--learners") {
            config.learners = std::stoi(value);
        } else if (flag == "--seed") {
            config.seedOffset = std::stoull(value);
        } else if (flag == "--regime" && value == "easy") {
            // Section 4.2's easy regime: a smaller bank, stronger learners, more questions a day.
            config.learner = certdrill::LearnerParams::easy();
            config.itemsPerDomain = 40;
            config.perDay = 40;
        } else {
            std::cerr << "usage: certdrill_simulation_bench [--learners N] [--seed OFFSET] [--regime "
                         "hard|easy] | --golden\n";
            return 2;
        }
    }
    const auto start = std::chrono::steady_clock::now();
    const auto results = certdrill::runSimulation(config);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << certdrill::simulationMarkdown(results);
    std::cout << "\nWall time: " << seconds << " s on one thread.\n";
    return 0;
}
