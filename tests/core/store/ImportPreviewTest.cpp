// What the app shows an instructor before and after an import: the preview (the import's own dry run, its
// problems with their question ids, as CSV and text) and each stored pack's overview (the exams it defines,
// its questions per domain, its lint, linted again only when the pack changed).
#include "certdrill/store/ImportPreview.h"

#include <catch2/catch.hpp>

#include "certdrill/Text.h"
#include "certdrill/store/PackOverview.h"

#include "PackFixtures.h"
#include "TestSupport.h"

using namespace certdrill;

TEST_CASE("the preview counts what the import will do and writes nothing", "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    const std::string gift = dataFile("sample.gift").string();

    const ImportPreview preview = previewImport(*store, {dataFile("mini-questions.json"), gift});
    REQUIRE(preview.importable());
    REQUIRE(preview.dryRun.summaries.size() == 2);
    CHECK(preview.dryRun.summaries[0].packId == "mini-questions");
    CHECK(preview.dryRun.summaries[0].added == 4);
    CHECK(preview.dryRun.summaries[1].packId == "gift-sample");
    CHECK(preview.dryRun.summaries[1].added == 4);
    CHECK(store->packs().value().size() == 1); // only the mini exam: nothing written

    // Every problem in file order, the skipped numerical question at its GIFT line.
    const auto numerical = std::find_if(preview.problems.begin(), preview.problems.end(), [](const auto& p) {
        return p.diagnostic.message.find("numerical") != std::string::npos;
    });
    REQUIRE(numerical != preview.problems.end());
    CHECK(numerical->kind == PreviewProblem::Kind::Warning);
    CHECK(numerical->diagnostic.file == gift);
    CHECK(numerical->diagnostic.pos.line == 24);
    CHECK(problemLine(*numerical).rfind(gift + ":24:1: warning: ", 0) == 0);
    for (std::size_t i = 1; i < preview.problems.size(); ++i) {
        const auto& a = preview.problems[i - 1].diagnostic;
        const auto& b = preview.problems[i].diagnostic;
        CHECK((a.file != b.file || a.pos.line <= b.pos.line));
    }
    CHECK(preview.lint.total.questions == 8);

    // Importing the preview imports what was previewed, with the counts it showed.
    const ImportOutcome imported = importPreviewed(*store, preview);
    REQUIRE(imported.ok());
    CHECK(imported.summaries[0].added == preview.dryRun.summaries[0].added);
    CHECK(store->candidates("mini").value().size() == 8);
}

TEST_CASE("importing a preview writes the bytes that were previewed, not a file edited since",
          "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    const auto file = dir / "pack.json";
    writeFile(file, readFile(dataFile("mini-questions.json")));
    const ImportPreview preview = previewImport(*store, {file});
    REQUIRE(preview.importable());
    writeFile(file, "{ not a pack");
    REQUIRE(importPreviewed(*store, preview).ok());
    CHECK(store->candidates("mini").value().size() == 4);
}

TEST_CASE("a refused preview keeps every error with its question id, and lints nothing of that file",
          "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    const auto file = dir / "bad.json";
    std::string text = readFile(dataFile("mini-questions.json"));
    text.replace(text.find("\"domain\": \"beta\""), 16, "\"domain\": \"gamma\"");
    writeFile(file, text);
    const ImportPreview preview = previewImport(*store, {file});
    CHECK_FALSE(preview.importable());
    CHECK(preview.dryRun.error == "1 error; nothing was imported");
    REQUIRE(preview.problems.size() == 1);
    CHECK(preview.problems[0].kind == PreviewProblem::Kind::Error);
    CHECK(preview.problems[0].questionId == "q3");
    CHECK(preview.lint.total.questions == 0);
    CHECK(problemsCsv(preview.problems) == "severity,file,line,column,question,pointer,message\n"
                                           "error," +
                                               file.string() + "," +
                                               std::to_string(preview.problems[0].diagnostic.pos.line) + "," +
                                               std::to_string(preview.problems[0].diagnostic.pos.column) +
                                               ",q3," + preview.problems[0].diagnostic.pointer + "," +
                                               csvField(preview.problems[0].diagnostic.message) + "\n");
    CHECK(problemsText(preview.problems) == problemLine(preview.problems[0]) + "\n");

    // questionIdAt reads only /questions/N pointers of the file's own document.
    const auto& lp = preview.batch.packs[0];
    CHECK(lp.questionIdAt("/questions/0/options/1") == "q1");
    CHECK(lp.questionIdAt("/questions/3") == "q4");
    CHECK(lp.questionIdAt("/questions/4") == "");
    CHECK(lp.questionIdAt("/questions/x") == "");
    CHECK(lp.questionIdAt("/pack/id") == "");
}

