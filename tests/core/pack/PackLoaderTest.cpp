#include "certdrill/pack/PackLoader.h"

#include <map>

#include <catch2/catch.hpp>

#include "TestSupport.h"

using namespace certdrill;

namespace {

// A valid pack with one exam and one question; tests break one thing at a time with replace().
const std::string kValid = R"J({
  "format": "certdrill-pack/1",
  "pack": {"id": "p", "title": "T", "version": "1.0.0", "authors": ["a"], "license": "MIT"},
  "exams": [{"id": "x", "title": "X", "version": "1", "duration_minutes": 10,
             "question_count": {"min": 1, "max": 3, "default": 2}, "pass_percent": 70, "multi_select_share": 0.25,
             "domains": [{"id": "d1", "name": "D1", "weight": 70, "subtopics": [{"id": "s1", "name": "S1"}]},
                         {"id": "d2", "name": "D2", "weight": 30}]}],
  "questions": [
    {"id": "q1", "exam": "x", "domain": "d1", "subtopic": "s1", "stem": "Pick two. (Select TWO.)", "select": 2,
     "options": [{"text": "A", "correct": true, "why": "a"}, {"text": "B", "correct": true, "why": "b"},
                 {"text": "C", "correct": false, "why": "c"}]}
  ]
})J";

std::string replace(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    return text;
}

LoadedPack load(const std::string& text)
{
    return loadPackText(text, "pack.json", {});
}

/// The only error of a pack that must have exactly one.
Diagnostic onlyError(const LoadedPack& lp)
{
    std::vector<Diagnostic> errors;
    for (const auto& d : lp.diagnostics) {
        if (d.isError()) {
            errors.push_back(d);
        }
    }
    INFO((errors.empty() ? std::string("no errors") : errors.front().format()));
    REQUIRE(errors.size() == 1);
    return errors.front();
}

} // namespace

TEST_CASE("a valid pack loads without diagnostics", "[loader]")
{
    const LoadedPack lp = load(kValid);
    CHECK(lp.diagnostics.empty());
    REQUIRE(lp.ok());
    REQUIRE(lp.pack.exams.size() == 1);
    CHECK(lp.pack.exams[0].domains.size() == 2);
    REQUIRE(lp.pack.questions.size() == 1);
    CHECK(lp.pack.questions[0].select == 2);
    CHECK(lp.pack.questions[0].options[1].correct);
    CHECK(lp.pack.questions[0].shuffle);
    CHECK(lp.pack.sha256.size() == 64);
}

TEST_CASE("each validation rule reports a located error", "[loader]")
{
    struct Case
    {
        const char* name;
        std::string text;
        std::string pointer;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"unknown field", replace(kValid, R"("select": 2,)", R"("select": 2, "colour": 1,)"),
         "/questions/0/colour", "unknown field \"colour\""},
        {"missing field", replace(kValid, R"J("stem": "Pick two. (Select TWO.)", )J", ""), "/questions/0",
         "missing required field \"stem\""},
        {"select vs correct",
         replace(kValid, R"({"text": "B", "correct": true)", R"({"text": "B", "correct": false)"),
         "/questions/0/options", "\"select\" is 2 but 1 option is marked correct"},
        {"select not below options",
         replace(replace(kValid, R"("correct": false, "why": "c")", R"("correct": true, "why": "c")"),
                 R"("select": 2)", R"("select": 3)"),
         "/questions/0/select", "must be fewer than the options"},
        {"duplicate option", replace(kValid, R"({"text": "C")", R"({"text": "A")"),
         "/questions/0/options/2/text", "duplicate option text \"A\""},
        {"empty option", replace(kValid, R"({"text": "C")", R"({"text": "  ")"),
         "/questions/0/options/2/text", "must not be empty"},
        {"id pattern", replace(kValid, R"("id": "q1")", R"("id": "Q 1")"), "/questions/0/id",
         "must use only"},
        {"unknown exam", replace(kValid, R"("exam": "x")", R"("exam": "y")"), "/questions/0/exam",
         "unknown exam \"y\""},
        {"unknown domain", replace(kValid, R"("domain": "d1")", R"("domain": "d9")"), "/questions/0/domain",
         "has no domain \"d9\""},
        {"unknown subtopic", replace(kValid, R"("subtopic": "s1")", R"("subtopic": "s9")"),
         "/questions/0/subtopic", "has no subtopic \"s9\""},
        {"weights", replace(kValid, R"("weight": 30)", R"("weight": 20)"), "/exams/0/domains",
         "domain weights sum to 90"},
        {"format", replace(kValid, "certdrill-pack/1", "certdrill-pack/9"), "/format", "\"format\" must be"},
        {"difficulty range", replace(kValid, R"("select": 2,)", R"("select": 2, "difficulty": 9,)"),
         "/questions/0/difficulty", "difficulty"},
        {"pack version", replace(kValid, R"("version": "1.0.0")", R"("version": "one")"), "/pack/version",
         "dotted numbers"},
        {"type", replace(kValid, R"("select": 2)", R"("select": "2")"), "/questions/0/select", "select"},
    };
    for (const auto& c : cases) {
        SECTION(c.name)
        {
            const Diagnostic d = onlyError(load(c.text));
            CHECK(d.pointer == c.pointer);
            CHECK_THAT(d.message, Catch::Contains(c.message));
            CHECK(d.file == "pack.json");
            CHECK(d.pos.line > 1);
        }
    }
}

