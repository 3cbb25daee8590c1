#pragma once

#include <vector>

#include "certdrill/exam/ExamSession.h"

namespace certdrill {

/// Where a candidate stands on one question, as the navigator and the review screen show it.
enum class ItemStatus
{
    Complete,   ///< as many options chosen as the question asks for
    Incomplete, ///< visited, but fewer options chosen than asked for
    Unseen      ///< never shown
};

/// What the navigator shows.
enum class ItemFilter
{
    All,
    Complete,
    Incomplete,
    Unseen,
    Flagged
};

ItemStatus statusOf(const SessionItem& item);
/// True when the item belongs in the filtered navigator.
bool matches(const SessionItem& item, ItemFilter filter);

/// The review screen's order of positions: questions not complete and flagged first, then the other ones not
/// complete (incomplete or unseen), then complete but flagged ones, then the rest; each group in exam order.
std::vector<int> reviewOrder(const std::vector<SessionItem>& items);

/// The questions the review screen's "Review all", "Review incomplete" and "Review flagged" step through.
enum class ReviewSet
{
    All,
    Incomplete, ///< not complete: incomplete or unseen, as the real exam's review screen counts them
    Flagged
};

/// The positions of `set`, in exam order.
std::vector<int> reviewSteps(const std::vector<SessionItem>& items, ReviewSet set);

/// What the submit confirmation names.
struct ReviewCounts
{
    int unanswered = 0; ///< not complete (an incomplete multi-select is still unanswered: it scores wrong)
    int flagged = 0;
};
ReviewCounts reviewCounts(const std::vector<SessionItem>& items);

} // namespace certdrill
