#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/store/Candidate.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// Splits `total` seats among `weights` by the largest-remainder (Hamilton) method: each part gets the floor
/// of its exact quota, and the seats left over go to the largest fractional remainders. Ties in the remainder
/// go to the larger weight, then to the earlier position (blueprint order), so the result is what a person
/// would compute by hand and never depends on a seed. Zero weights get zero seats.
std::vector<int> apportion(const std::vector<double>& weights, int total);

/// One domain of an assembled form.
struct DomainPlan
{
    std::string domainId;
    std::string name;
    double weight = 0;
    int target = 0;      ///< seats by blueprint weight
    int available = 0;   ///< active questions in the bank
    int multiTarget = 0; ///< multi-select seats wanted
    int chosen = 0;      ///< questions actually drawn
    int chosenMulti = 0; ///< of which multi-select
    int missing() const { return target - chosen; }
};

/// One question of a form, with the display order of its options (original indices).
struct FormItem
{
    std::int64_t rowId = 0;
    Question question;
    std::vector<int> optionOrder;
};

/// An assembled exam form.
struct Form
{
    std::string examId;
    int requested = 0;
    std::uint64_t seed = 0;
    std::vector<DomainPlan> domains;
    std::vector<FormItem> items;
    int multiSelectTarget = 0;
    /// 1, 2, …: a reserved final exam form (finalExamForm); 0 for a form assembled from the practice pool.
    int finalForm = 0;

    int multiSelect() const;
    /// True when every domain got its blueprint share.
    bool complete() const;
    /// One line per short domain: "Evaluation: 3 of 5 questions (2 missing)".
    std::vector<std::string> shortfalls() const;
};

/// Assembles a form of `count` questions (0 = the exam's default) for `exam` from `pool`.
/// Per-domain seats come from apportion(); the multi-select seats, round(count × multi_select_share), are
/// apportioned over the domains in proportion to their seats and capped by what each domain has. Within a
/// domain, never-served questions come first, then the least recently served; ties are broken by the seed.
/// No question appears twice; options are shuffled unless the question says not to; the final order of the
/// items is shuffled so domains are interleaved. Deterministic for a given (pool, count, seed).
Form assembleForm(const ExamDef& exam, const std::vector<Candidate>& pool, int count, std::uint64_t seed);
/// The same form from the exam's bank as planning reads it (practiceBank) and when each question was last
/// served (Store::lastServed): no Question is made but the chosen ones', so a plan over 100,000 questions
/// does not build 100,000. For the same questions and history it equals the form from their candidates.
Form assembleForm(const ExamDef& exam, const PlanningBank& bank,
                  const std::unordered_map<std::int64_t, std::int64_t>& lastServed, int count,
                  std::uint64_t seed);

} // namespace certdrill
