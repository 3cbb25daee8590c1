#include "certdrill/learn/Tracker.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>

#include "certdrill/Text.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Ability.h"
#include "certdrill/learn/DrillSession.h"
#include "certdrill/store/Annotations.h"
#include "certdrill/store/Store.h"

namespace certdrill {

namespace {

constexpr std::int64_t kMsPerDay = 86'400'000;

std::string capitalized(Band b)
{
    std::string s = bandName(b);
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

std::string calibrationAdvice(const std::vector<CalibrationRow>& rows)
{
    const auto find = [&](const char* tag) -> const CalibrationRow* {
        for (const auto& r : rows) {
            if (r.tag == tag && r.answers >= 5) {
                return &r;
            }
        }
        return nullptr;
    };
    const auto acc = [](const CalibrationRow* r) {
        return double(r->correct) / r->answers;
    };
    const auto* sure = find("sure");
    const auto* guess = find("guess");
    if (!sure && !guess && !find("unsure")) {
        return "Tag at least five answers Sure, Unsure or Guess to see how well your confidence predicts "
               "your "
               "score.";
    }
    if (sure && acc(sure) < 0.80) {
        return "Your Sure answers are right only " + nearestPercent(acc(sure)) +
               " of the time: read every option before committing, because overconfidence costs points you "
               "think are safe.";
    }
    if (guess && acc(guess) >= 0.50) {
        return "Your guesses are right " + nearestPercent(acc(guess)) +
               " of the time: you know more than you think, so trust your elimination on the exam.";
    }
    return "Your confidence matches your results: spend review time on the Unsure and Guess answers.";
}

} // namespace

std::string TrackerRow::disagreement() const
{
    if (!selfRating || *selfRating == band) {
        return {};
    }
    return "You rate " + capitalized(*selfRating) + "; the evidence says " + capitalized(band) + ".";
}

std::map<std::int64_t, ItemMemory> replayMemory(const std::vector<Review>& reviews, const Fsrs& fsrs)
{
    std::vector<const Review*> ordered;
    for (const auto& r : reviews) {
        if (!r.cram) {
            ordered.push_back(&r);
        }
    }
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const Review* a, const Review* b) { return a->atMs < b->atMs; });
    std::map<std::int64_t, ItemMemory> memory;
    for (const Review* r : ordered) {
        auto [it, fresh] = memory.try_emplace(r->questionRow);
        ItemMemory& m = it->second;
        // FSRS counts elapsed time in whole days; two answers on the same day are a short-term review.
        const double days = fresh ? 0.0 : static_cast<double>((r->atMs - m.lastReviewMs) / kMsPerDay);
        m.state = fsrs.next(fresh ? std::nullopt : std::optional<MemoryState>(m.state), days,
                            ratingFor(r->correct, r->confidence));
        m.lastReviewMs = r->atMs;
        m.lastCorrect = r->correct;
        ++m.reviews;
    }
    return memory;
}

int examsCounted(const std::vector<double>& recentExamScores, const TrackerSettings& settings)
{
    return std::min(static_cast<int>(recentExamScores.size()), settings.readinessExams);
}

int examsAtReadinessScore(const std::vector<double>& recentExamScores, const TrackerSettings& settings)
{
    const auto counted = examsCounted(recentExamScores, settings);
    return static_cast<int>(std::count_if(recentExamScores.begin(), recentExamScores.begin() + counted,
                                          [&](double s) { return reachesMark(s, settings.readinessScore); }));
}

std::string examScorePercent(double score)
{
    // The tolerance scaled with the score: 0.57 × 100 is 56.99999999999999.
    return std::to_string(static_cast<long>(std::floor(score * 100.0 + 100.0 * kScoreTolerance))) + "%";
}

