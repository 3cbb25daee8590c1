#pragma once

#include <array>
#include <optional>

#include "certdrill/Confidence.h"

namespace certdrill {

/// FSRS grades. A drill or exam answer gives Good when right and Again when wrong (see
/// docs/adaptive-model.md for how confidence tags refine this).
enum class Rating
{
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4
};

/// The FSRS memory state of one question: stability in days (the interval at which recall falls to 90%) and
/// difficulty in [1, 10].
struct MemoryState
{
    double stability = 0;
    double difficulty = 0;
};

/// FSRS-6 (the Free Spaced Repetition Scheduler, version 6) with its 21 parameters, as in fsrs-rs 6.x
/// `src/model.rs`. A same-day review (elapsed 0 days) uses the short-term formula, and a Hard same-day review
/// keeps stability from falling (fsrs-rs behaviour, where py-fsrs differs).
class Fsrs
{
public:
    using Parameters = std::array<double, 21>;
    /// The FSRS-6 defaults (fsrs-rs `DEFAULT_PARAMETERS`, the median fit over the srs-benchmark users).
    static constexpr Parameters kDefaultParameters = {0.212,  1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194,
                                                      0.001,  1.8722, 0.1666, 0.796,  1.4835, 0.0614, 0.2629,
                                                      1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542};

    explicit Fsrs(const Parameters& w = kDefaultParameters);

    /// Predicted recall after `elapsedDays` at `stability`: (1 + factor·t/S)^decay.
    double retrievability(double elapsedDays, double stability) const;
    /// The interval in days after which recall falls to `desiredRetention` (unrounded).
    double interval(double stability, double desiredRetention) const;
    /// The state after a review `elapsedDays` (whole days) after the previous one; no previous state means a
    /// first review.
    MemoryState next(const std::optional<MemoryState>& previous, double elapsedDays, Rating rating) const;

private:
    double initialDifficulty(double grade) const;

    Parameters m_w;
    double m_decay;
    double m_factor;
};

/// The FSRS grade of an answer: a miss is Again; a right answer is Good, except a right guess, which is
/// Hard, because a lucky guess is weak evidence that the question is remembered.
Rating ratingFor(bool correct, std::optional<Confidence> confidence);

} // namespace certdrill
