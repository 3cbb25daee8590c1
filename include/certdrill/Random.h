#pragma once

#include <cstdint>
#include <vector>

namespace certdrill {

/// A small, portable, seedable generator (SplitMix64). The core never uses std:: distributions, whose output
/// differs between standard libraries; every draw here is defined bit for bit, so a seed names one result.
class Random
{
public:
    explicit Random(std::uint64_t seed)
        : m_state(seed)
    {
    }

    /// The next 64 random bits.
    std::uint64_t next();
    /// Uniform integer in [0, bound) without modulo bias; bound must be > 0.
    std::uint64_t below(std::uint64_t bound);
    /// Uniform double in [0, 1) with 53 bits of precision.
    double uniform();

    /// Fisher–Yates shuffle.
    template <typename T> void shuffle(std::vector<T>& items)
    {
        for (std::size_t i = items.size(); i > 1; --i) {
            const auto j = static_cast<std::size_t>(below(i));
            std::swap(items[i - 1], items[j]);
        }
    }

private:
    std::uint64_t m_state;
};

/// A stateless hash of (seed, a, b) to 64 bits: counter-based randomness for simulations, where each draw
/// must not depend on how many draws came before it.
std::uint64_t hashCounter(std::uint64_t seed, std::uint64_t a, std::uint64_t b = 0);

} // namespace certdrill
