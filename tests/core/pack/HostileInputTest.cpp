// Packs come from strangers: every reader must end, in time linear in its input, on any file. These tests
// run under their own CTest entry ("hostile") with a bounded timeout: the generated inputs are large
// enough that the quadratic behaviour they guard against would run for many minutes and be killed by it,
// while linear code reads them in well under a second.

#include <string>
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/HtmlText.h"
#include "certdrill/pack/Limits.h"
#include "certdrill/pack/MoodleXmlReader.h"
#include "certdrill/pack/PackLoader.h"

#include "TestSupport.h"

using namespace certdrill;
using nlohmann::json;

namespace {

/// The exams of mini-exam.json, as the database would hold them.
ExamCatalog miniCatalog()
{
    const auto lp = loadPacks({dataFile("mini-exam.json")}, {});
    REQUIRE(lp.size() == 1);
    REQUIRE(lp[0].ok());
    ExamCatalog catalog;
    for (const auto& e : lp[0].pack.exams) {
        catalog[e.id] = {e, lp[0].pack.info.id};
    }
    return catalog;
}

std::vector<ExamDef> miniExams()
{
    std::vector<ExamDef> exams;
    for (const auto& [id, k] : miniCatalog()) {
        exams.push_back(k.exam);
    }
    return exams;
}

std::string repeated(const std::string& s, std::size_t times)
{
    std::string out;
    out.reserve(s.size() * times);
    for (std::size_t i = 0; i < times; ++i) {
        out += s;
    }
    return out;
}

} // namespace

TEST_CASE("an unclosed </script or </style ends the HTML converter", "[hostile][html]")
{
    CHECK(htmlToText("a<script>x</script").text == "a");
    CHECK(htmlToText("a<style>p</style").text == "a");
    CHECK(htmlToText("a<STYLE>p</Style b").text == "a");
    CHECK(htmlToText("<script>").text.empty());

    // The two minimal files of the report: GIFT [html] text and Moodle XML format="html" text.
    const auto gift = loadPacks({dataFile("hostile/unclosed-style.gift")}, miniCatalog());
    REQUIRE(gift.size() == 1);
    CHECK(gift[0].pack.questions.size() == 1);
    const auto xml = loadPacks({dataFile("hostile/unclosed-script.xml")}, miniCatalog());
    REQUIRE(xml.size() == 1);
    CHECK_FALSE(xml[0].ok()); // no answers, no category: refused, but refused at once
}

TEST_CASE("the HTML converter is linear in runs of '<', '&' and unclosed tags and comments",
          "[hostile][html]")
{
    const std::size_t n = 4'000'000;
    CHECK(htmlToText(std::string(n, '&')).text.size() == n);
    CHECK(htmlToText(std::string(n, '<')).text.size() == n);
    CHECK(htmlToText(repeated("<a", n / 2)).text.size() == n);
    CHECK(htmlToText(repeated("&#", n / 2)).text.size() == n);
    CHECK(htmlToText(repeated("&a", n / 2)).text.size() == n);
    CHECK(htmlToText(repeated("<script>", n / 8)).text.empty());
    // The last "</script" has no '>', so it is text; and without any '>' no "<!--" starts a comment.
    CHECK(htmlToText(repeated("<script></script", n / 16)).text == "</script");
    CHECK(htmlToText(repeated("<!--", n / 4)).text.size() == n);
    CHECK(htmlToText("<!--" + repeated("<!--", n / 4) + ">").text.empty());
    CHECK(htmlToText(repeated("<p>", n / 3)).text.empty());
    CHECK(htmlToText(repeated("x ", n / 2)).text.size() == n - 1);
    // Looking for tags in text of Moodle's own format: no element, or no '>' to close one.
    CHECK_FALSE(hasHtmlTags(repeated("<xy>", n / 4)));
    CHECK_FALSE(hasHtmlTags(repeated("<b ", n / 3)));
    CHECK_FALSE(hasHtmlTags(std::string(n, '<')));
    CHECK(moodleText(repeated("<p>\n", n / 4), MoodleFormat::Moodle).text.empty());
}

