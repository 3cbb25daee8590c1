// A pack's life in the store after its first import: previewed, imported with progress or cancelled, removed
// and brought back, and exported to a file that imports to the same questions.
#include <catch2/catch.hpp>

#include "certdrill/pack/PackWriter.h"
#include "certdrill/store/ImportPreview.h"
#include "certdrill/store/Store.h"

#include "PackFixtures.h"
#include "TestSupport.h"

using namespace certdrill;

namespace {

std::unique_ptr<Store> openStore(const std::filesystem::path& path, const Clock& clock)
{
    auto s = Store::open(path, clock);
    REQUIRE(s.ok());
    return std::move(s.value());
}

/// pack id/question id -> content hash (" retired" after a retired one's), read with SQL.
std::map<std::string, std::string> questionRows(Store& store)
{
    Statement st(store.database(),
                 "SELECT p.pack_id || '/' || q.question_id, q.content_hash, q.retired, q.id "
                 "FROM questions q JOIN packs p ON p.id = q.pack_ref");
    std::map<std::string, std::string> out;
    while (st.step()) {
        out[st.getText(0)] = st.getText(1) + (st.getInt(2) ? " retired" : "") + " row " + st.getText(3);
    }
    return out;
}

/// The file of a database holding the mini exam, closed, so its bytes can be compared after another run.
std::filesystem::path closedWithMiniExam(const TempDir& dir, const Clock& clock)
{
    storeWithMiniExam(dir, clock).reset();
    return dir / "db.sqlite";
}

const StoredPack& storedPack(const std::vector<StoredPack>& packs, const std::string& id)
{
    for (const auto& p : packs) {
        if (p.id == id) {
            return p;
        }
    }
    FAIL("no pack " << id);
    throw;
}

/// mini-questions.json with each edit's first text replaced by its second, written to `dir` as `name`.
std::filesystem::path miniQuestionsWith(const TempDir& dir, const std::string& name,
                                        const std::vector<std::pair<std::string, std::string>>& edits)
{
    std::string text = readFile(dataFile("mini-questions.json"));
    for (const auto& [from, to] : edits) {
        REQUIRE(text.find(from) != std::string::npos);
        text.replace(text.find(from), from.size(), to);
    }
    writeFile(dir / name, text);
    return dir / name;
}

/// A store holding the mini exam and mini-questions.json at 1.0.0.
std::unique_ptr<Store> storeWithMiniQuestions(const TempDir& dir, const Clock& clock)
{
    auto store = storeWithMiniExam(dir, clock);
    REQUIRE(store->importFiles({dataFile("mini-questions.json")}).ok());
    return store;
}

} // namespace

