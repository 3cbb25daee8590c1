#pragma once

#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/pack/CategoryMap.h"
#include "certdrill/pack/Conversion.h"

namespace certdrill {

/// True for the file names read as GIFT whatever they hold: `*.gift` and Moodle's `*.gift.txt` (packFormatOf
/// reads another `*.txt` by its first character).
bool isGiftFile(const std::string& fileName);

/// Converts GIFT text (docs/pack-format.md, "Moodle GIFT") following Moodle's own parser: blank lines
/// separate questions, `//` lines are comments, `\` escapes `~ = # { } :` and itself, `$CATEGORY:` sets
/// the category, `::name::` names a question. Multiple choice (`=` right, `~` wrong, `~%50%` a share of
/// the credit, so several right answers make a multi-select) and true/false become questions; `#` feedback
/// becomes each option's "why", `####` the explanation. Other types are skipped with a warning. The
/// category path must name one of the exam's domains (id or name), and may name a subtopic after it, unless
/// `map` places the question (by its category or by a `// [tag:…]` comment line of its own).
Conversion convertGift(const std::string& text, const std::string& fileName,
                       const std::vector<ExamDef>& exams, const ImportOptions& options,
                       const CategoryMap* map = nullptr);

} // namespace certdrill
