#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/HtmlText.h"
#include "certdrill/pack/ItemLint.h"
#include "certdrill/pack/MoodleXmlReader.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/store/Store.h"

#include "PackFixtures.h"
#include "TestSupport.h"

using namespace certdrill;
using nlohmann::json;

namespace {

std::string readText(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The first question of Moodle XML `xml` as the converted pack holds it; the file must convert without
/// errors.
json firstXmlQuestion(const std::string& xml, const std::vector<ExamDef>& exams)
{
    const auto x = convertMoodleXml(xml, "q.xml", exams, {});
    REQUIRE(errorCount(x.diagnostics) == 0);
    return json::parse(x.json)["questions"][0];
}

/// A file's text, written to a temporary .gift file of that name.
std::filesystem::path giftFile(const TempDir& dir, const std::string& name, const std::string& text)
{
    const auto p = dir / name;
    writeFile(p, text);
    return p;
}

} // namespace

TEST_CASE("GIFT multiple choice, multi-select, true/false and escapes become pack questions", "[gift]")
{
    const auto conv = convertGift(readText(dataFile("sample.gift")), "sample.gift", miniExams(), {});
    const json pack = json::parse(conv.json);
    CHECK(pack["pack"]["id"] == "gift-sample");
    CHECK(pack["pack"]["version"] == "1.0.0");
    const json& qs = pack["questions"];
    REQUIRE(qs.size() == 4); // the numerical question is skipped

    CHECK(qs[0]["id"] == "pick-one");
    CHECK(qs[0]["exam"] == "mini");
    CHECK(qs[0]["domain"] == "alpha"); // "Alpha" by name
    CHECK(qs[0]["subtopic"] == "a2");
    CHECK(qs[0]["stem"] == "Which number is prime?");
    CHECK(qs[0]["select"] == 1);
    REQUIRE(qs[0]["options"].size() == 3);
    CHECK(qs[0]["options"][0] ==
          json({{"text", "7"}, {"correct", true}, {"why", "7 has no divisor but 1 and itself."}}));
    CHECK(qs[0]["options"][1]["correct"] == false);
    CHECK(qs[0]["explanation"] == "Primes have exactly two divisors.");

    // No "=": every answer with a positive share is right, so two right answers make a Select TWO.
    CHECK(qs[1]["stem"] == "Which are even? (Select TWO.)"); // the [markdown] marker is dropped
    CHECK(qs[1]["select"] == 2);
    CHECK(qs[1]["options"][0]["correct"] == true);
    CHECK(qs[1]["options"][1]["correct"] == true);
    CHECK(qs[1]["options"][2]["correct"] == false);

    // TRUE#when wrong#when right: the first feedback explains the wrong option, the second the right one.
    CHECK(qs[2]["domain"] == "beta");
    CHECK_FALSE(qs[2].contains("subtopic"));
    CHECK(qs[2]["shuffle"] == false);
    CHECK(qs[2]["options"][0] ==
          json({{"text", "True"}, {"correct", true}, {"why", "Right: 2(a+b+1) is even."}}));
    CHECK(qs[2]["options"][1]["why"] == "Odd plus odd: (2a+1)+(2b+1) = 2(a+b+1).");

    // Escaped control characters are text; an unnamed question's id comes from its stem.
    CHECK(qs[3]["stem"] == "Escapes : a {brace}, a ~tilde, a #hash and a \\ backslash.");
    CHECK(qs[3]["id"] == "escapes-a-brace-a-tilde-a-hash"); // its first eight words

    REQUIRE(conv.diagnostics.size() == 1);
    CHECK(conv.diagnostics[0].severity == Diagnostic::Severity::Warning);
    CHECK(conv.diagnostics[0].pos.line == 24);
    CHECK(conv.diagnostics[0].message.find("numerical questions are not imported") != std::string::npos);
    // Each question and option knows its line and column in the GIFT file.
    CHECK(conv.originOf("/questions/1/options/2/text").line == 15);
    CHECK(conv.originOf("/questions/1/options/2/text").column == 3);
    CHECK(conv.originOf("/questions/0/options/0/why").column == 6);
    CHECK(conv.originOf("/questions/3").line == 22);
}

TEST_CASE("GIFT problems are reported at their line and column", "[gift]")
{
    const auto exams = miniExams();
    SECTION("an unclosed answer block")
    {
        const auto c = convertGift("$CATEGORY: alpha\n\n::a:: Stem {\n=right ~wrong\n", "x.gift", exams, {});
        const Diagnostic* d = findMessage(c.diagnostics, "not closed");
        REQUIRE(d);
        CHECK(d->isError());
        CHECK(d->file == "x.gift");
        CHECK(d->pos.line == 3);
        CHECK(d->pos.column == 12);
    }
    SECTION("a question outside every domain, then --domain for it")
    {
        const std::string text = "Stem?{=a ~b}\n";
        const auto c = convertGift(text, "x.gift", exams, {});
        const Diagnostic* d = findMessage(c.diagnostics, "has no category");
        REQUIRE(d);
        CHECK(d->message.find("such as \"mini/alpha\"") != std::string::npos);
        ImportOptions o;
        o.domain = "beta";
        const auto placed = convertGift(text, "x.gift", exams, o);
        CHECK(errorCount(placed.diagnostics) == 0);
        CHECK(json::parse(placed.json)["questions"][0]["domain"] == "beta");
        o.domain = "gamma";
        CHECK(findMessage(convertGift(text, "x.gift", exams, o).diagnostics, "is not a domain"));
    }
    SECTION("a category that names no domain")
    {
        const auto c = convertGift("$CATEGORY: $course$/Misc\n\nStem?{=a ~b}\n", "x.gift", exams, {});
        const Diagnostic* d = findMessage(c.diagnostics, "names none of exam \"mini\"'s domains");
        REQUIRE(d);
        CHECK(d->pos.line == 3);
    }
    SECTION("no right answer, a bad share, and partial credit in a single choice")
    {
        const auto none = convertGift("$CATEGORY: alpha\n\nStem?{~a ~b}\n", "x.gift", exams, {});
        CHECK(findMessage(none.diagnostics, "no answer is marked right"));
        const auto bad = convertGift("$CATEGORY: alpha\n\nStem?{~%fifty%a =b}\n", "x.gift", exams, {});
        const Diagnostic* d = findMessage(bad.diagnostics, "credit share");
        REQUIRE(d);
        CHECK(d->pos.column == 8);
        const auto partial = convertGift("$CATEGORY: alpha\n\nStem?{=a ~%50%b ~c}\n", "x.gift", exams, {});
        CHECK(errorCount(partial.diagnostics) == 0);
        CHECK(findMessage(partial.diagnostics, "partial credit is scored as wrong"));
        CHECK(json::parse(partial.json)["questions"][0]["options"][1]["correct"] == false);
    }
    SECTION("which exam")
    {
        std::vector<ExamDef> two = exams;
        two.push_back(exams[0]);
        two.back().id = "other";
        const auto c = convertGift("Stem?{=a ~b}\n", "x.gift", two, {});
        CHECK(findMessage(c.diagnostics, "Pass --exam (one of mini, other)"));
        ImportOptions o;
        o.exam = "nope";
        CHECK(
            findMessage(convertGift("Stem?{=a ~b}\n", "x.gift", exams, o).diagnostics, "\"nope\" is not in"));
    }
    SECTION("CRLF line ends, a byte order mark, comments and a repeated name")
    {
        const auto c = convertGift(
            "\xEF\xBB\xBF$CATEGORY: alpha\r\n\r\n// note\r\n::n::Q?{=a ~b}\r\n\r\n::n::Q?{=c ~d}\r\n",
            "x.gift", exams, {});
        CHECK(errorCount(c.diagnostics) == 0);
        const json qs = json::parse(c.json)["questions"];
        REQUIRE(qs.size() == 2);
        CHECK(qs[0]["id"] == "n");
        CHECK(qs[1]["id"] == "n-2");
        const Diagnostic* d = findMessage(c.diagnostics, "is used before");
        REQUIRE(d);
        CHECK(d->pos.line == 6);
    }
    SECTION("a question on the lines right after a $CATEGORY line, with no blank line between")
    {
        // Moodle reads such a block as one category whose name runs on through the question, and the question
        // is lost without a word; certdrill took the same path. The category is its line, the question is
        // imported, and a warning says what Moodle would do with the file.
        const auto c =
            convertGift("$CATEGORY: alpha\n// note\n::q1:: Which?{\n=a ~b}\n\n::q2:: Next?{=c ~d}\n",
                        "x.gift", exams, {});
        CHECK(errorCount(c.diagnostics) == 0);
        const json qs = json::parse(c.json)["questions"];
        REQUIRE(qs.size() == 2);
        CHECK(qs[0]["id"] == "q1");
        CHECK(qs[0]["domain"] == "alpha");
        CHECK(qs[1]["domain"] == "alpha");
        const Diagnostic* d = findMessage(c.diagnostics, "blank line after the $CATEGORY line");
        REQUIRE(d);
        CHECK(!d->isError());
        CHECK(d->pos.line == 3);
        CHECK(d->pos.column == 1);
    }
    SECTION("two questions with no blank line between them")
    {
        // Moodle makes them one question, the second inside the first's text after a "missing word" blank:
        // the stem read "Pick _____ ::q2:: Next? {=c ~d}".
        const auto c = convertGift("$CATEGORY: alpha\n\n::q1:: Pick {=a ~b}\n  ::q2:: Next? {=c ~d}\n",
                                   "x.gift", exams, {});
        const Diagnostic* d = findMessage(c.diagnostics, "put a blank line between two questions");
        REQUIRE(d);
        CHECK(d->isError());
        CHECK(d->pos.line == 4);
        CHECK(d->pos.column == 3);
        // A category line right after a question: it was read as the question's text, and the next question
        // stayed in the category before ("alpha" for "beta").
        const auto category =
            convertGift("$CATEGORY: alpha\n\n::a:: One?{=x ~y}\n$CATEGORY: beta\n\n::b:: Two?{=x ~y}\n",
                        "z.gift", exams, {});
        const Diagnostic* misplaced =
            findMessage(category.diagnostics, "a $CATEGORY line needs a blank line before it");
        REQUIRE(misplaced);
        CHECK(misplaced->isError());
        CHECK(misplaced->pos.line == 4);
        CHECK(misplaced->pos.column == 1);
        // A missing-word question, text on both sides of its one answer block, is still one question.
        const auto word =
            convertGift("$CATEGORY: alpha\n\nThe {=sun ~moon} rises in the east.\n", "y.gift", exams, {});
        CHECK(errorCount(word.diagnostics) == 0);
        CHECK(json::parse(word.json)["questions"][0]["stem"] == "The _____ rises in the east.");
    }
}

TEST_CASE("a single-choice question with two full-credit answers is an error, not a Select TWO",
          "[gift][moodle-xml]")
{
    // Moodle accepts either answer; certdrill would have asked for both.
    const auto exams = miniExams();
    const auto gift =
        convertGift("$CATEGORY: alpha\n\n::awq:: Which?{\n  =a\n  =b\n  ~c\n}\n", "x.gift", exams, {});
    const Diagnostic* d = findMessage(gift.diagnostics, "question \"awq\" is single choice with 2 answers");
    REQUIRE(d);
    CHECK(d->isError());
    CHECK(d->pos.line == 5); // the second "="
    CHECK(d->pos.column == 3);
    CHECK_THAT(d->message, Catch::Contains("Moodle accepts either of them") && Catch::Contains("\"~%50%\""));
    CHECK(json::parse(gift.json)["questions"].empty());
    // One "=" and a share: a single choice with one key, as before.
    CHECK(errorCount(
              convertGift("$CATEGORY: alpha\n\nWhich?{=a ~%50%b ~c}\n", "y.gift", exams, {}).diagnostics) ==
          0);
    // Without "=", two shares are a multiple-response question: Select TWO.
    const auto multi = convertGift("$CATEGORY: alpha\n\nWhich?{~%50%a ~%50%b ~c}\n", "z.gift", exams, {});
    CHECK(errorCount(multi.diagnostics) == 0);
    CHECK(json::parse(multi.json)["questions"][0]["select"] == 2);

    const auto xml = convertMoodleXml(readText(dataFile("two-keys.xml")), "two-keys.xml", exams, {});
    const Diagnostic* x =
        findMessage(xml.diagnostics, "question \"two-keys\" is single choice with 2 answers");
    REQUIRE(x);
    CHECK(x->isError());
    CHECK(x->pos.line == 10); // the second <answer fraction="100">
    CHECK(x->pos.column == 5);
    CHECK_THAT(x->message,
               Catch::Contains("Moodle accepts either") && Catch::Contains("<single>false</single>"));
}

TEST_CASE("a multiple-response question whose shares do not add up to 100% is imported with a warning",
          "[gift][moodle-xml]")
{
    // Moodle's question form refuses such shares and its import saves the question with a notice
    // ("The positive grades you have chosen do not add up to 100%"); certdrill asks for every answer with a
    // share, so the author is told what it will ask.
    const auto exams = miniExams();
    const auto low = convertGift(
        "$CATEGORY: alpha\n\n::low:: Which two?{\n  ~%50%a\n  ~%30%b\n  ~%-100%c\n}\n", "x.gift", exams, {});
    CHECK(errorCount(low.diagnostics) == 0);
    const Diagnostic* d = findMessage(low.diagnostics, "add up to 80%, not 100%");
    REQUIRE(d);
    CHECK(!d->isError());
    CHECK(d->pos.line == 3); // the answer block
    CHECK(d->pos.column == 19);
    CHECK_THAT(d->message, Catch::Contains("both answers with a share"));
    CHECK(json::parse(low.json)["questions"][0]["select"] == 2);

    const auto high =
        convertGift("$CATEGORY: alpha\n\nWhich?{~%50%a ~%50%b ~%50%c ~%-100%d}\n", "y.gift", exams, {});
    CHECK_THAT(findMessage(high.diagnostics, "add up to 150%, not 100%")->message,
               Catch::Contains("all 3 answers with a share"));

    const auto one = convertGift("$CATEGORY: alpha\n\nWhich?{~%50%a ~b ~c}\n", "o.gift", exams, {});
    CHECK_THAT(findMessage(one.diagnostics, "add up to 50%, not 100%")->message,
               Catch::Contains("choose the one answer with a share"));
    CHECK(json::parse(one.json)["questions"][0]["select"] == 1);
    const auto huge = convertGift("$CATEGORY: alpha\n\nWhich?{~%1e300%a ~%50%b ~c}\n", "h.gift", exams, {});
    CHECK(findMessage(huge.diagnostics, "add up to 1000000000%, not 100%"));

    // Shares that add up to 100% as Moodle rounds them (to a hundredth of a grade) say nothing.
    for (const std::string ok :
         {"~%50%a ~%50%b ~%-50%c", "~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d", "~%70%a ~%30%b ~c"}) {
        const auto c = convertGift("$CATEGORY: alpha\n\nWhich?{" + ok + "}\n", "z.gift", exams, {});
        CHECK(errorCount(c.diagnostics) == 0);
        CHECK_FALSE(findMessage(c.diagnostics, "add up to"));
    }

    const auto xml = convertMoodleXml(
        "<quiz><question type=\"category\"><category><text>alpha</text></category></question>\n"
        "<question type=\"multichoice\"><name><text>xml-low</text></name>\n"
        "<questiontext><text>Which two?</text></questiontext><single>false</single>\n"
        "<answer fraction=\"40\"><text>a</text></answer>\n"
        "<answer fraction=\"40\"><text>b</text></answer>\n"
        "<answer fraction=\"-100\"><text>c</text></answer>\n"
        "</question></quiz>\n",
        "x.xml", exams, {});
    CHECK(errorCount(xml.diagnostics) == 0);
    const Diagnostic* x = findMessage(xml.diagnostics, "add up to 80%, not 100%");
    REQUIRE(x);
    CHECK(x->pos.line == 4); // the first <answer>
}

TEST_CASE("a GIFT file is checked by the pack rules and reported at GIFT positions", "[gift]")
{
    TempDir dir;
    // The second option repeats the first: a pack rule, found in the generated JSON, reported in the GIFT.
    const auto p = giftFile(dir, "dup.gift", "$CATEGORY: alpha\n\n::q:: Stem?{\n  =same\n  ~same\n}\n");
    const auto loaded = loadPacks({p}, miniCatalog());
    REQUIRE(loaded.size() == 1);
    const Diagnostic* d = findMessage(loaded[0].diagnostics, "duplicate option text");
    REQUIRE(d);
    CHECK(d->file == p.string());
    CHECK(d->pos.line == 5);
    CHECK(d->pos.column == 3);
    // Named in the file's own terms: the author never sees the converted pack's JSON pointers.
    CHECK(d->pointer == "/questions/0/options/1/text");
    CHECK(d->place == "question \"q\", answer 2");
    CHECK(d->format() ==
          p.string() + ":5:3: error: question \"q\", answer 2: duplicate option text \"same\"");
    const Diagnostic* why = findMessage(loaded[0].diagnostics, "not every option has a \"why\"");
    REQUIRE(why);
    CHECK(why->place == "question \"q\", answers");
    const LoadedPack& lp = loaded[0];
    CHECK(lp.placeOf("/questions/0/options/0/why") == "question \"q\", answer 1 feedback");
    CHECK(lp.placeOf("/questions/0/stem") == "question \"q\", question text");
    CHECK(lp.placeOf("/questions/0/explanation") == "question \"q\", general feedback");
    CHECK(lp.placeOf("/questions/0/objective") == "question \"q\", category");
    CHECK(lp.placeOf("/questions/0") == "question \"q\"");
    CHECK(lp.placeOf("/questions/1") == "question 2");
    CHECK(lp.placeOf("/pack/version") == "--pack-version");
    CHECK(lp.placeOf("/pack/title") == "");
    // The lint names the question once, by its place.
    const LintReport lint =
        lintPacks(loadPacks({giftFile(dir, "long.gift",
                                      "$CATEGORY: alpha\n\n::k:: Which?{\n=the key, "
                                      "much the longest option #w\n~no #w\n~nay #w\n}\n")},
                            miniCatalog()));
    REQUIRE(!lint.findings.empty());
    CHECK_THAT(lint.findings[0].diagnostic().format(),
               Catch::Contains(":3:1: warning: question \"k\": [longest-key] the key is the longest option"));
    // A pack file's problems keep their JSON pointer.
    CHECK(loadPacks({dataFile("five-errors.json")}, {})[0].diagnostics.at(0).place.empty());
    CHECK(isGiftFile("a/b/Questions.GIFT"));
    CHECK(isGiftFile("moodle.gift.txt"));
    CHECK_FALSE(isGiftFile("pack.json"));
    CHECK_FALSE(isGiftFile(".gift"));
}

TEST_CASE("a Moodle file's problems are listed errors first, each kind in the order of its lines",
          "[gift][moodle-xml]")
{
    TempDir dir;
    // The converter finds the repeated name (line 6) and the partial credit (line 10), the pack rules the
    // missing whys (lines 3, 7, 11) and the batch the repeated stem (line 6): listed by pass, the lines ran
    // 6, 10, 3, 7, 11, 6. A second file's error comes before its warnings.
    const auto p = giftFile(dir, "order.gift",
                            "$CATEGORY: alpha\n\n"
                            "::q one:: What is the value of the thing when measured?{\n=alpha\n~beta\n}\n\n"
                            "::q one:: What is the value of the thing when measured?{\n=alpha\n~beta\n}\n\n"
                            "::q three:: What is C?{\n~%50%a\n=b\n~c\n}\n");
    const auto loaded = loadPacks({p}, miniCatalog());
    REQUIRE(loaded.size() == 1);
    const auto& ds = loaded[0].diagnostics;
    REQUIRE(ds.size() >= 4);
    CHECK(findMessage(ds, "is used before"));
    CHECK(findMessage(ds, "the same stem as"));
    std::string lines;
    for (const auto& d : ds) {
        lines += std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + " ";
    }
    INFO(lines);
    const auto inOrder = [](const Diagnostic& a, const Diagnostic& b) {
        return std::make_tuple(!a.isError(), a.pos.line, a.pos.column) <
               std::make_tuple(!b.isError(), b.pos.line, b.pos.column);
    };
    CHECK(std::is_sorted(ds.begin(), ds.end(), inOrder));
    const auto bad = giftFile(dir, "bad.gift", "$CATEGORY: alpha\n\nQ one?{=a ~b}\n\nQ two?{~a ~b}\n");
    const auto second = loadPacks({bad}, miniCatalog());
    const auto& bs = second.at(0).diagnostics;
    REQUIRE(bs.size() >= 2);
    CHECK(bs[0].isError());
    CHECK(bs[0].pos.line == 5);
    CHECK(std::is_sorted(bs.begin(), bs.end(), inOrder));
}

TEST_CASE("a GIFT import is atomic and versioned like any pack", "[gift]")
{
    TempDir dir;
    FakeClock clock;
    const auto owned = storeWithMiniExam(dir, clock);
    Store& store = *owned;

    // One bad file in the batch: nothing is imported, not even the good one.
    const auto bad = giftFile(dir, "bad.gift", "Stem?{=a ~b}\n");
    const auto failed = store.importFiles({dataFile("sample.gift"), bad});
    CHECK_FALSE(failed.ok());
    CHECK(store.candidates("mini").value().empty());

    const auto first = store.importFiles({dataFile("sample.gift")});
    REQUIRE(first.ok());
    REQUIRE(first.summaries.size() == 1);
    CHECK(first.summaries[0].packId == "gift-sample");
    CHECK(first.summaries[0].added == 4);
    const auto pool = store.candidates("mini").value();
    REQUIRE(pool.size() == 4);

    // The same file again is a no-op; changed content needs a higher version.
    CHECK(store.importFiles({dataFile("sample.gift")}).summaries.at(0).unchanged);
    const auto changed = giftFile(dir, "sample.gift",
                                  readText(dataFile("sample.gift")) + "\n$CATEGORY: beta\n\nNew?{=x ~y}\n");
    CHECK_FALSE(store.importFiles({changed}).ok());
    ImportOptions v2;
    v2.version = "1.1.0";
    const auto updated = store.importFiles({changed}, v2);
    REQUIRE(updated.ok());
    CHECK(updated.summaries.at(0).added == 1);
    CHECK(updated.summaries.at(0).unchangedQuestions == 4);
}

TEST_CASE("the GIFT importer agrees with GIFT-grammar-PEG.js's expected parses", "[gift][realdata]")
{
    const std::filesystem::path dir = realdata("GIFT-grammar-PEG.js/tests/questions");
    if (dir.empty()) {
        return;
    }
    ImportOptions o;
    o.domain = "alpha"; // these files have no blueprint categories
    int files = 0;
    int compared = 0;
    int refused = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".gift") {
            continue;
        }
        const auto expectedPath = std::filesystem::path(entry.path()).replace_extension(".json");
        if (!std::filesystem::exists(expectedPath)) {
            continue;
        }
        ++files;
        INFO(entry.path().filename().string());
        const json expected = json::parse(readText(expectedPath));
        const auto conv = convertGift(readText(entry.path()), entry.path().string(), miniExams(), o);
        const json ours = json::parse(conv.json)["questions"];
        std::vector<json> theirs;
        for (const auto& q : expected) {
            if (q["type"] == "TF") {
                theirs.push_back(q);
            } else if (q["type"] == "MC") {
                // Several "=" answers: Moodle accepts any one of them, which certdrill refuses to import.
                const auto keys = std::count_if(q["choices"].begin(), q["choices"].end(), [](const json& c) {
                    return c["isCorrect"] == true && !c["weight"].is_number();
                });
                if (keys > 1) {
                    CHECK(findMessage(conv.diagnostics, std::to_string(keys) + " answers of full credit"));
                    ++refused;
                } else {
                    theirs.push_back(q);
                }
            }
        }
        REQUIRE(ours.size() == theirs.size());
        for (std::size_t i = 0; i < theirs.size(); ++i) {
            const json& t = theirs[i];
            const json& q = ours[i];
            if (t["type"] == "TF") {
                CHECK(q["options"][0]["correct"] == t["isTrue"]);
                ++compared;
                continue;
            }
            REQUIRE(q["options"].size() == t["choices"].size());
            for (std::size_t k = 0; k < t["choices"].size(); ++k) {
                const json& c = t["choices"][k];
                // That parser leaves isCorrect false on weighted answers; the weight carries the credit.
                const bool right = c["weight"].is_number()
                                       ? c["weight"].get<double>() > 0 &&
                                             (q["select"] != 1 || c["weight"].get<double>() >= 100)
                                       : c["isCorrect"].get<bool>();
                CHECK(q["options"][k]["correct"] == right);
                // That parser keeps an [html] question's markup; certdrill imports it as plain text.
                const std::string text = c["text"]["text"];
                CHECK(q["options"][k]["text"] ==
                      (c["text"].value("format", "") == "html" ? htmlToText(text).text : text));
            }
            ++compared;
        }
    }
    CHECK(files > 40);
    CHECK(compared > 20);
    CHECK(refused == 1); // escapeColon.gift
}

