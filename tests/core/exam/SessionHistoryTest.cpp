#include "certdrill/exam/SessionHistory.h"

#include <map>
#include <regex>

#include <catch2/catch.hpp>

#include "certdrill/exam/ItemStatus.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

struct World
{
    TempDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    ExamDef exam;
    Form form;

    World()
    {
        store = std::move(Store::open(dir / "db.sqlite", clock).value());
        REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        exam = store->exam("mini").value();
        form = assembleForm(exam, store->candidates("mini").value(), 4, 1);
    }
    /// Answers correctly the items whose question id is listed.
    void answerRight(ExamSession& s, std::initializer_list<const char*> ids)
    {
        for (const auto& it : s.items()) {
            for (const char* id : ids) {
                if (it.question.id == id) {
                    std::vector<int> right;
                    for (size_t o = 0; o < it.question.options.size(); ++o) {
                        if (it.question.options[o].correct) {
                            right.push_back(static_cast<int>(o));
                        }
                    }
                    REQUIRE(s.choose(it.position, right).ok());
                }
            }
        }
    }
};

} // namespace

TEST_CASE("history lists finished sessions newest first with per-domain results", "[history]")
{
    World w;
    CHECK(sessionHistory(*w.store).value().empty());
    const std::int64_t start = w.clock.wallMs();
    auto first = std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Exam).value());
    w.answerRight(*first, {"q1", "q2", "q3"}); // q1, q2 alpha; q3 beta
    REQUIRE(first->visit(0).ok());
    w.clock.advanceMinutes(2);
    REQUIRE(first->visit(1).ok());
    w.clock.advanceMinutes(1);
    REQUIRE(first->submit().ok());
    auto second = std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Practice).value());
    w.clock.advanceMinutes(1);
    REQUIRE(second->submit().ok());
    auto open =
        std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Exam).value()); // not finished

    const auto h = sessionHistory(*w.store);
    REQUIRE(h.ok());
    REQUIRE(h.value().size() == 2);
    const SessionSummary& newest = h.value()[0];
    CHECK(newest.id == second->id());
    CHECK(newest.mode == SessionMode::Practice);
    CHECK(newest.correct == 0);
    CHECK_FALSE(newest.passed);
    const SessionSummary& s = h.value()[1];
    CHECK(s.id == first->id());
    CHECK(s.examId == "mini");
    CHECK(s.mode == SessionMode::Exam);
    CHECK(s.startedAtMs == start);
    CHECK(s.finishedAtMs == start + 3 * 60'000);
    CHECK(s.finishReason == "submitted");
    CHECK(s.correct == 3);
    CHECK(s.total == 4);
    CHECK(s.score == Approx(0.75));
    CHECK(s.passPercent == Approx(70));
    CHECK(s.passed);
    REQUIRE(s.domains.size() == 2);
    CHECK(s.domains[0].id == "alpha"); // blueprint order
    CHECK(s.domains[0].correct == 2);
    CHECK(s.domains[0].total == 2);
    CHECK(s.domains[1].id == "beta");
    CHECK(s.domains[1].correct == 1);
    CHECK(s.domains[1].total == 2);
    // The three minutes the exam took are credited to the questions they were spent on (2 and 1 minutes).
    const std::string firstDomain = first->items()[0].question.domain;
    const std::string secondDomain = first->items()[1].question.domain;
    std::map<std::string, std::int64_t> spent;
    for (const Tally& t : s.domains) {
        spent[t.id] = t.timeMs;
    }
    std::map<std::string, std::int64_t> expected{{firstDomain, 0}, {secondDomain, 0}};
    expected[firstDomain] += 2 * 60'000;
    expected[secondDomain] += 60'000;
    for (const auto& [domain, ms] : expected) {
        CHECK(spent[domain] == ms);
    }
}

