#include "certdrill/pack/ItemLint.h"

#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "certdrill/pack/PackLoader.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

/// A question from its stem and options; the options whose text starts with '*' are the key (the '*' is
/// dropped), and select is their number.
Question question(const std::string& stem, std::vector<std::string> options)
{
    Question q;
    q.id = "q";
    q.stem = stem;
    for (auto& text : options) {
        Option o;
        o.correct = !text.empty() && text[0] == '*';
        o.text = o.correct ? text.substr(1) : text;
        q.select += o.correct ? 1 : 0;
        q.options.push_back(o);
    }
    q.select -= 1; // Question starts at 1
    return q;
}

double strategy(const LintSummary& s, Strategy which)
{
    return s.strategyRight[static_cast<std::size_t>(which)];
}

int fired(const LintSummary& s, LintRule rule)
{
    return s.fired[static_cast<std::size_t>(rule)];
}

std::vector<LintRule> rulesOf(const Question& q)
{
    std::vector<LintFinding> found;
    lintQuestions({q}, &found);
    std::vector<LintRule> rules;
    for (const auto& f : found) {
        rules.push_back(f.rule);
    }
    return rules;
}

/// The message of the finding `rule` makes on `q`, if it fires.
std::optional<std::string> messageOf(const Question& q, LintRule rule)
{
    std::vector<LintFinding> found;
    lintQuestions({q}, &found);
    for (const auto& f : found) {
        if (f.rule == rule) {
            return f.message;
        }
    }
    return std::nullopt;
}

bool has(const std::vector<LintRule>& rules, LintRule rule)
{
    return std::find(rules.begin(), rules.end(), rule) != rules.end();
}

} // namespace

TEST_CASE("the longest-option strategy and the longest-key rule see a key that is longer than the rest",
          "[lint]")
{
    const Question q =
        question("Which setting?", {"*a setting that is the longest of them", "short one", "brief", "tiny"});
    const LintSummary s = lintQuestions({q});
    CHECK(s.questions == 1);
    CHECK(s.chanceRight == Approx(0.25));
    CHECK(strategy(s, Strategy::Longest) == Approx(1.0));
    CHECK(strategy(s, Strategy::Shortest) == Approx(0.0));
    CHECK(fired(s, LintRule::LongestKey) == 1);
    CHECK(fired(s, LintRule::LongKey) == 1); // 38 characters against a mean distractor of 6.3
    // With a random key, one of the four options would be the longest: the permutation chance is 1/4.
    CHECK(s.chanceFired[static_cast<std::size_t>(LintRule::LongestKey)] == Approx(0.25));
}

TEST_CASE("ties are broken at random, so options of one length score chance", "[lint]")
{
    const LintSummary s = lintQuestions({question("Which?", {"*aaaa", "bbbb", "cccc", "dddd"})});
    CHECK(strategy(s, Strategy::Longest) == Approx(0.25));
    CHECK(strategy(s, Strategy::Shortest) == Approx(0.25));
    CHECK(fired(s, LintRule::LongestKey) == 0);
    CHECK(s.chanceFired[static_cast<std::size_t>(LintRule::LongestKey)] == Approx(0.0));
    // Two options tie for the longest: the strategy picks the key half of the time.
    const LintSummary tie = lintQuestions({question("Which?", {"*aaaaaa", "bbbbbb", "cc", "dd"})});
    CHECK(strategy(tie, Strategy::Longest) == Approx(0.5));
    CHECK(fired(tie, LintRule::LongestKey) == 0); // not uniquely longest
}

TEST_CASE("a multi-select key made of the k longest options is seen; chance is 1 / C(n, k)", "[lint]")
{
    const Question q = question(
        "Which TWO? (Select TWO.)",
        {"*the first right answer, long", "*the second right answer, long", "wrong", "also wrong", "nope"});
    REQUIRE(q.select == 2);
    const LintSummary s = lintQuestions({q});
    CHECK(s.chanceRight == Approx(0.1));
    CHECK(strategy(s, Strategy::Longest) == Approx(1.0));
    CHECK(fired(s, LintRule::LongestKey) == 1);
    std::vector<LintFinding> found;
    lintQuestions({q}, &found);
    REQUIRE(!found.empty());
    CHECK(found.front().message == "the 2 longest options are exactly the key");
}

