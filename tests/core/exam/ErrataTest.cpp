#include "certdrill/exam/Errata.h"

#include <catch2/catch.hpp>

#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Tracker.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

struct World
{
    TempDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    ExamDef exam;

    World()
    {
        store = std::move(Store::open(dir / "db.sqlite", clock).value());
        REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        exam = store->exam("mini").value();
    }
    /// The row of question `id`.
    std::int64_t row(const std::string& id)
    {
        const auto candidates = store->candidates("mini").value();
        for (const auto& c : candidates) {
            if (c.question.id == id) {
                return c.rowId;
            }
        }
        FAIL("no question " << id);
        return 0;
    }
};

/// The options of `q` that make it right, or (`right` false) a wrong choice of as many.
std::vector<int> answer(const Question& q, bool right)
{
    std::vector<int> chosen = q.correctOptions();
    if (!right) {
        for (int o = 0; o < static_cast<int>(q.options.size()); ++o) {
            if (!q.options[static_cast<size_t>(o)].correct) {
                chosen.back() = o; // one wrong option in the key's place
                break;
            }
        }
    }
    return chosen;
}

} // namespace

TEST_CASE("a report keeps the kind, the note, the answer in the pack's letters, the version and the date",
          "[errata]")
{
    World w;
    w.clock.advanceMinutes(90);
    ProblemReport r;
    r.questionRow = w.row("q2");
    r.kind = ErrataKind::WrongKey;
    r.note = "4 is even,\nbut so is 2";
    r.chosen = {3, 1};
    const auto id = reportProblem(*w.store, r);
    REQUIRE(id.ok());
    r.questionRow = w.row("q1");
    r.kind = ErrataKind::Typo;
    r.note = "";
    r.chosen = {};
    r.packVersion = "0.9.0"; // what an old session served
    r.excludeFromScores = true;
    REQUIRE(reportProblem(*w.store, r).ok());

    const auto all = errataEntries(*w.store);
    REQUIRE(all.ok());
    REQUIRE(all->size() == 2);
    const ErrataEntry& first = all->front();
    CHECK(first.id == id.value());
    CHECK(first.packId == "mini-questions");
    CHECK(first.packVersion == "1.0.0"); // the pack's version now, when none is given
    CHECK(first.questionId == "q2");
    CHECK(first.kind == ErrataKind::WrongKey);
    CHECK(first.note == "4 is even,\nbut so is 2");
    CHECK(first.answer == "BD");
    CHECK(first.reportedAtMs == w.clock.wallMs());
    CHECK_FALSE(first.excluded);
    CHECK(all->back().packVersion == "0.9.0");
    CHECK(all->back().answer.empty());
    CHECK(all->back().excluded);
    CHECK(excludedQuestions(*w.store).value() == std::set<std::int64_t>{w.row("q1")});
    CHECK(reportedQuestions(*w.store).value() == std::set<std::int64_t>{w.row("q1"), w.row("q2")});
    CHECK(errataEntries(*w.store, "mini-questions")->size() == 2);
    CHECK(errataEntries(*w.store, "other-pack")->empty());

    // A report on no question is refused and stores nothing.
    r.questionRow = 999'999;
    CHECK(reportProblem(*w.store, r).error().message == "no question with row 999999");
    CHECK(errataEntries(*w.store)->size() == 2);

    for (const ErrataKind k : errataKinds()) {
        CHECK(parseErrataKind(errataKindName(k)) == k);
    }
    CHECK_FALSE(parseErrataKind("bogus"));
}

TEST_CASE(
    "an excluded question counts in no score, past sessions and the tracker included, and comes back exactly",
    "[errata]")
{
    World w;
    const Form form = assembleForm(w.exam, w.store->candidates("mini").value(), 4, 1);
    auto s = std::move(ExamSession::start(*w.store, w.exam, form, SessionMode::Exam).value());
    // q1 and q3 right, q2 and q4 wrong: 2 of 4, 50%, below the mini exam's 70% mark.
    for (const SessionItem& it : s->items()) {
        const bool right = it.question.id == "q1" || it.question.id == "q3";
        REQUIRE(s->choose(it.position, answer(it.question, right)).ok());
    }
    w.clock.advanceMinutes(5);
    const SessionScore asSubmitted = s->submit().value();
    CHECK(asSubmitted.correct == 2);
    CHECK(asSubmitted.total == 4);
    CHECK_FALSE(asSubmitted.passed);
    const std::int64_t id = s->id();

    struct Seen
    {
        int correct, total, excluded;
        double score;
        bool passed;
        int trackerAnswers;
        double readinessScore;
    };
    // What every view says: the results screen (the session opened again), history and the tracker.
    const auto seen = [&] {
        const SessionScore results = ExamSession::open(*w.store, id).value()->score();
        const SessionSummary history = sessionHistory(*w.store).value().front();
        CHECK(history.correct == results.correct);
        CHECK(history.total == results.total);
        CHECK(history.excluded == results.excluded);
        CHECK(history.score == Approx(results.score));
        CHECK(history.passed == results.passed);
        const TrackerReport tracker = buildTracker(*w.store, "mini").value();
        REQUIRE(tracker.recentExamScores.size() == 1);
        return Seen{results.correct,
                    results.total,
                    results.excluded,
                    results.score,
                    results.passed,
                    tracker.answers,
                    tracker.recentExamScores.front()};
    };
    const Seen before = seen();
    CHECK(before.correct == 2);
    CHECK(before.total == 4);
    CHECK(before.excluded == 0);
    CHECK(before.trackerAnswers == 4);
    CHECK(before.readinessScore == Approx(0.5));

    // q2 disputed: out of the numerator (it was wrong, so nothing changes there) and the denominator.
    ProblemReport r;
    r.questionRow = w.row("q2");
    r.kind = ErrataKind::WrongKey;
    r.sessionId = id;
    r.excludeFromScores = true;
    REQUIRE(reportProblem(*w.store, r).ok());
    const Seen one = seen();
    CHECK(one.correct == 2);
    CHECK(one.total == 3);
    CHECK(one.excluded == 1);
    CHECK(one.score == Approx(2.0 / 3));
    CHECK_FALSE(one.passed); // 66.7% < 70%
    CHECK(one.trackerAnswers == 3);
    CHECK(one.readinessScore == Approx(2.0 / 3));

    // q4 as well: 2 of 2. The verdict of the past session is recomputed, not frozen: it now passes.
    REQUIRE(setExcludedFromScores(*w.store, w.row("q4"), true).ok());
    const Seen two = seen();
    CHECK(two.correct == 2);
    CHECK(two.total == 2);
    CHECK(two.excluded == 2);
    CHECK(two.passed);
    CHECK(two.trackerAnswers == 2);
    // An excluded question that was answered right leaves the numerator too.
    REQUIRE(setExcludedFromScores(*w.store, w.row("q1"), true).ok());
    CHECK(seen().correct == 1);
    CHECK(seen().total == 1);

    // Included again: every figure as before, since the answers were never touched.
    for (const char* q : {"q1", "q2", "q4"}) {
        REQUIRE(setExcludedFromScores(*w.store, w.row(q), false).ok());
    }
    const Seen after = seen();
    CHECK(after.correct == before.correct);
    CHECK(after.total == before.total);
    CHECK(after.excluded == 0);
    CHECK(after.passed == before.passed);
    CHECK(after.trackerAnswers == before.trackerAnswers);
    CHECK(after.readinessScore == Approx(before.readinessScore));
    CHECK(errataEntries(*w.store)->size() == 1); // including again keeps the report
}