TEST_CASE("removing a pack retires its questions, keeps them, and importing it again restores them",
          "[store][remove]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
    const auto before = questionRows(*store);

    // The exam's pack cannot go while another pack's questions are in its exam.
    const auto refused = store->removePack("mini-exam");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().message == "pack \"mini-exam\" defines exam \"mini\", which 4 questions of pack(s) "
                                     "mini-questions use; remove those packs first");
    CHECK(store->removePack("nope").error().message ==
          "no pack \"nope\" in the database (certdrill-cli list packs names them)");

    clock.advanceMinutes(1);
    const auto removed = store->removePack("mini-questions");
    REQUIRE(removed.ok());
    CHECK(removed->retired == 4);
    CHECK(removed->version == "1.0.0");
    CHECK(store->activeQuestions("mini").value().empty());
    const auto after = questionRows(*store);
    REQUIRE(after.size() == 4); // never deleted: same rows, same hashes, retired
    for (const auto& [key, row] : before) {
        CHECK(after.at(key) == row.substr(0, 64) + " retired" + row.substr(64));
    }
    const auto packs = store->packs().value();
    CHECK(storedPack(packs, "mini-questions").removed);
    CHECK(storedPack(packs, "mini-questions").retiredQuestions == 4);
    CHECK_FALSE(storedPack(packs, "mini-exam").removed);
    CHECK_THAT(store->removePack("mini-questions").error().message, Catch::Contains("is removed already"));
    CHECK_THAT(store->exportPack("mini-questions").error().message, Catch::Contains("is removed"));

    SECTION("the app's start keeps it out, even at a newer version")
    {
        ImportPolicy startup;
        startup.restoreRemoved = false;
        const auto kept =
            store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}, {}, startup);
        REQUIRE(kept.ok());
        CHECK(kept.summaries[1].keptRemoved);
        CHECK(store->activeQuestions("mini").value().empty());
    }
    SECTION("importing the same file again brings every question back, on its old row")
    {
        const auto again = store->importFiles({dataFile("mini-questions.json")});
        REQUIRE(again.ok());
        CHECK_FALSE(again.summaries[0].unchanged);
        CHECK(again.summaries[0].restored == 4);
        CHECK(again.summaries[0].updated == 0);
        CHECK(questionRows(*store) == before);
        CHECK_FALSE(storedPack(store->packs().value(), "mini-questions").removed);
        // And it is a pack like any other again: the same file is a no-op.
        CHECK(store->importFiles({dataFile("mini-questions.json")}).summaries[0].unchanged);
    }
    SECTION("with its questions gone, the exam's pack may go; its exam stays for the sessions")
    {
        const auto examPack = store->removePack("mini-exam");
        REQUIRE(examPack.ok());
        CHECK(examPack->retired == 0);
        CHECK(store->exam("mini").ok());
    }
}

TEST_CASE("a dry run reports what the import would do and writes nothing", "[store][preview]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = closedWithMiniExam(dir, clock);
    const std::string bytes = readFile(path);

    ImportPolicy preview;
    preview.dryRun = true;
    std::vector<PackImportSummary> previewed;
    {
        auto store = openStore(path, clock);
        const auto outcome =
            store->importFiles({dataFile("mini-questions.json"), dataFile("sample.gift")}, {}, preview);
        REQUIRE(outcome.ok());
        previewed = outcome.summaries;
        CHECK(store->activeQuestions("mini").value().empty());
    }
    CHECK(readFile(path) == bytes);
    REQUIRE(previewed.size() == 2);
    CHECK(previewed[0].added == 4);
    CHECK(previewed[1].packId == "gift-sample");
    CHECK(previewed[1].added == 4);

    // The real import does what the preview said.
    auto store = openStore(path, clock);
    const auto real = store->importFiles({dataFile("mini-questions.json"), dataFile("sample.gift")});
    REQUIRE(real.ok());
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(real.summaries[i].added == previewed[i].added);
        CHECK(real.summaries[i].updated == previewed[i].updated);
        CHECK(real.summaries[i].retired == previewed[i].retired);
    }
    // A preview of a change: one question edited under a new version, one dropped.
    std::string text = readFile(dataFile("mini-questions.json"));
    text.replace(text.find("\"1.0.0\""), 7, "\"1.1.0\"");
    text.replace(text.find("Which is first?"), 15, "Which comes first?");
    const auto q4 = text.find(",\n    {\"id\": \"q4\"");
    text.erase(q4, text.rfind(']') - q4);
    writeFile(dir / "v2.json", text);
    const auto change = store->importFiles({dir / "v2.json"}, {}, preview);
    REQUIRE(change.ok());
    CHECK(change.summaries[0].updated == 1);
    CHECK(change.summaries[0].retired == 1);
    CHECK(change.summaries[0].unchangedQuestions == 2);
    CHECK(store->activeQuestions("mini").value().size() == 8);
}

