#include "certdrill/exam/FinalExams.h"

#include <map>
#include <set>

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/QuestionSearch.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/DrillSession.h"
#include "certdrill/learn/StudyPlan.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/pack/PackLoader.h"

#include "BundledBank.h"
#include "TestSupport.h"

using namespace certdrill;

namespace {

/// The bundled bank, with the questions it holds back for its two final forms.
struct Bank : test::BundledBank
{
    std::set<std::int64_t> reserved()
    {
        auto r = store->reservedQuestions(exam.id);
        REQUIRE(r.ok());
        return r.value();
    }
};

} // namespace

TEST_CASE("the bundled bank holds back two disjoint, blueprint-balanced final forms, always the same",
          "[finals][bank]")
{
    Bank bank;
    REQUIRE(bank.exam.finalForms == 2);
    CHECK(bank.reserved().empty()); // the store's import alone stores no forms
    // Before they are stored, the forms are listed and held back as chosen in memory, writing nothing.
    auto forms = finalForms(*bank.store, bank.exam);
    REQUIRE(forms.ok());
    REQUIRE(forms->size() == 2);
    auto held = heldBackQuestions(*bank.store, bank.exam);
    REQUIRE(held.ok());
    CHECK(bank.reserved().empty());
    // Storing them (a write point: an import, the app's start, a session about to start) stores that choice.
    REQUIRE(reserveFinalForms(*bank.store, bank.exam).ok());
    const std::set<std::int64_t> reserved = bank.reserved();
    CHECK(reserved.size() == 130);
    CHECK(held.value() == reserved);
    // Each form is as an exam simulation of the blueprint: the domain seats of a 65-question form.
    std::vector<double> weights;
    for (const auto& d : bank.exam.domains) {
        weights.push_back(d.weight);
    }
    const std::vector<int> seats = apportion(weights, bank.exam.countDefault);
    for (const int number : {1, 2}) {
        CHECK(forms.value()[static_cast<std::size_t>(number - 1)].questions == 65);
        CHECK_FALSE(forms.value()[static_cast<std::size_t>(number - 1)].taken());
        auto form = finalExamForm(*bank.store, bank.exam, number, 7);
        REQUIRE(form.ok());
        CHECK(form->items.size() == 65);
        CHECK(form->finalForm == number);
        for (std::size_t d = 0; d < bank.exam.domains.size(); ++d) {
            CHECK(form->domains[d].chosen == seats[d]);
        }
        // The multi-select share is met as in a simulation: round(65 × 0.25) = 16, up to 5% of the form more.
        CHECK(form->multiSelect() >= 16);
        CHECK(form->multiSelect() <= 16 + 4);
        for (const auto& item : form->items) {
            CHECK(reserved.count(item.rowId) == 1);
        }
    }
    // 675 − 130 = 545 questions stay for practice, and they still fill a complete exam simulation.
    auto pool = practiceCandidates(*bank.store, bank.exam);
    REQUIRE(pool.ok());
    CHECK(pool->size() == 545);
    const Form practice = assembleForm(bank.exam, pool.value(), 0, 1);
    CHECK(practice.items.size() == 65);
    CHECK(practice.complete());
    // A second database with the same bank reserves the very same questions (fixed seed, bank order).
    Bank other;
    REQUIRE(reserveFinalForms(*other.store, other.exam).ok());
    CHECK(other.reserved() == reserved);
}

