// Category maps: Moodle categories and tags that name no blueprint domain, mapped onto the exam's domains and
// official objectives, with every problem located in the map or the Moodle file.
#include "certdrill/pack/CategoryMap.h"

#include <map>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackLoader.h"

#include "PackFixtures.h"
#include "TestSupport.h"

using namespace certdrill;

namespace {

/// The mini exam with objectives (alpha: 1.1, 1.2; beta: 2.1).
ExamCatalog objectivesCatalog()
{
    return miniCatalog("mini-exam-objectives.json");
}

/// A map file of this text in `dir`, in ImportOptions.
ImportOptions withMap(const TempDir& dir, const std::string& text)
{
    writeFile(dir / "map.json", text);
    ImportOptions o;
    o.map = dir / "map.json";
    return o;
}

/// "LINE:COLUMN POINTER" of the error containing `part`, which must be in the map of `o`.
std::string mapError(const std::vector<Diagnostic>& ds, const ImportOptions& o, const std::string& part)
{
    const Diagnostic* d = findMessage(ds, part);
    INFO(part);
    REQUIRE(d);
    CHECK(d->file == o.map.string());
    CHECK(d->isError());
    return std::to_string(d->pos.line) + ":" + std::to_string(d->pos.column) + " " + d->pointer;
}

const Question& question(const LoadedPack& lp, const std::string& id)
{
    for (const auto& q : lp.pack.questions) {
        if (q.id == id) {
            return q;
        }
    }
    FAIL("no question " << id);
    throw;
}

} // namespace

TEST_CASE("categorySegments drops Moodle's contexts and top, and trims", "[map]")
{
    CHECK(categorySegments("$course$/top/Week 3/ LLMs ") == std::vector<std::string>{"Week 3", "LLMs"});
    CHECK(categorySegments("$system$/Top").empty());
    CHECK(categorySegments("ncp-genl/fine-tuning") == std::vector<std::string>{"ncp-genl", "fine-tuning"});
}

TEST_CASE("a map places a question by tag first, else by the longest category above it", "[map]")
{
    const LoadedMap loaded = parseCategoryMap(readFile(dataFile("course-map.json")), "course-map.json");
    REQUIRE(loaded.ok());
    const CategoryMap& map = *loaded.map;
    REQUIRE(map.rules.size() == 3);
    const auto only = [&](const std::string& category, const std::vector<std::string>& tags) {
        const auto rules = map.match(category, tags);
        return rules.size() == 1 ? rules.front()->target.domain + "/" + rules.front()->target.objective
                                 : std::to_string(rules.size()) + " rules";
    };
    CHECK(only("$course$/top/Week 1: Numbers", {}) == "alpha/1.1");
    CHECK(only("$course$/top/WEEK 1: NUMBERS/sums/Hard ones", {}) == "alpha/1.2"); // longest prefix, any case
    CHECK(only("$course$/top/Week 1: Numbers", {"Parity"}) == "beta/2.1");         // the tag wins
    CHECK(only("$course$/top/Week 1: Numbers/Sums", {"unmapped"}) == "alpha/1.2");
    CHECK(only("$course$/top/Week 2", {}) == "0 rules");
    CHECK(only("$course$/top/Week 1", {}) == "0 rules"); // a prefix of a segment is not a prefix of the path
    REQUIRE(map.fallback);
    CHECK(map.fallback->domain == "beta");
}

TEST_CASE("a GIFT course export is placed by its map, and converts as a pack", "[map][gift]")
{
    ImportOptions o;
    o.map = dataFile("course-map.json");
    const auto loaded = loadPacks({dataFile("course.gift")}, objectivesCatalog(), o);
    const LoadedPack& lp = loaded.at(0);
    for (const auto& d : lp.diagnostics) {
        INFO(d.format());
        CHECK(!d.isError());
    }
    REQUIRE(lp.pack.questions.size() == 4);
    CHECK(question(lp, "primes").domain == "alpha");
    CHECK(question(lp, "primes").objective == "1.1");
    CHECK(question(lp, "evens").domain == "beta"); // by its // [tag:parity] line
    CHECK(question(lp, "evens").objective == "2.1");
    CHECK(question(lp, "odd-sum").objective == "1.2");
    CHECK(question(lp, "odd-sum").subtopic == "a2");
    CHECK(question(lp, "square").domain == "beta"); // Week 2: no rule, the default
    CHECK(lp.conversion->rulesUsed.size() == 3);
    // Every rule placed a question, so none is reported as matching nothing.
    CHECK_FALSE(findMessage(lp.diagnostics, "check its spelling"));
}

