#pragma once

#include <string>
#include <utility>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/Model.h"

namespace certdrill {

/// What a Moodle GIFT file cannot say about itself: which exam and pack its questions belong to.
struct GiftOptions
{
    std::string exam;              ///< exam id; empty: the only exam there is
    std::string packId;            ///< empty: "gift-" and the file name as an id
    std::string version = "1.0.0"; ///< raise it to update a pack imported before
    std::string domain;            ///< the domain id of questions whose category names none; empty: an error
};

/// A GIFT file as a certdrill pack: the pack JSON, where in the GIFT file each JSON pointer came from, and
/// the problems only the GIFT text can show (syntax, skipped question types, unmapped categories).
struct GiftConversion
{
    std::string json;
    std::vector<std::pair<std::string, SourcePos>> origins; ///< JSON pointer, GIFT position
    std::vector<Diagnostic> diagnostics;

    /// The GIFT position of a JSON pointer: that of its longest recorded prefix, else line 1, column 1.
    SourcePos originOf(const std::string& pointer) const;
};

/// True for the file names read as GIFT: `*.gift` and Moodle's `*.gift.txt`.
bool isGiftFile(const std::string& fileName);

/// Converts GIFT text (docs/pack-format.md, "Moodle GIFT") following Moodle's own parser: blank lines
/// separate questions, `//` lines are comments, `\` escapes `~ = # { } :` and itself, `$CATEGORY:` sets
/// the category, `::name::` names a question. Multiple choice (`=` right, `~` wrong, `~%50%` a share of
/// the credit, so several right answers make a multi-select) and true/false become questions; `#` feedback
/// becomes each option's "why", `####` the explanation. Other types are skipped with a warning. The
/// category path must name one of the exam's domains (id or name), and may name a subtopic after it.
GiftConversion convertGift(const std::string& text, const std::string& fileName,
                           const std::vector<ExamDef>& exams, const GiftOptions& options);

} // namespace certdrill