TEST_CASE("a reserved question never appears in 1,000 planned drills nor in practice exams or simulations",
          "[finals][bank]")
{
    Bank bank;
    // What the app reads when a session starts: the forms are stored first.
    auto practice = sessionBank(*bank.store, bank.exam);
    REQUIRE(practice.ok());
    const std::set<std::int64_t> reserved = bank.reserved();
    REQUIRE(reserved.size() == 130);
    REQUIRE(practice->rows.size() == 545);
    for (const auto& r : practice->rows) {
        REQUIRE(reserved.count(r.rowId) == 0);
    }
    auto pool = practiceCandidates(*bank.store, bank.exam);
    REQUIRE(pool.ok());
    // Drills: the planner over the tracker's bank, read each way: from the session's bank (the app's drill
    // start), its candidates, and the store (the CLI's tracker).
    auto fromBank = buildTracker(*bank.store, bank.exam, TrackerSettings{}, practice.value());
    auto fromPool = buildTracker(*bank.store, bank.exam, TrackerSettings{}, pool.value());
    auto fromStore = buildTracker(*bank.store, bank.exam.id, TrackerSettings{});
    REQUIRE(fromBank.ok());
    REQUIRE(fromPool.ok());
    REQUIRE(fromStore.ok());
    CHECK(fromStore->planner.items.size() == 545);
    int planned = 0;
    for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
        PlannerOptions options;
        options.seed = seed;
        options.count = seed % 4 == 0 ? 100 : 20;
        const TrackerReport& report =
            seed % 3 == 0 ? fromBank.value() : (seed % 3 == 1 ? fromPool.value() : fromStore.value());
        for (const auto& q : planDrill(report.planner, options).questions) {
            ++planned;
            if (reserved.count(q.id) != 0) {
                FAIL("drill seed " << seed << " planned reserved question row " << q.id);
            }
        }
    }
    CHECK(planned >= 1000 * 20);
    // Practice exams and simulations, sat one after another past the point where the practice pool has no
    // unseen question left (545 / 65 ≈ 8.4 forms): the assembler then repeats practice questions, never a
    // reserved one.
    std::set<std::int64_t> served;
    for (int n = 0; n < 10; ++n) {
        auto form = sessionForm(*bank.store, bank.exam, 0, 900 + static_cast<std::uint64_t>(n));
        REQUIRE(form.ok());
        REQUIRE(form->items.size() == 65);
        auto session = ExamSession::start(*bank.store, bank.exam, form.value(),
                                          n % 2 ? SessionMode::Practice : SessionMode::Exam);
        REQUIRE(session.ok());
        for (const auto& item : session.value()->items()) {
            CHECK(reserved.count(item.questionRow) == 0);
            served.insert(item.questionRow);
        }
        REQUIRE(session.value()->submit().ok());
        bank.clock.advanceMinutes(130);
    }
    // Nearly the whole practice pool was used (the multi-select share brings a few repeats before the
    // last unseen single-answer questions), and nothing outside it.
    CHECK(served.size() >= 500);
    std::set<std::int64_t> practiceRows;
    for (const auto& c : pool.value()) {
        practiceRows.insert(c.rowId);
    }
    for (const std::int64_t row : served) {
        CHECK(practiceRows.count(row) == 1);
    }
    CHECK(bank.reserved() == reserved);
}

TEST_CASE("a session's form is refused when its questions changed between the plan and their full read",
          "[finals][bank]")
{
    Bank bank;
    // The planning index says every question has one option more than it holds, as if the options had been
    // rewritten after the index was read.
    bank.store->database().exec("UPDATE questions SET option_count = option_count + 1");
    const auto form = sessionForm(*bank.store, bank.exam, 0, 1);
    REQUIRE_FALSE(form.ok());
    CHECK_THAT(form.error().message, Catch::Contains("changed while the exam was being assembled"));
}