std::optional<std::string> examReadinessGap(const std::vector<double>& recentExamScores,
                                            const TrackerSettings& settings)
{
    const int exams = static_cast<int>(recentExamScores.size());
    if (exams >= settings.readinessExams &&
        examsAtReadinessScore(recentExamScores, settings) >= settings.readinessExams) {
        return std::nullopt;
    }
    std::string line = "Exam simulations: the last " + std::to_string(settings.readinessExams) +
                       " must each score at least " + nearestPercent(settings.readinessScore) + "; ";
    if (exams == 0) {
        return line + "none taken yet";
    }
    std::string scores;
    const int counted = examsCounted(recentExamScores, settings);
    for (int i = 0; i < counted; ++i) {
        scores += (i ? ", " : "") + examScorePercent(recentExamScores[static_cast<std::size_t>(i)]);
    }
    if (exams < settings.readinessExams) {
        // "last scores 40%" after one exam would read as the last three.
        return line + std::to_string(exams) + " taken so far (" + scores + "), " +
               std::to_string(settings.readinessExams - exams) + " more to take";
    }
    return line + "last scores " + scores;
}

TrackerReport computeTracker(const ExamDef& exam, const std::vector<BankItem>& bank,
                             const std::vector<Review>& reviews,
                             const std::map<std::pair<std::string, std::string>, Band>& selfRatings,
                             const std::vector<double>& recentExamScores, std::int64_t nowMs,
                             const TrackerSettings& settings)
{
    TrackerReport report;
    report.settings = settings;
    report.recentExamScores = recentExamScores;
    const auto domainIndex = [&](const std::string& id) {
        for (std::size_t d = 0; d < exam.domains.size(); ++d) {
            if (exam.domains[d].id == id) {
                return static_cast<int>(d);
            }
        }
        return -1;
    };
    const auto topicIndex = [&](int d, const std::string& id) {
        if (d < 0 || id.empty()) {
            return -1;
        }
        const auto& subs = exam.domains[static_cast<std::size_t>(d)].topics();
        for (std::size_t s = 0; s < subs.size(); ++s) {
            if (subs[s].id == id) {
                return static_cast<int>(s);
            }
        }
        return -1;
    };

    // Evidence for mastery and ability: every answer, cram included (it is still an honest attempt).
    std::vector<AnswerEvidence> evidence;
    std::set<std::int64_t> answered;
    std::map<std::string, CalibrationRow> calibration;
    for (const auto& r : reviews) {
        const int d = domainIndex(r.domainId);
        if (d < 0) {
            continue;
        }
        evidence.push_back({d, topicIndex(d, r.topicId), r.atMs, r.correct,
                            answered.insert(r.questionRow).second, difficultyLogit(r.difficulty),
                            r.questionRow});
        auto& c = calibration[r.confidence ? confidenceName(*r.confidence) : "untagged"];
        ++c.answers;
        c.correct += r.correct;
    }
    report.answers = static_cast<int>(evidence.size());
    for (const char* tag : {"sure", "unsure", "guess", "untagged"}) {
        CalibrationRow row = calibration[tag];
        row.tag = tag;
        report.calibration.push_back(row);
    }
    report.calibrationAdvice = calibrationAdvice(report.calibration);

    std::vector<int> topicCounts;
    for (const auto& d : exam.domains) {
        topicCounts.push_back(static_cast<int>(d.topics().size()));
    }
    // Item memory, and per-row counts of seen and due questions with the mean recall of the due ones.
    const Fsrs fsrs;
    const auto memory = replayMemory(reviews, fsrs);
    struct RowItems
    {
        int bank = 0;
        int seen = 0;
        int due = 0;
        double dueRecall = 0;
        std::vector<double> difficulties; ///< of the row's questions, for the mastery prior
    };
    std::vector<RowItems> domainItems(exam.domains.size());
    std::vector<std::vector<RowItems>> topicItems(exam.domains.size());
    for (std::size_t d = 0; d < exam.domains.size(); ++d) {
        topicItems[d].resize(exam.domains[d].topics().size());
    }
    for (const auto& b : bank) {
        const int d = domainIndex(b.domainId);
        if (d < 0) {
            continue;
        }
        PlannerItem pi;
        pi.id = b.rowId;
        pi.domain = d;
        pi.topic = topicIndex(d, b.topicId);
        pi.flagged = b.flagged;
        pi.bookmarked = b.bookmarked;
        pi.difficulty = difficultyLogit(b.difficulty);
        if (const auto it = memory.find(b.rowId); it != memory.end()) {
            pi.seen = true;
            const double days = static_cast<double>(nowMs - it->second.lastReviewMs) / kMsPerDay;
            pi.recall = fsrs.retrievability(days, it->second.state.stability);
            pi.due = pi.recall < settings.desiredRetention;
            pi.dueInDays =
                pi.due ? 0.0
                       : std::max(0.0, fsrs.interval(it->second.state.stability, settings.desiredRetention) -
                                           days);
            pi.missed = !it->second.lastCorrect;
        }
        report.planner.items.push_back(pi);
        const auto count = [&](RowItems& r) {
            ++r.bank;
            r.seen += pi.seen;
            r.difficulties.push_back(pi.difficulty);
            if (pi.due) {
                ++r.due;
                r.dueRecall += pi.recall;
            }
        };
        count(domainItems[static_cast<std::size_t>(d)]);
        if (pi.topic >= 0) {
            count(topicItems[static_cast<std::size_t>(d)][static_cast<std::size_t>(pi.topic)]);
        }
    }

    // Why the level model sets each row's prior: drills serve questions pitched at the candidate's level, so
    // raw accuracy on them reads about the same for a strong and a weak candidate. What the ability predicts
    // on the row's own questions is the better centre (docs/adaptive-model.md, section 3).
    report.planner.ability = estimateAbility(evidence, static_cast<int>(exam.domains.size()));
    MasteryPrior prior;
    for (std::size_t d = 0; d < exam.domains.size(); ++d) {
        const double ability = report.planner.ability[d];
        prior.domains.push_back(expectedAccuracy(ability, domainItems[d].difficulties));
        auto& subs = prior.topics.emplace_back();
        for (const auto& sub : topicItems[d]) {
            // A topic without questions in the bank takes its domain's prior.
            subs.push_back(sub.difficulties.empty() ? prior.domains.back()
                                                    : expectedAccuracy(ability, sub.difficulties));
        }
    }
    const MasteryTable mastery = estimateMastery(evidence, topicCounts, nowMs, settings.model, prior);

    const auto makeRow = [&](const Domain& dom, const Topic* topic, const Mastery& m, const RowItems& items) {
        TrackerRow row;
        row.domainId = dom.id;
        row.topicId = topic ? topic->id : "";
        row.name = topic ? dom.topicLabel(*topic) : dom.name;
        row.weight = dom.weight;
        row.mastery = m;
        const std::optional<double> dueRecall =
            items.due ? std::optional<double>(items.dueRecall / items.due) : std::nullopt;
        row.band = measuredBand(m, settings.target, dueRecall);
        if (const auto it = selfRatings.find({row.domainId, row.topicId}); it != selfRatings.end()) {
            row.selfRating = it->second;
        }
        row.bankItems = items.bank;
        row.seenItems = items.seen;
        row.dueItems = items.due;
        return row;
    };
    for (std::size_t d = 0; d < exam.domains.size(); ++d) {
        const Domain& dom = exam.domains[d];
        report.domains.push_back(makeRow(dom, nullptr, mastery.domains[d], domainItems[d]));
        auto& rows = report.topics.emplace_back();
        for (std::size_t s = 0; s < dom.topics().size(); ++s) {
            rows.push_back(makeRow(dom, &dom.topics()[s], mastery.topics[d][s], topicItems[d][s]));
        }
        report.planner.weights.push_back(dom.weight);
        report.planner.bands.push_back(report.domains.back().band);
    }
    report.planner.mastery = mastery;

    // Readiness: the study guide's rule, every row Green and consistent practice scores, each gap named.
    for (const auto& row : report.domains) {
        if (row.band == Band::Green) {
            continue;
        }
        std::string line = row.name + ": " + capitalized(row.band) + ", ";
        if (row.mastery.answers == 0) {
            line += "no answers yet; drill it";
        } else {
            line += intervalText(row.mastery) + " over " + std::to_string(row.mastery.answers) +
                    (row.mastery.answers == 1 ? " answer" : " answers");
            // The bound is written as the interval before it writes it (rounded down): rounded to the
            // nearest, a bound of 79.6% read "needs the lower bound (80%) ≥ 80%".
            if (row.mastery.lower >= settings.target) {
                line += "; " + std::to_string(row.dueItems) +
                        (row.dueItems == 1 ? " due question has" : " due questions have") +
                        " faded, review " + (row.dueItems == 1 ? "it" : "them");
            } else if (row.mastery.answers < 5) {
                line += "; needs at least 5 answers and the lower bound (" + wholePercent(row.mastery.lower) +
                        ") ≥ " + nearestPercent(settings.target);
            } else {
                line += "; needs the lower bound (" + wholePercent(row.mastery.lower) + ") ≥ " +
                        nearestPercent(settings.target);
            }
        }
        report.readiness.push_back(line);
    }
    if (auto gap = examReadinessGap(recentExamScores, settings)) {
        report.readiness.push_back(std::move(*gap));
    }
    report.ready = report.readiness.empty();
    if (report.ready) {
        report.readiness.push_back("Ready to schedule: every domain is Green and the last " +
                                   std::to_string(settings.readinessExams) +
                                   " exam simulations scored at least " +
                                   nearestPercent(settings.readinessScore) + ".");
    }
    return report;
}

