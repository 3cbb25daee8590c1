// packToJson writes a pack that loads back to the same questions: the bundled bank, our Moodle fixtures, and
// every third-party GIFT and Moodle XML file with a question certdrill asks.
#include "certdrill/pack/PackWriter.h"

#include <catch2/catch.hpp>

#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/MoodleXmlReader.h"
#include "certdrill/pack/PackFormat.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/pack/Sha256.h"
#include "certdrill/store/Store.h"

#include "PackFixtures.h"
#include "TestSupport.h"

using namespace certdrill;

namespace {

/// Each question's content hash, as Store::importPacks computes it, in pack order.
std::vector<std::string> contentHashes(const Pack& pack)
{
    std::vector<std::string> out;
    for (const auto& q : pack.questions) {
        out.push_back(q.id + " " + sha256Hex(questionToJson(q)));
    }
    return out;
}

/// Writes `lp`'s pack with packToJson, loads the text again and checks that it is valid and gives the same
/// questions (content hashes) and exams; returns the text.
std::string roundTrip(const LoadedPack& lp, const ExamCatalog& catalog)
{
    INFO(lp.pack.sourcePath);
    const std::string text = packToJson(lp.pack);
    const LoadedPack again = loadPackText(text, lp.pack.sourcePath + ".json", catalog);
    for (const auto& d : again.diagnostics) {
        INFO(d.format());
        CHECK(!d.isError());
    }
    CHECK(contentHashes(again.pack) == contentHashes(lp.pack));
    CHECK(again.pack.info.id == lp.pack.info.id);
    CHECK(again.pack.info.version == lp.pack.info.version);
    CHECK(again.pack.info.authors == lp.pack.info.authors);
    // Exams have no content hash; writing the reloaded pack again must give the same text.
    CHECK(packToJson(again.pack) == text);
    return text;
}

/// Converts one Moodle file and, when it has a question certdrill asks, round-trips it: true. A file with
/// none must fail with the message saying so, or with the error refusing its only question (a single choice
/// of several full-credit answers): false.
bool roundTripMoodleFile(const std::filesystem::path& file)
{
    INFO(file.string());
    ImportOptions o;
    o.domain = "alpha"; // these files have no blueprint categories
    const auto loaded = loadPacks({file}, miniCatalog(), o);
    const LoadedPack& lp = loaded.at(0);
    if (lp.pack.questions.empty()) {
        CHECK((findMessage(lp.diagnostics, "no multiple-choice or true/false question to import") ||
               findMessage(lp.diagnostics, "answers of full credit")));
        return false;
    }
    for (const auto& d : lp.diagnostics) {
        INFO(d.format());
        CHECK(!d.isError());
    }
    roundTrip(lp, miniCatalog());
    return lp.ok();
}

/// roundTripMoodleFile on every file in `dir` whose name ends with `ending`: how many had a question to ask,
/// and how many did not.
std::pair<int, int> roundTripFolder(const std::filesystem::path& dir, const std::string& ending)
{
    std::pair<int, int> counts;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > ending.size() &&
            name.compare(name.size() - ending.size(), ending.size(), ending) == 0) {
            ++(roundTripMoodleFile(entry.path()) ? counts.first : counts.second);
        }
    }
    return counts;
}

} // namespace

TEST_CASE("the bundled bank written with packToJson loads to the same questions", "[writer][bank]")
{
    const auto packs = loadPacks(packFilesIn(CERTDRILL_QUESTIONS_DIR), {});
    ExamCatalog catalog;
    for (const auto& lp : packs) {
        REQUIRE(lp.ok());
        for (const auto& e : lp.pack.exams) {
            catalog[e.id] = {e, lp.pack.info.id};
        }
    }
    std::size_t questions = 0;
    for (const auto& lp : packs) {
        roundTrip(lp, catalog);
        questions += lp.pack.questions.size();
    }
    CHECK(questions >= 650);
}

