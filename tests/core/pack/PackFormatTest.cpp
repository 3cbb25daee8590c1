#include "certdrill/pack/PackFormat.h"

#include <catch2/catch.hpp>

#include "certdrill/pack/PackLoader.h"

#include "TestSupport.h"

using namespace certdrill;

TEST_CASE("a pack's format comes from its name, else from its first character", "[format]")
{
    CHECK(packFormatOfName("a/pack.JSON") == PackFormat::Json);
    CHECK(packFormatOfName("quiz.gift") == PackFormat::Gift);
    CHECK(packFormatOfName("quiz.gift.txt") == PackFormat::Gift);
    CHECK(packFormatOfName("export.xml") == PackFormat::MoodleXml);
    CHECK_FALSE(packFormatOfName("quiz.txt"));
    CHECK_FALSE(packFormatOfName("questions"));

    CHECK(packFormatOfText("\xEF\xBB\xBF \n {\"format\": 1}") == PackFormat::Json);
    CHECK(packFormatOfText("\r\n<?xml version=\"1.0\"?><quiz/>") == PackFormat::MoodleXml);
    CHECK(packFormatOfText("// exported from Moodle\n::q:: Which?{=a ~b}") == PackFormat::Gift);
    CHECK(packFormatOfText("$CATEGORY: alpha") == PackFormat::Gift);
    CHECK(packFormatOfText("") == PackFormat::Gift);

    TempDir dir;
    writeFile(dir / "quiz.txt", "// GIFT\n::q:: Which?{=a ~b}\n");
    writeFile(dir / "export.txt", "<quiz></quiz>");
    writeFile(dir / "pack", "{}");
    CHECK(packFormatOf(dir / "quiz.txt") == PackFormat::Gift);
    CHECK(packFormatOf(dir / "export.txt") == PackFormat::MoodleXml);
    CHECK(packFormatOf(dir / "pack") == PackFormat::Json);
    // The name decides even against the content; a file that cannot be read is left to the loader (JSON).
    writeFile(dir / "odd.json", "::q:: Which?{=a ~b}");
    CHECK(packFormatOf(dir / "odd.json") == PackFormat::Json);
    CHECK(packFormatOf(dir / "missing.txt") == PackFormat::Json);
    CHECK(packFormatOf("/dev/zero") == PackFormat::Json);
}

TEST_CASE("a Moodle GIFT or XML export named .txt is read in its own format", "[format][gift][moodle-xml]")
{
    const auto mini = loadPacks({dataFile("mini-exam.json")}, {});
    REQUIRE(mini.at(0).ok());
    ExamCatalog catalog;
    catalog["mini"] = {mini[0].pack.exams.at(0), mini[0].pack.info.id};

    TempDir dir;
    writeFile(dir / "Quiz 3.txt", readFile(dataFile("sample.gift")));
    writeFile(dir / "export.txt", readFile(dataFile("sample.xml")));
    writeFile(dir / "pack.txt", readFile(dataFile("mini-questions.json")));
    const auto loaded = loadPacks({dir / "Quiz 3.txt", dir / "export.txt", dir / "pack.txt"}, catalog);
    REQUIRE(loaded.size() == 3);
    for (const auto& lp : loaded) {
        INFO(lp.pack.sourcePath);
        CHECK(lp.ok());
    }
    CHECK(loaded[0].pack.info.id == "gift-quiz-3");
    CHECK(loaded[0].pack.questions.size() == 4);
    CHECK(loaded[0].conversion); // located in the GIFT source
    CHECK(loaded[1].pack.info.id == "moodle-export");
    CHECK(loaded[2].pack.info.id == "mini-questions");
    CHECK(defaultPackId("Quiz 3.txt", PackFormat::Gift) == "gift-quiz-3");
    CHECK(defaultPackId("export.txt", PackFormat::MoodleXml) == "moodle-export");
    CHECK(defaultPackId("pack.json", PackFormat::Json).empty());
}