TEST_CASE("Moodle's own GIFT import fixtures load", "[gift][realdata]")
{
    const std::filesystem::path dir = realdata("moodle-fixtures/question/format/gift/tests/fixtures");
    if (dir.empty()) {
        return;
    }
    ImportOptions o;
    o.domain = "alpha";
    const auto loaded =
        loadPacks({dir / "questions.gift.txt", dir / "questions_in_category.gift.txt"}, miniCatalog(), o);
    REQUIRE(loaded.size() == 2);
    CHECK(loaded[0].ok());
    CHECK(loaded[1].ok());
    // Of their essay, matching, numerical, short-answer, choice and true/false questions, the choice and
    // true/false ones: the colours multi-select, the Grant's-tomb choice, and three true/false.
    CHECK(loaded[0].pack.questions.size() == 5);
    CHECK(loaded[1].pack.questions.size() == 2);
    CHECK(loaded[0].pack.questions[0].select == 1);
    CHECK(loaded[0].pack.questions[1].select == 2);
}

TEST_CASE("Moodle XML multiple choice, multiple response and true/false become pack questions",
          "[moodle-xml]")
{
    const auto conv = convertMoodleXml(readText(dataFile("sample.xml")), "sample.xml", miniExams(), {});
    CHECK(errorCount(conv.diagnostics) == 0);
    const json pack = json::parse(conv.json);
    CHECK(pack["pack"]["id"] == "moodle-sample");
    const json& qs = pack["questions"];
    REQUIRE(qs.size() == 3);

    CHECK(qs[0]["id"] == "smallest-prime");
    CHECK(qs[0]["domain"] == "alpha");
    CHECK(qs[0]["subtopic"] == "a2"); // "Alpha two" by name, after the exam's id in the path
    CHECK(qs[0]["stem"] == "Which is the smallest prime number?");
    CHECK(qs[0]["select"] == 1);
    CHECK(qs[0]["options"][0] ==
          json({{"text", "2"}, {"correct", true}, {"why", "2 has the divisors 1 and 2."}}));
    CHECK(qs[0]["explanation"] == "A prime has exactly two divisors.");

    CHECK(qs[1]["select"] == 2); // <single>false</single>: every positive fraction is right
    CHECK(qs[1]["options"][1]["correct"] == false);
    CHECK(qs[1]["options"][2]["correct"] == true);

    // The file lists "true" second-to-none; certdrill shows True, then False, each with its feedback.
    CHECK(qs[2]["domain"] == "beta");
    CHECK(qs[2]["shuffle"] == false);
    CHECK(qs[2]["options"][0] == json({{"text", "True"}, {"correct", false}, {"why", "3 + 5 = 8 is even."}}));
    CHECK(qs[2]["options"][1]["correct"] == true);

    const Diagnostic* skipped = findMessage(conv.diagnostics, "<question type=\"essay\"> is not imported");
    REQUIRE(skipped);
    CHECK(skipped->pos.line == 33);
    CHECK(skipped->pos.column == 3);
    CHECK(conv.originOf("/questions/1/options/1/text").line == 21);
    CHECK(conv.originOf("/questions/1/options/1/text").column == 5);
}

