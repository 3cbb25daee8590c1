#include <cctype>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/store/Store.h"

#include "CliSupport.h"
#include "ReportFixture.h"

// results --pdf and tracker --pdf, read back with poppler's pdftotext, pdfinfo and pdfimages (poppler-utils,
// installed by scripts/deps as a test tool).

namespace fs = std::filesystem;

namespace {

/// The PDF's text in reading layout (columns kept apart by spaces); pages `first` to `last` when given.
/// With `bodyOnly`, only what is printed inside the page's 15 mm margins: a paragraph split over two pages
/// has its last line on the first page also drawn, clipped away, above the next page's top margin (Qt's
/// QTextLayout draws one line before the clip), where pdftotext would read it as a second copy.
std::string pdfText(const fs::path& pdf, int first = 0, int last = 0, bool bodyOnly = false)
{
    std::string options =
        first > 0 ? " -f " + std::to_string(first) + " -l " + std::to_string(last) : std::string();
    if (bodyOnly) {
        options += " -x 0 -y 42 -W 595 -H 800"; // points of an A4 page, 15 mm = 42.5 pt
    }
    const Run r = shell("pdftotext -layout" + options + " " + pdf.string() + " -");
    INFO("pdftotext (poppler-utils, see scripts/deps): " << r.err);
    REQUIRE(r.exitCode == 0);
    return r.out;
}

/// The page count pdfinfo reads from the file.
int pdfPages(const fs::path& pdf)
{
    const Run r = shell("pdfinfo " + pdf.string());
    REQUIRE(r.exitCode == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex(R"(Pages:\s+(\d+))")));
    return std::stoi(m[1]);
}

/// Lines of `text` that match `pattern`.
int matchingLines(const std::string& text, const std::string& pattern)
{
    const std::regex re(pattern);
    std::istringstream lines(text);
    int n = 0;
    for (std::string line; std::getline(lines, line);) {
        n += std::regex_search(line, re) ? 1 : 0;
    }
    return n;
}

/// `text` with each run of white space as one space: a sentence that wraps still reads as one.
std::string squeezed(const std::string& text)
{
    return std::regex_replace(text, std::regex(R"(\s+)"), " ");
}

struct Sitting
{
    TempDir dir;
    fs::path db = dir / "db.sqlite";
    std::int64_t id = 0;
    certdrill::SessionScore score;
    certdrill::ExamDef exam;

    Sitting()
    {
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(db, clock);
        REQUIRE(store.ok());
        id = certdrill::test::sitReportSession(*store.value(), clock, dir.path());
        REQUIRE(id > 0);
        auto session = certdrill::ExamSession::open(*store.value(), id);
        REQUIRE(session.ok());
        score = session.value()->score();
        exam = session.value()->exam();
    }
    std::string results(const std::string& args) const
    {
        return "--db " + db.string() + " results " + std::to_string(id) + " " + args;
    }
};

} // namespace

