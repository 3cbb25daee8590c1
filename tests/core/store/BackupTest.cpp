#include "certdrill/store/Backup.h"

#include <map>
#include <set>

#include <catch2/catch.hpp>

#include "certdrill/store/Schema.h"
#include "certdrill/store/Store.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

namespace fs = std::filesystem;

std::unique_ptr<Store> openStore(const fs::path& path, const Clock& clock)
{
    auto s = Store::open(path, clock);
    INFO((s ? std::string() : s.error().message));
    REQUIRE(s.ok());
    return std::move(s.value());
}

/// A store with the mini exam imported and `value` under the setting "who": progress to tell copies apart.
std::unique_ptr<Store> studyStore(const fs::path& path, const Clock& clock, const std::string& value)
{
    auto store = openStore(path, clock);
    REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    REQUIRE(store->saveSetting("who", value).ok());
    return store;
}

std::string settingIn(const fs::path& file, const std::string& key)
{
    Database db(file.string(), OpenMode::ReadOnly);
    Statement st(db, "SELECT value FROM settings WHERE key = ?");
    st.bind(1, key);
    return st.step() ? st.getText(0) : std::string("(none)");
}

std::string who(Store& store)
{
    const auto value = store.setting("who");
    REQUIRE(value.ok());
    return value.value().value_or("(none)");
}

/// Every file in `dir`, by name: what a refused restore must leave exactly as it was.
std::map<std::string, std::string> folderContents(const fs::path& dir)
{
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::directory_iterator(dir)) {
        files[entry.path().filename().string()] = readFile(entry.path());
    }
    return files;
}

/// A good backup of a study store, written to `file`.
void writeGoodBackup(const fs::path& file)
{
    TempDir scratch;
    FakeClock clock;
    auto store = studyStore(scratch / "source.db", clock, "backup");
    REQUIRE(backupDatabase(store->database(), file).ok());
}

} // namespace

TEST_CASE("a backup taken while another connection holds a write transaction is consistent",
          "[store][backup]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "certdrill.db";
    auto store = studyStore(path, clock, "committed");

    // Another process (the GUI while the CLI backs up) is half way through a transaction.
    Database writer(path.string());
    Transaction open(writer);
    Statement(writer, "INSERT INTO settings (key, value) VALUES ('pending', 'uncommitted')").run();
    Statement(writer, "UPDATE settings SET value = 'changed' WHERE key = 'who'").run();

    const auto file = dir / "backup.db";
    const auto made = backupDatabase(store->database(), file);
    INFO((made ? std::string() : made.error().message));
    REQUIRE(made.ok());

    CHECK(settingIn(file, "who") == "committed");
    CHECK(settingIn(file, "pending") == "(none)");
    const auto checked = checkBackup(file);
    REQUIRE(checked.ok());
    CHECK(checked->schemaVersion == latestSchemaVersion());
    // One self-contained file: the header says rollback journal (1, 1), not WAL (2, 2), and nothing else
    // (no -wal, no temporary file) is left beside it.
    const std::string header = readFile(file).substr(18, 2);
    CHECK(header == std::string("\x01\x01", 2));
    CHECK_FALSE(fs::exists(dir / "backup.db-wal"));
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        names.insert(entry.path().filename().string());
    }
    CHECK(names ==
          std::set<std::string>{"backup.db", "certdrill.db", "certdrill.db-shm", "certdrill.db-wal"});
}

TEST_CASE("a backup replaces an older backup file but never the database itself", "[store][backup]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = dir / "certdrill.db";
    auto store = studyStore(path, clock, "first");
    const auto file = dir / "backup.db";
    writeFile(file, "an old backup");
    REQUIRE(backupDatabase(store->database(), file).ok());
    CHECK(settingIn(file, "who") == "first");

    const auto itself = backupDatabase(store->database(), path);
    REQUIRE_FALSE(itself.ok());
    CHECK_THAT(itself.error().message, Catch::Contains("that is the database itself"));
    CHECK(who(*store) == "first");

    const auto nowhere = backupDatabase(store->database(), dir / "missing" / "backup.db");
    REQUIRE_FALSE(nowhere.ok());
    CHECK_THAT(nowhere.error().message, Catch::Contains((dir / "missing").string() + " does not exist"));
}

