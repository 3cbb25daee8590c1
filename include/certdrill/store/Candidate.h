#pragma once

#include <cstdint>
#include <optional>

#include "certdrill/Model.h"

namespace certdrill {

/// An active question as the store hands it to exam assembly and drill planning: its row id, its content,
/// and when it was last served in a mock exam.
struct Candidate
{
    std::int64_t rowId = 0;
    Question question;
    /// Wall-clock ms of the last mock or practice exam that served it; empty if never served.
    std::optional<std::int64_t> lastSeenMs;
};

} // namespace certdrill