TEST_CASE("duplicate question ids are rejected", "[loader]")
{
    const std::string q = R"({"id": "q1", "exam": "x", "domain": "d2", "stem": "Another one?", "select": 1,
     "options": [{"text": "A", "correct": true, "why": "a"}, {"text": "B", "correct": false, "why": "b"}]})";
    const auto d = onlyError(load(replace(kValid, "\n  ]\n}", ",\n" + q + "\n  ]\n}")));
    CHECK(d.pointer == "/questions/1/id");
    CHECK_THAT(d.message, Catch::Contains("duplicate question id"));
    // Both places: the error is at the second, and names where the first one is.
    CHECK_THAT(d.message,
               Catch::Contains("\", first used at line ") && Catch::EndsWith(" (/questions/0/id)"));
}

TEST_CASE("a stem repeated in a pack or a batch is a located warning", "[loader]")
{
    // The same stem up to case and white space: a warning at the second one, naming the first.
    const std::string q =
        R"J({"id": "q2", "exam": "x", "domain": "d2", "stem": "pick  two.\n(select two.)", "select": 2,
     "options": [{"text": "A", "correct": true, "why": "a"}, {"text": "B", "correct": true, "why": "b"},
                 {"text": "C", "correct": false, "why": "c"}]})J";
    const auto lp = load(replace(kValid, "\n  ]\n}", ",\n" + q + "\n  ]\n}"));
    REQUIRE(lp.diagnostics.size() == 1);
    const Diagnostic& d = lp.diagnostics[0];
    CHECK_FALSE(d.isError());
    CHECK(d.pointer == "/questions/1/stem");
    CHECK(d.pos.line == 12);
    CHECK_THAT(d.message, Catch::Contains("the same stem as question \"q1\" in pack.json"));

    // Across the files of one batch.
    TempDir dir;
    writeFile(dir / "a.json", kValid);
    writeFile(dir / "b.json", R"J({
  "format": "certdrill-pack/1",
  "pack": {"id": "p2", "title": "T2", "version": "1.0.0", "authors": ["a"], "license": "MIT"},
  "questions": [
    {"id": "q9", "exam": "x", "domain": "d1", "stem": "PICK TWO. (Select TWO.)", "select": 2,
     "options": [{"text": "A", "correct": true, "why": "a"}, {"text": "B", "correct": true, "why": "b"},
                 {"text": "C", "correct": false, "why": "c"}]}
  ]
})J");
    const auto batch = loadPacks({dir / "a.json", dir / "b.json"}, {});
    REQUIRE(batch.size() == 2);
    CHECK(batch[0].diagnostics.empty());
    REQUIRE(batch[1].diagnostics.size() == 1);
    CHECK_THAT(batch[1].diagnostics[0].message, Catch::Contains("the same stem as question \"q1\""));
    CHECK(batch[1].diagnostics[0].pos.line == 5);
}

TEST_CASE("errors carry the line and column of the offending value", "[loader]")
{
    const std::string text = replace(kValid, R"("select": 2,)", R"("select": 2, "colour": 1,)");
    const Diagnostic d = onlyError(load(text));
    // "colour" is on line 9 of kValid (1-based), at the column of its key.
    const auto lineStart = text.find("{\"id\": \"q1\"");
    const auto keyAt = text.find("\"colour\"");
    const int line =
        1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(keyAt), '\n'));
    const int column = 1 + static_cast<int>(keyAt - text.rfind('\n', keyAt) - 1);
    CHECK(lineStart != std::string::npos);
    CHECK(d.pos.line == line);
    CHECK(d.pos.column == column);
    CHECK_THAT(d.format(), Catch::StartsWith("pack.json:" + std::to_string(line) + ":" +
                                             std::to_string(column) + ": error: /questions/0/colour: "));
}

