// certdrill-cli export end to end: the bundled bank out and into a fresh database, question for question.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/store/Store.h"

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

std::string packFiles(const std::filesystem::path& dir)
{
    std::string out;
    for (const auto& f : certdrill::packFilesIn(dir)) {
        out += " " + f.string();
    }
    return out;
}

} // namespace

TEST_CASE("the bundled bank exported and imported into a fresh database gives the same questions",
          "[cli][export]")
{
    TempDir dir;
    const std::string db1 = "--db " + (dir / "one.db").string();
    const std::string db2 = "--db " + (dir / "two.db").string();
    REQUIRE(cli(db1 + " import" + packFiles(CERTDRILL_QUESTIONS_DIR)).exitCode == 0);

    const Run exported = cli(db1 + " export -o " + (dir / "out").string());
    REQUIRE(exported.exitCode == 0);
    const auto files = certdrill::packFilesIn(dir / "out");
    CHECK(files.size() == certdrill::packFilesIn(CERTDRILL_QUESTIONS_DIR).size());
    CHECK_THAT(exported.out, Catch::Contains("exam definition"));
    CHECK(exported.err.empty()); // no question changed since it was imported

    const Run valid = cli(db2 + " validate --coverage" + packFiles(dir / "out"));
    CHECK(valid.exitCode == 0);
    CHECK_THAT(valid.out, Catch::Contains("coverage OK"));
    REQUIRE(cli(db2 + " import" + packFiles(dir / "out")).exitCode == 0);
    const auto original = storedQuestions(dir / "one.db");
    const auto copy = storedQuestions(dir / "two.db");
    CHECK(original.size() >= 650);
    CHECK(copy.size() == original.size());
    CHECK(copy == original);

    // Exported again from the copy, every file is the same to the byte.
    REQUIRE(cli(db2 + " export -o " + (dir / "again").string()).exitCode == 0);
    for (const auto& f : files) {
        INFO(f.filename().string());
        CHECK(readFile(dir / "again" / f.filename()) == readFile(f));
    }
}

TEST_CASE("export writes one pack to a file or into a folder, and refuses what it cannot do", "[cli][export]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir);
    REQUIRE(cli(db + " import " + data("mini-questions.json")).exitCode == 0);

    const Run one = cli(db + " export --pack mini-questions -o " + (dir / "q.json").string());
    REQUIRE(one.exitCode == 0);
    CHECK_THAT(one.out, Catch::Contains("pack \"mini-questions\" 1.0.0, 4 questions"));
    CHECK_THAT(readFile(dir / "q.json"),
               Catch::Contains("\"id\": \"q4\"") && Catch::Contains("\"shuffle\": false"));
    std::filesystem::create_directory(dir / "folder");
    CHECK(cli(db + " export --pack mini-exam -o " + (dir / "folder").string()).exitCode == 0);
    CHECK_THAT(readFile(dir / "folder" / "mini-exam.json"), Catch::Contains("\"min_per_subtopic\": 1"));

    const Run missing = cli(db + " export --pack nope -o " + (dir / "n.json").string());
    CHECK(missing.exitCode == 1);
    CHECK_THAT(missing.err, Catch::Contains("no pack \"nope\" in the database"));
    CHECK_FALSE(std::filesystem::exists(dir / "n.json"));
    CHECK(cli(db + " export").exitCode == 2);
    CHECK(cli(db + " export --pack").exitCode == 2);
    CHECK(cli(db + " export -o a b").exitCode == 2);
}

TEST_CASE("export --pack -o - writes the pack to standard output", "[cli][export]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir);
    const Run one = shell("cd " + dir.path().string() + " && " + CERTDRILL_CLI + " " + db +
                          " export --pack mini-exam -o -");
    REQUIRE(one.exitCode == 0);
    CHECK(nlohmann::json::parse(one.out)["pack"]["id"] == "mini-exam");
    CHECK_THAT(one.err, Catch::Contains("wrote standard output: pack \"mini-exam\" 1.0.0"));
    CHECK_FALSE(std::filesystem::exists(dir / "-"));
    // Every pack goes to a folder, one file each: standard output cannot take them.
    const Run all = shell("cd " + dir.path().string() + " && " + CERTDRILL_CLI + " " + db + " export -o -");
    CHECK(all.exitCode == 2);
    CHECK_THAT(all.err, Catch::Contains("export: -o - writes one pack; name it with --pack"));
    CHECK_FALSE(std::filesystem::exists(dir / "-"));
}
