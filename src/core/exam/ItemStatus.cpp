#include "certdrill/exam/ItemStatus.h"

namespace certdrill {

ItemStatus statusOf(const SessionItem& item)
{
    if (item.complete()) {
        return ItemStatus::Complete;
    }
    // An answer given without a visit (resumed from an older build) still counts as seen.
    return item.visits > 0 || item.answered() ? ItemStatus::Incomplete : ItemStatus::Unseen;
}

bool matches(const SessionItem& item, ItemFilter filter)
{
    switch (filter) {
    case ItemFilter::All:
        return true;
    case ItemFilter::Complete:
        return statusOf(item) == ItemStatus::Complete;
    case ItemFilter::Incomplete:
        return statusOf(item) == ItemStatus::Incomplete;
    case ItemFilter::Unseen:
        return statusOf(item) == ItemStatus::Unseen;
    case ItemFilter::Flagged:
        return item.flagged;
    }
    return true;
}

std::vector<int> reviewOrder(const std::vector<SessionItem>& items)
{
    std::vector<int> order;
    order.reserve(items.size());
    auto group = [&](auto&& wanted) {
        for (const auto& it : items) {
            if (wanted(it)) {
                order.push_back(it.position);
            }
        }
    };
    const auto complete = [](const SessionItem& it) {
        return statusOf(it) == ItemStatus::Complete;
    };
    // Flagged and unanswered is what a candidate most needs to revisit, so it leads.
    group([&](const SessionItem& it) { return !complete(it) && it.flagged; });
    group([&](const SessionItem& it) { return !complete(it) && !it.flagged; });
    group([&](const SessionItem& it) { return complete(it) && it.flagged; });
    group([&](const SessionItem& it) { return complete(it) && !it.flagged; });
    return order;
}

std::vector<int> reviewSteps(const std::vector<SessionItem>& items, ReviewSet set)
{
    std::vector<int> steps;
    for (const auto& it : items) {
        if (set == ReviewSet::All || (set == ReviewSet::Flagged && it.flagged) ||
            (set == ReviewSet::Incomplete && statusOf(it) != ItemStatus::Complete)) {
            steps.push_back(it.position);
        }
    }
    return steps;
}

ReviewCounts reviewCounts(const std::vector<SessionItem>& items)
{
    ReviewCounts c;
    for (const auto& it : items) {
        c.unanswered += statusOf(it) != ItemStatus::Complete;
        c.flagged += it.flagged;
    }
    return c;
}

} // namespace certdrill
