#pragma once

#include <cstddef>
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
    /// Options the read left out: a planning read (QuestionContent::Planning) leaves `question.options`
    /// empty and counts them here, so 100,000 candidates hold no option objects. 0 for a full read.
    int unreadOptions = 0;

    /// How many options the question has, read or not.
    std::size_t optionCount() const
    {
        return question.options.size() + static_cast<std::size_t>(unreadOptions);
    }
};

} // namespace certdrill
