#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/Result.h"

namespace certdrill {

class Store;
struct SessionItem;

/// What became of a question both sessions served.
enum class RetakeOutcome
{
    Fixed,       ///< wrong before, right now
    Slipped,     ///< right before, wrong now
    StillMissed, ///< wrong both times
    RightBoth
};

/// "fixed", "slipped", "still-missed", "right-both".
const char* retakeOutcomeName(RetakeOutcome outcome);

/// One question both sessions served.
struct RetakeQuestion
{
    std::int64_t questionRow = 0;
    std::string questionId;
    std::string domainId;
    int beforePosition = 0;
    int afterPosition = 0;
    RetakeOutcome outcome = RetakeOutcome::RightBoth;
};

/// One domain or objective in both sessions: correct out of served, before and after.
struct RetakeRow
{
    std::string id; ///< a domain id, or "domain/topic" (an objective, or a subtopic: Domain::topics)
    int beforeCorrect = 0;
    int beforeTotal = 0;
    int afterCorrect = 0;
    int afterTotal = 0;

    /// Both sessions served it, so a change can be stated.
    bool comparable() const { return beforeTotal > 0 && afterTotal > 0; }
    double beforePercent() const { return beforeTotal ? 100.0 * beforeCorrect / beforeTotal : 0.0; }
    double afterPercent() const { return afterTotal ? 100.0 * afterCorrect / afterTotal : 0.0; }
    /// After minus before, in percentage points; 0 when not comparable.
    double change() const { return comparable() ? afterPercent() - beforePercent() : 0.0; }
};

/// Two sessions of one exam side by side, the earlier one as "before".
struct RetakeComparison
{
    std::int64_t beforeId = 0;
    std::int64_t afterId = 0;
    double beforeScore = 0; ///< fractions
    double afterScore = 0;
    /// The questions both served, in the later session's order. Empty when they share none: then the
    /// objectives carry the comparison.
    std::vector<RetakeQuestion> questions;
    int fixed = 0;
    int slipped = 0;
    int stillMissed = 0;
    int rightBoth = 0;
    std::vector<RetakeRow> domains;    ///< blueprint order, every domain either session served
    std::vector<RetakeRow> objectives; ///< blueprint order, every objective (or subtopic) either served

    bool sharesQuestions() const { return !questions.empty(); }
};

/// Compares two sessions' items (pure): per shared question (by question row) its outcome; per domain and
/// objective the score before and after.
RetakeComparison compareItems(const ExamDef& exam, const std::vector<SessionItem>& before,
                              const std::vector<SessionItem>& after);

/// Compares two finished mock or practice exams of the same exam, in whichever order they are named (the
/// earlier session is "before"). An Error names the session that does not exist, is not finished, is a drill
/// or belongs to another exam.
Result<RetakeComparison> compareSessions(Store& store, std::int64_t first, std::int64_t second);

} // namespace certdrill
