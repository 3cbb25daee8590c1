#pragma once

#include <array>
#include <string>
#include <vector>

#include "certdrill/Model.h"

namespace certdrill {

/// Counts for one topic (subtopic or objective) of a bank.
struct TopicCoverage
{
    std::string id;
    std::string name;
    int questions = 0;
};

/// Counts for one domain of a bank, against what the exam definition promises.
struct DomainCoverage
{
    std::string id;
    std::string name;
    double weight = 0;
    int questions = 0;
    int minQuestions = 0;
    int multiSelect = 0;
    std::vector<TopicCoverage> subtopics;
    std::vector<TopicCoverage> objectives;

    double multiSelectShare() const { return questions ? double(multiSelect) / questions : 0.0; }
};

/// A bank measured against an exam's coverage minimums (`certdrill-cli validate --coverage`).
struct CoverageReport
{
    std::string examId;
    int questions = 0;
    int multiSelect = 0;
    int scenario = 0; ///< questions tagged "scenario"
    /// difficulty[0] counts unset, [1..5] the levels.
    std::array<int, 6> difficulty{};
    std::vector<DomainCoverage> domains;
    /// One plain sentence per unmet minimum; empty when the bank keeps every promise.
    std::vector<std::string> shortfalls;

    bool ok() const { return shortfalls.empty(); }
    double multiSelectShare() const { return questions ? double(multiSelect) / questions : 0.0; }
    double scenarioShare() const { return questions ? double(scenario) / questions : 0.0; }
};

/// Measures the questions of `exam.id` among `questions` against the minimums in `exam.coverage` and
/// each domain's `minQuestions`. The minimums are data in the exam definition, never constants here.
CoverageReport measureCoverage(const ExamDef& exam, const std::vector<Question>& questions);

} // namespace certdrill