TEST_CASE("lint findings are problems of their own kind, at their question", "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = Store::open(dir / "db.sqlite", clock);
    REQUIRE(store.ok());
    const ImportPreview preview = previewImport(*store.value(), {dataFile("lint-cued.json")});
    REQUIRE(preview.importable());
    const auto lint = std::count_if(preview.problems.begin(), preview.problems.end(),
                                    [](const auto& p) { return p.kind == PreviewProblem::Kind::Lint; });
    CHECK(lint == static_cast<long>(preview.lint.findings.size()));
    REQUIRE(lint > 0);
    for (const auto& p : preview.problems) {
        if (p.kind == PreviewProblem::Kind::Lint) {
            CHECK_FALSE(p.questionId.empty());
            CHECK(p.diagnostic.message.rfind("[", 0) == 0);
            CHECK(problemLine(p).find(": lint: ") != std::string::npos);
        }
    }
    CHECK_FALSE(preview.lint.total.strictFailures().empty());
}

TEST_CASE("a stem's stated count is one problem, not a warning and a lint finding", "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    REQUIRE(store);
    std::string text = readFile(dataFile("mini-questions.json"));
    const std::string stem = R"("stem": "Which is first?")";
    REQUIRE(text.find(stem) != std::string::npos);
    text.replace(text.find(stem), stem.size(), R"x("stem": "Which is first? (Select TWO.)")x");
    writeFile(dir / "stated.json", text);
    const ImportPreview preview = previewImport(*store, {dir / "stated.json"});
    REQUIRE(preview.importable());
    std::vector<std::string> aboutQ1;
    for (const auto& p : preview.problems) {
        if (p.questionId == "q1") {
            aboutQ1.push_back(problemLine(p));
        }
    }
    INFO(aboutQ1.size());
    REQUIRE(aboutQ1.size() == 1);
    CHECK(aboutQ1[0].find("stem says \"Select TWO\" but \"select\" is 1") != std::string::npos);
    // The lint still counts it, for its figures and --strict.
    CHECK(preview.lint.total.fired[static_cast<std::size_t>(LintRule::StatedCount)] == 1);
}

TEST_CASE("pack overviews: exams apart, questions per domain, lint only for changed packs", "[store][packs]")
{
    FakeClock clock;
    auto opened = Store::open(":memory:", clock);
    REQUIRE(opened.ok());
    Store& store = *opened.value();
    REQUIRE(store.importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());

    PackLintCache cache;
    auto overviews = packOverviews(store, &cache);
    REQUIRE(overviews.ok());
    REQUIRE(overviews->size() == 15);
    CHECK(cache.lastLinted() == 14);
    int definitions = 0;
    for (const PackOverview& o : overviews.value()) {
        int inDomains = 0;
        for (const auto& d : o.domains) {
            CHECK(d.examId == "ncp-genl");
            CHECK(d.questions > 0);
            inDomains += d.questions;
        }
        CHECK(inDomains == o.pack.activeQuestions);
        CHECK(o.lint.questions == o.pack.activeQuestions);
        if (o.examDefinitionOnly()) {
            ++definitions;
            CHECK(o.pack.id == "ncp-genl-exam");
            REQUIRE(o.exams.size() == 1);
            CHECK(o.exams[0].id == "ncp-genl");
        }
    }
    CHECK(definitions == 1);

    // Nothing changed: nothing linted, the same figures.
    auto again = packOverviews(store, &cache);
    REQUIRE(again.ok());
    CHECK(cache.lastLinted() == 0);
    CHECK(again->at(3).lint.strategyRight == overviews->at(3).lint.strategyRight);

    // A removed pack has no active questions to lint; imported again, it alone is linted.
    const std::string id = overviews->at(3).pack.id;
    REQUIRE(store.removePack(id).ok());
    auto removed = packOverviews(store, &cache);
    REQUIRE(removed.ok());
    CHECK(cache.lastLinted() == 0);
    CHECK(removed->at(3).pack.removed);
    CHECK(removed->at(3).domains.empty());
    CHECK(removed->at(3).lint.questions == 0);
    CHECK_FALSE(removed->at(3).examDefinitionOnly());
    clock.advanceMinutes(1);
    REQUIRE(store.importFiles({removed->at(3).pack.sourcePath}).ok());
    auto restored = packOverviews(store, &cache);
    REQUIRE(restored.ok());
    CHECK(cache.lastLinted() == 1);
    CHECK(restored->at(3).lint.strategyRight == overviews->at(3).lint.strategyRight);
}

