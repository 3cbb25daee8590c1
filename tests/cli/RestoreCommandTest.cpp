// certdrill-cli restore end to end: a backup carried back, and every file that is not one refused with the
// database left as it was.
#include <catch2/catch.hpp>

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

/// The database file and its -wal: what a refused restore must leave byte for byte.
std::string databaseBytes(const std::filesystem::path& db)
{
    return readFile(db) + "|" + readFile(db.string() + "-wal");
}

} // namespace

TEST_CASE("restore brings a backup back and keeps the replaced database beside it", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "certdrill.db";
    const std::string db = "--db " + dbPath.string();
    const auto file = dir / "backup.db";
    REQUIRE(cli(db + " import " + dataFile("mini-exam.json").string()).exitCode == 0);
    REQUIRE(cli(db + " backup " + file.string()).exitCode == 0);
    REQUIRE(cli(db + " import " + dataFile("mini-questions.json").string()).exitCode == 0);

    const Run restored = cli(db + " restore " + file.string());
    CHECK(restored.exitCode == 0);
    CHECK_THAT(restored.out,
               Catch::StartsWith("restored " + dbPath.string() + " from " + file.string() + "\n"));
    const std::string keptPrefix = "the database it replaced is kept as ";
    const auto at = restored.out.find(keptPrefix);
    REQUIRE(at != std::string::npos);
    const std::string kept =
        restored.out.substr(at + keptPrefix.size(), restored.out.size() - at - keptPrefix.size() - 1);
    CHECK_THAT(kept, Catch::StartsWith(dbPath.string() + ".20") && Catch::EndsWith(".bak"));

    const Run packs = cli(db + " list packs");
    CHECK_THAT(packs.out, Catch::Contains("mini-exam") && !Catch::Contains("mini-questions"));
    CHECK_THAT(cli("--db " + kept + " list packs").out, Catch::Contains("mini-questions"));
}

TEST_CASE("restore refuses what is not a certdrill backup and changes nothing", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "certdrill.db";
    const std::string db = "--db " + dbPath.string();
    REQUIRE(cli(db + " import " + dataFile("mini-exam.json").string()).exitCode == 0);
    TempDir elsewhere;
    const auto good = elsewhere / "good.db";
    REQUIRE(cli(db + " backup " + good.string()).exitCode == 0);
    const std::string before = databaseBytes(dbPath);

    const auto text = elsewhere / "notes.txt";
    writeFile(text, std::string(5000, 'x'));
    const Run notSqlite = cli(db + " restore " + text.string());
    CHECK(notSqlite.exitCode == 1);
    CHECK_THAT(notSqlite.err, Catch::Contains(text.string() + " is not a SQLite database"));

    std::string bytes = readFile(good);
    const auto truncated = elsewhere / "truncated.db";
    writeFile(truncated, bytes.substr(0, bytes.size() / 2));
    const Run damaged = cli(db + " restore " + truncated.string());
    CHECK(damaged.exitCode == 1);
    CHECK_THAT(damaged.err, Catch::Contains(truncated.string() + " is damaged"));

    // user_version is the big-endian integer at byte 60 of the header.
    const auto newer = elsewhere / "newer.db";
    bytes[63] = static_cast<char>(bytes[63] + 1);
    writeFile(newer, bytes);
    const Run future = cli(db + " restore " + newer.string());
    CHECK(future.exitCode == 1);
    CHECK_THAT(future.err, Catch::Contains("newer than this certdrill understands"));

    const Run missing = cli(db + " restore " + (elsewhere / "none.db").string());
    CHECK(missing.exitCode == 1);
    CHECK_THAT(missing.err, Catch::Contains((elsewhere / "none.db").string() + " does not exist"));

    CHECK(databaseBytes(dbPath) == before);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        CHECK_THAT(entry.path().filename().string(), !Catch::EndsWith(".bak"));
    }

    // A refused restore onto a database that does not exist yet does not create it either.
    const auto fresh = dir / "fresh.db";
    CHECK(cli("--db " + fresh.string() + " restore " + text.string()).exitCode == 1);
    CHECK_FALSE(std::filesystem::exists(fresh));

    CHECK(cli(db + " restore").exitCode == 2);
    CHECK(cli(db + " restore --force " + good.string()).exitCode == 2);
}