TEST_CASE("progress counts every question, and cancelling leaves the database as it was", "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    const auto path = closedWithMiniExam(dir, clock);
    const std::string bytes = readFile(path);

    std::vector<std::pair<int, int>> calls;
    ImportPolicy policy;
    policy.progress = [&](int done, int total) {
        calls.emplace_back(done, total);
        return done < 6; // cancel at the sixth of eight questions
    };
    {
        auto store = openStore(path, clock);
        const auto outcome =
            store->importFiles({dataFile("mini-questions.json"), dataFile("sample.gift")}, {}, policy);
        CHECK_FALSE(outcome.ok());
        CHECK(outcome.cancelled);
        CHECK(outcome.error == "the import was cancelled; nothing was imported");
        CHECK(store->packs().value().size() == 1);
    }
    CHECK(readFile(path) == bytes);
    REQUIRE(calls.size() == 6);
    CHECK(calls.front() == std::pair(1, 8));
    CHECK(calls.back() == std::pair(6, 8));

    policy.progress = [&](int done, int total) {
        calls.emplace_back(done, total);
        return true;
    };
    calls.clear();
    auto store = openStore(path, clock);
    const auto outcome =
        store->importFiles({dataFile("mini-questions.json"), dataFile("sample.gift")}, {}, policy);
    REQUIRE(outcome.ok());
    CHECK_FALSE(outcome.cancelled);
    CHECK(calls.size() == 8);
    CHECK(calls.back() == std::pair(8, 8));
}

TEST_CASE("an exported pack validates and imports to the same content hashes", "[store][export]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(store
                ->importFiles({dataFile("mini-exam-objectives.json"),
                               dataFile("mini-questions-objectives.json"), dataFile("course.gift")},
                              [] {
                                  ImportOptions o;
                                  o.map = dataFile("course-map.json");
                                  return o;
                              }())
                .ok());
    auto fresh = openStore(":memory:", clock);
    std::vector<std::filesystem::path> files;
    TempDir dir;
    const auto packs = store->packs().value();
    for (const auto& p : packs) {
        const auto exported = store->exportPack(p.id);
        REQUIRE(exported.ok());
        CHECK(exported->changedSinceImport.empty());
        CHECK(exported->pack.info.authors == p.authors);
        files.push_back(dir / (p.id + ".json"));
        writeFile(files.back(), packToJson(exported->pack));
    }
    const auto reimported = fresh->importFiles(files);
    for (const auto& d : reimported.diagnostics) {
        INFO(d.format());
        CHECK(!d.isError());
    }
    REQUIRE(reimported.ok());
    const auto original = questionRows(*store);
    const auto copy = questionRows(*fresh);
    REQUIRE(original.size() == copy.size());
    for (auto a = original.begin(), b = copy.begin(); a != original.end(); ++a, ++b) {
        CHECK(a->first == b->first);
        CHECK(a->second.substr(0, 64) == b->second.substr(0, 64));
    }
    CHECK(fresh->exam("mini").value().domains[0].objectives.size() == 2);
}

TEST_CASE("an export names a question whose exam dropped the objective it was imported with",
          "[store][export]")
{
    FakeClock clock;
    auto store = openStore(":memory:", clock);
    REQUIRE(
        store
            ->importFiles({dataFile("mini-exam-objectives.json"), dataFile("mini-questions-objectives.json")})
            .ok());
    // A newer exam definition without objective 1.2: its questions keep their content hash but lose the link.
    TempDir dir;
    std::string exam = readFile(dataFile("mini-exam-objectives.json"));
    exam.replace(exam.find("\"2.0.0\""), 7, "\"2.1.0\"");
    const auto at = exam.find("\"id\": \"1.2\"");
    REQUIRE(at != std::string::npos);
    const auto open = exam.rfind('{', at);
    const auto close = exam.find('}', at);
    exam.erase(exam.rfind(',', open), close + 1 - exam.rfind(',', open));
    writeFile(dir / "exam.json", exam);
    REQUIRE(store->importFiles({dir / "exam.json"}).ok());
    const auto exported = store->exportPack("mini-questions");
    REQUIRE(exported.ok());
    CHECK_FALSE(exported->changedSinceImport.empty());
    for (const auto& id : exported->changedSinceImport) {
        INFO(id);
        for (const auto& q : exported->pack.questions) {
            if (q.id == id) {
                CHECK(q.objective.empty());
            }
        }
    }
}

