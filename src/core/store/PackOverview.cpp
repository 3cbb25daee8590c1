#include "certdrill/store/PackOverview.h"

#include <set>

#include "certdrill/store/Database.h"

namespace certdrill {

namespace {

/// What changes whenever the pack's active questions can have changed: an import writes a new hash and
/// time, a removal or a restore moves questions between the counts.
std::string lintStamp(const StoredPack& p)
{
    return p.sha256 + "|" + std::to_string(p.importedAtMs) + "|" + std::to_string(p.activeQuestions) + "|" +
           std::to_string(p.retiredQuestions) + (p.removed ? "|removed" : "");
}

} // namespace

Result<std::vector<PackOverview>> packOverviews(Store& store, PackLintCache* cache)
{
    auto packs = store.packs();
    if (!packs) {
        return packs.error();
    }
    std::vector<PackOverview> out;
    std::map<std::string, std::size_t> index;
    for (auto& p : packs.value()) {
        index.emplace(p.id, out.size());
        out.push_back(PackOverview{std::move(p), {}, {}, {}});
    }
    auto read = catchDbError("cannot read packs", [&]() -> Result<void> {
        Database& db = store.database();
        Statement exams(db, "SELECT p.pack_id, e.exam_id, e.title, e.version FROM exams e "
                            "JOIN packs p ON p.id = e.pack_ref ORDER BY e.id");
        while (exams.step()) {
            if (const auto it = index.find(exams.getText(0)); it != index.end()) {
                out[it->second].exams.push_back({exams.getText(1), exams.getText(2), exams.getText(3)});
            }
        }
        Statement domains(db, "SELECT p.pack_id, e.exam_id, d.domain_id, d.name, COUNT(*) FROM questions q "
                              "JOIN packs p ON p.id = q.pack_ref JOIN exams e ON e.id = q.exam_ref "
                              "JOIN domains d ON d.id = q.domain_ref WHERE q.retired = 0 "
                              "GROUP BY q.pack_ref, q.domain_ref ORDER BY p.pack_id, e.id, d.position");
        while (domains.step()) {
            if (const auto it = index.find(domains.getText(0)); it != index.end()) {
                out[it->second].domains.push_back({domains.getText(1), domains.getText(2), domains.getText(3),
                                                   static_cast<int>(domains.getInt(4))});
            }
        }
        return {};
    });
    if (!read) {
        return read.error();
    }

    // Lint only the packs whose questions changed since the cache saw them, reading only their exams'
    // questions: the bank is linted once per import, not on every visit of the screen.
    PackLintCache local;
    PackLintCache& lints = cache ? *cache : local;
    lints.m_lastLinted = 0;
    std::set<std::string> staleExams;
    std::set<std::string> stalePacks;
    for (const PackOverview& o : out) {
        const auto it = lints.m_entries.find(o.pack.id);
        if (o.pack.activeQuestions > 0 &&
            (it == lints.m_entries.end() || it->second.stamp != lintStamp(o.pack))) {
            stalePacks.insert(o.pack.id);
            for (const auto& d : o.domains) {
                staleExams.insert(d.examId);
            }
        }
    }
    std::map<std::string, std::vector<Question>> questions;
    for (const std::string& examId : staleExams) {
        auto stored = store.activeQuestions(examId);
        if (!stored) {
            return stored.error();
        }
        for (auto& sq : stored.value()) {
            if (stalePacks.count(sq.packId)) {
                questions[sq.packId].push_back(std::move(sq.question));
            }
        }
    }
    std::map<std::string, PackLintCache::Entry> kept;
    for (PackOverview& o : out) {
        if (o.pack.activeQuestions == 0) {
            continue;
        }
        if (stalePacks.count(o.pack.id)) {
            o.lint = lintQuestions(questions[o.pack.id]);
            ++lints.m_lastLinted;
        } else {
            o.lint = lints.m_entries[o.pack.id].summary;
        }
        kept[o.pack.id] = {lintStamp(o.pack), o.lint};
    }
    lints.m_entries = std::move(kept); // packs no longer stored leave the cache
    return out;
}

} // namespace certdrill