TEST_CASE("a session's form is the one assembled from the practice candidates, its questions read in full",
          "[finals][bank]")
{
    Bank bank;
    REQUIRE(reserveFinalForms(*bank.store, bank.exam).ok());
    for (int sat = 0; sat < 3; ++sat) {
        // Fresh candidates each time: the history (when each question was last served) moves on.
        auto pool = practiceCandidates(*bank.store, bank.exam);
        REQUIRE(pool.ok());
        std::map<std::int64_t, const Question*> full;
        for (const auto& c : pool.value()) {
            full.emplace(c.rowId, &c.question);
        }
        for (const std::uint64_t seed : {1u, 2u, 77u}) {
            for (const int count : {0, 60, 70}) {
                const Form expected = assembleForm(bank.exam, pool.value(), count, seed);
                auto form = sessionForm(*bank.store, bank.exam, count, seed);
                REQUIRE(form.ok());
                REQUIRE(form->items.size() == expected.items.size());
                for (std::size_t k = 0; k < expected.items.size(); ++k) {
                    const FormItem& got = form->items[k];
                    CHECK(got.rowId == expected.items[k].rowId);
                    CHECK(got.optionOrder == expected.items[k].optionOrder);
                    CHECK(questionToJson(got.question) == questionToJson(*full.at(got.rowId)));
                }
                CHECK(form->multiSelectTarget == expected.multiSelectTarget);
                REQUIRE(form->domains.size() == expected.domains.size());
                for (std::size_t d = 0; d < expected.domains.size(); ++d) {
                    CHECK(form->domains[d].target == expected.domains[d].target);
                    CHECK(form->domains[d].available == expected.domains[d].available);
                    CHECK(form->domains[d].chosen == expected.domains[d].chosen);
                    CHECK(form->domains[d].chosenMulti == expected.domains[d].chosenMulti);
                }
            }
        }
        auto form = sessionForm(*bank.store, bank.exam, 0, 500 + static_cast<std::uint64_t>(sat));
        REQUIRE(form.ok());
        auto session = ExamSession::start(*bank.store, bank.exam, form.value(), SessionMode::Exam);
        REQUIRE(session.ok());
        REQUIRE(session.value()->submit().ok());
        bank.clock.advanceMinutes(130);
    }
}

TEST_CASE("a final form is taken once, and its questions then return to practice", "[finals][bank]")
{
    Bank bank;
    auto form = finalExamForm(*bank.store, bank.exam, 1, 3);
    REQUIRE(form.ok());
    auto session = ExamSession::start(*bank.store, bank.exam, form.value(), SessionMode::Exam);
    REQUIRE(session.ok());
    CHECK(session.value()->finalForm() == 1);
    // Started: the form is released at once (its questions have been seen), the other stays held back.
    CHECK(bank.reserved().size() == 65);
    const auto again = finalExamForm(*bank.store, bank.exam, 1, 4);
    REQUIRE_FALSE(again.ok());
    CHECK_THAT(again.error().message, Catch::Contains("taken already"));
    CHECK_FALSE(finalExamForm(*bank.store, bank.exam, 3, 4).ok());

    auto before = finalEvidence(*bank.store, bank.exam);
    REQUIRE(before.ok());
    CHECK(before->taken == 1);
    CHECK(before->scores.empty());
    CHECK_THAT(readinessBasis(before.value()), Catch::StartsWith("This verdict rests only on questions"));

    const auto& items = session.value()->items();
    for (std::size_t i = 0; i < 52; ++i) { // 80%
        REQUIRE(session.value()->choose(static_cast<int>(i), items[i].question.correctOptions()).ok());
    }
    REQUIRE(session.value()->submit().ok());
    auto reopened = ExamSession::open(*bank.store, session.value()->id());
    REQUIRE(reopened.ok());
    CHECK(reopened.value()->finalForm() == 1);
    auto forms = finalForms(*bank.store, bank.exam);
    REQUIRE(forms.ok());
    CHECK(forms.value()[0].finished);
    CHECK(forms.value()[0].score == Approx(0.8));
    CHECK_FALSE(forms.value()[1].taken());

    auto report = buildTracker(*bank.store, bank.exam.id);
    REQUIRE(report.ok());
    CHECK(
        report->readinessBasis ==
        "This verdict rests on 1 final exam of never-seen questions (scored 80%, newest first) as well as on "
        "practice; 1 of 2 final exams of never-seen questions left.");
    CHECK(report->recentExamScores.front() == Approx(0.8)); // a final exam is an exam simulation too
    // The home screen's plan says the same under its verdict.
    auto plan = buildStudyPlan(*bank.store, bank.exam.id, 0);
    REQUIRE(plan.ok());
    CHECK(plan->readinessBasis == report->readinessBasis);
}