TEST_CASE("absolute words count only in distractors, and a hyphenated word is one word", "[lint]")
{
    const Question tell = question("How does ZeRO-3 shard?",
                                   {"*It shards parameters across ranks", "It always keeps full weights",
                                    "It never shards", "It shards optimizer states"});
    CHECK(has(rulesOf(tell), LintRule::AbsoluteDistractor));
    CHECK(strategy(lintQuestions({tell}), Strategy::NoAbsolute) == Approx(0.5)); // two options have none

    const Question both =
        question("How?", {"*Only the adapters train", "All weights train", "x y z", "u v w"});
    CHECK_FALSE(has(rulesOf(both), LintRule::AbsoluteDistractor));

    const Question hyphen = question("Which collective?", {"*An all-reduce of gradients", "A none-such step",
                                                           "A broadcast of weights", "A gather of outputs"});
    CHECK_FALSE(has(rulesOf(hyphen), LintRule::AbsoluteDistractor));
}

TEST_CASE("the key alone repeating the stem's words is a cue", "[lint]")
{
    const Question q = question("The tokenizer splits rare medical terms into many pieces. What helps?",
                                {"*Extend the tokenizer with medical terms", "Raise the learning rate",
                                 "Use a larger batch", "Add dropout layers"});
    CHECK(has(rulesOf(q), LintRule::StemEcho));
    CHECK(strategy(lintQuestions({q}), Strategy::StemOverlap) == Approx(1.0));
}

TEST_CASE("reason clauses that tell the key apart are a cue, in either direction", "[lint]")
{
    // The distractors explain themselves and the key does not: the pattern a test-wise candidate learns.
    const Question plain = question("The job runs out of GPU memory. What helps?",
                                    {"*Enable activation checkpointing for the decoder layers",
                                     "Raise the batch size, since larger batches use memory better",
                                     "Switch to FP32, so the optimizer states are more compact",
                                     "Add GPUs to the node because memory scales with them"});
    CHECK(has(rulesOf(plain), LintRule::ReasonCue));
    CHECK(strategy(lintQuestions({plain}), Strategy::NoReason) == Approx(1.0));
    std::vector<LintFinding> found;
    lintQuestions({plain}, &found);
    REQUIRE(found.size() == 1);
    CHECK_THAT(found.front().message, Catch::StartsWith("every distractor gives a reason"));

    // The other direction: the key alone gives a reason.
    const Question reasoned =
        question("Which helps?", {"*Checkpoint activations, since they dominate memory",
                                  "Raise the batch size", "Switch to FP32", "Add GPUs to the node"});
    CHECK(has(rulesOf(reasoned), LintRule::ReasonCue));
    CHECK(strategy(lintQuestions({reasoned}), Strategy::NoReason) == Approx(0.0));

    // Mixed: a key and a distractor both give one, so neither the rule nor the strategy sees the key.
    const Question mixed = question("Which helps?", {"*Checkpoint activations, since they dominate memory",
                                                     "Raise the batch size, so memory is used better",
                                                     "Switch to FP32", "Add GPUs to the node"});
    CHECK_FALSE(has(rulesOf(mixed), LintRule::ReasonCue));
    CHECK(strategy(lintQuestions({mixed}), Strategy::NoReason) == Approx(0.0)); // picks one of the plain two
    CHECK(strategy(lintQuestions({question("Which?", {"*a b", "c, so d", "e f", "g h"})}),
                   Strategy::NoReason) == Approx(1.0 / 3.0));

    // "so far", "and so on" and "do so" are not reasons; "so that" is.
    const Question idioms = question("Which?", {"*Keep the cache so far as it fits", "Log steps and so on",
                                                "Do so at each step", "Pad inputs so that shapes match"});
    CHECK(strategy(lintQuestions({idioms}), Strategy::NoReason) == Approx(1.0 / 3.0));
    CHECK_FALSE(has(rulesOf(idioms), LintRule::ReasonCue)); // one distractor alone gives a reason

    // The chance rate: with the key at random, the rule fires when the one plain option is the key.
    const LintSummary s = lintQuestions({plain});
    CHECK(s.chanceFired[static_cast<std::size_t>(LintRule::ReasonCue)] == Approx(0.25));
}

