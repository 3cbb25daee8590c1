#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>

namespace certdrill {

/// Time source injected into the core; the core never reads the system clock itself.
/// Two clocks: wall time (persisted deadlines, dates in history) and a steady clock
/// (running exam time, immune to system clock changes).
class Clock
{
public:
    virtual ~Clock() = default;
    /// Wall-clock time in unix milliseconds.
    virtual std::int64_t wallMs() const = 0;
    /// Monotonic milliseconds from an arbitrary origin.
    virtual std::int64_t steadyMs() const = 0;
};

/// The real clocks.
class SystemClock final : public Clock
{
public:
    std::int64_t wallMs() const override
    {
        using namespace std::chrono;
        return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    }
    std::int64_t steadyMs() const override
    {
#ifdef CLOCK_BOOTTIME
        // steady_clock is CLOCK_MONOTONIC, which stands still while a laptop sleeps: an exam's clock would
        // then show more time than its absolute deadline leaves. CLOCK_BOOTTIME is as monotonic and keeps
        // counting through a suspend, as the real exam's clock would.
        timespec ts{};
        if (clock_gettime(CLOCK_BOOTTIME, &ts) == 0) {
            return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
        }
#endif
        using namespace std::chrono;
        return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
    }
};

/// A clock tests move by hand. Wall and steady time advance together unless a test
/// shifts the wall clock alone (to simulate a system clock change).
class FakeClock final : public Clock
{
public:
    explicit FakeClock(std::int64_t wallStartMs = 1'767'225'600'000) // 2026-01-01T00:00:00Z
        : m_wall(wallStartMs)
    {
    }
    std::int64_t wallMs() const override { return m_wall; }
    std::int64_t steadyMs() const override { return m_steady; }
    void advanceMs(std::int64_t ms)
    {
        m_wall += ms;
        m_steady += ms;
    }
    void advanceSeconds(std::int64_t s) { advanceMs(s * 1000); }
    void advanceMinutes(std::int64_t m) { advanceMs(m * 60'000); }
    /// Moves only the wall clock, as a user changing the system time would.
    void shiftWallMs(std::int64_t ms) { m_wall += ms; }

private:
    std::int64_t m_wall;
    std::int64_t m_steady = 1'000'000;
};

} // namespace certdrill