namespace {

/// Line and column (code points) of the first occurrence of `marker` in `text`.
SourcePos positionOfText(const std::string& text, const std::string& marker)
{
    const auto at = text.find(marker);
    REQUIRE(at != std::string::npos);
    SourcePos pos;
    for (std::size_t i = 0; i < at; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++pos.column;
        }
    }
    return pos;
}

} // namespace

TEST_CASE("diagnostics deep in a pack are located without a position per value", "[loader]")
{
    // Positions are found again from the source: keys with escapes, multi-byte characters before the value,
    // an element far into an array, a member of the root, a missing field (its object), a later question.
    std::string text = replace(kValid, R"("license": "MIT"})", R"("license": "MIT", "b\u00e9~/gus": 1})");
    text = replace(text, R"J("stem": "Pick two. (Select TWO.)",)J",
                   R"J("stem": "Pické twö. (Select TWO.)", "a\/b": true,)J");
    text = replace(text, R"({"text": "C", "correct": false, "why": "c"}]})",
                   R"({"text": "C", "correct": false, "why": "c"}]},
    {"id": "q2", "exam": "x", "domain": "d2", "select": 1, "options": [{"text": "ü", "correct": true},
      {"text": "v", "correct": "no", "why": "w"}]})");
    const LoadedPack lp = load(text);
    std::map<std::string, SourcePos> at; // pointer → position
    for (const auto& d : lp.diagnostics) {
        INFO(d.format());
        CHECK(at.count(d.pointer) == 0);
        at[d.pointer] = d.pos;
    }
    const auto check = [&](const std::string& pointer, const std::string& marker) {
        INFO(pointer);
        REQUIRE(at.count(pointer) == 1);
        const SourcePos want = positionOfText(text, marker);
        CHECK(at[pointer].line == want.line);
        CHECK(at[pointer].column == want.column);
    };
    check("/pack/bé~0~1gus", R"("b\u00e9~/gus")");
    check("/questions/0/a~1b", R"("a\/b")");
    check("/questions/1", R"({"id": "q2")");
    check("/questions/1/options/1/correct", R"("no")");
    check("/questions/1/options", R"([{"text": "ü")");
    CHECK(at.size() == 5);
    // The lint's lookup after loading finds the same places.
    CHECK(lp.positionOf("/questions/1/options/1/why").line == positionOfText(text, R"("w"}]})").line);
    CHECK(lp.positionOf("/questions/1/options/1/why").column == positionOfText(text, R"("w"}]})").column);
    // No such question: the array that would hold it.
    CHECK(lp.positionOf("/questions/7/stem").line == positionOfText(text, R"("questions": [)").line);
    CHECK(lp.positionOf("/questions/1/nothing").column == positionOfText(text, R"({"id": "q2")").column);
}

TEST_CASE("strict JSON: duplicate keys, bad UTF-8 and syntax errors are located", "[loader]")
{
    SECTION("duplicate key")
    {
        const auto d = onlyError(load(replace(kValid, R"("title": "T",)", R"("title": "T", "title": "U",)")));
        CHECK_THAT(d.message, Catch::Contains("duplicate key \"title\""));
        CHECK(d.pos.line == 3);
    }
    SECTION("invalid UTF-8")
    {
        const auto d = onlyError(load(replace(kValid, R"("title": "T")", "\"title\": \"T\xC3\x28\"")));
        CHECK_THAT(d.message, Catch::Contains("UTF-8"));
        CHECK(d.pos.line == 3);
    }
    SECTION("syntax")
    {
        const auto d = onlyError(load(replace(kValid, R"("license": "MIT"})", R"("license": "MIT",})")));
        CHECK_THAT(d.message, Catch::Contains("invalid JSON"));
        CHECK(d.pos.line == 3);
    }
}

TEST_CASE("warnings do not make a pack invalid", "[loader]")
{
    SECTION("missing why")
    {
        const auto lp = load(replace(kValid, R"(, "why": "c")", ""));
        CHECK(lp.ok());
        REQUIRE(lp.diagnostics.size() == 1);
        CHECK(lp.diagnostics[0].severity == Diagnostic::Severity::Warning);
    }
    SECTION("multi-select stem without a count")
    {
        const auto lp = load(replace(kValid, "Pick two. (Select TWO.)", "Pick some."));
        CHECK(lp.ok());
        REQUIRE(lp.diagnostics.size() == 1);
        CHECK_THAT(lp.diagnostics[0].message, Catch::Contains("how many to choose"));
    }
}