TEST_CASE("Moodle XML problems are reported at their line and column", "[moodle-xml]")
{
    const auto exams = miniExams();
    const auto broken =
        convertMoodleXml("<quiz>\n  <question type=\"truefalse\">\n</quiz>\n", "b.xml", exams, {});
    REQUIRE(errorCount(broken.diagnostics) == 1);
    CHECK(broken.diagnostics[0].message.find("not well-formed XML") != std::string::npos);
    CHECK(broken.diagnostics[0].pos.line == 3);

    CHECK(
        findMessage(convertMoodleXml("<questions/>", "r.xml", exams, {}).diagnostics, "<quiz> root element"));

    const std::string badFraction =
        "<quiz><question type=\"category\"><category><text>alpha</text></category>"
        "</question>\n<question type=\"multichoice\"><questiontext><text>Q?</text>"
        "</questiontext>\n<answer fraction=\"full\"><text>a</text></answer>"
        "<answer fraction=\"0\"><text>b</text></answer></question></quiz>";
    const auto fraction = convertMoodleXml(badFraction, "f.xml", exams, {});
    const Diagnostic* d = findMessage(fraction.diagnostics, "is not a finite number");
    REQUIRE(d);
    CHECK(d->pos.line == 3);
    CHECK(d->pos.column == 1);

    // The pack rules apply to the converted questions too, at the XML element's position.
    TempDir dir;
    const auto p =
        giftFile(dir, "dup.xml",
                 "<quiz><question type=\"category\"><category><text>beta</text></category></question>\n"
                 "<question type=\"multichoice\"><questiontext><text>Q?</text></questiontext>\n"
                 "<answer fraction=\"100\"><text>same</text></answer>\n"
                 "  <answer fraction=\"0\"><text>same</text></answer></question></quiz>\n");
    const auto loaded = loadPacks({p}, miniCatalog());
    const Diagnostic* dup = findMessage(loaded.at(0).diagnostics, "duplicate option text");
    REQUIRE(dup);
    CHECK(dup->pos.line == 4);
    CHECK(dup->pos.column == 3);
    CHECK(isMoodleXmlFile("Export.XML"));
    CHECK_FALSE(isMoodleXmlFile("pack.json"));
}