TEST_CASE("a question the map does not place is an error naming it and its line", "[map][gift]")
{
    TempDir dir;
    const ImportOptions o = withMap(dir, R"({"format": "certdrill-map/1",
 "rules": [{"category": "Week 1: Numbers", "domain": "alpha"},
           {"category": "Week 9", "domain": "alpha"}]})");
    const auto loaded = loadPacks({dataFile("course.gift")}, objectivesCatalog(), o);
    const LoadedPack& lp = loaded.at(0);
    CHECK_FALSE(lp.ok());
    const Diagnostic* d =
        findMessage(lp.diagnostics, "question \"square\" is in category \"$course$/top/Week 2\"");
    REQUIRE(d);
    CHECK(d->file == dataFile("course.gift").string());
    CHECK(d->pos.line == 25);
    CHECK(d->pos.column == 1);
    CHECK_THAT(d->message, Catch::Contains("no rule of " + o.map.string()) &&
                               Catch::Contains("the map has no \"default\""));
    // The rule nothing matched is a warning at its own line, in the map.
    const Diagnostic* unused =
        findMessage(lp.diagnostics, "no question is in category \"Week 9\" or below it");
    REQUIRE(unused);
    CHECK(unused->file == o.map.string());
    CHECK(unused->pos.line == 3);
    CHECK(!unused->isError());
    // The rule that placed questions is not.
    CHECK_FALSE(findMessage(lp.diagnostics, "no question is in category \"Week 1: Numbers\""));

    // --domain places what the map does not, before the map's default would.
    ImportOptions withDomain = o;
    withDomain.domain = "alpha";
    const auto placed = loadPacks({dataFile("course.gift")}, objectivesCatalog(), withDomain);
    REQUIRE(placed.at(0).ok());
    CHECK(question(placed.at(0), "square").domain == "alpha");
}

TEST_CASE("tags that map one question to two places are an error", "[map][gift]")
{
    TempDir dir;
    const ImportOptions o = withMap(dir, R"({"format": "certdrill-map/1", "rules": [
  {"tag": "a", "domain": "alpha"}, {"tag": "b", "domain": "beta"}, {"tag": "c", "domain": "beta"}]})");
    writeFile(dir / "two.gift", "// [tag:a] [tag:b]\n::q1:: Which?{=x ~y}\n\n// [tag:b]\n// [tag:c]\n"
                                "::q2:: Which one?{=x ~y}\n");
    const auto loaded = loadPacks({dir / "two.gift"}, objectivesCatalog(), o);
    const Diagnostic* d = findMessage(loaded.at(0).diagnostics, "question \"q1\" has tags that");
    REQUIRE(d);
    CHECK(d->pos.line == 2); // the question's first line after its comments
    CHECK_THAT(d->message, Catch::Contains("tag \"a\" to alpha, tag \"b\" to beta"));
    // Two tags that agree are fine.
    CHECK_FALSE(findMessage(loaded.at(0).diagnostics, "question \"q2\""));
}

TEST_CASE("a GIFT question's comment lines count towards its 1 MiB; the questions around it keep their tags",
          "[map][gift][hostile]")
{
    const LoadedMap loaded = parseCategoryMap(R"({"format": "certdrill-map/1", "rules": [
  {"tag": "a", "domain": "beta"}], "default": {"domain": "alpha"}})",
                                              "map.json");
    REQUIRE(loaded.ok());
    std::string padding;
    int paddingLines = 0;
    while (padding.size() <= kMaxGiftQuestionBytes) {
        padding += "// [tag:a] a comment line of a question that is far too long\n";
        ++paddingLines;
    }
    std::vector<ExamDef> exams;
    for (const auto& [id, known] : objectivesCatalog()) {
        exams.push_back(known.exam);
    }
    const Conversion conv = convertGift("// [tag:a]\n::q1:: Which?{=x ~y}\n\n" + padding +
                                            "::q2:: Which one?{=x ~y}\n\n// [tag:a]\n::q3:: And?{=x ~y}\n"
                                            "\n::q4:: Untagged?{=x ~y}\n",
                                        "c.gift", exams, {}, &*loaded.map);
    REQUIRE(errorCount(conv.diagnostics) == 1);
    CHECK(conv.diagnostics[0].message.rfind("this question is ", 0) == 0);
    CHECK_THAT(conv.diagnostics[0].message, Catch::Contains("a question may be at most 1 MiB"));
    CHECK(conv.diagnostics[0].pos.line == 4 + paddingLines); // q2's first line, after its comments
    const auto pack = nlohmann::json::parse(conv.json);
    std::map<std::string, std::string> domains;
    for (const auto& q : pack.at("questions")) {
        domains[q.at("id")] = q.at("domain");
    }
    // q1 and q3 by their own tag lines, q4 (no tag) by the default: tags stay with their block.
    CHECK(domains == std::map<std::string, std::string>{{"q1", "beta"}, {"q3", "beta"}, {"q4", "alpha"}});
}

