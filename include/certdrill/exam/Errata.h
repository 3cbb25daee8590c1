#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "certdrill/Result.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// What is wrong with a question, as the candidate reports it.
enum class ErrataKind
{
    WrongKey, ///< the marked answer is not the right one
    Unclear,  ///< the stem or an option can be read more than one way
    Outdated, ///< true once, not any more (a product, an API, a limit changed)
    Typo,
    Other,
};

/// Every kind, in the order a form offers them.
const std::vector<ErrataKind>& errataKinds();
/// "wrong-key", "unclear", "outdated", "typo", "other": the stored and printed name.
const char* errataKindName(ErrataKind kind);
std::optional<ErrataKind> parseErrataKind(std::string_view name);

/// A report to file (reportProblem).
struct ProblemReport
{
    std::int64_t questionRow = 0;
    ErrataKind kind = ErrataKind::Other;
    std::string note;
    std::vector<int> chosen;               ///< the candidate's answer then, original option indices
    std::optional<std::int64_t> sessionId; ///< the exam or drill it was reported from
    std::string packVersion;               ///< the version the candidate saw; empty: the pack's current one
    bool excludeFromScores = false;        ///< also exclude the question (setExcludedFromScores)
};

/// A filed report, as `certdrill-cli errata` lists it for the pack's author.
struct ErrataEntry
{
    std::int64_t id = 0;
    std::string packId;
    std::string packVersion;
    std::string questionId;
    ErrataKind kind = ErrataKind::Other;
    std::string note;
    std::string answer; ///< letters of the pack's order (A = its first option); empty: none given
    std::int64_t reportedAtMs = 0;
    bool excluded = false; ///< the question is excluded from the candidate's scores now
};

/// Files a report with the date from the store's clock and, when asked, excludes the question, in one
/// transaction. Returns the report's id; an Error for a question row that does not exist.
Result<std::int64_t> reportProblem(Store& store, const ProblemReport& report);

/// Excludes a disputed question from the candidate's scores, or includes it again. An excluded question
/// counts in no score: not in a mock's or practice exam's result (numerator and denominator, past sessions
/// included), not in history, not in the tracker's evidence or its readiness scores. Its answers are kept,
/// so including it again restores every score exactly.
Result<void> setExcludedFromScores(Store& store, std::int64_t questionRow, bool excluded);

/// The question rows excluded from scores.
Result<std::set<std::int64_t>> excludedQuestions(Store& store);
/// The question rows with at least one report.
Result<std::set<std::int64_t>> reportedQuestions(Store& store);

/// The reports, oldest first; only those on `packId`'s questions when it is not empty.
Result<std::vector<ErrataEntry>> errataEntries(Store& store, const std::string& packId = "");

} // namespace certdrill
