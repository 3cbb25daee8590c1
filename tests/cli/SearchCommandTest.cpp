// certdrill-cli search, note and bookmark end to end: the ids search prints are the ones the browser's core
// query returns, for the same text and filters.
#include <set>
#include <sstream>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/exam/QuestionSearch.h"
#include "certdrill/store/Annotations.h"

#include "CliSupport.h"
#include "TestSupport.h"

namespace {

using Ids = std::vector<std::string>;

/// The ids `certdrill-cli search ARGS --json` prints.
Ids cliIds(const std::string& db, const std::string& args)
{
    const Run r = cli(db + " search " + args + " --json");
    INFO(args << "\n" << r.err);
    REQUIRE(r.exitCode == 0);
    Ids out;
    const auto parsed = nlohmann::json::parse(r.out);
    for (const auto& hit : parsed["results"]) {
        out.push_back(hit["id"].get<std::string>());
    }
    return out;
}

/// The ids searchQuestions returns in-process, as "PACK/ID".
Ids coreIds(const std::filesystem::path& dbPath, const certdrill::SearchQuery& query)
{
    certdrill::FakeClock clock;
    auto store = std::move(certdrill::Store::open(dbPath, clock).value());
    const auto found = certdrill::searchQuestions(*store, query).value();
    Ids out;
    for (const auto& h : found.hits) {
        out.push_back(h.key());
    }
    return out;
}

} // namespace

TEST_CASE("search prints the ids the browser's core query finds", "[cli][search]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    std::string packs;
    for (const auto& f : certdrill::packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
        packs += " " + f.string();
    }
    REQUIRE(cli(db + " import" + packs).exitCode == 0);

    certdrill::SearchQuery q;
    q.examId = "ncp-genl";
    q.text = "kv cache";
    const Ids kv = coreIds(dbPath, q);
    CHECK(kv.size() > 1);
    CHECK(cliIds(db, "kv cache") == kv);
    CHECK(cliIds(db, "\"kv cache\"") == kv); // one argument or two: the same words

    q.text = "quantiz";
    q.domains = {"model-optimization"};
    const Ids quant = coreIds(dbPath, q);
    CHECK_FALSE(quant.empty());
    CHECK(cliIds(db, "quantiz --domain model-optimization") == quant);

    // A bookmark set through the CLI is the browser's status filter.
    REQUIRE(cli(db + " bookmark " + quant.front()).exitCode == 0);
    q = {};
    q.examId = "ncp-genl";
    q.statuses = {certdrill::QuestionStatus::Bookmarked};
    CHECK(coreIds(dbPath, q) == Ids{quant.front()});
    CHECK(cliIds(db, "--status bookmarked") == Ids{quant.front()});

    // Every question, and hostile text, the same in both.
    q.statuses = {};
    q.text = "\"NEAR( * OR";
    CHECK(cliIds(db, "'\"NEAR( * OR'") == coreIds(dbPath, q));
    q.text = "";
    q.multiSelect = true;
    q.difficulties = {4};
    CHECK(cliIds(db, "--multi --difficulty 4") == coreIds(dbPath, q));

    const Run text = cli(db + " search kv cache --limit 2");
    CHECK(text.exitCode == 0);
    CHECK_THAT(text.out,
               Catch::Contains(kv[0]) && Catch::Contains("2 shown of " + std::to_string(kv.size())));
    // The text rows keep their columns whatever the ids' lengths ("ncp-genl-model-optimization-1/mo1-049"
    // is longer than the 28 characters the key column had): the domain starts at one place in every row.
    const Run rows = cli(db + " search kv cache --limit 8");
    REQUIRE(rows.exitCode == 0);
    std::set<std::size_t> domainColumns;
    std::istringstream lines(rows.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.find(" shown of ") == std::string::npos) {
            domainColumns.insert(line.find(' ') + line.substr(line.find(' ')).find_first_not_of(' '));
        }
    }
    CHECK(domainColumns.size() == 1);
    CHECK(cli(db + " search --status sideways").exitCode == 2);
    CHECK(cli(db + " search --multi --single").exitCode == 2);
    CHECK(cli(db + " search --difficulty x").exitCode == 2);
}

TEST_CASE("note and bookmark set a question's marks by its id", "[cli][notes]")
{
    TempDir dir;
    const auto dbPath = dir / "db.sqlite";
    const std::string db = "--db " + dbPath.string();
    REQUIRE(cli(db + " import " + dataFile("mini-exam.json").string() + " " +
                dataFile("mini-questions.json").string())
                .exitCode == 0);
    CHECK(cli(db + " note q1").out == "no note\n");
    const Run saved = cli(db + " note q1 'Think of the ordinal'");
    CHECK(saved.exitCode == 0);
    CHECK(saved.out == "q1: note saved\n");
    CHECK(cli(db + " note mini-questions/q1").out == "Think of the ordinal\n");
    CHECK(cliIds(db, "ordinal") == Ids{"mini-questions/q1"}); // the note is searched
    CHECK(cli(db + " note q1 ''").out == "q1: note removed\n");
    CHECK(cli(db + " note q1").out == "no note\n");
    CHECK(cli(db + " bookmark q3").out == "q3: bookmarked\n");
    CHECK(cliIds(db, "--status bookmarked") == Ids{"mini-questions/q3"});
    CHECK(cli(db + " bookmark q3 --remove").out == "q3: bookmark removed\n");
    CHECK(cliIds(db, "--status bookmarked").empty());
    const Run unknown = cli(db + " note q9 x");
    CHECK(unknown.exitCode == 1);
    CHECK_THAT(unknown.err, Catch::Contains("no question \"q9\""));
    CHECK(cli(db + " note").exitCode == 2);
    CHECK(cli(db + " bookmark").exitCode == 2);
}