TEST_CASE("history keeps an abandoned exam as abandoned, with honest time and the unanswered count",
          "[history][abandon]")
{
    World w;
    auto done = std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Exam).value());
    w.answerRight(*done, {"q1"});
    int q1 = 0;
    for (const auto& it : done->items()) {
        q1 = it.question.id == "q1" ? it.position : q1;
    }
    REQUIRE(done->visit(q1).ok());
    for (const auto& it : done->items()) {
        if (it.question.id == "q2") { // one of the two options it asks for: incomplete, not unanswered
            REQUIRE(done->choose(it.position, {0}).ok());
        }
    }
    w.clock.advanceSeconds(100);
    REQUIRE(done->enterReview().ok());
    w.clock.advanceSeconds(20);
    REQUIRE(done->submit().ok());
    w.clock.advanceMinutes(1);
    auto left = std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Exam).value());
    w.answerRight(*left, {"q1", "q2", "q3", "q4"});
    w.clock.advanceSeconds(75);
    REQUIRE(left->abandon().ok());

    const auto h = sessionHistory(*w.store);
    REQUIRE(h.ok());
    REQUIRE(h.value().size() == 2);
    const SessionSummary& abandoned = h.value()[0];
    CHECK(abandoned.id == left->id());
    CHECK(abandoned.abandoned);
    CHECK(abandoned.finishReason == "abandoned");
    CHECK_FALSE(abandoned.passed);
    CHECK(abandoned.correct == 4);
    CHECK(abandoned.elapsedMs == 75'000);
    const SessionSummary& submitted = h.value()[1];
    CHECK_FALSE(submitted.abandoned);
    CHECK(submitted.finishReason == "submitted");
    CHECK(submitted.elapsedMs == 120'000); // the clock's 2:00, of which 0:20 on the review screen
    CHECK(submitted.reviewMs == 20'000);
    CHECK(submitted.answered == 1);
    CHECK(submitted.incomplete == 1);
    CHECK(submitted.unanswered() == 2);
    CHECK(submitted.minutesPerAnsweredQuestion() == Approx(2.0));
    // Per domain: the questions seen (the one at position 0 and the incomplete one) and answered.
    int seen = 0;
    int answered = 0;
    for (const Tally& t : submitted.domains) {
        seen += t.seen;
        answered += t.answered;
    }
    CHECK(seen == 2);
    CHECK(answered == 1);
}

TEST_CASE("the weakest domain is read from answered questions; a domain not reached is not weak", "[history]")
{
    // alpha: 1 of 2 answered right; beta: nothing answered (the time ran out before it).
    std::vector<Tally> domains = {{"alpha", 1, 5, 0, 3, 2}, {"beta", 0, 4, 0, 0, 0}};
    WeakestDomain weakest = weakestDomain(domains);
    REQUIRE(weakest.domain);
    CHECK(weakest.domain->id == "alpha");
    CHECK(weakest.notReached == 1);
    // Every answer right: no weakest, and beta still not reached rather than weak.
    domains[0].correct = 2;
    weakest = weakestDomain(domains);
    CHECK_FALSE(weakest.domain);
    CHECK(weakest.notReached == 1);
    // Both answered: the lower share right; a tie goes to the earlier, heavier domain.
    domains[1] = {"beta", 1, 4, 0, 2, 2};
    domains[0].correct = 1;
    weakest = weakestDomain(domains);
    REQUIRE(weakest.domain);
    CHECK(weakest.domain->id == "alpha");
    CHECK(weakest.notReached == 0);
    domains[1].correct = 0;
    CHECK(weakestDomain(domains).domain->id == "beta");
    CHECK_FALSE(weakestDomain({}).domain);
    // "Not reached" as the results screen says it: no question of the domain shown. One shown but left
    // unanswered was reached, and still says nothing about what is known.
    domains.push_back({"gamma", 0, 3, 60'000, 2, 0});
    weakest = weakestDomain(domains);
    CHECK(weakest.domain->id == "beta");
    CHECK(weakest.notReached == 0);
}

TEST_CASE("history's weakest domain counts an incomplete multi-select as answered wrong, as results do",
          "[history]")
{
    World w;
    auto s = std::move(ExamSession::start(*w.store, w.exam, w.form, SessionMode::Exam).value());
    // alpha: q1 right, q2 (select two) with one option chosen; beta: q3 right, q4 wrong.
    w.answerRight(*s, {"q1", "q3"});
    for (const auto& it : s->items()) {
        if (it.question.id == "q2") {
            REQUIRE(s->choose(it.position, {0}).ok());
        }
        if (it.question.id == "q4") {
            REQUIRE(s->choose(it.position, {1}).ok());
        }
    }
    const auto results = s->submit();
    REQUIRE(results.ok());
    const auto h = sessionHistory(*w.store);
    REQUIRE(h.ok());
    REQUIRE(h.value().size() == 1);
    const SessionSummary& row = h.value()[0];
    // The results screen scores both domains 1 of 2; history reads the same tallies.
    REQUIRE(results->domains.size() == 2);
    REQUIRE(row.domains.size() == 2);
    for (std::size_t d = 0; d < 2; ++d) {
        CHECK(row.domains[d].correct == results->domains[d].correct);
        CHECK(row.domains[d].total == results->domains[d].total);
        CHECK(row.domains[d].answered == results->domains[d].answered);
        CHECK(row.domains[d].incomplete == results->domains[d].incomplete);
    }
    CHECK(row.domains[0].incomplete == 1);
    CHECK(row.domains[0].attempted() == 2);
    // alpha is not "every answer right" with its incomplete answer left out: 1 of 2 answered right, a tie
    // with beta that goes to the earlier domain, as on the results screen where both are 50%.
    const WeakestDomain weakest = weakestDomain(row.domains);
    REQUIRE(weakest.domain);
    CHECK(weakest.domain->id == "alpha");
    CHECK(weakest.domain->correct == 1);
    CHECK(weakest.domain->attempted() == 2);
}

TEST_CASE("review all, incomplete and flagged step through only those questions", "[review]")
{
    std::vector<SessionItem> items(5);
    for (int i = 0; i < 5; ++i) {
        items[static_cast<size_t>(i)].position = i;
    }
    items[0].chosen = {1}; // complete
    items[1].visits = 1;   // incomplete
    items[2].chosen = {0};
    items[2].flagged = true; // complete, flagged
    items[3].flagged = true; // unseen, flagged
    items[4].question.select = 2;
    items[4].chosen = {0}; // one of two: incomplete
    CHECK(reviewSteps(items, ReviewSet::All) == std::vector<int>{0, 1, 2, 3, 4});
    CHECK(reviewSteps(items, ReviewSet::Incomplete) == std::vector<int>{1, 3, 4}); // unseen is incomplete
    CHECK(reviewSteps(items, ReviewSet::Flagged) == std::vector<int>{2, 3});
    items[2].flagged = items[3].flagged = false;
    CHECK(reviewSteps(items, ReviewSet::Flagged).empty());
}

TEST_CASE("item status, navigator filter and review order", "[review]")
{
    std::vector<SessionItem> items(5);
    for (int i = 0; i < 5; ++i) {
        items[static_cast<size_t>(i)].position = i;
        items[static_cast<size_t>(i)].question.select = 1;
    }
    items[0].chosen = {1};
    items[0].visits = 1; // complete
    items[1].visits = 1; // incomplete
    items[2].chosen = {0};
    items[2].visits = 1;
    items[2].flagged = true; // complete, flagged
    items[3].flagged = true; // unseen, flagged
    items[4].question.select = 2;
    items[4].chosen = {0};
    items[4].visits = 1; // one of two: incomplete
    CHECK(statusOf(items[0]) == ItemStatus::Complete);
    CHECK(statusOf(items[1]) == ItemStatus::Incomplete);
    CHECK(statusOf(items[3]) == ItemStatus::Unseen);
    CHECK(statusOf(items[4]) == ItemStatus::Incomplete);
    auto filtered = [&](ItemFilter f) {
        std::vector<int> out;
        for (const auto& it : items) {
            if (matches(it, f)) {
                out.push_back(it.position);
            }
        }
        return out;
    };
    CHECK(filtered(ItemFilter::All) == std::vector<int>{0, 1, 2, 3, 4});
    CHECK(filtered(ItemFilter::Complete) == std::vector<int>{0, 2});
    CHECK(filtered(ItemFilter::Incomplete) == std::vector<int>{1, 4});
    CHECK(filtered(ItemFilter::Unseen) == std::vector<int>{3});
    CHECK(filtered(ItemFilter::Flagged) == std::vector<int>{2, 3});
    CHECK(reviewOrder(items) == std::vector<int>{3, 1, 4, 2, 0});
    const ReviewCounts c = reviewCounts(items);
    CHECK(c.unanswered == 3);
    CHECK(c.flagged == 2);
}

TEST_CASE("the answers CSV gives letters as displayed and quotes what needs it", "[history]")
{
    ExamDef exam;
    exam.domains = {{"gpu",
                     "GPU Acceleration & Optimization",
                     14,
                     0,
                     {{"nccl", "NCCL, collectives"}},
                     {{"7.1", "Distributed training"}}}};
    SessionItem item;
    item.position = 6;
    item.question.id = "gpu-007";
    item.question.domain = "gpu";
    item.question.subtopic = "nccl";
    item.question.objective = "7.1";
    item.question.stem = "Which \"ring\" step comes first,\nand why?";
    item.question.options = {{"a", true, ""}, {"b", false, ""}, {"c", true, ""}};
    item.question.select = 2;
    item.optionOrder = {2, 0, 1}; // shown as A = c, B = a, C = b
    item.chosen = {0, 1};         // a and b: shown B and C
    item.confidence = Confidence::Unsure;
    item.flagged = true;
    item.timeMs = 95'400;
    const AnswerLetters letters = answerLetters(item);
    CHECK(letters.chosen == "BC");
    CHECK(letters.correct == "AB");
    CHECK(std::string(resultName(item)) == "wrong");
    item.packId = "nvidia";
    item.packVersion = "2.0.0";
    const std::string csv = sessionCsv(exam, {item}, "a1b2");
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK(header ==
          "position,question_id,domain,domain_name,subtopic,subtopic_name,objective,objective_name,"
          "select,your_answer,correct_answer,result,confidence,flagged,revealed,seconds,stem,attempt,"
          "pack_id,pack_version,content_hash,options,chosen_options,key_options");
    const std::string row = csv.substr(csv.find('\n') + 1);
    // After the stem: the attempt label, the pack and its version, 16 hex digits of the content hash, then
    // 3 options with the choice (a, b) and the key (a, c) as letters of the pack's order, not the display's.
    CHECK_THAT(
        row, Catch::Matches("7,gpu-007,gpu,GPU Acceleration & Optimization,nccl,\"NCCL, collectives\",7\\.1,"
                            "Distributed training,2,BC,AB,wrong,unsure,1,0,95,"
                            "\"Which \"\"ring\"\" step comes first,\nand why\\?\","
                            "a1b2,nvidia,2\\.0\\.0,[0-9a-f]{16},3,AB,AC\n"));
    // The hash names the content: the same question gives the same one, an edited key another.
    const auto hashOf = [&](const SessionItem& it) {
        std::smatch m;
        const std::string out = sessionCsv(exam, {it});
        REQUIRE(std::regex_search(out, m, std::regex(",([0-9a-f]{16}),3,[A-C]*,[A-C]+\n$")));
        return m[1].str();
    };
    SessionItem same = item;
    same.chosen = {2};
    CHECK(hashOf(same) == hashOf(item));
    SessionItem edited = item;
    edited.question.options[1].correct = true;
    edited.question.options[2].correct = false;
    CHECK(hashOf(edited) != hashOf(item));
    CHECK_THAT(sessionCsv(exam, {edited}), Catch::EndsWith(",3,AB,AB\n"));
    item.chosen.clear();
    CHECK(std::string(resultName(item)) == "unanswered");
    item.chosen = {0, 2};
    CHECK(std::string(resultName(item)) == "correct");
}