TEST_CASE("a restore replaces the open database in place and keeps a dated copy of it", "[store][backup]")
{
    TempDir dir;
    FakeClock clock(1'796'427'600'000); // 2026-12-04T23:40:00Z
    const auto path = dir / "certdrill.db";
    auto store = studyStore(path, clock, "backup");
    const auto file = dir / "backup.db";
    REQUIRE(backupDatabase(store->database(), file).ok());
    REQUIRE(store->saveSetting("who", "later").ok());
    // A second connection stands for the app that is open while the CLI restores.
    auto app = openStore(path, clock);
    REQUIRE(who(*app) == "later");

    const auto restored = restoreDatabase(store->database(), file, clock);
    INFO((restored ? std::string() : restored.error().message));
    REQUIRE(restored.ok());
    CHECK(restored->restored.schemaVersion == latestSchemaVersion());
    CHECK(restored->replacedCopy == dir / "certdrill.db.2026-12-04T23-40-00.bak");
    CHECK(settingIn(restored->replacedCopy, "who") == "later");
    CHECK(checkBackup(restored->replacedCopy).ok());

    CHECK(who(*store) == "backup");
    CHECK(who(*app) == "backup");
    CHECK(store->activeQuestions("mini").value().size() == 4);
    {
        Statement integrity(store->database(), "PRAGMA integrity_check");
        REQUIRE(integrity.step());
        CHECK(integrity.getText(0) == "ok");
    }

    // A second restore in the same second keeps the first dated copy and names its own -2.
    const auto again = restoreDatabase(store->database(), file, clock);
    INFO((again ? std::string() : again.error().message));
    REQUIRE(again.ok());
    CHECK(again->replacedCopy == dir / "certdrill.db.2026-12-04T23-40-00-2.bak");
    CHECK(settingIn(restored->replacedCopy, "who") == "later");
}

TEST_CASE("a plain copy of another machine's database file restores, and is only read", "[store][backup]")
{
    TempDir dir;
    TempDir carried;
    FakeClock clock;
    {
        // Copied by hand after the app closed: a WAL-mode file without its -wal.
        auto other = studyStore(dir / "other.db", clock, "other machine");
    }
    const auto file = carried / "certdrill.db";
    fs::copy_file(dir / "other.db", file);
    const std::string bytes = readFile(file);
    auto store = studyStore(dir / "certdrill.db", clock, "this machine");
    const auto restored = restoreDatabase(store->database(), file, clock);
    INFO((restored ? std::string() : restored.error().message));
    REQUIRE(restored.ok());
    CHECK(who(*store) == "other machine");
    CHECK(readFile(file) == bytes);
}

TEST_CASE("a backup of an older schema is migrated as it is restored", "[store][backup][schema]")
{
    TempDir dir;
    const auto file = dir / "old-backup.db";
    const int older = latestSchemaVersion() - 1;
    {
        Database old(file.string(), OpenMode::Copy);
        migrate(old, older);
        old.exec("INSERT INTO settings (key, value) VALUES ('who', 'old machine')");
    }
    FakeClock clock;
    auto store = studyStore(dir / "certdrill.db", clock, "new machine");
    const auto restored = restoreDatabase(store->database(), file, clock);
    INFO((restored ? std::string() : restored.error().message));
    REQUIRE(restored.ok());
    CHECK(restored->restored.schemaVersion == older);
    CHECK(store->database().userVersion() == latestSchemaVersion());
    CHECK(who(*store) == "old machine");
    // The backup itself is only read.
    Database reread(file.string(), OpenMode::ReadOnly);
    CHECK(reread.userVersion() == older);
}

TEST_CASE("a backup with another page size is restored", "[store][backup]")
{
    TempDir dir;
    const auto file = dir / "large-pages.db";
    {
        Database other(file.string(), OpenMode::Copy);
        other.exec("PRAGMA page_size = 8192");
        migrate(other);
        other.exec("INSERT INTO settings (key, value) VALUES ('who', 'large pages')");
    }
    FakeClock clock;
    auto store = studyStore(dir / "certdrill.db", clock, "here");
    const auto restored = restoreDatabase(store->database(), file, clock);
    INFO((restored ? std::string() : restored.error().message));
    REQUIRE(restored.ok());
    CHECK(who(*store) == "large pages");
}