TEST_CASE("a key that alone is the most elaborate option is a cue", "[lint]")
{
    // The key is qualified, with an aside and a second step; each distractor is one bare claim of about the
    // same length: the most elaborate option wins.
    const Question q =
        question("The job runs out of GPU memory. What helps?",
                 {"*Checkpoint activations (the largest item) and shard optimizer states",
                  "Raise the batch size to sixty-four, which packs each GPU's memory more tightly",
                  "Switch the optimizer states to FP32 precision to make their storage compact",
                  "Add dropout to the decoder layers to cut stored activations"});
    CHECK(has(rulesOf(q), LintRule::ElaborateKey));
    CHECK(strategy(lintQuestions({q}), Strategy::MostElaborate) == Approx(1.0));
    const auto elaborate = messageOf(q, LintRule::ElaborateKey);
    REQUIRE(elaborate);
    CHECK(*elaborate == "the key has more parts (commas, semicolons, colons, brackets, \"and\", "
                        "\"or\") than any distractor (2, distractors at most 1)");

    // A distractor as elaborate as the key: no rule, and the strategy guesses between the two.
    const Question even = question("Which helps?", {"*Checkpoint activations; shard optimizer states",
                                                    "Raise the batch size: memory is used better",
                                                    "Switch the optimizer to FP32", "Add dropout"});
    CHECK_FALSE(has(rulesOf(even), LintRule::ElaborateKey));
    CHECK(strategy(lintQuestions({even}), Strategy::MostElaborate) == Approx(0.5));
    // Commas inside numbers, and "and"/"or" inside words ("band", "order", "Oracle"), are not parts.
    const Question numbers =
        question("Which?", {"*10,000 tokens in a band", "an order of 2", "Oracle's android", "a, b"});
    CHECK(strategy(lintQuestions({numbers}), Strategy::MostElaborate) == Approx(0.0));
    // Select two: both keys need more parts than every distractor.
    CHECK_FALSE(has(rulesOf(question("Which two?", {"*x and y", "*p (q)", "z", "w", "v or u"})),
                    LintRule::ElaborateKey));
    CHECK(
        has(rulesOf(question("Which two?", {"*x and y", "*p (q)", "z", "w", "v"})), LintRule::ElaborateKey));

    // The chance rate: with the key at random, the rule fires when the one elaborate option is the key.
    CHECK(lintQuestions({q}).chanceFired[static_cast<std::size_t>(LintRule::ElaborateKey)] == Approx(0.25));
    // A bank of such questions fails --strict on the strategy and on the rule.
    std::string all;
    for (const auto& f : lintQuestions(std::vector<Question>(20, q)).strictFailures()) {
        all += f + " | ";
    }
    CHECK_THAT(all, Catch::Contains("most elaborate option scores 100.0%"));
    CHECK_THAT(all, Catch::Contains("key alone is the most elaborate: 100.0% of questions"));
}

