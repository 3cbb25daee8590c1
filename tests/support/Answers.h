#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "certdrill/Model.h"

namespace certdrill::test {

/// A complete answer to q: its key, or one wrong option and right ones up to the count it asks for.
inline std::vector<int> completeAnswer(const Question& q, bool correct)
{
    std::vector<int> chosen;
    for (std::size_t i = 0; i < q.options.size() && !correct && chosen.empty(); ++i) {
        if (!q.options[i].correct) {
            chosen.push_back(static_cast<int>(i));
        }
    }
    for (const int i : q.correctOptions()) {
        if (static_cast<int>(chosen.size()) < q.select) {
            chosen.push_back(i);
        }
    }
    return chosen;
}

/// completeAnswer(q, correct) as display positions (0 = the first option shown) on a screen that shows q's
/// options in `optionOrder` (original option indices in display order), as a candidate would press them.
inline std::vector<int> displayedAnswer(const Question& q, const std::vector<int>& optionOrder, bool correct)
{
    std::vector<int> shown;
    for (const int option : completeAnswer(q, correct)) {
        shown.push_back(static_cast<int>(std::find(optionOrder.begin(), optionOrder.end(), option) -
                                         optionOrder.begin()));
    }
    return shown;
}

} // namespace certdrill::test
