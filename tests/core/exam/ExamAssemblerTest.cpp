#include "certdrill/exam/ExamAssembler.h"

#include <set>

#include <catch2/catch.hpp>

#include "certdrill/Random.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/store/Store.h"

#include "BundledBank.h"
#include "TestSupport.h"

using namespace certdrill;

namespace {

const std::vector<double> kBlueprint = {17, 14, 13, 13, 9, 9, 7, 7, 6, 5};

ExamDef syntheticExam(const std::vector<double>& weights)
{
    ExamDef e;
    e.id = "x";
    e.countDefault = 65;
    e.countMin = 60;
    e.countMax = 70;
    e.multiSelectShare = 0.25;
    for (size_t i = 0; i < weights.size(); ++i) {
        e.domains.push_back(Domain{"d" + std::to_string(i), "D" + std::to_string(i), weights[i], 0, {}, {}});
    }
    return e;
}

/// `perDomain` questions in every domain, every fourth one multi-select.
std::vector<Candidate> syntheticPool(const ExamDef& exam, int perDomain)
{
    std::vector<Candidate> pool;
    std::int64_t row = 1;
    for (const auto& d : exam.domains) {
        for (int k = 0; k < perDomain; ++k) {
            Candidate c;
            c.rowId = row++;
            c.question.id = d.id + "-" + std::to_string(k);
            c.question.exam = exam.id;
            c.question.domain = d.id;
            c.question.select = k % 4 == 0 ? 2 : 1;
            c.question.options = {{"a", true, ""},
                                  {"b", c.question.select == 2, ""},
                                  {"c", false, ""},
                                  {"d", false, ""},
                                  {"e", false, ""}};
            pool.push_back(c);
        }
    }
    return pool;
}

std::vector<Candidate> bundledPool(ExamDef& exam)
{
    const auto packs = loadPacks(packFilesIn(CERTDRILL_QUESTIONS_DIR), {});
    std::vector<Candidate> pool;
    std::int64_t row = 1;
    for (const auto& lp : packs) {
        REQUIRE(lp.ok());
        for (const auto& e : lp.pack.exams) {
            exam = e;
        }
        for (const auto& q : lp.pack.questions) {
            pool.push_back(Candidate{row++, q, std::nullopt});
        }
    }
    return pool;
}

} // namespace

TEST_CASE("largest-remainder apportionment matches the hand computation for 60, 65 and 70", "[assembler]")
{
    // 65: quotas 11.05 9.10 8.45 8.45 5.85 5.85 4.55 4.55 3.90 3.25; floors sum to 60; the five largest
    // remainders (.90 .85 .85 .55 .55) get one more seat each.
    CHECK(apportion(kBlueprint, 65) == std::vector<int>{11, 9, 8, 8, 6, 6, 5, 5, 4, 3});
    // 60: floors sum to 56; remainders .8 .8 .6 and then a three-way tie at .4 (14%, 9%, 9%) won by the
    // larger weight, GPU Acceleration.
    CHECK(apportion(kBlueprint, 60) == std::vector<int>{10, 9, 8, 8, 5, 5, 4, 4, 4, 3});
    // 70: floors sum to 65; remainders .9 .9 .9 .8 .5 get the five seats.
    CHECK(apportion(kBlueprint, 70) == std::vector<int>{12, 10, 9, 9, 6, 6, 5, 5, 4, 4});
}

TEST_CASE("apportionment edge cases", "[assembler]")
{
    SECTION("exact ties go to the earlier domain")
    {
        CHECK(apportion({50, 50}, 3) == std::vector<int>{2, 1});
        CHECK(apportion({1, 1, 1}, 2) == std::vector<int>{1, 1, 0});
    }
    SECTION("a zero-weight domain gets nothing")
    {
        CHECK(apportion({60, 0, 40}, 5) == std::vector<int>{3, 0, 2});
        CHECK(apportion({100, 0}, 7) == std::vector<int>{7, 0});
    }
    SECTION("totals always add up")
    {
        for (int n = 0; n <= 200; ++n) {
            const auto seats = apportion(kBlueprint, n);
            CHECK(std::accumulate(seats.begin(), seats.end(), 0) == n);
        }
    }
    SECTION("degenerate input")
    {
        CHECK(apportion({}, 5).empty());
        CHECK(apportion({0, 0}, 5) == std::vector<int>{0, 0});
    }
}

