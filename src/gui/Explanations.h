#pragma once

#include <vector>

#include <QString>

#include "certdrill/Model.h"

namespace certdrill::gui {

/// The options of a question in display order as HTML: each with its letter, a mark on the correct ones and
/// on the candidate's choice, and its `why`; then the question's explanation. Used wherever an answer is
/// reviewed, so every screen explains an answer the same way.
QString explainedOptionsHtml(const Question& question, const std::vector<int>& optionOrder,
                             const std::vector<int>& chosen);

} // namespace certdrill::gui