TEST_CASE("a GIFT file of one question name repeated thousands of times reads in linear time",
          "[hostile][gift]")
{
    // Every repeat gets an id "same-N" and a warning; finding N from "-2" up for each, or counting the
    // diagnostics at each check, made this quadratic (50,000 names ran for minutes).
    const std::size_t n = kMaxQuestionsPerPack;
    TempDir dir;
    writeFile(dir / "names.gift", "$CATEGORY: alpha\n\n" + repeated("::same::Q?{=a#w ~b#w}\n\n", n));
    const auto lp = loadPacks({dir / "names.gift"}, miniCatalog());
    REQUIRE(lp.size() == 1);
    REQUIRE(lp[0].ok());
    REQUIRE(lp[0].pack.questions.size() == n);
    CHECK(lp[0].pack.questions[0].id == "same");
    CHECK(lp[0].pack.questions[1].id == "same-2");
    CHECK(lp[0].pack.questions[n - 1].id == "same-" + std::to_string(n));
}

TEST_CASE("a GIFT file of thousands of questions without a why reads in linear time", "[hostile][gift]")
{
    // Each question gets the "not every option has a why" warning, which was located by a scan over every
    // recorded position (20,000 questions: about a minute).
    const std::size_t n = kMaxQuestionsPerPack;
    std::string text = "$CATEGORY: alpha\n\n";
    for (std::size_t i = 0; i < n; ++i) {
        text += "::q" + std::to_string(i) + "::Question number " + std::to_string(i) + "?{=a ~b}\n\n";
    }
    TempDir dir;
    writeFile(dir / "nowhy.gift", text);
    const auto lp = loadPacks({dir / "nowhy.gift"}, miniCatalog());
    REQUIRE(lp.size() == 1);
    REQUIRE(lp[0].ok());
    CHECK(lp[0].pack.questions.size() == n);
    CHECK(lp[0].positionOf("/questions/19999/options/1").line == 2 * 19999 + 3);
}

TEST_CASE("a Moodle XML file on one line reads in linear time", "[hostile][moodle-xml]")
{
    // Every element's column was counted from the start of its line: on an 18 MB line, minutes per file.
    const std::size_t n = 5000;
    const std::string question =
        "<question type=\"multichoice\"><name><text>q</text></name><questiontext><text>Which is it?</text>"
        "</questiontext><generalfeedback><text>Because.</text></generalfeedback><answer fraction=\"100\">"
        "<text>a</text><feedback><text>w</text></feedback></answer><answer fraction=\"0\"><text>b</text>"
        "<feedback><text>w</text></feedback></answer></question>";
    const std::string head =
        "<quiz><question type=\"category\"><category><text>alpha</text></category></question>";
    const std::string text = head + repeated(question, n) + "</quiz>";
    TempDir dir;
    writeFile(dir / "line.xml", text);
    const auto lp = loadPacks({dir / "line.xml"}, miniCatalog());
    REQUIRE(lp.size() == 1);
    REQUIRE(lp[0].ok());
    CHECK(lp[0].pack.questions.size() == n);
    const SourcePos last = lp[0].positionOf("/questions/4999/options/1");
    CHECK(last.line == 1);
    // The second <answer> of the last question, counted in code points (all ASCII here).
    CHECK(static_cast<std::size_t>(last.column) == text.rfind("<answer") + 1);
}

