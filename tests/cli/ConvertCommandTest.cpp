// certdrill-cli convert end to end: a Moodle file becomes a pack file that imports to the same questions.
#include <catch2/catch.hpp>

#include "CliSupport.h"
#include "TestSupport.h"

TEST_CASE("convert writes a pack that imports to the same questions as the GIFT file", "[cli][convert]")
{
    TempDir dir;
    const std::string db1 = dbWithExam(dir, "mini-exam.json", "one.db");
    const std::string db2 = dbWithExam(dir, "mini-exam.json", "two.db");

    const auto out = dir / "sample.json";
    const Run converted = cli(db1 + " convert " + data("sample.gift") + " -o " + out.string());
    REQUIRE(converted.exitCode == 0);
    CHECK_THAT(converted.out, Catch::Contains("pack \"gift-sample\" 1.0.0, 4 questions from ") &&
                                  Catch::Contains("(1 skipped: not multiple choice or true/false)"));
    // The skipped type is named at its line.
    CHECK_THAT(converted.err,
               Catch::Contains("sample.gift:24:1: warning: numerical questions are not imported"));
    const std::string pack = readFile(out);
    CHECK_THAT(pack, Catch::Contains("\"why\": \"7 has no divisor but 1 and itself.\"") &&
                         Catch::Contains("\"explanation\": \"Primes have exactly two divisors.\"") &&
                         Catch::Contains("\"id\": \"pick-two\""));

    CHECK(cli(db1 + " validate " + out.string()).exitCode == 0);
    REQUIRE(cli(db1 + " import " + out.string()).exitCode == 0);
    REQUIRE(cli(db2 + " import " + data("sample.gift")).exitCode == 0);
    const auto fromPack = storedQuestions(dir / "one.db");
    const auto fromGift = storedQuestions(dir / "two.db");
    CHECK(fromPack.size() == 4);
    CHECK(fromPack == fromGift);
}

TEST_CASE("convert reads *.txt as GIFT and Moodle XML, and takes the pack options", "[cli][convert]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir);
    writeFile(dir / "export.txt", readFile(dataFile("sample.gift")));
    const Run txt = cli(db + " convert " + (dir / "export.txt").string() +
                        " --pack-id week-3 --pack-version 2.1 -o " + (dir / "week3.json").string());
    REQUIRE(txt.exitCode == 0);
    CHECK_THAT(txt.out, Catch::Contains("pack \"week-3\" 2.1, 4 questions"));
    const Run xml = cli(db + " convert " + data("sample.xml") + " --output " + (dir / "xml.json").string());
    REQUIRE(xml.exitCode == 0);
    CHECK_THAT(xml.out, Catch::Contains("pack \"moodle-sample\" 1.0.0, 3 questions"));
    CHECK_THAT(xml.err, Catch::Contains("warning: <question type=\"essay\"> is not imported"));
    CHECK(cli(db + " import " + (dir / "week3.json").string() + " " + (dir / "xml.json").string()).exitCode ==
          0);
}

TEST_CASE("convert writes nothing when the file has errors, and refuses bad usage", "[cli][convert]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir);
    const auto loose = dir / "loose.gift";
    writeFile(loose, "Which is right?{=this ~that}\n");
    const auto out = dir / "out.json";
    writeFile(out, "left alone");
    const Run failed = cli(db + " convert " + loose.string() + " -o " + out.string());
    CHECK(failed.exitCode == 1);
    CHECK_THAT(failed.err, Catch::Contains("loose.gift:1:1: error: ") &&
                               Catch::Contains("1 error in " + loose.string() + "; " + out.string() +
                                               " was not written"));
    CHECK(readFile(out) == "left alone");
    CHECK(cli(db + " convert " + loose.string() + " --domain beta -o " + out.string()).exitCode == 0);
    CHECK_THAT(readFile(out), Catch::Contains("\"domain\": \"beta\""));

    CHECK(cli(db + " convert " + loose.string()).exitCode == 2);                                 // no -o
    CHECK(cli(db + " convert -o " + out.string()).exitCode == 2);                                // no input
    CHECK(cli(db + " convert " + data("mini-exam.json") + " -o " + out.string()).exitCode == 2); // a pack
    CHECK(cli(db + " convert " + loose.string() + " -o a.json -o b.json").exitCode == 2);
    CHECK(cli(db + " convert " + loose.string() + " -o").exitCode == 2);
}
