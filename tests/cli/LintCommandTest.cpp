// certdrill-cli lint end to end: the report, --strict, --json, and a third-party bank nobody here wrote.
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/pack/ItemLint.h"

#include "CliSupport.h"
#include "TestSupport.h"

using nlohmann::json;

namespace {

/// Just enough TOML for the ncp-genl-labs quizzes (they are not a format certdrill imports): top-level
/// `key = value` lines and `[[questions]]` tables whose values are integers, basic strings ("…" with
/// escapes), multi-line basic strings ("""…""") and arrays of strings over several lines.
class MiniToml
{
public:
    using Table = std::map<std::string, json>;

    explicit MiniToml(std::string text)
        : m_text(std::move(text))
    {
    }

    /// The top-level table and the [[questions]] tables, or an error message.
    bool parse(Table& top, std::vector<Table>& questions, std::string& error)
    {
        Table* current = &top;
        while (skipBlank(), m_at < m_text.size()) {
            if (m_text.compare(m_at, 13, "[[questions]]") == 0) {
                m_at += 13;
                questions.emplace_back();
                current = &questions.back();
                continue;
            }
            std::string key;
            while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) ||
                                            m_text[m_at] == '_' || m_text[m_at] == '-')) {
                key += m_text[m_at++];
            }
            skipSpaces();
            if (key.empty() || m_at >= m_text.size() || m_text[m_at] != '=') {
                error = "expected key = value at byte " + std::to_string(m_at);
                return false;
            }
            ++m_at;
            skipSpaces();
            auto value = parseValue(error);
            if (!value) {
                return false;
            }
            (*current)[key] = *value;
        }
        return true;
    }

private:
    void skipSpaces()
    {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t')) {
            ++m_at;
        }
    }

    /// Spaces, line breaks and # comments.
    void skipBlank()
    {
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == '#') {
                while (m_at < m_text.size() && m_text[m_at] != '\n') {
                    ++m_at;
                }
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                ++m_at;
            } else {
                return;
            }
        }
    }

    std::optional<json> parseValue(std::string& error)
    {
        if (m_text.compare(m_at, 3, "\"\"\"") == 0) {
            m_at += 3;
            if (m_at < m_text.size() && m_text[m_at] == '\n') {
                ++m_at; // a newline right after the opening quotes is not part of the string
            }
            return parseString("\"\"\"", error);
        }
        if (m_at < m_text.size() && m_text[m_at] == '"') {
            ++m_at;
            return parseString("\"", error);
        }
        if (m_at < m_text.size() && m_text[m_at] == '[') {
            ++m_at;
            json array = json::array();
            while (skipBlank(), m_at < m_text.size() && m_text[m_at] != ']') {
                auto item = parseValue(error);
                if (!item) {
                    return std::nullopt;
                }
                array.push_back(*item);
                skipBlank();
                if (m_at < m_text.size() && m_text[m_at] == ',') {
                    ++m_at;
                }
            }
            ++m_at;
            return array;
        }
        std::string bare;
        while (m_at < m_text.size() && m_text[m_at] != '\n' && m_text[m_at] != ',' && m_text[m_at] != ']') {
            bare += m_text[m_at++];
        }
        while (!bare.empty() && std::isspace(static_cast<unsigned char>(bare.back()))) {
            bare.pop_back();
        }
        if (bare.empty() || !std::all_of(bare.begin(), bare.end(), [](char c) { return std::isdigit(c); })) {
            error = "unsupported value \"" + bare + "\"";
            return std::nullopt;
        }
        return json(std::stoi(bare));
    }

    std::optional<json> parseString(const std::string& close, std::string& error)
    {
        std::string out;
        while (m_at < m_text.size()) {
            if (m_text.compare(m_at, close.size(), close) == 0) {
                m_at += close.size();
                return json(out);
            }
            const char c = m_text[m_at++];
            if (c != '\\') {
                out += c;
                continue;
            }
            const char e = m_text[m_at++];
            switch (e) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case '"':
            case '\\':
                out += e;
                break;
            default:
                error = std::string("unsupported escape \\") + e;
                return std::nullopt;
            }
        }
        error = "unterminated string";
        return std::nullopt;
    }

    std::string m_text;
    std::size_t m_at = 0;
};

/// The ncp-genl-labs quizzes as one certdrill pack (an exam of their ten domains and every question), or
/// empty with the reason in `error`.
std::optional<json> labsAsPack(const std::filesystem::path& labs, std::string& error)
{
    json domains = json::array();
    json questions = json::array();
    for (const auto& entry : std::filesystem::recursive_directory_iterator(labs)) {
        if (entry.path().filename() != "quiz.toml") {
            continue;
        }
        MiniToml::Table top;
        std::vector<MiniToml::Table> items;
        if (!MiniToml(readFile(entry.path())).parse(top, items, error)) {
            error = entry.path().string() + ": " + error;
            return std::nullopt;
        }
        const std::string domain = "d" + top["code"].get<std::string>();
        domains.push_back({{"id", domain}, {"name", top["domain"]}, {"weight", top["weight"]}});
        for (auto& item : items) {
            json options = json::array();
            std::set<int> key;
            for (const auto& letter : item["answer"]) {
                key.insert(letter.get<std::string>()[0] - 'A');
            }
            for (std::size_t i = 0; i < item["options"].size(); ++i) {
                options.push_back(
                    {{"text", item["options"][i]}, {"correct", key.count(static_cast<int>(i)) > 0}});
            }
            questions.push_back({{"id", "q" + item["id"].get<std::string>()},
                                 {"exam", "labs"},
                                 {"domain", domain},
                                 {"stem", item["question"]},
                                 {"select", key.size()},
                                 {"options", options},
                                 {"explanation", item["explanation"]}});
        }
    }
    return json{{"format", "certdrill-pack/1"},
                {"pack",
                 {{"id", "ncp-genl-labs"},
                  {"title", "ncp-genl-labs"},
                  {"version", "1.0.0"},
                  {"authors", {"third party"}},
                  {"license", "MIT"}}},
                {"exams",
                 {{{"id", "labs"},
                   {"title", "labs"},
                   {"version", "1"},
                   {"duration_minutes", 120},
                   {"question_count", {{"min", 60}, {"max", 70}, {"default", 65}}},
                   {"pass_percent", 70},
                   {"multi_select_share", 0.25},
                   {"domains", domains}}}},
                {"questions", questions}};
}

