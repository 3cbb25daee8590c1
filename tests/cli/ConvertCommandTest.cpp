// certdrill-cli convert end to end: a Moodle file becomes a pack file that imports to the same questions.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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
    // A name that does not decide leaves it to the content: a pack named *.txt is still a pack, GIFT is GIFT.
    const auto packTxt = dir / "pack.txt";
    writeFile(packTxt, readFile(data("mini-exam.json")));
    const Run pack = cli(db + " convert " + packTxt.string() + " -o " + out.string());
    CHECK(pack.exitCode == 2);
    CHECK_THAT(pack.err, Catch::Contains("is a certdrill pack (JSON), not a Moodle file"));
    const auto giftTxt = dir / "loose.txt";
    writeFile(giftTxt, readFile(loose));
    CHECK(cli(db + " convert " + giftTxt.string() + " --domain beta -o " + out.string()).exitCode == 0);
    CHECK(cli(db + " convert " + loose.string() + " -o a.json -o b.json").exitCode == 2);
    CHECK(cli(db + " convert " + loose.string() + " -o").exitCode == 2);
}

TEST_CASE("import and convert take --map; a map error names its file, line, column and field", "[cli][map]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = dbWithExam(dir, "mini-exam-objectives.json");

    // Without the map, the week categories name no domain.
    const Run unmapped = cli(db + " import " + data("course.gift"));
    CHECK(unmapped.exitCode == 1);
    CHECK_THAT(unmapped.err, Catch::Contains("course.gift:5:1: error: question \"primes\" is in category "
                                             "\"$course$/top/Week 1: Numbers\", which names none of exam "
                                             "\"mini\"'s domains"));

    const auto bad = dir / "bad-map.json";
    writeFile(
        bad,
        "{\"format\": \"certdrill-map/1\",\n \"rules\": [{\"tag\": \"parity\", \"domain\": \"gamma\"}]}\n");
    const std::string before = readFile(dbPath);
    const Run refused = cli(db + " import --map " + bad.string() + " " + data("course.gift"));
    CHECK(refused.exitCode == 1);
    CHECK_THAT(refused.err,
               Catch::Contains(bad.string() + ":2:40: error: /rules/0/domain: exam \"mini\" has no "
                                              "domain \"gamma\"; it has alpha, beta"));
    CHECK(readFile(dbPath) == before); // a failed import changes nothing

    const Run imported = cli(db + " import --map " + data("course-map.json") + " " + data("course.gift"));
    CHECK(imported.exitCode == 0);
    CHECK_THAT(imported.out, Catch::Contains("gift-course 1.0.0 (new): 4 added"));

    const auto out = dir / "course.json";
    const Run converted = cli(db + " convert " + data("course.gift") + " --map " + data("course-map.json") +
                              " -o " + out.string());
    CHECK(converted.exitCode == 0);
    CHECK_THAT(readFile(out), Catch::Contains("\"objective\": \"1.2\",\n      \"subtopic\": \"a2\""));
    CHECK(cli(db + " validate " + out.string()).exitCode == 0);
    CHECK(cli(db + " import --map").exitCode == 2);
}

TEST_CASE("convert -o - writes to standard output; a link is written through; a device, FIFO or folder is "
          "refused",
          "[cli][convert]")
{
    TempDir dir;
    const std::string db = dbWithExam(dir);
    const std::string convert = db + " convert " + data("sample.xml") + " -o ";

    // "-" is standard output: the pack alone on stdout, the summary on stderr, and no file named "-".
    const Run stdoutRun = shell("cd " + dir.path().string() + " && " + CERTDRILL_CLI + " " + convert + "-");
    REQUIRE(stdoutRun.exitCode == 0);
    CHECK(nlohmann::json::parse(stdoutRun.out)["pack"]["id"] == "moodle-sample");
    CHECK_THAT(stdoutRun.err, Catch::Contains("wrote standard output: pack \"moodle-sample\""));
    CHECK_FALSE(std::filesystem::exists(dir / "-"));

    // A symbolic link stays a link; the file it names gets the pack.
    writeFile(dir / "real.json", "{}");
    std::filesystem::create_symlink("real.json", dir / "link.json");
    REQUIRE(cli(convert + (dir / "link.json").string()).exitCode == 0);
    CHECK(std::filesystem::is_symlink(dir / "link.json"));
    CHECK_THAT(readFile(dir / "real.json"), Catch::Contains("\"moodle-sample\""));
    // A link to a file not there yet creates that file.
    std::filesystem::create_symlink("later.json", dir / "dangling.json");
    REQUIRE(cli(convert + (dir / "dangling.json").string()).exitCode == 0);
    CHECK(std::filesystem::is_symlink(dir / "dangling.json"));
    CHECK_THAT(readFile(dir / "later.json"), Catch::Contains("\"moodle-sample\""));

    // What is not a regular file is left alone, as the readers refuse to read one.
    const auto fifo = dir / "pipe";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const Run toFifo = cli(convert + fifo.string());
    CHECK(toFifo.exitCode == 1);
    CHECK_THAT(toFifo.err, Catch::Contains("cannot write " + fifo.string() +
                                           ": it is a FIFO, not a regular "
                                           "file"));
    CHECK(std::filesystem::is_fifo(fifo));
    std::filesystem::create_symlink("pipe", dir / "pipe-link.json");
    CHECK(cli(convert + (dir / "pipe-link.json").string()).exitCode == 1);
    CHECK(std::filesystem::is_fifo(fifo));
    const Run toFolder = cli(convert + dir.path().string());
    CHECK(toFolder.exitCode == 1);
    CHECK_THAT(toFolder.err, Catch::Contains("it is a folder, not a regular file"));
    // A device of the test's own (never /dev/null: run as root, the old writer replaced it), where the system
    // lets the test make one.
    const auto device = dir / "null";
    if (mknod(device.c_str(), S_IFCHR | 0600, makedev(1, 3)) == 0) {
        const Run toDevice = cli(convert + device.string());
        CHECK(toDevice.exitCode == 1);
        CHECK_THAT(toDevice.err, Catch::Contains("cannot write " + device.string() +
                                                 ": it is a device, not a regular file"));
        CHECK(std::filesystem::is_character_file(device));
    }
}