Result<TrackerReport> buildTracker(Store& store, const std::string& examId, const TrackerSettings& settings)
{
    auto exam = store.exam(examId);
    if (!exam) {
        return exam.error();
    }
    // The tracker's bank is the practice bank: questions held back for a final exam are not "unseen"
    // questions to plan. Stored or, on a database that has not stored them yet, chosen in memory: the tracker
    // never writes.
    auto bank = practiceBank(store, exam.value());
    if (!bank) {
        return bank.error();
    }
    return buildTracker(store, exam.value(), settings, bank.value());
}

namespace {

/// The report from loaded evidence, with what only the store knows: the miss breakdown and the readiness
/// basis.
Result<TrackerReport> reportFrom(Store& store, Result<TrackerEvidence> evidence,
                                 const TrackerSettings& settings)
{
    if (!evidence) {
        return evidence.error();
    }
    TrackerReport report = computeTracker(evidence.value(), store.clock().wallMs(), settings);
    auto misses = examMissBreakdown(store, evidence.value().exam.id);
    if (!misses) {
        return misses.error();
    }
    report.misses = misses.value();
    report.missAdvice = missAdvice(report.misses).value_or("");
    auto finals = finalEvidence(store, evidence.value().exam);
    if (!finals) {
        return finals.error();
    }
    report.readinessBasis = readinessBasis(finals.value());
    return report;
}

} // namespace