TEST_CASE("Moodle XML <tags> are read for the map", "[map][moodle-xml]")
{
    TempDir dir;
    const ImportOptions o = withMap(dir, R"({"format": "certdrill-map/1", "rules": [
  {"tag": "Week-1", "domain": "beta", "objective": "2.1"}], "default": {"domain": "alpha"}})");
    writeFile(dir / "q.xml", R"(<quiz>
  <question type="multichoice">
    <name><text>Tagged</text></name>
    <questiontext><text>Which?</text></questiontext>
    <tags><tag><text>week-1</text></tag></tags>
    <answer fraction="100"><text>x</text></answer>
    <answer fraction="0"><text>y</text></answer>
  </question>
  <question type="multichoice">
    <name><text>Untagged</text></name>
    <questiontext><text>Which one?</text></questiontext>
    <answer fraction="100"><text>x</text></answer>
    <answer fraction="0"><text>y</text></answer>
  </question>
</quiz>)");
    const auto loaded = loadPacks({dir / "q.xml"}, objectivesCatalog(), o);
    REQUIRE(loaded.at(0).ok());
    CHECK(question(loaded.at(0), "tagged").domain == "beta");
    CHECK(question(loaded.at(0), "tagged").objective == "2.1");
    CHECK(question(loaded.at(0), "untagged").domain == "alpha");
}

TEST_CASE("every problem of a map is located in the map, and its Moodle files are not read", "[map]")
{
    TempDir dir;
    // One line per problem, so each is found by its line.
    const ImportOptions o = withMap(dir, R"({"format": "certdrill-map/1", "exam": "mini", "rules": [
  {"category": "Week 1: Numbers", "domain": "gamma"},
  {"category": "Week 2", "domain": "alpha", "objective": "2.1"},
  {"category": "Week 3", "tag": "x", "domain": "alpha"},
  {"tag": "t", "domain": "Alpha"},
  {"category": "$course$/top", "domain": "alpha"},
  {"category": "week 2", "domain": "beta"},
  {"tag": "u", "domain": "beta", "colour": "red"}],
 "default": {"domain": "beta", "subtopic": "a1"}})");
    const auto loaded = loadPacks({dataFile("course.gift")}, objectivesCatalog(), o);
    const auto& ds = loaded.at(0).diagnostics;
    // The shape first: these stop the map before its references are checked.
    CHECK(mapError(ds, o, "a rule names either a \"category\" or a \"tag\"") == "4:3 /rules/2");
    CHECK(mapError(ds, o, "\"domain\" \"Alpha\" must use only") == "5:26 /rules/3/domain");
    CHECK(mapError(ds, o, "names no category (only Moodle's $course$ and top)") == "6:16 /rules/4/category");
    CHECK(mapError(ds, o, "this category has a rule already, at /rules/1") == "7:16 /rules/5/category");
    CHECK(mapError(ds, o, "unknown field \"colour\"") == "8:34 /rules/6/colour");
    // The Moodle file is not converted with a broken map.
    const Diagnostic* notRead = findMessage(ds, "not read: the category map");
    REQUIRE(notRead);
    CHECK(notRead->file == dataFile("course.gift").string());

    // References, checked against the exam once the shape is right.
    const ImportOptions refs = withMap(dir, R"({"format": "certdrill-map/1", "exam": "other", "rules": [
  {"category": "Week 1: Numbers", "domain": "gamma"},
  {"category": "Week 2", "domain": "alpha", "objective": "2.1"}],
 "default": {"domain": "beta", "subtopic": "a1"}})");
    ImportOptions forMini = refs;
    forMini.exam = "mini";
    const auto checked = loadPacks({dataFile("course.gift")}, objectivesCatalog(), forMini);
    const auto& cs = checked.at(0).diagnostics;
    CHECK(mapError(cs, refs, "the map is for exam \"other\", but the questions go into exam \"mini\"") ==
          "1:39 /exam");
    CHECK(mapError(cs, refs, "exam \"mini\" has no domain \"gamma\"; it has alpha, beta") ==
          "2:45 /rules/0/domain");
    CHECK(mapError(cs, refs, "domain \"alpha\" has no objective \"2.1\"; it has 1.1, 1.2") ==
          "3:58 /rules/1/objective");
    CHECK(mapError(cs, refs, "domain \"beta\" has no subtopic \"a1\"; it has b1") ==
          "4:44 /default/subtopic");
}

TEST_CASE("a map that cannot be read, or one with no Moodle file to place, is said so", "[map]")
{
    TempDir dir;
    ImportOptions missing;
    missing.map = dir / "nope.json";
    const auto none = loadPacks({dataFile("course.gift")}, objectivesCatalog(), missing);
    const Diagnostic* d = findMessage(none.at(0).diagnostics, "no such file");
    REQUIRE(d);
    CHECK(d->file == missing.map.string());
    CHECK_FALSE(none.at(0).ok());

    const ImportOptions bad = withMap(dir, "{\"format\": \"certdrill-map/2\", \"rules\": []}");
    CHECK(findMessage(loadPacks({dataFile("course.gift")}, objectivesCatalog(), bad).at(0).diagnostics,
                      "\"format\" must be \"certdrill-map/1\""));

    const ImportOptions fine = withMap(dir, R"({"format": "certdrill-map/1", "rules": []})");
    const auto packOnly = loadPacks({dataFile("mini-exam.json")}, {}, fine);
    CHECK(packOnly.at(0).ok());
    CHECK(findMessage(packOnly.at(0).diagnostics, "no Moodle file is named"));
}