TEST_CASE("a Moodle file's problems about one question name it, whether or not it converted",
          "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    const auto gift = dir / "quiz.gift";
    writeFile(gift, "$CATEGORY: mini/alpha\n\n"
                    "::Pictured::[html]<p>See <img src=\"@@PLUGINFILE@@/a.png\" alt=\"a\"></p>{=yes#It is. "
                    "~no#It is not.}\n\n"
                    "::Essay:: Explain why.{}\n\n"
                    "$CATEGORY: elsewhere\n\n"
                    "::Lost:: Which is right?{=this#Right. ~that#Wrong.}\n");
    const ImportPreview preview = previewImport(*store, {gift});
    CHECK_FALSE(preview.importable());
    std::map<int, std::vector<std::pair<std::string, std::string>>> byLine; // line -> (question, message)
    for (const auto& p : preview.problems) {
        byLine[p.diagnostic.pos.line].emplace_back(p.questionId, p.diagnostic.message);
    }
    INFO(problemsText(preview.problems));
    // The image warning of a question that converted, at its first line.
    REQUIRE(byLine[3].size() == 1);
    CHECK(byLine[3][0].first == "pictured");
    CHECK(byLine[3][0].second.find("image(s) in this question") != std::string::npos);
    // A skipped essay is no question of the pack.
    REQUIRE(byLine[5].size() == 1);
    CHECK(byLine[5][0].first.empty());
    // A question the conversion refused (no blueprint domain) is named by the id its message gives it.
    REQUIRE(byLine[9].size() == 1);
    CHECK(byLine[9][0].first == "lost");
    CHECK(byLine[9][0].second.find("question \"lost\"") != std::string::npos);
}

TEST_CASE("an import the store refuses is an error among the problems, at the pack's version",
          "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniExam(dir, clock);
    const std::string text = readFile(dataFile("mini-questions.json"));
    writeFile(dir / "newer.json", std::string(text).replace(text.find("\"1.0.0\""), 7, "\"1.1.0\""));
    REQUIRE(store->importFiles({dir / "newer.json"}).ok());

    // The file as it was, at 1.0.0: older than the pack's imported version. It loads without an error, and
    // the import's own dry run refuses it.
    const ImportPreview preview = previewImport(*store, {dataFile("mini-questions.json")});
    CHECK_FALSE(preview.importable());
    CHECK(preview.dryRun.diagnostics.size() == 0);
    const auto errors = std::count_if(preview.problems.begin(), preview.problems.end(),
                                      [](const auto& p) { return p.kind == PreviewProblem::Kind::Error; });
    REQUIRE(errors == 1);
    const PreviewProblem& refusal = preview.problems.front();
    CHECK(refusal.kind == PreviewProblem::Kind::Error);
    CHECK(refusal.diagnostic.file == dataFile("mini-questions.json").string());
    CHECK(refusal.diagnostic.pointer == "/pack/version");
    CHECK(refusal.diagnostic.pos.line == 3);
    CHECK(refusal.diagnostic.message ==
          "pack \"mini-questions\" version 1.0.0 is older than the imported version 1.1.0; nothing was "
          "imported");
    CHECK(refusal.questionId.empty());
}