TEST_CASE("Moodle's own XML import fixtures load", "[moodle-xml][realdata]")
{
    const std::filesystem::path dir = realdata("moodle-fixtures/question/format/xml/tests/fixtures");
    if (dir.empty()) {
        return;
    }
    ImportOptions o;
    o.domain = "alpha";
    // File, and how many of its questions are multiple choice or true/false.
    const std::vector<std::pair<std::string, std::size_t>> expected = {
        {"category_with_description.xml", 1},
        {"deprecated_category.xml", 1},
        {"error_invalid_grades.xml", 1},
        {"export_category.xml", 1},
        {"html_chars_in_idnumbers.xml", 1},
        {"nested_categories.xml", 1},
        {"nested_categories_with_questions.xml", 4},
        {"old_format_file.xml", 2},
        {"sample_questions_with_old_image_tag.xml", 1}};
    for (const auto& [file, count] : expected) {
        INFO(file);
        const auto loaded = loadPacks({dir / file}, miniCatalog(), o);
        CHECK(loaded.at(0).ok());
        CHECK(loaded.at(0).pack.questions.size() == count);
    }
    // Three answers earn credit (33, 33.33333, 33.33333), so it asks for three.
    const auto grades = loadPacks({dir / "error_invalid_grades.xml"}, miniCatalog(), o);
    CHECK(grades.at(0).pack.questions.at(0).select == 3);
}