TEST_CASE("a form follows the blueprint and the multi-select share", "[assembler]")
{
    const ExamDef exam = syntheticExam(kBlueprint);
    const auto pool = syntheticPool(exam, 40);
    const Form form = assembleForm(exam, pool, 0, 42);
    REQUIRE(form.items.size() == 65);
    CHECK(form.complete());
    CHECK(form.multiSelectTarget == 16); // round(0.25 × 65)
    CHECK(form.multiSelect() == 16);
    const std::vector<int> expected = {11, 9, 8, 8, 6, 6, 5, 5, 4, 3};
    int multi = 0;
    for (size_t i = 0; i < form.domains.size(); ++i) {
        CHECK(form.domains[i].chosen == expected[i]);
        multi += form.domains[i].chosenMulti;
    }
    CHECK(multi == 16);
    // Spread in proportion: the 11-seat domain gets 3, the 3-seat domain 1 (apportion of 16 over the seats).
    CHECK(form.domains[0].chosenMulti == 3);
    CHECK(form.domains[9].chosenMulti == 1);

    std::set<std::int64_t> rows;
    for (const auto& item : form.items) {
        CHECK(rows.insert(item.rowId).second);
        std::vector<int> sorted = item.optionOrder;
        std::sort(sorted.begin(), sorted.end());
        CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4});
    }
}

TEST_CASE("a bank richer in multi-selects than the share still fills ten disjoint forms", "[assembler]")
{
    // Ten times each domain's seats, 30% of them multi-select (three in every ten): exactly enough for ten
    // forms. Drawing the share (16 of 65) from every form would use up the single-answer questions first and
    // force repeats in the last forms; drawing each domain's own mix, up to 4 above the share, does not.
    const ExamDef exam = syntheticExam(kBlueprint);
    const std::vector<int> seats = {11, 9, 8, 8, 6, 6, 5, 5, 4, 3};
    std::vector<Candidate> pool;
    std::int64_t row = 1;
    for (size_t d = 0; d < exam.domains.size(); ++d) {
        for (int k = 0; k < 10 * seats[d]; ++k) {
            Candidate c;
            c.rowId = row++;
            c.question.exam = exam.id;
            c.question.domain = exam.domains[d].id;
            c.question.select = k % 10 < 3 ? 2 : 1;
            c.question.options = {{"a", true, ""},
                                  {"b", c.question.select == 2, ""},
                                  {"c", false, ""},
                                  {"d", false, ""},
                                  {"e", false, ""}};
            pool.push_back(c);
        }
    }
    std::set<std::int64_t> drawn;
    for (int form = 0; form < 10; ++form) {
        const Form f = assembleForm(exam, pool, 65, 7 + static_cast<std::uint64_t>(form));
        INFO("form " << form);
        CHECK(f.complete());
        CHECK(f.multiSelect() >= 16);
        CHECK(f.multiSelect() <= 20);
        for (const auto& item : f.items) {
            CHECK(drawn.insert(item.rowId).second);
            for (auto& c : pool) {
                if (c.rowId == item.rowId) {
                    c.lastSeenMs = 1000 + form;
                }
            }
        }
    }
    CHECK(drawn.size() == 650);
}

TEST_CASE("forms are deterministic by seed and differ across seeds", "[assembler]")
{
    const ExamDef exam = syntheticExam(kBlueprint);
    const auto pool = syntheticPool(exam, 40);
    auto ids = [](const Form& f) {
        std::vector<std::string> out;
        for (const auto& i : f.items) {
            out.push_back(i.question.id + ":" + std::to_string(i.optionOrder[0]));
        }
        return out;
    };
    CHECK(ids(assembleForm(exam, pool, 65, 7)) == ids(assembleForm(exam, pool, 65, 7)));
    CHECK(ids(assembleForm(exam, pool, 65, 7)) != ids(assembleForm(exam, pool, 65, 8)));
    auto reversed = pool;
    std::reverse(reversed.begin(), reversed.end());
    CHECK(ids(assembleForm(exam, reversed, 65, 7)) == ids(assembleForm(exam, pool, 65, 7)));
}

