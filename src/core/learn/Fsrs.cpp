#include "certdrill/learn/Fsrs.h"

#include <algorithm>
#include <cmath>

namespace certdrill {

namespace {

constexpr double kMinStability = 0.001; // fsrs-rs S_MIN
constexpr double kMaxStability = 36500; // fsrs-rs S_MAX, one hundred years

double clampDifficulty(double d)
{
    return std::clamp(d, 1.0, 10.0);
}

} // namespace

Fsrs::Fsrs(const Parameters& w)
    : m_w(w)
    , m_decay(-w[20])
    // Chosen so that R(S, S) = 0.9: stability is by definition the 90%-recall interval.
    , m_factor(std::pow(0.9, 1.0 / m_decay) - 1.0)
{
}

double Fsrs::retrievability(double elapsedDays, double stability) const
{
    return std::pow(1.0 + m_factor * std::max(0.0, elapsedDays) / stability, m_decay);
}

double Fsrs::interval(double stability, double desiredRetention) const
{
    return stability / m_factor * (std::pow(desiredRetention, 1.0 / m_decay) - 1.0);
}

double Fsrs::initialDifficulty(double grade) const
{
    return m_w[4] - std::exp(m_w[5] * (grade - 1.0)) + 1.0;
}

MemoryState Fsrs::next(const std::optional<MemoryState>& previous, double elapsedDays, Rating rating) const
{
    const double g = static_cast<int>(rating);
    if (!previous) {
        return {m_w[static_cast<int>(rating) - 1], clampDifficulty(initialDifficulty(g))};
    }
    const double s = std::clamp(previous->stability, kMinStability, kMaxStability);
    const double d = clampDifficulty(previous->difficulty);

    double stability = 0;
    if (elapsedDays <= 0) {
        // Same-day review: the short-term formula, which depends on the grade and saturates with S.
        double inc = std::exp(m_w[17] * (g - 3.0 + m_w[18])) * std::pow(s, -m_w[19]);
        if (rating != Rating::Again) {
            inc = std::max(inc, 1.0);
        }
        stability = s * inc;
    } else {
        const double r = retrievability(elapsedDays, s);
        if (rating == Rating::Again) {
            const double forget = m_w[11] * std::pow(d, -m_w[12]) * (std::pow(s + 1.0, m_w[13]) - 1.0) *
                                  std::exp((1.0 - r) * m_w[14]);
            // A lapse may never leave the card more stable than a same-day Again would.
            stability = std::min(forget, s / std::exp(m_w[17] * m_w[18]));
        } else {
            const double hard = rating == Rating::Hard ? m_w[15] : 1.0;
            const double easy = rating == Rating::Easy ? m_w[16] : 1.0;
            stability = s * (1.0 + std::exp(m_w[8]) * (11.0 - d) * std::pow(s, -m_w[9]) *
                                       (std::exp((1.0 - r) * m_w[10]) - 1.0) * hard * easy);
        }
    }

    // Difficulty: linear damping towards 10, then mean reversion towards the (unclamped) Easy initial value.
    const double delta = -m_w[6] * (g - 3.0);
    const double damped = d + delta * (10.0 - d) / 9.0;
    const double reverted = m_w[7] * initialDifficulty(4.0) + (1.0 - m_w[7]) * damped;
    return {std::clamp(stability, kMinStability, kMaxStability), clampDifficulty(reverted)};
}

Rating ratingFor(bool correct, std::optional<Confidence> confidence)
{
    if (!correct) {
        return Rating::Again;
    }
    return confidence == Confidence::Guess ? Rating::Hard : Rating::Good;
}

} // namespace certdrill