TEST_CASE("HTML from Moodle's editor becomes plain text", "[moodle-xml][gift]")
{
    CHECK(htmlToText("<p dir=\"ltr\">Which is <b>right</b>?</p>").text == "Which is right?");
    // Paragraphs keep an empty line between them; <br> is one line break; the source's own line breaks and
    // runs of spaces fold into one space, as in a browser.
    CHECK(htmlToText("<p>One\n  two</p><p>Three<br/>four</p>").text == "One two\n\nThree\nfour");
    CHECK(htmlToText("<ul><li>alpha</li><li>beta</li></ul>").text == "\u2022 alpha\n\u2022 beta");
    // Character references, named and numeric; a decoded "<" is text, not a tag.
    CHECK(htmlToText("3 &lt; 5 &amp;&amp; 5&nbsp;&gt; 4 &#8211; &#x2019;ok&rsquo;").text ==
          "3 < 5 && 5 > 4 \u2013 \u2019ok\u2019");
    CHECK(htmlToText("AT&T; x < y; &bogus; &#xZZ;").text == "AT&T; x < y; &bogus; &#xZZ;");
    CHECK(htmlToText("a<!-- note -->b<script>alert(1)</script><style>p{}</style>c").text == "abc");
    const HtmlText img = htmlToText("<p>See <img src=\"@@PLUGINFILE@@/a.png\" alt=\"chart\"> below</p>");
    CHECK(img.text == "See below");
    CHECK(img.images == 1);
    CHECK(htmlToText("plain text, no markup").text == "plain text, no markup");
}