TEST_CASE("results --pdf prints the report: verdict, per-domain lines, the questions to review", "[cli][pdf]")
{
    Sitting s;
    const fs::path pdf = s.dir / "report.pdf";
    const Run run = cli(s.results("--pdf " + pdf.string()));
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    const int pages = pdfPages(pdf);
    // The summary is one page and the questions to review start on a page of their own.
    CHECK(pages == 2);
    CHECK_THAT(run.out, Catch::Equals("wrote " + pdf.string() + " (" + std::to_string(pages) + " pages)\n"));

    const std::string first = pdfText(pdf, 1, 1);
    CHECK_THAT(first, Catch::Contains("Mini exam: exam report"));
    CHECK_THAT(first, Catch::Contains("FAIL"));
    // h2 half answered is wrong and unanswered: a multi-select counts as answered only when complete.
    CHECK_THAT(squeezed(first),
               Catch::Contains("50.0% (2 of 4 correct, 0 unanswered, 1 partly answered); pass mark 70%"));
    CHECK_THAT(squeezed(first), Catch::Contains("finished 2026-01-01 00:04 UTC"));
    // 4:00 over the 3 questions answered in full, against 10 minutes for 4: paces read as the clock does.
    CHECK_THAT(squeezed(first), Catch::Contains("1:20 per answered question; the exam allows 2:30"));
    // One table line per domain, as the core scored it: name, weight, correct / total, percent.
    REQUIRE(s.score.domains.size() == 2);
    for (const auto& t : s.score.domains) {
        const certdrill::Domain* d = s.exam.findDomain(t.id);
        REQUIRE(d);
        const std::string line = d->name + R"(\s+)" + std::to_string(static_cast<int>(d->weight)) +
                                 R"(%\s+)" + std::to_string(t.correct) + R"(\s*/\s*)" +
                                 std::to_string(t.total) + R"(\s+)" +
                                 std::to_string(100 * t.correct / t.total) + R"(%\s+1:00$)";
        INFO(first);
        CHECK(matchingLines(first, "^\\s*" + line) == 1);
    }
    CHECK_THAT(first, Catch::Contains("pass mark 70%")); // the chart's mark, drawn as text
    CHECK_THAT(first, !Catch::Contains("Questions to review"));

    // Page 2 on: every wrong or flagged question (h1, h2 wrong; h3 flagged), never h4, with its answer, key,
    // whys and explanation; pack text exactly as written, never read as markup or as a placeholder.
    const std::string review = pdfText(pdf, 2, pages);
    CHECK_THAT(review, Catch::Contains("Questions to review"));
    CHECK_THAT(review, Catch::Contains("3 of 4 questions were wrong, unanswered or flagged"));
    CHECK_THAT(review, Catch::Contains("· h1 ·"));
    CHECK_THAT(review, Catch::Contains("· h2 ·"));
    CHECK_THAT(review, Catch::Contains("· h3 ·"));
    CHECK_THAT(review, !Catch::Contains("h4"));
    CHECK_THAT(review, Catch::Contains("you were: Sure"));
    CHECK_THAT(review, Catch::Contains("flagged"));
    CHECK_THAT(review, Catch::Contains("Tag <img src=file:///etc/passwd> stays text, and so does 100%1."));
    CHECK_THAT(review, Catch::Contains("<b>bold</b> %2"));
    CHECK_THAT(review, Catch::Contains("<script>x</script> %3"));
    CHECK_THAT(review, Catch::Contains("See <a href='file:///etc/passwd'>this</a> at %1."));
    CHECK_THAT(review, Catch::Contains("https://example.com/ref?a=1&b=2"));
    CHECK_THAT(review, Catch::Contains("Even numbers divide by two."));
    CHECK_THAT(review, Catch::Contains("Odd."));
    CHECK(matchingLines(review, R"(Your answer: [AB] · Key: [AB]$)") == 2); // h1 wrong, h3 right
    CHECK(matchingLines(review, R"(Your answer: [ABC] · Key: [ABC]{2} \(select 2\)$)") == 1);
    CHECK_THAT(review, Catch::Contains("page 2 of 2"));

    // The stem's Markdown image names a real PNG (1100 pixels wide): nothing was read, so the only picture in
    // the PDF is the 1×1 placeholder SafeTextDocument gives for it (the chart is drawn, not pasted).
    const Run images = shell("pdfimages -list " + pdf.string());
    REQUIRE(images.exitCode == 0);
    const int pictures = matchingLines(images.out, R"(^\s*\d+\s+\d+\s+\S+\s+\d+\s+\d+\s)");
    CHECK(pictures > 0); // the placeholder and its alpha mask
    CHECK(matchingLines(images.out, R"(^\s*\d+\s+\d+\s+\S+\s+1\s+1\s)") == pictures);
}

TEST_CASE("results --pdf: usage errors, and a file that cannot be written", "[cli][pdf]")
{
    Sitting s;
    CHECK(cli(s.results("--pdf")).exitCode == 2);
    CHECK(cli(s.results("--csv --pdf x.pdf")).exitCode == 2);
    const Run bad = cli(s.results("--pdf " + (s.dir / "no-such-folder" / "r.pdf").string()));
    CHECK(bad.exitCode == 1);
    CHECK_THAT(bad.err, Catch::Contains("cannot write"));
    CHECK_THAT(bad.err, Catch::Contains("no-such-folder"));
    CHECK_FALSE(fs::exists(s.dir / "no-such-folder"));
    // A report over an existing file replaces it whole.
    const fs::path pdf = s.dir / "again.pdf";
    writeFile(pdf, "old");
    CHECK(cli(s.results("--pdf " + pdf.string())).exitCode == 0);
    CHECK(readFile(pdf).rfind("%PDF-", 0) == 0);
}