Result<TrackerReport> buildTracker(Store& store, const ExamDef& exam, const TrackerSettings& settings,
                                   const PlanningBank& bank)
{
    return reportFrom(store, loadTrackerEvidence(store, exam, bank), settings);
}

Result<TrackerReport> buildTracker(Store& store, const ExamDef& exam, const TrackerSettings& settings,
                                   const std::vector<Candidate>& questions)
{
    return reportFrom(store, loadTrackerEvidence(store, exam, questions), settings);
}

TrackerReport computeTracker(const TrackerEvidence& evidence, std::int64_t nowMs,
                             const TrackerSettings& settings)
{
    // Reviews are in time order, exam scores newest first: each is cut at nowMs without a sort.
    std::vector<Review> reviews;
    for (const auto& r : evidence.reviews) {
        if (r.atMs > nowMs) {
            break;
        }
        reviews.push_back(r);
    }
    std::vector<double> scores;
    for (const auto& [finishedMs, score] : evidence.examScores) {
        if (finishedMs <= nowMs && static_cast<int>(scores.size()) < settings.readinessExams) {
            scores.push_back(score);
        }
    }
    return computeTracker(evidence.exam, evidence.bank, reviews, evidence.selfRatings, scores, nowMs,
                          settings);
}

namespace {

/// The evidence for `exam`, with the bank from `addBank(evidence, flagged rows, bookmarked rows)`.
template <typename AddBank>
Result<TrackerEvidence> loadEvidence(Store& store, const ExamDef& exam, AddBank addBank)
{
    const std::string& examId = exam.id;
    return catchDbError("cannot read the tracker's evidence", [&]() -> Result<TrackerEvidence> {
        Database& db = store.database();
        TrackerEvidence ev;
        ev.exam = exam;
        std::set<std::int64_t> flagged;
        Statement f(db, "SELECT DISTINCT question_ref FROM session_items WHERE flagged = 1");
        while (f.step()) {
            flagged.insert(f.getInt(0));
        }
        auto bookmarked = bookmarkedRows(store);
        if (!bookmarked) {
            return bookmarked.error();
        }
        addBank(ev, flagged, bookmarked.value());
        // A question's row under its domain: its objective, or its subtopic where the exam names none.
        const auto topicOf = [&](const std::string& domainId, const std::string& subtopic,
                                 const std::string& objective) -> const std::string& {
            const Domain* d = ev.exam.findDomain(domainId);
            return d && !d->objectives.empty() ? objective : subtopic;
        };
        // An answer is evidence once it is final: when its exam is submitted, or when a drill checks it. An
        // abandoned exam's answers count too: each was an honest attempt under exam conditions (only its
        // score is left out of readiness, below). An answer to a question the candidate excluded from scores
        // as disputed (Errata.h) is no evidence either way; the answer stays stored.
        Statement r(db, "SELECT i.question_ref, d.domain_id, COALESCE(st.subtopic_id, ''), i.answered_at, "
                        "i.correct, COALESCE(i.confidence, ''), s.options, q.difficulty, "
                        "COALESCE(o.objective_id, '') FROM session_items i "
                        "JOIN sessions s ON s.id = i.session_ref JOIN exams e ON e.id = s.exam_ref "
                        "JOIN questions q ON q.id = i.question_ref JOIN domains d ON d.id = q.domain_ref "
                        "LEFT JOIN subtopics st ON st.id = q.subtopic_ref "
                        "LEFT JOIN objectives o ON o.id = q.objective_ref "
                        "WHERE e.exam_id = ? AND i.correct IS NOT NULL AND i.answered_at IS NOT NULL "
                        "AND i.chosen <> '[]' AND (s.finished_at IS NOT NULL OR s.mode = 'drill') "
                        "AND i.question_ref NOT IN (SELECT question_ref FROM score_exclusions) "
                        "ORDER BY i.answered_at, s.id, i.position");
        r.bind(1, examId);
        while (r.step()) {
            Review rv;
            rv.questionRow = r.getInt(0);
            rv.domainId = r.getText(1);
            // The question's topic now, not when it was answered: a question that moves to another
            // objective takes its history with it.
            rv.topicId = topicOf(rv.domainId, r.getText(2), r.getText(8));
            rv.atMs = r.getInt(3);
            rv.correct = r.getInt(4) != 0;
            rv.confidence = parseConfidence(r.getText(5));
            rv.cram = DrillSession::isCram(r.getText(6));
            rv.difficulty = static_cast<int>(r.getInt(7));
            ev.reviews.push_back(std::move(rv));
        }
        Statement sr(db, "SELECT r.domain_id, r.topic_id, r.band FROM self_ratings r "
                         "JOIN exams e ON e.id = r.exam_ref WHERE e.exam_id = ?");
        sr.bind(1, examId);
        while (sr.step()) {
            if (const auto band = parseBand(sr.getText(2))) {
                ev.selfRatings[{sr.getText(0), sr.getText(1)}] = *band;
            }
        }
        // The exam simulations' scores as history computes them now, questions the candidate excluded left
        // out, so the readiness verdict and the history list never disagree; newest first, as history is.
        auto history = sessionHistory(store);
        if (!history) {
            return history.error();
        }
        for (const SessionSummary& h : history.value()) {
            if (h.examId == examId && h.countsForReadiness()) {
                ev.examScores.emplace_back(h.finishedAtMs, h.score);
            }
        }
        return ev;
    });
}

} // namespace