TEST_CASE("Moodle XML and GIFT questions written in HTML are imported as plain text", "[moodle-xml][gift]")
{
    const auto exams = miniExams();
    const std::string xml =
        "<quiz><question type=\"category\"><category><text>alpha</text></category></question>\n"
        "<question type=\"multichoice\"><name><text>Html</text></name>\n"
        "<questiontext format=\"html\"><text><![CDATA[<p>Is <b>3 &lt; 5</b>?</p><p><img "
        "src=\"x.png\"></p>]]></text></questiontext>\n"
        "<answer fraction=\"100\" format=\"html\"><text>&lt;p&gt;Yes&lt;/p&gt;</text>"
        "<feedback format=\"html\"><text><![CDATA[<p>3 is <i>less</i>.</p>]]></text></feedback></answer>\n"
        "<answer fraction=\"0\" format=\"plain_text\"><text>No "
        "&lt;b&gt;way&lt;/b&gt;</text></answer></question></quiz>";
    const auto x = convertMoodleXml(xml, "h.xml", exams, {});
    REQUIRE(errorCount(x.diagnostics) == 0);
    const json q = json::parse(x.json)["questions"][0];
    CHECK(q["stem"] == "Is 3 < 5?");
    CHECK(q["options"][0]["text"] == "Yes"); // escaped HTML in a non-CDATA text is HTML too
    CHECK(q["options"][0]["why"] == "3 is less.");
    CHECK(q["options"][1]["text"] ==
          "No <b>way</b>"); // format="plain_text": kept as written, as Moodle shows it
    const Diagnostic* image = findMessage(x.diagnostics, "1 image(s) in this question are not imported");
    REQUIRE(image);
    CHECK(image->pos.line == 2);

    const auto g =
        convertGift("$CATEGORY: alpha\n\n[html]<p>Pick <em>one</em></p>{=<b>this</b>#<i>why</i> ~that}\n",
                    "h.gift", exams, {});
    REQUIRE(errorCount(g.diagnostics) == 0);
    const json gq = json::parse(g.json)["questions"][0];
    CHECK(gq["stem"] == "Pick one");
    CHECK(gq["options"][0]["text"] == "this");
    CHECK(gq["options"][0]["why"] == "why");
    // [plain] is shown as written by Moodle too.
    const auto plain = convertGift("$CATEGORY: alpha\n\n[plain]<b>Bold</b>?{=a ~b}\n", "p.gift", exams, {});
    CHECK(json::parse(plain.json)["questions"][0]["stem"] == "<b>Bold</b>?");
    CHECK(plain.diagnostics.empty());
}

