// Packs come from strangers: every reader must end, in time linear in its input, on any file. These tests
// run under their own CTest entry ("hostile") with a bounded timeout: the generated inputs are large
// enough that the quadratic behaviour they guard against would run for many minutes and be killed by it,
// while linear code reads them in well under a second.

#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/HtmlText.h"
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
}