/// The percentage on the report's "longest option: 57.0% (…), chance 20.1%" line of the "All packs" or only
/// pack summary (the last such line).
double longestShare(const std::string& out, double& chance)
{
    const auto at = out.rfind("  longest option: ");
    REQUIRE(at != std::string::npos);
    const std::string line = out.substr(at, out.find('\n', at) - at);
    chance = std::stod(line.substr(line.find("chance ") + 7));
    return std::stod(line.substr(line.find(": ") + 2));
}

} // namespace

TEST_CASE("lint reports each flaw with its location and the strategies against chance", "[cli][lint]")
{
    const Run r = cli("--db /nonexistent/none.db lint " + data("lint-cued.json"));
    CHECK(r.exitCode == 0); // without --strict it only reports
    CHECK_THAT(r.out,
               Catch::Contains("lint-cued.json:35:5: warning: /questions/0: q1: [longest-key] the key is the "
                               "longest option (93 characters; the longest distractor has 16)"));
    CHECK_THAT(r.out,
               Catch::Contains("[absolute-distractor] absolute words in distractors only: \"always\" (B), "
                               "\"never\" (D)"));
    CHECK_THAT(r.out, Catch::Contains("[all-none-above] option E is \"None of the above\""));
    CHECK_THAT(r.out, Catch::Contains("longest option: 100.0% (4/4), chance 21.2%"));
    CHECK_THAT(r.out, Catch::Contains("--strict would fail"));

    const Run strict = cli("--db /nonexistent/none.db lint --strict " + data("lint-cued.json"));
    CHECK(strict.exitCode == 1);
    CHECK_THAT(strict.out, Catch::Contains("longest option scores 100.0%, 78.8 points over chance (21.2%)"));

    const Run balanced = cli("--db /nonexistent/none.db lint --strict " + data("lint-balanced.json"));
    CHECK(balanced.exitCode == 0);
    CHECK_THAT(balanced.out, Catch::Contains("longest option: 25.0% (1/4), chance 25.0%"));
    CHECK_THAT(balanced.out, Catch::Contains("every surface strategy and cue within 5 points of chance"));
}

TEST_CASE("lint --json gives the same report as data", "[cli][lint]")
{
    const Run r = cli("--db /nonexistent/none.db lint --json " + data("lint-cued.json"));
    REQUIRE(r.exitCode == 0);
    const json j = json::parse(r.out);
    CHECK(j["total"]["questions"] == 4);
    CHECK(j["total"]["strict_ok"] == false);
    CHECK(j["total"]["strategies"][0]["name"] == "longest");
    CHECK(j["total"]["strategies"][0]["share"].get<double>() == Approx(1.0));
    const auto rule = [&](const std::string& name) {
        for (const auto& each : j["total"]["rules"]) {
            if (each["name"] == name) {
                return each;
            }
        }
        return json();
    };
    CHECK(rule("all-none-above")["questions"] == 1);
    CHECK(rule("all-none-above")["chance"].is_null()); // a structural flaw has no chance rate
    CHECK(rule("reason-cue")["chance"].is_number());   // a cue has one
    CHECK(j["total"]["strategies"].size() == certdrill::kStrategyCount);
    CHECK(j["total"]["rules"].size() == certdrill::kRuleCount);
    REQUIRE(j["packs"].size() == 1);
    CHECK(j["packs"][0]["id"] == "lint-cued");
    CHECK(j["findings"][0]["line"] == 35);
    CHECK(j["findings"][0]["question"] == "q1");
}

TEST_CASE("lint refuses files that do not load and bad usage", "[cli][lint]")
{
    const Run bad = cli("--db /nonexistent/none.db lint " + data("five-errors.json"));
    CHECK(bad.exitCode == 1);
    CHECK_THAT(bad.err, Catch::Contains("before the lint can judge the questions"));
    CHECK(cli("lint").exitCode == 2);
    CHECK(cli("lint --bogus x.json").exitCode == 2);
}

TEST_CASE("a third-party NCP-GENL bank fails lint --strict on its longest-option cue",
          "[cli][lint][realdata]")
{
    const std::filesystem::path labs = realdata("ncp-genl-labs/labs");
    if (labs.empty()) {
        return;
    }
    std::string error;
    const auto pack = labsAsPack(labs, error);
    INFO(error);
    REQUIRE(pack);
    CHECK((*pack)["questions"].size() == 320);
    TempDir dir;
    writeFile(dir / "ncp-genl-labs.json", pack->dump(2));
    const Run r =
        cli("--db " + (dir / "none.db").string() + " lint --strict " + (dir / "ncp-genl-labs.json").string());
    INFO(r.err);
    CHECK(r.exitCode == 1);
    double chance = 0;
    const double longest = longestShare(r.out, chance);
    WARN("ncp-genl-labs: longest option " << longest << "%, chance " << chance << "%");
    CHECK(longest > chance + 50.0);
    CHECK_THAT(r.out, Catch::Contains("--strict fails"));
}
