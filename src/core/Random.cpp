#include "certdrill/Random.h"

namespace certdrill {

namespace {

std::uint64_t mix(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

std::uint64_t Random::next()
{
    m_state += 0x9e3779b97f4a7c15ULL;
    return mix(m_state);
}

std::uint64_t Random::below(std::uint64_t bound)
{
    // Rejection sampling: drop the top sliver of the 64-bit range that would bias small residues.
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
    std::uint64_t x = next();
    while (x >= limit) {
        x = next();
    }
    return x % bound;
}

double Random::uniform()
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

std::uint64_t hashCounter(std::uint64_t seed, std::uint64_t a, std::uint64_t b)
{
    return mix(mix(mix(seed + 0x9e3779b97f4a7c15ULL) ^ a) + b * 0x9e3779b97f4a7c15ULL);
}

} // namespace certdrill