TEST_CASE("a changed pack file at the imported version is refused with the field to raise, from what to what",
          "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniQuestions(dir, clock);
    const auto edited = miniQuestionsWith(dir, "edited.json", {{"Which is first?", "Which one first?"}});
    CHECK(store->importFiles({edited}).error ==
          edited.string() +
              ": pack \"mini-questions\" version 1.0.0 is already imported with different "
              "content; to update it, raise \"version\" in the file's \"pack\" object from 1.0.0 "
              "to a higher one such as 1.0.1; nothing was imported");
}

TEST_CASE("an import names the questions it adds, changes, restores and retires", "[store][import]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniQuestions(dir, clock);
    // Version 1.1.0: q1 reworded, q4 left the pack, q5 is new.
    const auto newer = store->importFiles({miniQuestionsWith(dir, "newer.json",
                                                             {{"\"1.0.0\"", "\"1.1.0\""},
                                                              {"Which is first?", "Which one first?"},
                                                              {"\"id\": \"q4\"", "\"id\": \"q5\""}})});
    REQUIRE(newer.ok());
    const PackImportSummary& s = newer.summaries.at(0);
    CHECK(s.addedIds == std::vector<std::string>{"q5"});
    CHECK(s.updatedIds == std::vector<std::string>{"q1"});
    CHECK(s.retiredIds == std::vector<std::string>{"q4"});
    CHECK(s.restoredIds.empty());
    CHECK(changedQuestionsText(s) == "new: q5; changed: q1; removed: q4");

    // Back to 1.0.0's questions at 1.2.0: q4 comes back, q5 goes.
    const auto newest =
        store->importFiles({miniQuestionsWith(dir, "newest.json", {{"\"1.0.0\"", "\"1.2.0\""}})});
    REQUIRE(newest.ok());
    CHECK(changedQuestionsText(newest.summaries.at(0)) == "changed: q1; restored: q4; removed: q5");
}

TEST_CASE("changed questions are listed up to a limit, then counted", "[store][import]")
{
    PackImportSummary s;
    for (int i = 1; i <= 5; ++i) {
        s.updatedIds.push_back("u" + std::to_string(i));
    }
    s.retiredIds = {"r1", "r2", "r3", "r4"};
    // One id past the limit is listed: "and 1 more" would take as much room as the id.
    CHECK(changedQuestionsText(s, 3) == "changed: u1, u2, u3 and 2 more; removed: r1, r2, r3, r4");
    CHECK(changedQuestionsText(PackImportSummary{}).empty());
}

TEST_CASE("a removed pack counts the questions its removal retired, not those earlier versions retired",
          "[store][remove]")
{
    TempDir dir;
    FakeClock clock;
    auto store = storeWithMiniQuestions(dir, clock);
    // Version 1.1.0 drops q4 (the last question, and the comma before it): retired by the import, and not in
    // the file a re-import would restore from.
    std::string text = readFile(dataFile("mini-questions.json"));
    const auto q4 = text.find(",\n    {\"id\": \"q4\"");
    const auto end = text.find("\"shuffle\": false}") + std::string("\"shuffle\": false}").size();
    const auto newer =
        miniQuestionsWith(dir, "newer.json", {{"\"1.0.0\"", "\"1.1.0\""}, {text.substr(q4, end - q4), ""}});
    REQUIRE(store->importFiles({newer}).ok());
    REQUIRE(storedPack(store->packs().value(), "mini-questions").activeQuestions == 3);

    const auto removed = store->removePack("mini-questions");
    REQUIRE(removed.ok());
    CHECK(removed->retired == 3);
    const StoredPack pack =
        storedPack(store->packs().value(), "mini-questions"); // a copy: packs() is a temporary
    CHECK(pack.removed);
    CHECK(pack.removedQuestions == 3);
    CHECK(pack.retiredQuestions == 4);
    // Importing the file again restores exactly those.
    const auto again = store->importFiles({newer});
    REQUIRE(again.ok());
    CHECK(again.summaries.at(0).restored == 3);
    CHECK(storedPack(store->packs().value(), "mini-questions").removedQuestions == 0);
}
