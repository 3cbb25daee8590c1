// certdrill-cli backup end to end: a copy that checks as a certdrill backup, and an existing file kept
// unless --force.
#include <catch2/catch.hpp>

#include "certdrill/store/Backup.h"
#include "certdrill/store/Schema.h"

#include "CliSupport.h"
#include "TestSupport.h"

TEST_CASE("backup writes a checked copy and replaces an existing file only with --force", "[cli]")
{
    TempDir dir;
    const auto dbPath = dir / "certdrill.db";
    const std::string db = "--db " + dbPath.string();
    const auto file = dir / "backup.db";

    const Run none = cli(db + " backup " + file.string());
    CHECK(none.exitCode == 1);
    CHECK_THAT(none.err, Catch::Contains("no database at " + dbPath.string()));
    CHECK_FALSE(std::filesystem::exists(dbPath)); // a backup never creates the database it copies

    REQUIRE(cli(db + " import " + dataFile("mini-exam.json").string()).exitCode == 0);
    const Run made = cli(db + " backup " + file.string());
    CHECK(made.exitCode == 0);
    CHECK(made.out == "backed up " + dbPath.string() + " to " + file.string() + "\n");
    const auto checked = certdrill::checkBackup(file);
    REQUIRE(checked.ok());
    CHECK(checked->schemaVersion == certdrill::latestSchemaVersion());

    REQUIRE(cli(db + " import " + dataFile("mini-questions.json").string()).exitCode == 0);
    const std::string first = readFile(file);
    const Run refused = cli(db + " backup " + file.string());
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err, Catch::Contains(file.string() + " already exists; add --force to replace it"));
    CHECK(readFile(file) == first);

    const Run forced = cli(db + " backup --force " + file.string());
    CHECK(forced.exitCode == 0);
    CHECK(readFile(file) != first);
    CHECK(certdrill::checkBackup(file).ok());

    const Run itself = cli(db + " backup --force " + dbPath.string());
    CHECK(itself.exitCode == 1);
    CHECK_THAT(itself.err, Catch::Contains("that is the database itself"));

    CHECK(cli(db + " backup").exitCode == 2);
    CHECK(cli(db + " backup a.db b.db").exitCode == 2);
    CHECK(cli(db + " backup --bogus " + file.string()).exitCode == 2);
}