TEST_CASE("a key that alone shares the most words with the other options is a cue", "[lint]")
{
    // Each distractor keeps one element of the key and swaps the rest: the key is the hub the others share.
    const Question q = question(
        "Which?", {"*alpha bravo charlie", "alpha delta echo", "bravo foxtrot golf", "charlie hotel india"});
    CHECK(has(rulesOf(q), LintRule::ConvergentKey));
    CHECK(strategy(lintQuestions({q}), Strategy::Convergent) == Approx(1.0));
    const auto convergent = messageOf(q, LintRule::ConvergentKey);
    REQUIRE(convergent);
    CHECK(*convergent == "the key shares more words with the other options than any distractor does "
                         "(3, distractors at most 1)");
    // The chance rate: with the key at random, the rule fires when the hub is the key.
    CHECK(lintQuestions({q}).chanceFired[static_cast<std::size_t>(LintRule::ConvergentKey)] == Approx(0.25));

    // Distractors that converge on a framing of their own: the key is no longer the hub.
    const Question apart = question(
        "Which?", {"*alpha bravo charlie", "alpha delta echo", "bravo delta echo", "charlie delta hotel"});
    CHECK_FALSE(has(rulesOf(apart), LintRule::ConvergentKey));
    CHECK(strategy(lintQuestions({apart}), Strategy::Convergent) == Approx(0.0));
    // Content words only, with a plural "s" dropped, as in the stem-echo rule: "the" and "of" do not count,
    // "tokens" and "token" do, so the key and the second option tie.
    const Question plural = question("Which?", {"*the tokens of alpha", "the token", "of bravo", "charlie"});
    CHECK(strategy(lintQuestions({plural}), Strategy::Convergent) == Approx(0.5));
}

TEST_CASE("a key that alone hedges the most is a cue; \"about\" and \"can\" are not hedges", "[lint]")
{
    // The careful key qualifies its claim, the distractors state theirs flatly.
    const Question q =
        question("Which?", {"*It usually helps and may cut latency", "It helps and cuts latency",
                            "It hurts and adds latency", "It changes nothing at all"});
    CHECK(has(rulesOf(q), LintRule::HedgedKey));
    CHECK(strategy(lintQuestions({q}), Strategy::MostHedged) == Approx(1.0));
    const auto hedged = messageOf(q, LintRule::HedgedKey);
    REQUIRE(hedged);
    CHECK(*hedged == "the key hedges more (\"usually\", \"may\", \"typically\"…) than any distractor "
                     "(2, distractors at most 0)");
    CHECK(lintQuestions({q}).chanceFired[static_cast<std::size_t>(LintRule::HedgedKey)] == Approx(0.25));
    // A distractor that hedges as much: the strategy guesses between the two, and the rule is silent.
    const Question even =
        question("Which?", {"*It usually helps", "It typically hurts", "It helps", "It hurts"});
    CHECK_FALSE(has(rulesOf(even), LintRule::HedgedKey));
    CHECK(strategy(lintQuestions({even}), Strategy::MostHedged) == Approx(0.5));
    // An approximate number and a capability are not hedges: no option is singled out.
    const Question plain =
        question("Which?", {"*About 0.88, which can drop", "About 0.12", "Near 0.5", "0.66"});
    CHECK_FALSE(has(rulesOf(plain), LintRule::HedgedKey));
    CHECK(strategy(lintQuestions({plain}), Strategy::MostHedged) == Approx(0.25));
}

TEST_CASE("a key that is rarely the longest option is a cue too: any option but the longest", "[lint]")
{
    // The key is never the longest of four options: guessing among the other three finds it one time in
    // three.
    const Question q = question("Which?", {"*bb", "aaaa", "ccc", "d"});
    const LintSummary s = lintQuestions({q});
    CHECK(strategy(s, Strategy::NotLongest) == Approx(1.0 / 3.0));
    CHECK(strategy(s, Strategy::NotShortest) == Approx(1.0 / 3.0));
    CHECK(strategy(s, Strategy::Longest) == Approx(0.0));
    // The key is the longest: avoiding it never finds it.
    CHECK(strategy(lintQuestions({question("Which?", {"*aaaa", "bb", "ccc", "d"})}), Strategy::NotLongest) ==
          Approx(0.0));
    // Options of one length: no option is singled out, so the strategy scores chance.
    CHECK(strategy(lintQuestions({question("Which?", {"*aa", "bb", "cc", "dd"})}), Strategy::NotLongest) ==
          Approx(0.25));
    // Select two of five, the key never the longest: C(4, 2) = 6 sets avoid it.
    CHECK(strategy(lintQuestions({question("Which?", {"*a", "*bb", "ccc", "dddd", "eeeee"})}),
                   Strategy::NotLongest) == Approx(1.0 / 6.0));
    // A bank of such questions fails --strict on this strategy alone.
    std::vector<Question> bank(20, q);
    const auto failures = lintQuestions(bank).strictFailures();
    REQUIRE(failures.size() == 2);
    CHECK_THAT(failures[0] + failures[1], Catch::Contains("any option but the longest scores 33.3%"));
}