TEST_CASE("a pack file over 64 MiB, a device, a FIFO or a directory is refused before it is read",
          "[hostile][loader]")
{
    TempDir dir;
    const auto only = [](const std::filesystem::path& p) {
        const auto lp = loadPacks({p}, {});
        REQUIRE(lp.size() == 1);
        REQUIRE(lp[0].diagnostics.size() == 1);
        CHECK(lp[0].diagnostics[0].pointer.empty());
        return lp[0].diagnostics[0].message;
    };
    // A sparse file: its size is over the limit, yet it takes no disk and is never read.
    const auto big = dir / "big.json";
    writeFile(big, "{");
    std::filesystem::resize_file(big, kMaxPackBytes + 1);
    CHECK(only(big) == "the file is 67108865 bytes; a pack file may be at most 64 MiB (67108864 bytes)");
    const auto bigGift = dir / "big.gift";
    writeFile(bigGift, "");
    std::filesystem::resize_file(bigGift, kMaxPackBytes + 1);
    CHECK(only(bigGift).find("may be at most 64 MiB") != std::string::npos);

    CHECK(only("/dev/zero").find("is not a regular file") != std::string::npos);
    const auto fifo = dir / "pack.json";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0); // opening it for reading would block without a writer
    CHECK(only(fifo).find("is not a regular file") != std::string::npos);
    CHECK(only(dir.path()) == "is a directory, not a pack file");
}

TEST_CASE("a pack over the question limit is refused when the reader reaches one question too many",
          "[hostile][loader]")
{
    const std::size_t n = kMaxQuestionsPerPack;
    TempDir dir;

    // JSON: the parser stops at the first question over; a syntax error after it is never reached.
    std::string text = R"({"format": "certdrill-pack/1", "questions": [)";
    for (std::size_t i = 0; i <= n; ++i) {
        text += "{},\n";
    }
    text += "this is not JSON";
    writeFile(dir / "many.json", text);
    auto lp = loadPacks({dir / "many.json"}, {});
    REQUIRE(lp[0].diagnostics.size() == 1);
    CHECK(lp[0].diagnostics[0].pointer == "/questions");
    CHECK(lp[0].diagnostics[0].message ==
          "more than 20000 questions: a pack may hold at most 20000; split it into several packs");
    CHECK(lp[0].diagnostics[0].pos.line == static_cast<int>(n) + 1);

    // GIFT: conversion stops at question 20,001; the broken question after it is never read.
    writeFile(dir / "many.gift", "$CATEGORY: alpha\n\n" + repeated("Q?{=a#w ~b#w}\n\n", n + 1) + "{\n");
    lp = loadPacks({dir / "many.gift"}, miniCatalog());
    REQUIRE(errorCount(lp[0].diagnostics) == 1);
    CHECK(lp[0].diagnostics[0].message.rfind("more than 20000 questions", 0) == 0);
    CHECK(lp[0].diagnostics[0].pos.line == 2 * static_cast<int>(n) + 3);

    // Moodle XML likewise: the bad fraction after the limit is never reported.
    const std::string q = "<question type=\"multichoice\"><questiontext><text>Q?</text></questiontext>"
                          "<answer fraction=\"100\"><text>a</text></answer><answer><text>b</text></answer>"
                          "</question>\n";
    writeFile(dir / "many.xml",
              "<quiz><question type=\"category\"><category><text>alpha</text></category>"
              "</question>\n" +
                  repeated(q, n + 1) +
                  "<question type=\"multichoice\"><answer fraction=\"x\"/></question></quiz>");
    lp = loadPacks({dir / "many.xml"}, miniCatalog());
    REQUIRE(errorCount(lp[0].diagnostics) == 1);
    CHECK(lp[0].diagnostics[0].message.rfind("more than 20000 questions", 0) == 0);
}

TEST_CASE("a GIFT question over 1 MiB is refused without holding it", "[hostile][gift]")
{
    const std::string huge(kMaxGiftQuestionBytes + 10, 'x');
    const auto conv =
        convertGift("$CATEGORY: alpha\n\n" + huge + "{=a ~b}\n\nSmall?{=a ~b}\n", "h.gift", miniExams(), {});
    REQUIRE(errorCount(conv.diagnostics) == 1);
    CHECK(conv.diagnostics[0].message ==
          "this question is 1048594 bytes long; a question may be at most 1 MiB");
    CHECK(conv.diagnostics[0].pos.line == 3);
}