TEST_CASE("statedCountProblem recognises the usual phrasings", "[loader]")
{
    CHECK_FALSE(statedCountProblem("Which apply? (Select TWO.)", 2));
    CHECK_FALSE(statedCountProblem("Choose 3 answers", 3));
    CHECK(statedCountProblem("Which apply? (Select TWO.)", 3) ==
          "stem says \"Select TWO\" but \"select\" is 3");
    CHECK(statedCountProblem("Which apply?", 2) ==
          "multi-select stem does not say how many to choose (e.g. \"(Select TWO.)\")");
    CHECK_FALSE(statedCountProblem("Which apply?", 1)); // a single answer needs no count
    CHECK_FALSE(statedCountProblem("Pick one of the two teams' plans. (Select TWO.)", 2));
    // The stated words are echoed escaped: a stem's control characters never reach a terminal raw.
    CHECK(statedCountProblem("Which? (Select\tTWO.)", 1) ==
          "stem says \"Select\\u0009TWO\" but \"select\" is 1");
}

TEST_CASE("a batch resolves exams across files and reports a missing file", "[loader]")
{
    const auto packs = loadPacks({dataFile("mini-questions.json"), dataFile("mini-exam.json")}, {});
    REQUIRE(packs.size() == 2);
    CHECK(packs[0].ok());
    CHECK(packs[1].ok());
    const auto alone = loadPacks({dataFile("mini-questions.json")}, {});
    CHECK_FALSE(alone[0].ok());
    const auto missing = loadPacks({dataFile("no-such-file.json")}, {});
    CHECK(missing[0].diagnostics.at(0).message == "no such file");
}

TEST_CASE("the five-error fixture yields exactly five located errors", "[loader]")
{
    const auto packs = loadPacks({dataFile("mini-exam.json"), dataFile("five-errors.json")}, {});
    CHECK(errorCount(packs[1].diagnostics) == 5);
    for (const auto& d : packs[1].diagnostics) {
        CHECK(d.pos.line > 1);
    }
}

TEST_CASE("the bundled NCP-GENL bank validates", "[loader][bank]")
{
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(CERTDRILL_QUESTIONS_DIR)) {
        files.push_back(e.path());
    }
    const auto packs = loadPacks(files, {});
    for (const auto& lp : packs) {
        for (const auto& d : lp.diagnostics) {
            INFO(d.format());
            CHECK(false);
        }
    }
}

TEST_CASE("utf8Error locates the first bad byte and recognises UTF-16", "[loader]")
{
    CHECK_FALSE(utf8Error("plain ASCII and caf\xC3\xA9", "a.json"));
    const auto latin1 = utf8Error("line one\n  caf\xE9\n", "a.gift");
    REQUIRE(latin1);
    CHECK(latin1->format() == "a.gift:2:6: error: file is not valid UTF-8");
    const auto utf16 = utf8Error(std::string("\xFF\xFE{\0", 4), "b.json");
    REQUIRE(utf16);
    CHECK(utf16->format() == "b.json:1:1: error: file is UTF-16; save it as UTF-8");
    CHECK(utf8Error("\xFE\xFF\0{", "c.json")->message == "file is UTF-16; save it as UTF-8");
}

TEST_CASE("a missing file or a directory is named as such, without a pointer", "[loader]")
{
    TempDir dir;
    std::filesystem::create_directory(dir / "adir.json");
    const auto packs = loadPacks({dir / "none.json", dir / "adir.json"}, {});
    REQUIRE(packs.size() == 2);
    REQUIRE(packs[0].diagnostics.size() == 1);
    CHECK(packs[0].diagnostics[0].format() == (dir / "none.json").string() + ":1:1: error: no such file");
    REQUIRE(packs[1].diagnostics.size() == 1);
    CHECK(packs[1].diagnostics[0].format() ==
          (dir / "adir.json").string() + ":1:1: error: is a directory, not a pack file");
}