TEST_CASE("all/none of the above is found; options that name matrices A and B are not", "[lint]")
{
    CHECK(has(rulesOf(question("Which?", {"*None of the above", "x1", "x2", "x3"})), LintRule::AllNoneAbove));
    CHECK(has(rulesOf(question("Which?", {"*Both A and B", "x1", "x2", "x3"})), LintRule::AllNoneAbove));
    CHECK(has(rulesOf(question("Which?", {"*all of these", "x1", "x2", "x3"})), LintRule::AllNoneAbove));
    CHECK_FALSE(has(rulesOf(question("LoRA init?", {"*B is zero and A is random",
                                                    "Both A and B are initialised to zero so training starts "
                                                    "from the pretrained model",
                                                    "x2", "x3"})),
                    LintRule::AllNoneAbove));
}

TEST_CASE("near-duplicate options differ only in case, punctuation or function words", "[lint]")
{
    CHECK(has(rulesOf(question("Which?", {"*The KV cache.", "the KV-cache", "weights", "activations"})),
              LintRule::NearDuplicate));
    // A number's decimal point and the order of words are content.
    CHECK_FALSE(
        has(rulesOf(question("How much?", {"*About 7.5 GiB", "About 75 GiB", "About 15 GiB", "1 GiB"})),
            LintRule::NearDuplicate));
    CHECK_FALSE(has(rulesOf(question("Order?", {"*SFT, then PPO", "PPO, then SFT", "RM only", "PPO only"})),
                    LintRule::NearDuplicate));
}

TEST_CASE("a stated count that differs from select, or a multi-select stem without one", "[lint]")
{
    Question q = question("Which? (Select THREE.)", {"*a1", "*a2", "b1", "b2", "b3"});
    REQUIRE(q.select == 2);
    CHECK(has(rulesOf(q), LintRule::StatedCount));
    q.stem = "Which?";
    CHECK(has(rulesOf(q), LintRule::StatedCount));
    q.stem = "Which? (Select TWO.)";
    CHECK_FALSE(has(rulesOf(q), LintRule::StatedCount));
}

TEST_CASE("--strict allows a strategy or cue up to 5 points over chance and no structural flaw", "[lint]")
{
    LintSummary s;
    s.questions = 100;
    s.chanceRight = 20;
    s.strategyRight = {25, 20, 20, 20, 20, 20, 20}; // exactly 5 points over: allowed
    CHECK(s.strictFailures().empty());
    s.strategyRight[0] = 25.5;
    REQUIRE(s.strictFailures().size() == 1);
    CHECK_THAT(s.strictFailures()[0], Catch::Contains("longest option scores 25.5%, 5.5 points over chance"));
    s.strategyRight[0] = 20;
    s.fired[static_cast<std::size_t>(LintRule::LongestKey)] = 30;
    s.chanceFired[static_cast<std::size_t>(LintRule::LongestKey)] = 24;
    CHECK(s.strictFailures().size() == 1);
    s.fired[static_cast<std::size_t>(LintRule::LongestKey)] = 29;
    CHECK(s.strictFailures().empty());
    s.fired[static_cast<std::size_t>(LintRule::AllNoneAbove)] = 1;
    REQUIRE(s.strictFailures().size() == 1);
    CHECK_THAT(s.strictFailures()[0], Catch::Contains("all/none of the above: 1 question; none allowed"));
    CHECK(s.strategyLine(Strategy::Longest) == "longest option: 20.0% (20/100), chance 20.0%");
}