TEST_CASE("HTML tags in Moodle's default format are shown as Moodle shows them; other text is kept",
          "[moodle-xml][gift]")
{
    const auto exams = miniExams();
    const auto g = convertGift(readText(dataFile("html-unmarked.gift")), "html-unmarked.gift", exams, {});
    REQUIRE(errorCount(g.diagnostics) == 0);
    const json gq = json::parse(g.json)["questions"];
    // No marker is Moodle's own format, which shows HTML: converted as [html] is, its answers' too.
    CHECK(gq[0]["stem"] == "Which number is even?\nPick one.");
    CHECK(gq[0]["options"][0]["why"] == "Divisible by 2.");
    // "<" in a comparison and a type's angle brackets are no tags: the text stays as written.
    CHECK(gq[1]["stem"] == "Is a < b when a = 1 and b = 2, as List<int> compares?");
    CHECK(gq[1]["options"][0]["why"] == "1 < 2.");
    // A tokenizer's <s> and </s> are no HTML either.
    CHECK(gq[2]["stem"] == "Which token does Llama 2's prompt start with: <s> or </s>?");
    CHECK(gq[2]["options"][0]["text"] == "<s>");
    // [markdown] text keeps its tags as written, with a warning at the question's line.
    CHECK(gq[3]["stem"] == "Which is **bold**, <b>this</b>?");
    const Diagnostic* kept = findMessage(g.diagnostics, "[markdown] text holds HTML tags");
    REQUIRE(kept);
    CHECK(kept->pos.line == 10);
    CHECK(kept->pos.column == 18);
    CHECK(g.diagnostics.size() == 1);

    const auto x = convertMoodleXml(readText(dataFile("auto-format.xml")), "auto-format.xml", exams, {});
    REQUIRE(errorCount(x.diagnostics) == 0);
    const json xq = json::parse(x.json)["questions"];
    // moodle_auto_format with tags, and the answers and feedback without a format of their own.
    CHECK(xq[0]["stem"] == "Which number is even?\nPick one.");
    CHECK(xq[0]["options"][0]["why"] == "Divisible by 2.");
    CHECK(xq[0]["options"][1]["text"] == "List<int>"); // no tag: as written
    // Without a format Moodle reads a question text as HTML, and an answer in its question's format.
    CHECK(xq[1]["stem"] == "Is 2 < 3?");
    CHECK(xq[1]["options"][0]["text"] == "Yes");
    CHECK(xq[1]["options"][1]["text"] == "<b>No</b>"); // plain_text: as written
    CHECK(xq[2]["stem"] == "Which is **bold**, <b>this</b>?");
    const Diagnostic* xkept = findMessage(x.diagnostics, "format=\"markdown\" text holds HTML tags");
    REQUIRE(xkept);
    CHECK(xkept->pos.line == 19);
    CHECK(x.diagnostics.size() == 1);
}

TEST_CASE("a Moodle file that is not UTF-8 gets one located error and is not converted", "[gift][moodle-xml]")
{
    TempDir dir;
    const auto gift =
        giftFile(dir, "latin1.gift", "$CATEGORY: alpha\n\n::caf\xE9:: Caf\xE9? {=oui#w ~non#w}\n");
    const auto xml = giftFile(dir, "latin1.xml",
                              "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<quiz>\n"
                              "<question type=\"multichoice\"><name><text>caf\xE9</text></name></question>\n"
                              "</quiz>\n");
    const auto utf16 = giftFile(dir, "utf16.gift", std::string("\xFF\xFE$\0C\0", 6));
    const auto loaded = loadPacks({gift, xml, utf16}, miniCatalog());
    REQUIRE(loaded.size() == 3);
    for (const auto& lp : loaded) {
        REQUIRE(lp.diagnostics.size() == 1);
        CHECK(lp.pack.questions.empty());
    }
    CHECK(loaded[0].diagnostics[0].format() == gift.string() + ":3:6: error: file is not valid UTF-8");
    CHECK(loaded[1].diagnostics[0].format() == xml.string() + ":3:45: error: file is not valid UTF-8");
    CHECK(loaded[2].diagnostics[0].message == "file is UTF-16; save it as UTF-8");

    // The second guard: a converter handed bytes that are not UTF-8 does not throw out of the core.
    Conversion conv;
    REQUIRE_NOTHROW(conv =
                        convertGift("$CATEGORY: alpha\n\nCaf\xE9?{=oui ~non}\n", "x.gift", miniExams(), {}));
    CHECK(json::parse(conv.json)["questions"][0]["stem"] == "Caf\xEF\xBF\xBD?"); // U+FFFD

    // And a batch holding such a file imports nothing.
    FakeClock clock;
    const auto store = storeWithMiniExam(dir, clock);
    const auto failed = store->importFiles({dataFile("sample.gift"), gift});
    CHECK_FALSE(failed.ok());
    CHECK(store->candidates("mini").value().empty());
}