TEST_CASE("the question browser finds no reserved question until its final exam starts", "[finals][bank]")
{
    Bank bank;
    REQUIRE(reserveFinalForms(*bank.store, bank.exam).ok());
    const std::set<std::int64_t> reserved = bank.reserved();
    REQUIRE(reserved.size() == 130);
    SearchQuery all;
    all.examId = bank.exam.id;
    auto found = searchQuestions(*bank.store, all);
    REQUIRE(found.ok());
    CHECK(found->total == 675 - 130);
    for (const SearchHit& hit : found->hits) {
        CHECK(reserved.count(hit.rowId) == 0);
    }
    // Started: form 1's questions can be found again, form 2's stay hidden.
    auto form = finalExamForm(*bank.store, bank.exam, 1, 3);
    REQUIRE(form.ok());
    REQUIRE(ExamSession::start(*bank.store, bank.exam, form.value(), SessionMode::Exam).ok());
    found = searchQuestions(*bank.store, all);
    REQUIRE(found.ok());
    CHECK(found->total == 675 - 65);
}

TEST_CASE("a bank too small for a final form and what practice still needs reserves none", "[finals]")
{
    TempDir dir;
    FakeClock clock;
    auto opened = Store::open(dir / "db.sqlite", clock);
    REQUIRE(opened.ok());
    std::string exam = readFile(dataFile("mini-exam.json"));
    const auto at = exam.find("\"pass_percent\"");
    REQUIRE(at != std::string::npos);
    exam.insert(at, "\"final_forms\": 1, ");
    writeFile(dir / "mini-exam.json", exam);
    REQUIRE(opened.value()->importFiles({dir / "mini-exam.json", dataFile("mini-questions.json")}).ok());
    const ExamDef def = opened.value()->exam("mini").value();
    CHECK(def.finalForms == 1);
    auto forms = finalForms(*opened.value(), def);
    REQUIRE(forms.ok());
    CHECK(forms->empty());
    CHECK(practiceCandidates(*opened.value(), def)->size() == 4);
    CHECK(readinessBasis(finalEvidence(*opened.value(), def).value()).empty());
}

TEST_CASE("final_forms must be a small whole number", "[finals][pack]")
{
    TempDir dir;
    std::string exam = readFile(dataFile("mini-exam.json"));
    exam.insert(exam.find("\"pass_percent\""), "\"final_forms\": 11, ");
    writeFile(dir / "mini-exam.json", exam);
    const auto loaded = loadPacks({dir / "mini-exam.json"}, ExamCatalog{});
    REQUIRE(loaded.size() == 1);
    REQUIRE_FALSE(loaded[0].ok());
    bool named = false;
    for (const auto& d : loaded[0].diagnostics) {
        named = named || (d.pointer.find("/final_forms") != std::string::npos &&
                          d.message.find("between 0 and 10") != std::string::npos && d.pos.line > 0);
    }
    CHECK(named);
}

TEST_CASE("a planned drill stores the final forms before it plans, and serves none of their questions",
          "[finals][drill]")
{
    Bank bank;
    REQUIRE(bank.reserved().empty());
    TrackerSettings settings;
    settings.target = 0.7;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        PlannerOptions options;
        options.seed = seed;
        options.count = 100;
        auto started = DrillSession::startPlanned(*bank.store, bank.exam, settings, options, false);
        REQUIRE(started.ok());
        const std::set<std::int64_t> reserved = bank.reserved();
        REQUIRE(reserved.size() == 130); // stored by the first start, before it planned
        CHECK(started->before.settings.target == 0.7);
        CHECK(started->before.planner.items.size() == 545);
        REQUIRE(started->session);
        REQUIRE(started->session->items().size() == 100);
        for (const auto& item : started->session->items()) {
            CHECK(reserved.count(item.questionRow) == 0);
        }
    }
}
