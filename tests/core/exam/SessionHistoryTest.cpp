#include "certdrill/exam/SessionHistory.h"

#include <map>

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
    exam.domains = {{"gpu", "GPU Acceleration & Optimization", 14, 0, {{"nccl", "NCCL, collectives"}},
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
    const std::string csv = sessionCsv(exam, {item});
    const std::string row = csv.substr(csv.find('\n') + 1);
    CHECK(row ==
          "7,gpu-007,gpu,GPU Acceleration & Optimization,nccl,\"NCCL, collectives\",7.1,Distributed training,2,BC,"
          "AB,wrong,unsure,1,0,"
          "95,\"Which \"\"ring\"\" step comes first,\nand why?\"\n");
    item.chosen.clear();
    CHECK(std::string(resultName(item)) == "unanswered");
    item.chosen = {0, 2};
    CHECK(std::string(resultName(item)) == "correct");
}