TEST_CASE("unseen questions come first, then the least recently seen", "[assembler]")
{
    const ExamDef exam = syntheticExam({100});
    auto pool = syntheticPool(exam, 8);
    for (auto& c : pool) {
        c.question.select = 1;
    }
    // Rows 1-4 were seen (row 1 longest ago); rows 5-8 never.
    for (int i = 0; i < 4; ++i) {
        pool[static_cast<size_t>(i)].lastSeenMs = 1000 + i;
    }
    ExamDef small = exam;
    small.multiSelectShare = 0;
    std::set<std::int64_t> first;
    for (const auto& i : assembleForm(small, pool, 5, 3).items) {
        first.insert(i.rowId);
    }
    CHECK(first == std::set<std::int64_t>{1, 5, 6, 7, 8});
}

TEST_CASE("a short bank is reported per domain", "[assembler]")
{
    const ExamDef exam = syntheticExam(kBlueprint);
    auto pool = syntheticPool(exam, 40);
    // Keep only 2 questions in domain d6 (blueprint wants 5 of 65).
    pool.erase(std::remove_if(pool.begin(), pool.end(),
                              [](const Candidate& c) {
                                  return c.question.domain == "d6" && c.question.id != "d6-1" &&
                                         c.question.id != "d6-2";
                              }),
               pool.end());
    const Form form = assembleForm(exam, pool, 65, 1);
    CHECK_FALSE(form.complete());
    CHECK(form.items.size() == 62);
    REQUIRE(form.shortfalls().size() == 1);
    CHECK(form.shortfalls()[0] == "D6: 2 of 5 questions (3 missing)");
    // d6 had no multi-select left; its multi seat moved elsewhere, so the total share still holds.
    CHECK(form.multiSelect() == 16);
}

TEST_CASE("options keep their order when the question says so", "[assembler]")
{
    const ExamDef exam = syntheticExam({100});
    auto pool = syntheticPool(exam, 10);
    for (auto& c : pool) {
        c.question.shuffle = false;
    }
    for (const auto& i : assembleForm(exam, pool, 10, 9).items) {
        CHECK(i.optionOrder == std::vector<int>{0, 1, 2, 3, 4});
    }
}

TEST_CASE("ten consecutive 65-question forms from the bundled bank draw no question twice",
          "[assembler][bank]")
{
    ExamDef exam;
    auto pool = bundledPool(exam);
    REQUIRE(exam.id == "ncp-genl");
    std::set<std::string> drawn;
    std::int64_t now = 1'000'000;
    // The bank holds ten disjoint blueprint forms: every domain has ten times its 65-question seats, and
    // enough multi-select questions for each form's share.
    for (int form = 0; form < 10; ++form) {
        const Form f = assembleForm(exam, pool, 65, 100 + static_cast<std::uint64_t>(form));
        INFO("form " << form);
        CHECK(f.items.size() == 65);
        CHECK(f.complete());
        // The share is 16 of 65; up to 4 more when that keeps the form on questions not seen yet.
        CHECK(f.multiSelect() >= 16);
        CHECK(f.multiSelect() <= 20);
        for (const auto& item : f.items) {
            CHECK(drawn.insert(item.question.id).second);
            for (auto& c : pool) {
                if (c.rowId == item.rowId) {
                    c.lastSeenMs = now; // as the session store would record it
                }
            }
        }
        now += 1000;
    }
    CHECK(drawn.size() == 650);
}

TEST_CASE("Random is reproducible and unbiased enough", "[random]")
{
    Random a(5), b(5);
    for (int i = 0; i < 100; ++i) {
        CHECK(a.next() == b.next());
    }
    Random r(1);
    std::vector<int> counts(6, 0);
    for (int i = 0; i < 60000; ++i) {
        ++counts[r.below(6)];
    }
    for (int c : counts) {
        CHECK(c > 9500);
        CHECK(c < 10500);
    }
    CHECK(hashCounter(1, 2, 3) == hashCounter(1, 2, 3));
    CHECK(hashCounter(1, 2, 3) != hashCounter(1, 3, 2));
}