TEST_CASE("an empty pack is an error only when the pack has no other", "[loader]")
{
    CHECK(onlyError(load(R"({"format": "certdrill-pack/1",
        "pack": {"id": "p", "title": "T", "version": "1", "authors": ["a"], "license": "MIT"}})"))
              .message == "a pack must define at least one exam or one question");
    // Over the question limit: the questions are not read, and that is the one error.
    std::string many = R"({"format": "certdrill-pack/1",
        "pack": {"id": "p", "title": "T", "version": "1", "authors": ["a"], "license": "MIT"}, "questions": [)";
    for (int i = 0; i < 20001; ++i) {
        many += i ? ",{}" : "{}";
    }
    many += "]}";
    CHECK_THAT(onlyError(load(many)).message, Catch::Contains("a pack may hold at most 20000"));
    CHECK_THAT(onlyError(load(R"({"format": "certdrill-pack/1",
        "pack": {"id": "p", "title": "T", "version": "1", "authors": ["a"], "license": "MIT"}, "exams": 3})"))
                   .message,
               Catch::Contains("\"exams\" must be an array"));
}

TEST_CASE("a stem that states another count than select is a warning naming both", "[loader]")
{
    const auto warningAbout = [](const LoadedPack& lp) {
        REQUIRE(lp.ok());
        REQUIRE(lp.diagnostics.size() == 1);
        CHECK(lp.diagnostics[0].pointer == "/questions/0/stem");
        return lp.diagnostics[0].message;
    };
    SECTION("single answer, stem says TWO")
    {
        const auto lp =
            load(replace(replace(kValid, R"("select": 2)", R"("select": 1)"),
                         R"({"text": "B", "correct": true)", R"({"text": "B", "correct": false)"));
        CHECK(warningAbout(lp) == "stem says \"Select TWO\" but \"select\" is 1");
    }
    SECTION("two answers, stem says THREE")
    {
        const auto lp = load(replace(kValid, "Pick two. (Select TWO.)", "Pick two. (Select THREE.)"));
        CHECK(warningAbout(lp) == "stem says \"Select THREE\" but \"select\" is 2");
    }
    SECTION("prose before the instruction does not count")
    {
        CHECK(
            load(replace(kValid, "Pick two. (Select TWO.)", "The team must pick one to ship. (Select TWO.)"))
                .diagnostics.empty());
        CHECK(load(replace(kValid, "Pick two. (Select TWO.)", "Choose 2 of these.")).diagnostics.empty());
    }
    const auto counts = stemSelectCounts("Pick one, preselect two... (Select  FIVE.) choose 10; selection 3");
    REQUIRE(counts.size() == 3);
    CHECK(counts[0].text == "Pick one");
    CHECK(counts[0].count == 1);
    CHECK(counts[1].text == "Select  FIVE");
    CHECK(counts[1].count == 5);
    CHECK(counts[2].count == 10);
}

TEST_CASE("an exam names each domain's objectives and a question names one of its domain's",
          "[loader][objectives]")
{
    const std::string withObjectives =
        replace(replace(kValid, R"("subtopics": [{"id": "s1", "name": "S1"}]})",
                        R"("subtopics": [{"id": "s1", "name": "S1"}],
                         "objectives": [{"id": "1.1", "name": "First"}, {"id": "1.2", "name": "Second"}]})"),
                R"("subtopic": "s1",)", R"("subtopic": "s1", "objective": "1.2",)");
    const LoadedPack ok = load(withObjectives);
    REQUIRE(ok.ok());
    REQUIRE(ok.pack.exams[0].domains[0].objectives.size() == 2);
    CHECK(ok.pack.exams[0].domains[0].objectives[1].name == "Second");
    CHECK(ok.pack.exams[0].domains[1].objectives.empty());
    CHECK(ok.pack.questions[0].objective == "1.2");
    CHECK(ok.pack.questions[0].topicIn(ok.pack.exams[0].domains[0]) == "1.2");

    const Diagnostic unknown =
        onlyError(load(replace(withObjectives, R"("objective": "1.2")", R"("objective": "4.2")")));
    CHECK(unknown.pointer == "/questions/0/objective");
    CHECK(unknown.message == "domain \"d1\" has no objective \"4.2\"; it has 1.1, 1.2");

    // A domain without objectives: the question's objective resolves nowhere.
    const Diagnostic none = onlyError(
        load(replace(replace(withObjectives, R"("domain": "d1", "subtopic": "s1",)", R"("domain": "d2",)"),
                     R"("objective": "1.2")", R"("objective": "1.1")")));
    CHECK(none.message == "domain \"d2\" has no objective \"1.1\" (its exam names none)");

    const Diagnostic duplicate = onlyError(load(
        replace(withObjectives, R"({"id": "1.1", "name": "First"})", R"({"id": "1.2", "name": "First"})")));
    CHECK(duplicate.message == "duplicate objective id \"1.2\" in domain \"d1\"");

    // A question without an objective still loads (instructors' packs need not name them).
    CHECK(load(replace(withObjectives, R"( "objective": "1.2",)", "")).ok());
}
