#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "certdrill/ExamSession.h"
#include "certdrill/Result.h"
#include "certdrill/Store.h"

namespace certdrill {

/// One finished mock or practice exam, as the history list and `certdrill-cli history` show it.
struct SessionSummary
{
    std::int64_t id = 0;
    std::string examId;
    SessionMode mode = SessionMode::Exam;
    std::int64_t startedAtMs = 0;  ///< wall-clock unix ms
    std::int64_t finishedAtMs = 0; ///< for a strict timeout, the deadline
    std::string finishReason;      ///< "submitted" or "timeout"
    int correct = 0;
    int total = 0;
    double score = 0; ///< correct / total
    double passPercent = 0;
    bool passed = false;
    std::vector<Tally> domains; ///< blueprint order
};

/// Finished mock and practice exams (drills are not mocks and are left out), newest first.
Result<std::vector<SessionSummary>> sessionHistory(Store& store);

} // namespace certdrill