TEST_CASE("through the store: served questions are recorded and the next form avoids them",
          "[assembler][store][bank]")
{
    test::BundledBank bank;
    Store& store = *bank.store;
    FakeClock& clock = bank.clock;
    const ExamDef& exam = bank.exam;
    std::set<std::int64_t> drawn;
    for (int n = 0; n < 10; ++n) {
        auto pool = store.candidates("ncp-genl");
        REQUIRE(pool.ok());
        const Form form = assembleForm(exam, pool.value(), 0, 500 + static_cast<std::uint64_t>(n));
        REQUIRE(form.items.size() == 65);
        // Record the form the way an exam session does (sessions + session_items rows).
        Database& db = store.database();
        Transaction tx(db);
        Statement s(
            db, "INSERT INTO sessions (exam_ref, mode, seed, question_count, duration_ms, pass_percent, "
                "started_at) SELECT id, 'exam', ?, 65, 7200000, 70, ? FROM exams WHERE exam_id = 'ncp-genl'");
        s.bind(1, static_cast<std::int64_t>(form.seed)).bind(2, clock.wallMs());
        s.run();
        const std::int64_t session = db.lastInsertRowId();
        Statement item(
            db, "INSERT INTO session_items (session_ref, position, question_ref, option_order, snapshot) "
                "VALUES (?, ?, ?, '[]', '{}')");
        for (size_t p = 0; p < form.items.size(); ++p) {
            CHECK(drawn.insert(form.items[p].rowId).second);
            item.reset();
            item.bind(1, session).bind(2, static_cast<int>(p)).bind(3, form.items[p].rowId);
            item.run();
        }
        tx.commit();
        clock.advanceMinutes(130);
    }
    CHECK(drawn.size() == 650);
    // Every served question now carries its last-served time, which the next form ranks by.
    auto pool = store.candidates("ncp-genl");
    REQUIRE(pool.ok());
    const auto seen =
        std::count_if(pool->begin(), pool->end(), [](const Candidate& c) { return c.lastSeenMs; });
    CHECK(seen == 650);
}

TEST_CASE("a form from the planning bank equals the form from the same questions' candidates",
          "[assembler][store]")
{
    test::BundledBank bundled;
    Store& store = *bundled.store;
    FakeClock& clock = bundled.clock;
    const ExamDef& exam = bundled.exam;
    // Some history, so ranking by last service matters: three forms served an hour apart.
    for (int n = 0; n < 3; ++n) {
        const Form served = assembleForm(exam, store.candidates(exam.id).value(), 0, 40 + n);
        auto s = ExamSession::start(store, exam, served, SessionMode::Exam);
        REQUIRE(s.ok());
        clock.advanceMinutes(60);
    }
    const auto lastServed = store.lastServed();
    REQUIRE(lastServed.ok());
    CHECK(lastServed->size() == 195);
    const auto candidates = store.candidates(exam.id, QuestionContent::Planning);
    const auto bank = store.planningBank(exam.id);
    REQUIRE(candidates.ok());
    REQUIRE(bank.ok());
    for (const int count : {0, 60, 70}) {
        for (std::uint64_t seed = 1; seed <= 12; ++seed) {
            INFO("count " << count << ", seed " << seed);
            const Form a = assembleForm(exam, candidates.value(), count, seed);
            const Form b = assembleForm(exam, bank.value(), lastServed.value(), count, seed);
            REQUIRE(a.items.size() == b.items.size());
            for (std::size_t i = 0; i < a.items.size(); ++i) {
                CHECK(a.items[i].rowId == b.items[i].rowId);
                CHECK(a.items[i].question.id == b.items[i].question.id);
                CHECK(a.items[i].question.domain == b.items[i].question.domain);
                CHECK(a.items[i].question.objective == b.items[i].question.objective);
                CHECK(a.items[i].question.select == b.items[i].question.select);
                CHECK(a.items[i].optionOrder == b.items[i].optionOrder);
            }
            REQUIRE(a.domains.size() == b.domains.size());
            for (std::size_t d = 0; d < a.domains.size(); ++d) {
                CHECK(a.domains[d].available == b.domains[d].available);
                CHECK(a.domains[d].chosen == b.domains[d].chosen);
                CHECK(a.domains[d].chosenMulti == b.domains[d].chosenMulti);
            }
            CHECK(a.multiSelectTarget == b.multiSelectTarget);
        }
    }
}
