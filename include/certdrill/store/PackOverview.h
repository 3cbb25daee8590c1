#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "certdrill/Result.h"
#include "certdrill/pack/ItemLint.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// How many active questions a pack has in one domain of one exam.
struct PackDomainQuestions
{
    std::string examId;
    std::string domainId;
    std::string domainName;
    int questions = 0;
};

/// An exam as a pack defines it, for naming it.
struct DefinedExam
{
    std::string id;
    std::string title;
    std::string version;
};

/// A stored pack as an instructor manages it: what it is, where its questions are in the blueprint, and what
/// a candidate who reads only the surface of its options would score (the item lint of its active
/// questions).
struct PackOverview
{
    StoredPack pack;
    /// The exams the pack defines (an exam definition pack defines one and has no questions).
    std::vector<DefinedExam> exams;
    /// Its active questions per domain, in each exam's blueprint order; domains without any are left out.
    std::vector<PackDomainQuestions> domains;
    /// The lint of its active questions (questions == 0 when it has none).
    LintSummary lint;

    /// A pack that only defines exams: it has never had a question, active or retired.
    bool examDefinitionOnly() const
    {
        return !exams.empty() && pack.activeQuestions == 0 && pack.retiredQuestions == 0;
    }
};

/// Each pack's lint summary between calls of packOverviews. A pack's active questions change only when it is
/// imported or removed, which changes its stamp (content hash, import time, question counts), so only those
/// packs are linted again; with no pack changed, no question is read.
class PackLintCache
{
public:
    /// How many packs the last packOverviews call linted (for tests).
    int lastLinted() const { return m_lastLinted; }

private:
    friend Result<std::vector<PackOverview>> packOverviews(Store& store, PackLintCache* cache);
    struct Entry
    {
        std::string stamp;
        LintSummary summary;
    };
    std::map<std::string, Entry> m_entries;
    int m_lastLinted = 0;
};

/// Every stored pack (removed ones too, with no active questions) in pack id order, with the exams it
/// defines, its questions per domain and its lint; `cache` (may be null) spares linting unchanged packs.
Result<std::vector<PackOverview>> packOverviews(Store& store, PackLintCache* cache = nullptr);

} // namespace certdrill