TEST_CASE("a Moodle file that fails to convert gets no \"a pack must define\" follow-on error",
          "[gift][moodle-xml]")
{
    TempDir dir;
    const auto errorsOf = [&](const std::string& name, const std::string& text, const ImportOptions& o = {}) {
        const auto loaded = loadPacks({giftFile(dir, name, text)}, miniCatalog(), o);
        std::vector<std::string> errors;
        for (const auto& d : loaded.at(0).diagnostics) {
            if (d.isError()) {
                errors.push_back(d.message);
            }
        }
        return errors;
    };
    const auto syntax = errorsOf("syntax.xml", "<quiz>\n  <question type=\"multichoice\">\n</quiz>\n");
    REQUIRE(syntax.size() == 1);
    CHECK_THAT(syntax[0], Catch::StartsWith("not well-formed XML"));
    const auto noQuiz = errorsOf("noquiz.xml", "<questions/>\n");
    REQUIRE(noQuiz.size() == 1);
    CHECK_THAT(noQuiz[0], Catch::Contains("<quiz> root element"));
    ImportOptions unknownExam;
    unknownExam.exam = "nope";
    const auto exam = errorsOf("exam.gift", "$CATEGORY: alpha\n\nQ?{=a ~b}\n", unknownExam);
    REQUIRE(exam.size() == 1);
    CHECK_THAT(exam[0], Catch::Contains("exam \"nope\" is not in the database"));

    // Only unsupported types: one error that says nothing is left, then the skip warnings that say why.
    const auto loaded = loadPacks(
        {giftFile(dir, "essays.xml",
                  "<quiz>\n<question type=\"essay\"><questiontext><text>Discuss.</text></questiontext>"
                  "</question>\n</quiz>\n")},
        miniCatalog());
    const auto& ds = loaded.at(0).diagnostics;
    REQUIRE(ds.size() == 2);
    CHECK_THAT(ds[1].format(), Catch::Contains(":2:1: warning: <question type=\"essay\"> is not imported"));
    CHECK_THAT(ds[0].format(),
               Catch::EndsWith(":1:1: error: no multiple-choice or true/false question to import"));
    CHECK(errorsOf("numerical.gift", "$CATEGORY: alpha\n\nHow many?{#3}\n") ==
          std::vector<std::string>{"no multiple-choice or true/false question to import"});
}

TEST_CASE("without a version, a Moodle import keeps the version already stored for its pack", "[gift]")
{
    TempDir dir;
    FakeClock clock;
    const auto owned = storeWithMiniExam(dir, clock);
    Store& store = *owned;
    ImportOptions v11;
    v11.version = "1.1";
    const auto gift = giftFile(dir, "x.gift", "$CATEGORY: alpha\n\nQ?{=a ~b}\n");
    const auto xml = giftFile(dir, "y.xml", readText(dataFile("sample.xml")));
    REQUIRE(store.importFiles({gift}, v11).ok());

    ImportOptions stored;
    stored.version.clear();
    // x.gift keeps its 1.1; y.xml, new, starts at 1.0.0.
    const auto again = store.importFiles({gift, xml}, stored);
    REQUIRE(again.ok());
    REQUIRE(again.summaries.size() == 2);
    CHECK(again.summaries[0].version == "1.1");
    CHECK(again.summaries[0].unchanged);
    CHECK(again.summaries[1].version == "1.0.0");
    CHECK(again.summaries[1].previousVersion.empty());

    // An edited file still needs a raised version: the refusal says which, from what, and names the option
    // the caller gave for it (a GIFT file has no "version" of its own to edit).
    writeFile(gift, "$CATEGORY: alpha\n\nQ?{=a ~b ~c}\n");
    const auto edited = store.importFiles({gift}, stored);
    CHECK_FALSE(edited.ok());
    CHECK_THAT(edited.error, Catch::Contains("raise the pack version from 1.1 to a higher one such as 1.2;"));
    ImportOptions hinted = stored;
    hinted.versionHint = "--pack-version";
    CHECK_THAT(
        store.importFiles({gift}, hinted).error,
        Catch::Contains("raise the pack version from 1.1 to a higher one such as 1.2 (--pack-version)"));
}

TEST_CASE("code blocks from Moodle HTML, GIFT and Moodle XML keep their lines and indentation",
          "[moodle-xml][gift]")
{
    // Moodle's editor writes code as <pre><code>; its lines, indentation and tabs are kept as a fenced block,
    // HTML inside it dropped and references decoded; the line break right after <pre> is not code.
    CHECK(htmlToText("<p>Run:</p><pre><code>\nif x &lt; 1:\n    y = 2\n\tz()\n</code></pre><p>Then?</p>")
              .text == "Run:\n\n```\nif x < 1:\n    y = 2\n\tz()\n```\n\nThen?");
    CHECK(htmlToText("<pre>a\r\n  <span class=\"k\">b</span><br>c&nbsp;&nbsp;d</pre>").text ==
          "```\na\n  b\nc  d\n```");
    // An unclosed <pre> still ends its block; <code> outside <pre> is a code span.
    CHECK(htmlToText("<pre>x  y").text == "```\nx  y\n```");
    CHECK(htmlToText("<p>Call <code>torch.compile</code> first.</p>").text == "Call `torch.compile` first.");

    const auto exams = miniExams();
    // GIFT [markdown] text is kept as written, fences and indentation included; [html] text converts as
    // above.
    const std::string gift = "$CATEGORY: alpha\n\n::md::[markdown]Which line fails?\n```python\nfor i in "
                             "range(3):\n    print(i\n```\n{=the print ~the for}\n\n"
                             "::ht::[html]<p>Output?</p><pre><code>x \\= 1\n  print(x)</code></pre>{=1 ~2}\n";
    const auto g = convertGift(gift, "c.gift", exams, {});
    REQUIRE(errorCount(g.diagnostics) == 0);
    const json gq = json::parse(g.json)["questions"];
    CHECK(gq[0]["stem"] == "Which line fails?\n```python\nfor i in range(3):\n    print(i\n```");
    CHECK(gq[1]["stem"] == "Output?\n\n```\nx = 1\n  print(x)\n```");

    const std::string xml =
        "<quiz><question type=\"category\"><category><text>alpha</text></category></question>\n"
        "<question type=\"multichoice\"><name><text>Code</text></name>\n"
        "<questiontext format=\"html\"><text><![CDATA[<p>What prints?</p><pre><code>def f():\n"
        "    return 1\nprint(f())</code></pre>]]></text></questiontext>\n"
        "<answer fraction=\"100\"><text>1</text></answer>"
        "<answer fraction=\"0\"><text>None</text></answer></question></quiz>";
    CHECK(firstXmlQuestion(xml, exams)["stem"] ==
          "What prints?\n\n```\ndef f():\n    return 1\nprint(f())\n```");
}