TEST_CASE("packToJson leaves out what is not set and writes whole numbers as integers", "[writer]")
{
    Pack p;
    p.info = {"p", "P", "1.0.0", {"me"}, "CC0-1.0"};
    Question q;
    q.id = "q1";
    q.exam = "mini";
    q.domain = "alpha";
    q.stem = "Which?";
    q.options = {{"a", true, ""}, {"b", false, "because"}};
    p.questions.push_back(q);
    const std::string text = packToJson(p);
    CHECK(text.find("\"why\": \"because\"") != std::string::npos);
    CHECK(text.find("\"why\": \"\"") == std::string::npos);
    for (const char* absent :
         {"explanation", "difficulty", "tags", "references", "shuffle", "subtopic", "objective", "exams"}) {
        INFO(absent);
        CHECK(text.find(std::string("\"") + absent + "\"") == std::string::npos);
    }
    // Documented order: format, pack, then the question's id, exam, domain, stem, select, options.
    CHECK(text.find("\"format\"") < text.find("\"pack\""));
    CHECK(text.find("\"stem\"") < text.find("\"select\""));
    CHECK(text.find("\"select\"") < text.find("\"options\""));
    p.exams = miniExams();
    CHECK(packToJson(p).find("\"weight\": 60,") != std::string::npos);
}

TEST_CASE("our GIFT and XML fixtures convert and load back to the same questions", "[writer][gift]")
{
    for (const char* file : {"sample.gift", "sample.xml"}) {
        INFO(file);
        const auto loaded = loadPacks({dataFile(file)}, miniCatalog());
        REQUIRE(loaded.at(0).ok());
        CHECK(loaded.at(0).pack.questions.size() >= 3);
        const std::string text = roundTrip(loaded.at(0), miniCatalog());
        // Whys and the explanation come along.
        CHECK(text.find("\"why\"") != std::string::npos);
        CHECK(text.find("\"explanation\"") != std::string::npos);
    }
}

TEST_CASE("a *.txt file of GIFT is read as GIFT, as Moodle names its GIFT export", "[writer][gift]")
{
    TempDir dir;
    writeFile(dir / "Week 3.txt", readFile(dataFile("sample.gift")));
    // The name does not decide (packFormatOfName), so the content does: it starts with neither '{' nor '<'.
    CHECK(packFormatOf(dir / "Week 3.txt") == PackFormat::Gift);
    const auto fromTxt = loadPacks({dir / "Week 3.txt"}, miniCatalog());
    const auto fromGift = loadPacks({dataFile("sample.gift")}, miniCatalog());
    REQUIRE(fromTxt.at(0).ok());
    CHECK(fromTxt.at(0).pack.info.id == "gift-week-3");
    CHECK(contentHashes(fromTxt.at(0).pack) == contentHashes(fromGift.at(0).pack));
    CHECK(fromTxt.at(0).conversion->skipped == 1); // the numerical question
}

TEST_CASE("every GIFT-grammar-PEG.js file with a question certdrill asks converts and loads back the same",
          "[writer][gift][realdata]")
{
    const std::filesystem::path dir = realdata("GIFT-grammar-PEG.js/tests/questions");
    if (dir.empty()) {
        return;
    }
    const auto [converted, without] = roundTripFolder(dir, ".gift");
    // 51 files: the 23 with only essay, numerical, matching, short-answer or description items have none,
    // and escapeColon.gift's one question is refused: four "=" answers, any one of which Moodle accepts.
    CHECK(converted == 27);
    CHECK(without == 24);
}

TEST_CASE("Moodle's own GIFT and XML fixtures convert and load back the same",
          "[writer][moodle-xml][realdata]")
{
    const std::filesystem::path gift = realdata("moodle-fixtures/question/format/gift/tests/fixtures");
    const std::filesystem::path xml = realdata("moodle-fixtures/question/format/xml/tests/fixtures");
    if (gift.empty() || xml.empty()) {
        return;
    }
    // GIFT: the two fixtures and Moodle's examples.txt, all *.txt as Moodle exports GIFT.
    CHECK(roundTripFolder(gift, ".txt") == std::pair(2, 0));
    CHECK(roundTripMoodleFile(gift.parent_path().parent_path() / "examples.txt"));
    // XML: 12 fixtures, of which multianswer.xml, broken_cloze_questions.xml and categories_reverse_order.xml
    // hold no multiple-choice or true/false question.
    CHECK(roundTripFolder(xml, ".xml") == std::pair(9, 3));
}