Result<TrackerEvidence> loadTrackerEvidence(Store& store, const ExamDef& exam,
                                            const std::vector<Candidate>& questions)
{
    return loadEvidence(store, exam,
                        [&](TrackerEvidence& ev, const std::set<std::int64_t>& flagged,
                            const std::set<std::int64_t>& bookmarked) {
                            ev.bank.reserve(questions.size());
                            for (const auto& q : questions) {
                                const Domain* d = ev.exam.findDomain(q.question.domain);
                                ev.bank.push_back({q.rowId, q.question.domain,
                                                   d ? q.question.topicIn(*d) : q.question.subtopic,
                                                   flagged.count(q.rowId) > 0, q.question.difficulty,
                                                   bookmarked.count(q.rowId) > 0});
                            }
                        });
}

Result<TrackerEvidence> loadTrackerEvidence(Store& store, const ExamDef& exam, const PlanningBank& bank)
{
    return loadEvidence(
        store, exam,
        [&](TrackerEvidence& ev, const std::set<std::int64_t>& flagged,
            const std::set<std::int64_t>& bookmarked) {
            // Whether each domain's rows are its objectives (else its subtopics), found once per domain
            // rather than once per question.
            std::unordered_map<std::int64_t, bool> byObjective;
            for (const auto& [ref, id] : bank.domainIds) {
                const Domain* d = ev.exam.findDomain(id);
                byObjective[ref] = d && !d->objectives.empty();
            }
            ev.bank.reserve(bank.rows.size());
            for (const PlanningRow& r : bank.rows) {
                const bool objective = byObjective[r.domainRef];
                ev.bank.push_back({r.rowId, PlanningBank::idOf(bank.domainIds, r.domainRef),
                                   objective ? PlanningBank::idOf(bank.objectiveIds, r.objectiveRef)
                                             : PlanningBank::idOf(bank.subtopicIds, r.subtopicRef),
                                   flagged.count(r.rowId) > 0, r.difficulty, bookmarked.count(r.rowId) > 0});
            }
        });
}

