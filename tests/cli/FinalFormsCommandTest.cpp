// Reserved final exams seen from the read-only commands: mock-plan, drill-plan and tracker open the database
// read-only, so they must plan without the final forms they would hold back being stored, never write, and
// still never plan a reserved question.
#include <filesystem>
#include <set>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/FinalExams.h"
#include "certdrill/store/Store.h"

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

std::string bundledFiles()
{
    std::string out;
    for (const auto& f : certdrill::packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
        out += " " + f.string();
    }
    return out;
}

/// The question ids the reservation holds back in a copy of `db` (so `db` itself stays as it was).
std::set<std::string> reservedIds(const std::filesystem::path& db, const std::filesystem::path& scratch)
{
    const auto copy = scratch / "reserve-copy.db";
    std::filesystem::copy_file(db, copy, std::filesystem::copy_options::overwrite_existing);
    certdrill::FakeClock clock;
    auto store = certdrill::Store::open(copy, clock);
    REQUIRE(store.ok());
    const auto exam = store.value()->exam("ncp-genl");
    REQUIRE(exam.ok());
    REQUIRE(certdrill::reserveFinalForms(*store.value(), exam.value()).ok());
    const auto rows = store.value()->reservedQuestions("ncp-genl");
    REQUIRE(rows.ok());
    std::set<std::string> ids;
    std::set<std::string> all;
    const auto active = store.value()->activeQuestions("ncp-genl");
    REQUIRE(active.ok());
    for (const auto& q : active.value()) {
        // Plans print question ids without their pack: the bundled bank's ids are unique across its packs.
        REQUIRE(all.insert(q.question.id).second);
        if (rows.value().count(q.rowId) > 0) {
            ids.insert(q.question.id);
        }
    }
    return ids;
}

/// Runs mock-plan, drill-plan and tracker on `db`: each succeeds, none writes a byte, and no planned question
/// is one the reservation holds back.
void checkReadOnlyCommands(const std::filesystem::path& db, const std::filesystem::path& scratch)
{
    const std::string before = readFile(db);
    // A write-ahead log the import left is part of the database too: it must stay as it was.
    const std::filesystem::path wal = db.string() + "-wal";
    const bool hadWal = std::filesystem::exists(wal);
    const std::string walBefore = hadWal ? readFile(wal) : std::string();
    const std::string arg = "--db " + db.string() + " ";
    std::set<std::string> planned;
    for (const int seed : {1, 2, 3, 4, 5}) {
        const Run mock = cli(arg + "mock-plan --json --seed " + std::to_string(seed));
        INFO(mock.err);
        REQUIRE(mock.exitCode == 0);
        const auto mockJson = nlohmann::json::parse(mock.out);
        for (const auto& id : mockJson.at("question_ids")) {
            planned.insert(id.get<std::string>());
        }
        const Run drill = cli(arg + "drill-plan --json --count 40 --seed " + std::to_string(seed));
        INFO(drill.err);
        REQUIRE(drill.exitCode == 0);
        const auto drillJson = nlohmann::json::parse(drill.out);
        for (const auto& q : drillJson.at("questions")) {
            planned.insert(q.at("id").get<std::string>());
        }
    }
    const Run tracker = cli(arg + "tracker");
    INFO(tracker.err);
    CHECK(tracker.exitCode == 0);
    CHECK(readFile(db) == before);
    // SQLite opens a WAL database read-only with an empty log of its own: no frame may be in it.
    if (hadWal) {
        CHECK(readFile(wal) == walBefore);
    } else if (std::filesystem::exists(wal)) {
        CHECK(std::filesystem::file_size(wal) == 0);
    }

    const std::set<std::string> reserved = reservedIds(db, scratch);
    REQUIRE(reserved.size() == 130);
    REQUIRE(planned.size() > 100);
    for (const auto& id : planned) {
        INFO(id);
        CHECK(reserved.count(id) == 0);
    }
}

} // namespace

TEST_CASE("read-only plans on a fresh database with final forms succeed, write nothing, serve none of them",
          "[cli][finals]")
{
    TempDir dir;
    SECTION("imported with certdrill-cli")
    {
        const auto db = dir / "cli.db";
        REQUIRE(cli("--db " + db.string() + " import" + bundledFiles()).exitCode == 0);
        checkReadOnlyCommands(db, dir.path());
    }
    SECTION("no final forms stored yet (imported through the store alone, as before final exams existed)")
    {
        const auto db = dir / "store.db";
        {
            certdrill::FakeClock clock;
            auto store = certdrill::Store::open(db, clock);
            REQUIRE(store.ok());
            REQUIRE(store.value()->importFiles(certdrill::packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());
            REQUIRE(store.value()->reservedQuestions("ncp-genl").value().empty());
        }
        checkReadOnlyCommands(db, dir.path());
    }
}
