#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Result.h"

namespace certdrill {

/// Fewer responses than this behind a question's figures and they are marked as too few. With n responses a
/// correlation's standard error is about 1/sqrt(n): at 30 it is 0.18, so only a discrimination above about
/// 0.35 differs from zero at the 5% level, and each 27% group holds 8 attempts, where one answer moves its
/// share by 12 points. Below that the sign of a discrimination is noise.
inline constexpr int kItemStatsMinResponses = 30;

/// The share of attempts in each of the upper and lower groups of the upper-lower index (Kelley's 27%).
inline constexpr double kUpperLowerShare = 0.27;

/// One served question of one attempt, as a `results --csv` row gives it.
struct ItemResponse
{
    std::string packId;
    std::string packVersion;
    std::string questionId;
    std::string contentHash; ///< the same question in another pack version has the same one
    int line = 0;            ///< its row's line in the file
    int options = 0;         ///< how many options the question has
    std::string chosen;      ///< letters of the pack's order (A = its first option); empty when unanswered
    std::string key;         ///< the correct options, letters of the pack's order
    bool correct = false;    ///< all-or-nothing, as the exam scores it; an unanswered question is wrong
};

/// One sitting: every question it served, with the file it came from.
struct Attempt
{
    std::string file;
    std::string label; ///< the CSV's attempt column; the file name when the column is empty
    std::vector<ItemResponse> responses;
};

/// The attempts of one `certdrill-cli results ID --csv` file (one session, or several appended under one
/// header, told apart by their attempt column). An Error names the file, line and column of a malformed row,
/// or the columns item statistics need that the header lacks (a file written before they existed).
Result<std::vector<Attempt>> readResultsCsv(const std::string& text, const std::string& file);

/// readResultsCsv on the file at `path`; an Error names it when it cannot be read.
Result<std::vector<Attempt>> readResultsFile(const std::filesystem::path& path);

/// How often one option was chosen, over the question's responses.
struct OptionUse
{
    char letter = 'A'; ///< in the pack's order
    bool correct = false;
    int chosen = 0;
};

/// A question's statistics over the attempts that were served it, defined as Moodle's quiz statistics define
/// them (docs/item-analysis.md). Figures that need spread are empty when there is none, e.g. when every
/// response was right.
struct ItemStats
{
    std::string packId;
    std::string questionId;
    std::string contentHash;
    std::vector<std::string> packVersions; ///< the versions its rows named, in order of appearance
    int responses = 0;                     ///< attempts that were served it: the n behind every figure below
    int unanswered = 0;
    int correct = 0;
    /// Facility index: the mean score, the share of responses that were right (0 to 1).
    double facility = 0;
    /// Discrimination index: Pearson's correlation (point-biserial, the score being 0 or 1) of the item's
    /// score with the rest score, the attempt's share right on its other questions.
    std::optional<double> discrimination;
    /// Discriminative efficiency: the covariance of score and rest score over the largest covariance the
    /// same two sets of values could have, paired best to best.
    std::optional<double> efficiency;
    /// Upper-lower index: share right in the upper 27% of attempts by total score minus in the lower 27%.
    std::optional<double> upperLower;
    int groupSize = 0;              ///< attempts in each 27% group: round(0.27 n)
    std::vector<OptionUse> options; ///< in the pack's order
    bool tooFew() const { return responses < kItemStatsMinResponses; }
    bool discriminatesNegatively() const
    {
        return (discrimination && *discrimination < 0) || (upperLower && *upperLower < 0);
    }
    /// Letters of the wrong options nobody chose.
    std::string unusedDistractors() const;
};

/// Every question's statistics, ordered by pack, question id and first appearance, plus warnings about
/// the input (an attempt given twice is counted once; a question id with two contents is analysed apart).
struct ItemAnalysis
{
    int attempts = 0;
    std::vector<ItemStats> items;
    std::vector<std::string> warnings;
};

/// Item statistics over `attempts`. Questions are told apart by pack, id and content hash, so an edited
/// question starts afresh while one unchanged across pack versions pools its responses.
ItemAnalysis analyseItems(const std::vector<Attempt>& attempts);

} // namespace certdrill