TEST_CASE("a balanced bank scores chance on every strategy", "[lint]")
{
    // Each option takes each length rank once across four questions: no length cue.
    std::vector<Question> bank;
    const std::vector<std::string> texts = {"aa", "bbbb", "cccccc", "dddddddd"};
    for (int key = 0; key < 4; ++key) {
        std::vector<std::string> options = texts;
        options[static_cast<std::size_t>(key)] = "*" + options[static_cast<std::size_t>(key)];
        bank.push_back(question("Pick.", options));
    }
    const LintSummary s = lintQuestions(bank);
    CHECK(strategy(s, Strategy::Longest) == Approx(s.chanceRight));
    CHECK(strategy(s, Strategy::Shortest) == Approx(s.chanceRight));
    CHECK(fired(s, LintRule::LongestKey) == Approx(s.chanceFired[0]));
    CHECK(s.strictFailures().empty());
}

TEST_CASE("lintPacks locates each finding at its question, in JSON and in GIFT", "[lint]")
{
    TempDir dir;
    writeFile(dir / "exam.json", R"J({
  "format": "certdrill-pack/1",
  "pack": {"id": "e", "title": "E", "version": "1.0.0", "authors": ["a"], "license": "MIT"},
  "exams": [{"id": "x", "title": "X", "version": "1", "duration_minutes": 10,
             "question_count": {"min": 1, "max": 3, "default": 2}, "pass_percent": 70, "multi_select_share": 0.25,
             "domains": [{"id": "d1", "name": "D1", "weight": 100}]}]
})J");
    writeFile(dir / "q.json", R"J({
  "format": "certdrill-pack/1",
  "pack": {"id": "p", "title": "T", "version": "1.0.0", "authors": ["a"], "license": "MIT"},
  "questions": [
    {"id": "fine", "exam": "x", "domain": "d1", "stem": "One?", "select": 1,
     "options": [{"text": "aaaa", "correct": true, "why": "w"}, {"text": "bbbb", "correct": false, "why": "w"}]},
    {"id": "cued", "exam": "x", "domain": "d1", "stem": "Two?", "select": 1,
     "options": [{"text": "the careful, qualified answer", "correct": true, "why": "w"},
                 {"text": "blunt", "correct": false, "why": "w"}]}
  ]
})J");
    writeFile(dir / "q.gift",
              "$CATEGORY: x/d1\n\n::g1:: Which one? {\n=the long and careful right answer\n~no\n~nah\n}\n");
    const auto loaded = loadPacks({dir / "exam.json", dir / "q.json", dir / "q.gift"}, {});
    for (const auto& lp : loaded) {
        REQUIRE(lp.ok());
    }
    const LintReport report = lintPacks(loaded);
    REQUIRE(report.packs.size() == 3);
    CHECK(report.total.questions == 3);
    std::vector<LintFinding> longest;
    for (const auto& f : report.findings) {
        if (f.rule == LintRule::LongestKey) {
            longest.push_back(f);
        }
    }
    REQUIRE(longest.size() == 2);
    CHECK(longest[0].questionId == "cued");
    CHECK(longest[0].pointer == "/questions/1");
    CHECK(longest[0].pos.line == 7); // the question's opening brace in q.json
    CHECK(longest[1].questionId == "g1");
    CHECK(longest[1].pos.line == 3); // the GIFT question's line
    CHECK_THAT(longest[0].diagnostic().format(),
               Catch::Contains(
                   "q.json:7:5: warning: /questions/1: cued: [longest-key] the key is the longest option"));
}