TEST_CASE("a long session's report breaks across pages without losing or repeating a question", "[cli][pdf]")
{
    TempDir dir;
    const fs::path db = dir / "db.sqlite";
    std::int64_t id = 0;
    std::vector<std::string> ids;
    {
        // A full mock of the bundled bank, nothing answered: every question is in the review.
        certdrill::FakeClock clock;
        auto store = certdrill::Store::open(db, clock);
        REQUIRE(store.ok());
        std::vector<fs::path> packs;
        for (const auto& f : fs::directory_iterator(CERTDRILL_QUESTIONS_DIR)) {
            if (f.path().extension() == ".json") {
                packs.push_back(f.path());
            }
        }
        REQUIRE(store.value()->importFiles(packs).ok());
        const auto exam = store.value()->exam("ncp-genl").value();
        const auto form = certdrill::assembleForm(exam, store.value()->candidates("ncp-genl").value(),
                                                  exam.countDefault, 3);
        auto s = certdrill::ExamSession::start(*store.value(), exam, form, certdrill::SessionMode::Exam);
        REQUIRE(s.ok());
        for (const auto& it : s.value()->items()) {
            ids.push_back(it.question.id);
        }
        REQUIRE(s.value()->submit().ok());
        id = s.value()->id();
    }
    const fs::path pdf = dir / "long.pdf";
    REQUIRE(
        cli("--db " + db.string() + " results " + std::to_string(id) + " --pdf " + pdf.string()).exitCode ==
        0);
    const int pages = pdfPages(pdf);
    CHECK(pages > 10);
    std::string all;
    std::string previousLast;
    for (int p = 1; p <= pages; ++p) {
        const std::string page = pdfText(pdf, p, p, true);
        CHECK_THAT(page, Catch::Contains("page " + std::to_string(p) + " of " + std::to_string(pages)));
        all += page;
        // No line is drawn twice at a page break, not even clipped away where no one sees it: the foot of a
        // page must not end with the line the next page starts with (a PDF reader's search and copy find
        // hidden text too).
        std::vector<std::string> lines;
        std::istringstream in(page);
        for (std::string line; std::getline(in, line);) {
            if (line.find_first_not_of(" \f") != std::string::npos &&
                line.find(" of " + std::to_string(pages)) == std::string::npos) {
                lines.push_back(line.substr(line.find_first_not_of(" \f")));
            }
        }
        REQUIRE_FALSE(lines.empty());
        INFO("page " << p);
        CHECK(lines.front() != previousLast);
        previousLast = lines.back();
    }
    // Every question once in the review, as "N. Unanswered · ID ·", none cut at a page's foot and none twice.
    for (size_t i = 0; i < ids.size(); ++i) {
        INFO(ids[i]);
        CHECK(matchingLines(all, "^\\s*" + std::to_string(i + 1) + "\\. Unanswered · " + ids[i] + " ·") == 1);
    }
}

TEST_CASE("tracker --pdf prints the Red/Yellow/Green sheet with weights, bands, estimates and objectives",
          "[cli][pdf]")
{
    Sitting s;
    const fs::path pdf = s.dir / "tracker.pdf";
    const std::string db = "--db " + s.db.string();
    const Run run = cli(db + " tracker --pdf " + pdf.string());
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    CHECK_THAT(run.out, Catch::StartsWith("wrote " + pdf.string() + " (1 page)"));
    const std::string text = pdfText(pdf);
    CHECK_THAT(text, Catch::Contains("Mini exam: blueprint tracker"));
    CHECK_THAT(text, Catch::Contains("Not ready to schedule yet"));
    // The band rule as measuredBand applies it: Yellow is everything between Red and Green, not "an estimate
    // at or above the target".
    CHECK_THAT(text, Catch::Contains("Yellow: everything in between"));
    CHECK_THAT(text, !Catch::Contains("Yellow its estimate"));
    // The headings are whole words on their line (they broke as "Answer s" and "Measure d").
    CHECK(matchingLines(
              text, R"(Domain / objective\s+Weight\s+Answers\s+Mastery\b.*\s+Measured\s+Your\s+Due)") == 1);
    // The rows as tracker --json computes them: each domain with its weight, answers, interval and band.
    const auto json = nlohmann::json::parse(cli(db + " tracker --json").out);
    REQUIRE(json["domains"].size() == 2);
    for (const auto& d : json["domains"]) {
        const std::string band = d["band"].get<std::string>();
        const std::string line = d["name"].get<std::string>() + R"(\s+)" +
                                 std::to_string(d["weight"].get<int>()) + R"(%\s+)" +
                                 std::to_string(d["answers"].get<int>()) + R"(\s+\S+% \[\S+\]\s+)" +
                                 std::string(1, static_cast<char>(std::toupper(band[0]))) + band.substr(1);
        INFO(text);
        CHECK(matchingLines(text, "^\\s*" + line) == 1);
        for (const auto& t : d["topics"]) {
            CHECK(matchingLines(text, t["name"].get<std::string>() + R"(\s+\d+\s)") == 1);
        }
    }
    CHECK_THAT(text, Catch::Contains("Green target 80%"));
    CHECK_THAT(text, Catch::Contains("Confidence calibration"));
    CHECK(cli(db + " tracker --csv --pdf x.pdf").exitCode == 2);
    CHECK(cli(db + " tracker --pdf").exitCode == 2);
}