TEST_CASE("a restore refuses a file that is not a good certdrill database and changes nothing",
          "[store][backup]")
{
    TempDir dir;
    TempDir candidates;
    FakeClock clock;
    const auto path = dir / "certdrill.db";
    auto store = studyStore(path, clock, "mine");
    const auto good = candidates / "good.db";
    writeGoodBackup(good);
    const std::string goodBytes = readFile(good);

    fs::path candidate;
    std::string reason;
    SECTION("a text file")
    {
        candidate = candidates / "notes.txt";
        writeFile(candidate, std::string(5000, 'x'));
        reason = "is not a SQLite database";
    }
    SECTION("an empty file")
    {
        candidate = candidates / "empty.db";
        writeFile(candidate, "");
        reason = "is a SQLite database but not a certdrill one";
    }
    SECTION("another program's SQLite database")
    {
        candidate = candidates / "other.db";
        Database other(candidate.string(), OpenMode::Copy);
        other.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)");
        reason = "is a SQLite database but not a certdrill one";
    }
    SECTION("a SQLite database with a certdrill schema version but not its tables")
    {
        candidate = candidates / "lookalike.db";
        Database other(candidate.string(), OpenMode::Copy);
        other.exec("CREATE TABLE packs (id INTEGER PRIMARY KEY)");
        other.setUserVersion(2);
        reason = "is not a certdrill database: schema version 2 but no table ";
    }
    SECTION("a backup from a newer certdrill")
    {
        candidate = candidates / "newer.db";
        writeFile(candidate, goodBytes);
        Database newer(candidate.string(), OpenMode::Copy);
        newer.setUserVersion(latestSchemaVersion() + 1);
        reason = "has schema version " + std::to_string(latestSchemaVersion() + 1) +
                 ", newer than this certdrill understands";
    }
    SECTION("a truncated backup")
    {
        candidate = candidates / "truncated.db";
        writeFile(candidate, goodBytes.substr(0, goodBytes.size() / 2));
        reason = "is damaged";
    }
    SECTION("a backup with overwritten bytes")
    {
        candidate = candidates / "overwritten.db";
        std::string bytes = goodBytes;
        // Pages 2 onwards hold the tables' b-trees; garbage over the header and cell pointers of page 3.
        for (size_t i = 2 * 4096; i < 2 * 4096 + 1000; ++i) {
            bytes[i] = static_cast<char>(0xA5);
        }
        writeFile(candidate, bytes);
        reason = "is damaged";
    }
    SECTION("a file that does not exist")
    {
        candidate = candidates / "missing.db";
        reason = "does not exist";
    }
    SECTION("the database itself")
    {
        candidate = path;
        reason = "that is the database itself";
    }

    // What is on the disk before, -wal included, must be there byte for byte after.
    const auto before = folderContents(dir.path());
    const auto refused = restoreDatabase(store->database(), candidate, clock);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message, Catch::Contains(candidate.string()) && Catch::Contains(reason));
    CHECK(folderContents(dir.path()) == before);
    CHECK(who(*store) == "mine");
}

TEST_CASE("dated and pre-migration copies are named after the database and never replace an earlier one",
          "[store][backup]")
{
    TempDir dir;
    const auto db = dir / "certdrill.db";
    FakeClock clock; // 2026-01-01T00:00:00Z
    CHECK(datedCopyPath(db, clock.wallMs()) == dir / "certdrill.db.2026-01-01T00-00-00.bak");
    writeFile(dir / "certdrill.db.2026-01-01T00-00-00.bak", "kept");
    CHECK(datedCopyPath(db, clock.wallMs()) == dir / "certdrill.db.2026-01-01T00-00-00-2.bak");
    clock.advanceSeconds(61);
    CHECK(datedCopyPath(db, clock.wallMs()) == dir / "certdrill.db.2026-01-01T00-01-01.bak");

    CHECK(beforeMigrationPath(db, 7) == dir / "certdrill.db.before-v7.bak");
    writeFile(dir / "certdrill.db.before-v7.bak", "kept");
    CHECK(beforeMigrationPath(db, 7) == dir / "certdrill.db.before-v7-2.bak");
}
