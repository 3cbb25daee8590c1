#include "certdrill/pack/Coverage.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace certdrill {

namespace {

std::string percent(double share)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", share * 100.0);
    return buf;
}

/// "1 question", "2 questions".
std::string questionCount(int n)
{
    return std::to_string(n) + (n == 1 ? " question" : " questions");
}

} // namespace

CoverageReport measureCoverage(const ExamDef& exam, const std::vector<Question>& questions)
{
    CoverageReport r;
    r.examId = exam.id;
    for (const Domain& d : exam.domains) {
        DomainCoverage dc{d.id, d.name, d.weight, 0, d.minQuestions, 0, {}, {}};
        for (const Topic& s : d.subtopics) {
            dc.subtopics.push_back(TopicCoverage{s.id, s.name, 0});
        }
        for (const Topic& o : d.objectives) {
            dc.objectives.push_back(TopicCoverage{o.id, o.name, 0});
        }
        r.domains.push_back(std::move(dc));
    }
    for (const Question& q : questions) {
        if (q.exam != exam.id) {
            continue;
        }
        ++r.questions;
        r.multiSelect += q.isMultiSelect();
        r.scenario += std::find(q.tags.begin(), q.tags.end(), "scenario") != q.tags.end();
        ++r.difficulty[q.difficulty >= 1 && q.difficulty <= 5 ? q.difficulty : 0];
        for (DomainCoverage& dc : r.domains) {
            if (dc.id != q.domain) {
                continue;
            }
            ++dc.questions;
            dc.multiSelect += q.isMultiSelect();
            for (TopicCoverage& sc : dc.subtopics) {
                sc.questions += sc.id == q.subtopic;
            }
            for (TopicCoverage& oc : dc.objectives) {
                oc.questions += oc.id == q.objective;
            }
        }
    }

    const Coverage& c = exam.coverage;
    auto shortfall = [&](std::string s) {
        r.shortfalls.push_back(std::move(s));
    };
    if (r.questions < c.minQuestions) {
        shortfall("the bank has " + questionCount(r.questions) + "; the exam definition asks for at least " +
                  std::to_string(c.minQuestions));
    }
    // Compare shares with a small tolerance so 0.25 written in JSON is met by exactly a quarter.
    constexpr double eps = 1e-9;
    if (r.multiSelectShare() + eps < c.minMultiSelectShare) {
        shortfall("multi-select share is " + percent(r.multiSelectShare()) + "; at least " +
                  percent(c.minMultiSelectShare) + " required");
    }
    if (r.scenarioShare() + eps < c.minScenarioShare) {
        shortfall("scenario share is " + percent(r.scenarioShare()) + "; at least " +
                  percent(c.minScenarioShare) + " required");
    }
    for (const DomainCoverage& dc : r.domains) {
        if (dc.questions < dc.minQuestions) {
            shortfall(dc.name + " has " + questionCount(dc.questions) + "; at least " +
                      std::to_string(dc.minQuestions) + " required (" +
                      std::to_string(dc.minQuestions - dc.questions) + " missing)");
        }
        if (dc.questions > 0 && dc.multiSelectShare() + eps < c.minMultiSelectSharePerDomain) {
            shortfall(dc.name + " multi-select share is " + percent(dc.multiSelectShare()) + "; at least " +
                      percent(c.minMultiSelectSharePerDomain) + " required in every domain");
        }
        for (const TopicCoverage& sc : dc.subtopics) {
            if (sc.questions < c.minPerSubtopic) {
                shortfall(dc.name + " / " + sc.name + " has " + questionCount(sc.questions) + "; at least " +
                          std::to_string(c.minPerSubtopic) + " required");
            }
        }
        for (const TopicCoverage& oc : dc.objectives) {
            if (oc.questions < c.minPerObjective) {
                shortfall("objective " + oc.id + " " + oc.name + " (" + dc.name +
                          ") is thin: " + questionCount(oc.questions) + "; at least " +
                          std::to_string(c.minPerObjective) + " required");
            }
        }
    }
    return r;
}

} // namespace certdrill