namespace {

struct SettingKey
{
    const char* name; ///< as the CLI spells it
    const char* key;  ///< in the settings table
    double min;
    double max;
    double TrackerSettings::*field;
};

constexpr SettingKey kSettings[] = {
    {"target", "tracker.target", 0.50, 0.99, &TrackerSettings::target},
    {"readiness-score", "readiness.score", 0.80, 0.85, &TrackerSettings::readinessScore},
};

/// The setting the CLI calls `name`, or null.
const SettingKey* findSetting(const std::string& name)
{
    const auto k = std::find_if(std::begin(kSettings), std::end(kSettings),
                                [&](const SettingKey& s) { return name == s.name; });
    return k == std::end(kSettings) ? nullptr : k;
}

} // namespace

Result<TrackerSettings> loadTrackerSettings(Store& store)
{
    TrackerSettings settings;
    for (const auto& k : kSettings) {
        auto stored = store.setting(k.key);
        if (!stored) {
            return stored.error();
        }
        if (stored.value()) {
            // A value edited by hand out of range falls back to the default rather than mislead.
            const double v = std::strtod(stored.value()->c_str(), nullptr);
            if (v >= k.min && v <= k.max) {
                settings.*k.field = v;
            }
        }
    }
    return settings;
}

Result<void> checkTrackerSetting(const std::string& name, double value)
{
    const SettingKey* k = findSetting(name);
    if (!k) {
        return Error{"unknown setting \"" + name + "\" (known: target, readiness-score)"};
    }
    // Written so that NaN fails too.
    if (!(value >= k->min && value <= k->max)) {
        char range[64];
        std::snprintf(range, sizeof range, "%.2f and %.2f", k->min, k->max);
        return Error{"setting \"" + name + "\" must be between " + range};
    }
    return {};
}

Result<void> saveTrackerSetting(Store& store, const std::string& name, double value)
{
    if (auto checked = checkTrackerSetting(name, value); !checked) {
        return checked;
    }
    return store.saveSetting(findSetting(name)->key, std::to_string(value));
}

Result<TrackerReport> buildTracker(Store& store, const std::string& examId)
{
    auto settings = loadTrackerSettings(store);
    if (!settings) {
        return settings.error();
    }
    return buildTracker(store, examId, settings.value());
}

