#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "certdrill/Clock.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/store/Store.h"

// The session the PDF report tests print (CLI and GUI alike), without a test framework of its own.

namespace certdrill::test {

/// Writes tests/data/report-questions.json into `dir`, its Markdown image naming an existing PNG of the
/// repository by absolute path: a report that read what a stem names would embed a real picture.
inline std::filesystem::path writeReportPack(const std::filesystem::path& dir)
{
    const std::filesystem::path data(CERTDRILL_TEST_DATA_DIR);
    std::ifstream in(data / "report-questions.json", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string pack = text.str();
    const std::string image =
        std::filesystem::canonical(data / ".." / ".." / "docs" / "images" / "tracker.png");
    pack.replace(pack.find("@IMAGE@"), 7, image);
    const auto path = dir / "report-questions.json";
    std::ofstream(path, std::ios::binary) << pack;
    return path;
}

/// Imports the mini exam and the report pack, and sits one mock of all four questions, a minute each: h1
/// wrong (tagged Sure), h2 one of its two options (a near miss), h3 right and flagged, h4 right. Returns the
/// finished session's id, or 0 if a step failed.
inline std::int64_t sitReportSession(Store& store, FakeClock& clock, const std::filesystem::path& scratch)
{
    const std::filesystem::path data(CERTDRILL_TEST_DATA_DIR);
    if (!store.importFiles({data / "mini-exam.json", writeReportPack(scratch)}).ok()) {
        return 0;
    }
    const auto exam = store.exam("mini");
    const auto pool = store.candidates("mini");
    if (!exam || !pool) {
        return 0;
    }
    auto session = ExamSession::start(store, exam.value(), assembleForm(exam.value(), pool.value(), 4, 7),
                                      SessionMode::Exam);
    if (!session) {
        return 0;
    }
    ExamSession& s = *session.value();
    bool ok = true;
    for (const auto& it : s.items()) {
        ok = ok && s.visit(it.position).ok();
        clock.advanceMinutes(1);
        const std::string& id = it.question.id;
        // Option 0 is right in every question; h2 needs option 1 as well.
        if (id == "h1") {
            ok = ok && s.choose(it.position, {1}).ok() && s.setConfidence(it.position, Confidence::Sure).ok();
        } else {
            ok = ok && s.choose(it.position, {0}).ok();
        }
        if (id == "h3") {
            ok = ok && s.setFlagged(it.position, true).ok();
        }
    }
    return ok && s.submit().ok() ? s.id() : 0;
}

} // namespace certdrill::test
