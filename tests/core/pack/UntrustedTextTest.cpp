// What a pack from a stranger may not smuggle in: control characters (through any reader), non-finite
// credit, UTF-16 that passes for UTF-8, entity declarations that would silently not apply; and what its
// diagnostics may not do to the terminal or to stderr.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/Diagnostic.h"
#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/MoodleXmlReader.h"
#include "certdrill/pack/PackBuilder.h"
#include "certdrill/pack/PackLoader.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

ExamCatalog miniCatalog()
{
    const auto lp = loadPacks({dataFile("mini-exam.json")}, {});
    REQUIRE(lp.at(0).ok());
    ExamCatalog catalog;
    catalog["mini"] = {lp[0].pack.exams.at(0), lp[0].pack.info.id};
    return catalog;
}

std::vector<ExamDef> miniExams()
{
    return {miniCatalog().at("mini").exam};
}

std::vector<Diagnostic> loadOne(const TempDir& dir, const std::string& name, const std::string& text)
{
    writeFile(dir / name, text);
    auto lp = loadPacks({dir / name}, miniCatalog());
    REQUIRE(lp.size() == 1);
    return lp[0].diagnostics;
}

const Diagnostic* findMessage(const std::vector<Diagnostic>& ds, const std::string& part)
{
    for (const auto& d : ds) {
        if (d.message.find(part) != std::string::npos) {
            return &d;
        }
    }
    return nullptr;
}

/// A pack with one question whose id and stem are given (JSON string contents, escapes allowed).
std::string packWith(const std::string& id, const std::string& stem)
{
    return R"({"format": "certdrill-pack/1", "pack": {"id": "p", "title": "T", "version": "1", "authors": ["a"],
 "license": "MIT"}, "questions": [{"id": ")" +
           id + R"(", "exam": "mini", "domain": "alpha", "stem": ")" + stem +
           R"(", "select": 1, "options": [{"text": "a", "correct": true, "why": "w"}, {"text": "b", "correct": false, "why": "w"}]}]})";
}

} // namespace

TEST_CASE("control characters are refused by every reader, located", "[untrusted][loader]")
{
    TempDir dir;
    // GIFT and XML: a raw NUL, BEL or ESC is one located error and the file is not converted.
    auto ds = loadOne(dir, "bell.gift", "$CATEGORY: alpha\n\n::q:: Ring\a?{=a ~b}\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message == "the control character U+0007 is not text; a pack holds printable text, tabs and "
                           "line breaks only");
    CHECK(ds[0].pos.line == 3);
    CHECK(ds[0].pos.column == 11);
    ds = loadOne(dir, "nul.gift", std::string("$CATEGORY: alpha\n\n::q:: A\0B?{=a ~b}\n", 35));
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.rfind("the control character U+0000", 0) == 0);
    ds = loadOne(dir, "esc.xml",
                 "<quiz>\n<question type=\"multichoice\"><name><text>\x1b[2J</text></name>"
                 "</question></quiz>");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.rfind("the control character U+001B", 0) == 0);
    CHECK(ds[0].pos.line == 2);
    // C1 controls (U+009B is a one-character CSI on some terminals) too.
    ds = loadOne(dir, "csi.gift",
                 "$CATEGORY: alpha\n\n::q:: A\xC2\x9B"
                 "2J?{=a ~b}\n");
    REQUIRE(ds.size() == 1);
    CHECK(ds[0].message.rfind("the control character U+009B", 0) == 0);

    // Written as a character reference in XML or a \u escape in JSON, the pack rules refuse it where it is.
    ds = loadOne(dir, "ref.xml",
                 "<quiz><question type=\"category\"><category><text>alpha</text></category></question>\n"
                 "<question type=\"multichoice\"><questiontext><text>Bell&#7;?</text></questiontext>\n"
                 "<answer fraction=\"100\"><text>a</text></answer><answer><text>b</text></answer></question>"
                 "</quiz>");
    const Diagnostic* d = findMessage(ds, "holds the control character U+0007");
    REQUIRE(d);
    CHECK(d->isError());
    CHECK(d->pointer == "/questions/0/stem");
    CHECK(d->pos.line == 2);
    ds = loadOne(dir, "esc.json", packWith("q1", "Clear \\u001b[2J the screen?"));
    d = findMessage(ds, "\"stem\" holds the control character U+001B");
    REQUIRE(d);
    CHECK(d->pointer == "/questions/0/stem");
    // Tabs and line breaks are text.
    CHECK(errorCount(loadOne(dir, "ok.json", packWith("q1", "Two\\nlines\\tand a tab?"))) == 0);
}

