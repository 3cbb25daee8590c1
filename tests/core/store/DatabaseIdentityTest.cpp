// certdrill writes only into its own databases: another application's SQLite file, or any file that is not
// SQLite, is refused before a byte of it changes, and the read-only open never writes, also on read-only
// media.
#include <sys/mount.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "certdrill/store/Schema.h"
#include "certdrill/store/Store.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

/// Another application's database: its own tables, in the rollback journal, no application_id.
void writeForeignDatabase(const std::filesystem::path& path, int applicationId = 0)
{
    Database db(path.string());
    db.exec("CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO moz_bookmarks "
            "(title) VALUES ('x')");
    db.exec("PRAGMA application_id = " + std::to_string(applicationId));
}

bool fileExists(const std::filesystem::path& p)
{
    std::error_code ec;
    return std::filesystem::exists(p, ec);
}

std::filesystem::path withSuffix(const std::filesystem::path& p, const char* suffix)
{
    return p.string() + suffix;
}

} // namespace

TEST_CASE("another application's SQLite file is refused untouched, read-write or read-only",
          "[store][identity]")
{
    TempDir dir;
    FakeClock clock;
    for (const int applicationId : {0, 0x12345678}) {
        const auto path = dir / ("foreign-" + std::to_string(applicationId) + ".sqlite");
        writeForeignDatabase(path, applicationId);
        const std::string before = readFile(path);
        for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
            auto s = Store::open(path, clock, mode);
            REQUIRE_FALSE(s.ok());
            CHECK_THAT(s.error().message,
                       Catch::StartsWith("database " + path.string() + " is not a certdrill database ("));
            CHECK_THAT(s.error().message, Catch::Contains("certdrill did not change it"));
        }
        CHECK(readFile(path) == before);
        CHECK_FALSE(fileExists(withSuffix(path, "-wal"))); // not switched to WAL
    }
    const auto marked = Store::open(dir / "foreign-305419896.sqlite", clock);
    CHECK_THAT(marked.error().message, Catch::Contains("another application: application_id 0x12345678"));
}

TEST_CASE("a file that is not SQLite is refused untouched", "[store][identity]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "notes.txt";
    writeFile(path, std::string(8192, 'n') + "these are my notes, not a database\n");
    const std::string before = readFile(path);
    for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto s = Store::open(path, clock, mode);
        REQUIRE_FALSE(s.ok());
        CHECK_THAT(s.error().message, Catch::Contains("is not a certdrill database (not an SQLite file)"));
    }
    CHECK(readFile(path) == before);
}

TEST_CASE("a new or empty file becomes a certdrill database marked with its application_id",
          "[store][identity]")
{
    TempDir dir;
    FakeClock clock;
    writeFile(dir / "empty.db", "");
    for (const auto& path : {dir / "new.db", dir / "empty.db"}) {
        auto s = Store::open(path, clock);
        REQUIRE(s.ok());
        CHECK(s.value()->database().applicationId() == kApplicationId);
        CHECK(s.value()->database().userVersion() == latestSchemaVersion());
    }
}

TEST_CASE("a certdrill database from before the mark is recognised and marked, keeping its content",
          "[store][identity]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "old.db";
    {
        auto s = Store::open(path, clock);
        REQUIRE(s.ok());
        REQUIRE(s.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        s.value()->database().exec("PRAGMA application_id = 0"); // as every file was before the mark
    }
    {
        auto ro = Store::open(path, clock, OpenMode::ReadOnly);
        REQUIRE(ro.ok());
        CHECK(ro.value()->database().applicationId() == 0); // read-only: recognised, not marked
        CHECK(ro.value()->activeQuestions("mini")->size() == 4);
    }
    auto s = Store::open(path, clock);
    REQUIRE(s.ok());
    CHECK(s.value()->database().applicationId() == kApplicationId);
    CHECK(s.value()->activeQuestions("mini")->size() == 4);
}

TEST_CASE("a read-only open never writes and never creates", "[store][identity]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "db.sqlite";
    auto missing = Store::open(path, clock, OpenMode::ReadOnly);
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message == "no database at " + path.string() + " (import a pack first)");
    CHECK_FALSE(fileExists(path));
    {
        auto s = Store::open(path, clock);
        REQUIRE(s.ok());
        REQUIRE(s.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    }
    const std::string before = readFile(path);
    auto ro = Store::open(path, clock, OpenMode::ReadOnly);
    REQUIRE(ro.ok());
    CHECK(ro.value()->activeQuestions("mini")->size() == 4);
    CHECK_FALSE(ro.value()->saveSetting("k", "v").ok()); // query_only: a write is refused
    ro = Error{"closed"};
    CHECK(readFile(path) == before);
}

TEST_CASE("a certdrill database on read-only media is read", "[store][identity]")
{
    // A read-only mount needs CAP_SYS_ADMIN; without it (most CI runners) this is skipped.
    TempDir dir;
    const auto mnt = dir / "media";
    std::filesystem::create_directories(mnt);
    if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=8m") != 0) {
        WARN("skipped: cannot mount a tmpfs here (needs CAP_SYS_ADMIN)");
        return;
    }
    struct Unmount
    {
        std::filesystem::path at;
        ~Unmount() { ::umount(at.c_str()); }
    } unmount{mnt};
    const auto path = mnt / "db.sqlite";
    FakeClock clock;
    {
        auto s = Store::open(path, clock);
        REQUIRE(s.ok());
        REQUIRE(s.value()->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    }
    REQUIRE_FALSE(fileExists(withSuffix(path, "-shm"))); // closed cleanly: no WAL index left
    REQUIRE(::mount(nullptr, mnt.c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0);
    {
        auto ro = Store::open(path, clock, OpenMode::ReadOnly);
        INFO((ro ? std::string() : ro.error().message));
        REQUIRE(ro.ok());
        CHECK(ro.value()->activeQuestions("mini")->size() == 4);
        auto rw = Store::open(path, clock);
        REQUIRE_FALSE(rw.ok());
        CHECK_THAT(rw.error().message, Catch::Contains(path.string()));
    }
}