Result<void> setSelfRating(Store& store, const std::string& examId, const std::string& domainId,
                           const std::string& topicId, std::optional<Band> band)
{
    auto exam = store.exam(examId);
    if (!exam) {
        return exam.error();
    }
    const Domain* dom = exam->findDomain(domainId);
    if (!dom) {
        return Error{"exam \"" + examId + "\" has no domain \"" + domainId + "\""};
    }
    if (!topicId.empty() && !dom->findTopic(topicId)) {
        return Error{"domain \"" + domainId + "\" has no " +
                     (dom->objectives.empty() ? "subtopic" : "objective") + " \"" + topicId + "\""};
    }
    return catchDbError("cannot store the self-rating", [&]() -> Result<void> {
        Database& db = store.database();
        Transaction tx(db);
        if (band) {
            Statement s(db, "INSERT INTO self_ratings (exam_ref, domain_id, topic_id, band, updated_at) "
                            "SELECT id, ?, ?, ?, ? FROM exams WHERE exam_id = ? "
                            "ON CONFLICT (exam_ref, domain_id, topic_id) DO UPDATE SET band = excluded.band, "
                            "updated_at = excluded.updated_at");
            s.bind(1, domainId).bind(2, topicId).bind(3, bandName(*band));
            s.bind(4, store.clock().wallMs()).bind(5, examId);
            s.run();
        } else {
            Statement s(db, "DELETE FROM self_ratings WHERE domain_id = ? AND topic_id = ? AND exam_ref = "
                            "(SELECT id FROM exams WHERE exam_id = ?)");
            s.bind(1, domainId).bind(2, topicId).bind(3, examId);
            s.run();
        }
        tx.commit();
        return {};
    });
}

std::string trackerCsv(const TrackerReport& report)
{
    std::string out =
        "domain,topic,name,weight,answers,mastery,lower80,upper80,band,self_rating,due,seen,bank\n";
    const auto line = [&](const TrackerRow& r) {
        char nums[160];
        std::snprintf(nums, sizeof nums, "%g,%d,%.3f,%.3f,%.3f", r.weight, r.mastery.answers, r.mastery.mean,
                      r.mastery.lower, r.mastery.upper);
        out += csvField(r.domainId) + "," + csvField(r.topicId) + "," + csvField(r.name) + "," + nums + "," +
               bandName(r.band) + "," + (r.selfRating ? bandName(*r.selfRating) : "") + "," +
               std::to_string(r.dueItems) + "," + std::to_string(r.seenItems) + "," +
               std::to_string(r.bankItems) + "\n";
    };
    for (std::size_t d = 0; d < report.domains.size(); ++d) {
        line(report.domains[d]);
        for (const auto& t : report.topics[d]) {
            line(t);
        }
    }
    return out;
}

SplitBandChanges bandChanges(const TrackerReport& before, const TrackerReport& after,
                             const std::vector<std::string>& asked)
{
    SplitBandChanges out;
    for (std::size_t d = 0; d < std::min(before.domains.size(), after.domains.size()); ++d) {
        const bool wasAsked = std::find(asked.begin(), asked.end(), after.domains[d].domainId) != asked.end();
        auto& into = wasAsked ? out.asked : out.others;
        const auto compare = [&into](const TrackerRow& a, const TrackerRow& b, const std::string& prefix) {
            if (a.band != b.band) {
                into.push_back(prefix + b.name + ": " + capitalized(a.band) + " → " + capitalized(b.band));
            }
        };
        compare(before.domains[d], after.domains[d], "");
        for (std::size_t t = 0; t < std::min(before.topics[d].size(), after.topics[d].size()); ++t) {
            compare(before.topics[d][t], after.topics[d][t], after.domains[d].name + " / ");
        }
    }
    return out;
}

std::vector<std::string> bandChanges(const TrackerReport& before, const TrackerReport& after)
{
    std::vector<std::string> every;
    for (const auto& d : after.domains) {
        every.push_back(d.domainId);
    }
    return bandChanges(before, after, every).asked;
}

} // namespace certdrill