TEST_CASE("diagnostics never put control characters on the terminal, and cut long echoes",
          "[untrusted][diagnostic]")
{
    TempDir dir;
    const auto ds = loadOne(dir, "id.json", packWith("\\u001b[2J\\u0007", "Stem?"));
    REQUIRE_FALSE(ds.empty());
    for (const auto& diag : ds) {
        const std::string line = diag.format();
        INFO(line);
        CHECK(line.find('\x1b') == std::string::npos);
        CHECK(line.find('\a') == std::string::npos);
    }
    const Diagnostic* pattern = findMessage(ds, "must use only a-z");
    REQUIRE(pattern);
    CHECK(pattern->format().find("\"\\u001B[2J\\u0007\" must use only") != std::string::npos);

    // A 10 MB unknown key is named in a line of a few hundred characters, not echoed twice in full.
    const std::string key(10'000'000, 'k');
    const auto big = loadOne(dir, "key.json", R"({"format": "certdrill-pack/1", ")" + key + R"(": 1})");
    const Diagnostic* d = findMessage(big, "unknown field");
    REQUIRE(d);
    CHECK(d->message.size() < 200);
    CHECK(d->format().size() < 600);
    CHECK(d->format().find("\u2026") != std::string::npos);

    CHECK(echoed("short") == "short");
    CHECK(echoed(std::string(100, 'x'), 10) == "xxxxxxxxxx\u2026");
    CHECK(echoed("caf\xC3\xA9\x1b") == "caf\xC3\xA9\\u001B");
}

TEST_CASE("a credit that is not a finite number is refused in GIFT and Moodle XML",
          "[untrusted][gift][moodle-xml]")
{
    for (const std::string share : {"inf", "nan", "1e400", "-inf", "0x10"}) {
        INFO(share);
        const auto g =
            convertGift("$CATEGORY: alpha\n\nQ?{~%" + share + "%a ~%50%b ~c}\n", "c.gift", miniExams(), {});
        CHECK(findMessage(g.diagnostics, "a credit share is written \"%50%\" (a finite number"));
        const auto x = convertMoodleXml("<quiz><question type=\"multichoice\"><questiontext><text>Q?</text>"
                                        "</questiontext><answer fraction=\"" +
                                            share + "\"><text>a</text></answer></question></quiz>",
                                        "c.xml", miniExams(), {});
        CHECK(findMessage(x.diagnostics, "\" is not a finite number (a percentage, e.g. 100)"));
    }
    CHECK(parsePercent("33.33333").value() == Approx(33.33333));
    CHECK(parsePercent("-100").value() == -100);
    CHECK_FALSE(parsePercent(""));
    CHECK_FALSE(parsePercent("50%"));
}

TEST_CASE("UTF-16 without a byte-order mark is named as UTF-16", "[untrusted][loader]")
{
    TempDir dir;
    const auto utf16 = [](const std::string& ascii, bool bigEndian) {
        std::string out;
        for (const char c : ascii) {
            out += bigEndian ? std::string(1, '\0') + c : std::string(1, c) + '\0';
        }
        return out;
    };
    for (const bool be : {false, true}) {
        for (const char* name : {"u16.json", "u16.gift", "u16.xml"}) {
            const auto ds = loadOne(dir, name, utf16("{\"format\": \"certdrill-pack/1\"}", be));
            REQUIRE(ds.size() == 1);
            CHECK(ds[0].message == "file is UTF-16 (without a byte-order mark); save it as UTF-8");
            CHECK(ds[0].pos.line == 1);
            CHECK(ds[0].pos.column == 1);
        }
    }
}

TEST_CASE("a Moodle XML DOCTYPE that declares entities gets a warning", "[untrusted][moodle-xml]")
{
    const std::string xml =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE quiz [\n<!ENTITY co \"certdrill\">\n]>\n"
        "<quiz><question type=\"category\"><category><text>alpha</text></category></question>"
        "<question type=\"multichoice\"><questiontext><text>About &amp; &co;?</text>"
        "</questiontext><answer fraction=\"100\"><text>a</text></answer><answer><text>b"
        "</text></answer></question></quiz>";
    const auto x = convertMoodleXml(xml, "e.xml", miniExams(), {});
    const Diagnostic* d = findMessage(x.diagnostics, "the DOCTYPE declares entities");
    REQUIRE(d);
    CHECK_FALSE(d->isError());
    CHECK(d->pos.line == 2);
    CHECK(nlohmann::json::parse(x.json)["questions"][0]["stem"] == "About & &co;?");
    // A DOCTYPE without entities says nothing.
    const auto plain = convertMoodleXml("<!DOCTYPE quiz>\n<quiz/>", "p.xml", miniExams(), {});
    CHECK_FALSE(findMessage(plain.diagnostics, "DOCTYPE"));
}

TEST_CASE("a warning repeated through a file is listed three times and counted", "[untrusted][diagnostic]")
{
    TempDir dir;
    std::string gift = "$CATEGORY: alpha\n\n";
    for (int i = 0; i < 20; ++i) {
        gift += "::q" + std::to_string(i) + ":: Question " + std::to_string(i) + "?{=a ~b}\n\n";
    }
    const auto ds = loadOne(dir, "nowhy.gift", gift);
    REQUIRE(ds.size() == 3);
    CHECK(ds[0].more == 0);
    CHECK(ds[2].more == 17);
    CHECK(warningCount(ds) == 20);
    CHECK(ds[2].pos.line == 7); // the third question's answers
    CHECK(ds[2].format().find("(and 17 more like it in this file)") != std::string::npos);

    // Errors are never folded.
    std::vector<Diagnostic> mixed(5, Diagnostic{Diagnostic::Severity::Error, "f", {}, "", "e"});
    summariseRepeats(mixed);
    CHECK(mixed.size() == 5);
}
