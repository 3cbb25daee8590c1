#pragma once

#include <memory>
#include <string>
#include <vector>

#include "certdrill/Clock.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/store/Store.h"

#include "TestSupport.h"

// Fixtures of the pack and store tests: the "mini" exam of tests/data/mini-exam.json in its three forms.

/// The exams of mini-exam.json (or of another pack file of tests/data that defines the "mini" exam, such as
/// mini-exam-objectives.json), as the database would hold them.
inline certdrill::ExamCatalog miniCatalog(const std::string& file = "mini-exam.json")
{
    const auto lp = certdrill::loadPacks({dataFile(file)}, {});
    REQUIRE(lp.size() == 1);
    REQUIRE(lp[0].ok());
    certdrill::ExamCatalog catalog;
    for (const auto& e : lp[0].pack.exams) {
        catalog[e.id] = {e, lp[0].pack.info.id};
    }
    return catalog;
}

/// The same exams as a list, as the Moodle readers take them.
inline std::vector<certdrill::ExamDef> miniExams()
{
    std::vector<certdrill::ExamDef> exams;
    for (const auto& [id, k] : miniCatalog()) {
        exams.push_back(k.exam);
    }
    return exams;
}

/// A new database in `dir` holding the mini exam, for the GIFT and XML packs to import into.
inline std::unique_ptr<certdrill::Store> storeWithMiniExam(const TempDir& dir, const certdrill::Clock& clock)
{
    auto s = certdrill::Store::open(dir / "db.sqlite", clock);
    REQUIRE(s.ok());
    REQUIRE(s.value()->importFiles({dataFile("mini-exam.json")}).ok());
    return std::move(s.value());
}

/// The first diagnostic whose message contains `part`, or nullptr.
inline const certdrill::Diagnostic* findMessage(const std::vector<certdrill::Diagnostic>& ds,
                                                const std::string& part)
{
    for (const auto& d : ds) {
        if (d.message.find(part) != std::string::npos) {
            return &d;
        }
    }
    return nullptr;
}
