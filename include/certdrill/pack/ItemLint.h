#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/Model.h"
#include "certdrill/pack/PackLoader.h"

namespace certdrill {

// The item-quality lint: what a machine can see of the classic item-writing flaws (Haladyna, Downing and
// Rodriguez 2002), per question and per pack, and what a candidate who reads only the surface of the options
// would score. docs/question-writing.md says what each rule means and how --strict judges it.

/// A way to answer without the knowledge: pick the `select` options that score highest on a surface feature,
/// ties broken at random.
enum class Strategy
{
    Longest,       ///< the longest option(s)
    Shortest,      ///< the shortest option(s)
    NoAbsolute,    ///< the option(s) with the fewest absolute words ("always", "never", "only", …)
    StemOverlap,   ///< the option(s) that repeat most of the stem's words
    NoReason,      ///< the option(s) with the fewest reason clauses ("since …", "so …", "because …")
    NotLongest,    ///< any option(s) but the longest: the reverse cue, where keys are rarely the longest
    NotShortest,   ///< any option(s) but the shortest
    MostElaborate, ///< the option(s) with the most parts (commas, semicolons, colons, brackets, "and", "or")
    Convergent,    ///< the option(s) sharing the most content words with the other options
    MostHedged,    ///< the option(s) with the most hedge words ("usually", "may", "typically", …)
};
inline constexpr std::size_t kStrategyCount = 10;

/// A per-question flaw. The first eight are cues: with a random key they would still fire now and then, so
/// each has a chance rate. The last three are flaws no well-written item has.
enum class LintRule
{
    LongestKey,         ///< the key is the uniquely longest option (or the k longest are exactly the key)
    LongKey,            ///< the key is at least 1.5 times as long as the mean distractor
    AbsoluteDistractor, ///< absolute words in distractors, none in the key
    StemEcho,      ///< the key alone repeats the stem's words (every key shares more than every distractor)
    ReasonCue,     ///< every distractor gives a reason and no key does, or every key and no distractor
    ElaborateKey,  ///< the key alone is the most elaborate (every key has more parts than every distractor)
    ConvergentKey, ///< every key shares more words with the other options than every distractor does
    HedgedKey,     ///< every key has more hedge words than every distractor
    AllNoneAbove,  ///< an option "all of the above", "none of these", "both A and B"…
    NearDuplicate, ///< two options with the same content words
    StatedCount,   ///< the stem states another count than `select`, or a multi-select stem states none
};
inline constexpr std::size_t kRuleCount = 11;
inline constexpr std::size_t kCueRuleCount = 8; ///< LongestKey … HedgedKey have a chance rate

/// Short machine name: "longest", "shortest", "no-absolute", "stem-overlap", "no-reason", "not-longest",
/// "not-shortest", "elaborate", "convergent", "hedged".
const char* strategyName(Strategy strategy);
/// How the report names it: "longest option", "shortest option", …
const char* strategyLabel(Strategy strategy);
/// Short machine name: "longest-key", "long-key", …
const char* ruleName(LintRule rule);
/// How the report names it: "key is the longest option", …
const char* ruleLabel(LintRule rule);

/// A share as the lint prints it, one decimal: 0.2125 -> "21.2%" (the same in the CLI and the GUI).
std::string percentText(double share);

/// The most a surface strategy or a cue rule may beat chance by, in percentage points, under --strict.
inline constexpr double kStrictMarginPoints = 5.0;

/// What the lint measured over a set of questions (a pack, or all packs linted together).
struct LintSummary
{
    int questions = 0;
    /// Expected number right by blind guessing: the sum of 1 / C(options, select).
    double chanceRight = 0;
    /// Expected number right by each Strategy (ties broken at random).
    std::array<double, kStrategyCount> strategyRight{};
    /// Questions each LintRule fires on.
    std::array<int, kRuleCount> fired{};
    /// For the cue rules, the expected number of questions a rule would fire on if the key were a random
    /// set of `select` options of the same question (the permutation chance); 0 for the other rules.
    std::array<double, kRuleCount> chanceFired{};

    double share(double count) const { return questions ? count / questions : 0.0; }
    /// Adds another set's counts (a pack's to the total).
    void add(const LintSummary& other);
    /// Why --strict refuses these questions; empty when it accepts them. A strategy or a cue rule may beat
    /// its chance by at most kStrictMarginPoints; the structural flaws may not occur at all.
    std::vector<std::string> strictFailures() const;
    /// Whether `strategy` beats chance by more than kStrictMarginPoints: one of strictFailures' reasons.
    bool cued(Strategy strategy) const;
    /// "longest option: 57.0% (205/361), chance 20.1%" for one strategy.
    std::string strategyLine(Strategy strategy) const;
};

/// One flaw of one question, located in the file the user wrote.
struct LintFinding
{
    std::string file;
    SourcePos pos;
    std::string pointer; ///< /questions/N
    std::string questionId;
    LintRule rule;
    std::string message;
    std::string place = {}; ///< Diagnostic::place: in a Moodle file, `question "ID"`

    /// As a warning: `FILE:LINE:COLUMN: warning: /questions/N: ID: [rule] message`; with a place,
    /// `FILE:LINE:COLUMN: warning: question "ID": [rule] message`.
    Diagnostic diagnostic() const;
};

/// A pack's lint.
struct PackLint
{
    std::string packId;
    std::string file;
    LintSummary summary;
};

/// The lint of a batch of packs: each pack's summary, their total, and every finding in file order.
struct LintReport
{
    std::vector<PackLint> packs;
    LintSummary total;
    std::vector<LintFinding> findings;
};

/// Lints the questions of one set. Each finding's file, position and pointer are left for the caller.
LintSummary lintQuestions(const std::vector<Question>& questions,
                          std::vector<LintFinding>* findings = nullptr);

/// Lints loaded packs (those without errors; the caller reports the others), locating every finding at its
/// question in the file the user wrote (the pack file, or the Moodle source).
LintReport lintPacks(const std::vector<LoadedPack>& packs);

} // namespace certdrill
