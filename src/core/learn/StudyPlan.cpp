#include "certdrill/learn/StudyPlan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <type_traits>

#include "certdrill/Random.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/exam/MissReasons.h"
#include "certdrill/store/Store.h"

namespace certdrill {

namespace {

constexpr std::int64_t kMsPerDay = 86'400'000;
constexpr const char* kExamDateKey = "plan.exam-date";
constexpr const char* kHoursKey = "plan.hours-per-week";
constexpr const char* kAttemptsKey = "plan.failed-attempts";
constexpr const char* kLastMetKey = "readiness.last-met";
constexpr double kMaxHoursPerWeek = 100;

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

// Howard Hinnant's days_from_civil and civil_from_days (proleptic Gregorian, day 0 = 1970-01-01).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = floorDiv(y, 400);
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil
{
    std::int64_t y;
    unsigned m;
    unsigned d;
};

Civil civilFromDays(std::int64_t z)
{
    z += 719468;
    const std::int64_t era = floorDiv(z, 146097);
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

std::string hours(double h)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f h", h);
    return buf;
}

std::string plural(std::int64_t n, const std::string& one, const std::string& many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string bandWord(Band b)
{
    std::string s = bandName(b);
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

/// "today", "yesterday", "9 days ago".
std::string daysAgo(std::int64_t days)
{
    return days <= 0 ? "today" : days == 1 ? "yesterday" : std::to_string(days) + " days ago";
}

/// Whether the last readinessExams scores (newest first) each reach the readiness score.
bool examsReady(const std::vector<double>& scores, const TrackerSettings& settings)
{
    return !examReadinessGap(scores, settings).has_value();
}

NextStep nextStep(const StudyPlanInput& in, const StudyPlan& plan)
{
    const TrackerReport& t = in.tracker;
    NextStep step;
    if (!in.hasBank) {
        step.kind = NextStep::Kind::ImportPack;
        step.title = "Import a question pack";
        step.reason = "There are no questions to practise yet: File ▸ Import pack… loads a bank.";
        return step;
    }
    if (t.answers == 0) {
        step.kind = NextStep::Kind::PracticeExam;
        step.title = "Start with a practice exam to find your level";
        step.reason = "One practice exam of " + std::to_string(in.exam.countDefault) +
                      " questions measures all " + std::to_string(in.exam.domains.size()) +
                      " domains at once, so the drills that follow start where you are weakest.";
        return step;
    }
    const std::int64_t today = plan.today;
    const std::string lastExam =
        in.lastFullExamMs ? "last one " + daysAgo(today - localDay(*in.lastFullExamMs, in.utcOffsetMinutes))
                          : "none yet";
    if (t.ready && !in.settings.examDay) {
        step.kind = NextStep::Kind::SetExamDate;
        step.title = "Book your exam and set its date";
        step.reason = "You meet the readiness rule: every domain is Green and your last exam simulations "
                      "reached " +
                      nearestPercent(t.settings.readinessScore) + ". The plan then counts down to the date.";
        return step;
    }
    const bool allGreen = std::all_of(t.domains.begin(), t.domains.end(),
                                      [](const TrackerRow& r) { return r.band == Band::Green; });
    if (allGreen && !t.ready) {
        step.kind = NextStep::Kind::ExamSimulation;
        step.title = "Take an exam simulation (" + lastExam + ")";
        step.reason = "Every domain is Green; readiness also needs the last " +
                      std::to_string(t.settings.readinessExams) + " exam simulations at " +
                      nearestPercent(t.settings.readinessScore) + " or more.";
        return step;
    }
    if (plan.dueToday >= in.rules.reviewThreshold) {
        step.kind = NextStep::Kind::Review;
        step.drill.count = std::min(plan.dueToday, in.rules.drillLength);
        step.drill.seed = in.seed;
        step.drill.filter.dueOnly = true;
        step.title = plural(plan.dueToday, "question", "questions") + " due for review";
        step.reason = "Their predicted recall has fallen below " +
                      nearestPercent(t.settings.desiredRetention) + "; reviewing " +
                      (step.drill.count == plan.dueToday
                           ? std::string("them")
                           : "the " + std::to_string(step.drill.count) + " that faded most") +
                      " now keeps what you learned.";
        return step;
    }
    const bool everyDomainAnswered = std::all_of(t.domains.begin(), t.domains.end(),
                                                 [](const TrackerRow& r) { return r.mastery.answers > 0; });
    const bool examOverdue =
        !in.lastFullExamMs ||
        today - localDay(*in.lastFullExamMs, in.utcOffsetMinutes) >= in.rules.examEveryDays;
    if (everyDomainAnswered && examOverdue) {
        step.kind = NextStep::Kind::ExamSimulation;
        step.title = "Take an exam simulation (" + lastExam + ")";
        step.reason = "A full exam every " + std::to_string(in.rules.examEveryDays) +
                      " days measures your pace and every domain at once; readiness counts the last " +
                      std::to_string(t.settings.readinessExams) + " strict ones.";
        return step;
    }
    step.kind = NextStep::Kind::Drill;
    step.drill.count = in.rules.drillLength;
    step.drill.seed = in.seed;
    const DrillPlan drill = planDrill(t.planner, step.drill);
    // The domains the planner gives the most questions, ties to the earlier (heavier) one.
    std::vector<std::size_t> order;
    for (std::size_t d = 0; d < drill.perDomain.size() && d < t.domains.size(); ++d) {
        if (drill.perDomain[d] > 0) {
            order.push_back(d);
        }
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return drill.perDomain[a] > drill.perDomain[b]; });
    step.title = "Drill " + std::to_string(drill.questions.size());
    for (std::size_t i = 0; i < std::min<std::size_t>(2, order.size()); ++i) {
        const TrackerRow& row = t.domains[order[i]];
        step.title += (i ? ", " : ": ") + row.name + " (" + bandWord(row.band) + ")";
    }
    step.reason =
        "The planner gives these domains the most questions: blueprint weight times what is left to "
        "learn. Questions due for review come first.";
    return step;
}

// The exam half of the verdict: how many of the exam simulations the rule counts reached its score.
std::string examsCountText(const TrackerReport& t)
{
    const int needed = t.settings.readinessExams;
    const int counted = examsCounted(t.recentExamScores, t.settings);
    const std::string line = nearestPercent(t.settings.readinessScore) + " or more";
    if (counted == 0) {
        return "no exam simulation yet (readiness needs " + std::to_string(needed) + " in a row at " + line +
               ")";
    }
    const int good = examsAtReadinessScore(t.recentExamScores, t.settings);
    // Fewer exams than the rule counts are named as such: "1 of the last 3" after two would claim a third.
    if (counted < needed) {
        return std::to_string(good) + " of " + plural(counted, "exam simulation", "exam simulations") +
               " so far at " + line + " (readiness needs " + std::to_string(needed) + " in a row)";
    }
    return std::to_string(good) + " of the last " + std::to_string(needed) + " exam simulations at " + line;
}

std::string verdict(const StudyPlanInput& in)
{
    const TrackerReport& t = in.tracker;
    if (!in.hasBank) {
        return "No questions yet.";
    }
    if (t.answers == 0) {
        return "Not measured yet: no answers so far.";
    }
    if (t.ready) {
        return t.readiness.front();
    }
    const auto green = std::count_if(t.domains.begin(), t.domains.end(),
                                     [](const TrackerRow& r) { return r.band == Band::Green; });
    return "Not ready yet: " + std::to_string(green) + " of " + std::to_string(t.domains.size()) +
           " domains Green; " + examsCountText(t) + ".";
}

std::vector<std::string> planLines(const StudyPlanInput& in, const StudyPlan& p)
{
    std::vector<std::string> lines;
    if (!p.examDay) {
        lines.push_back("No exam date set: set one to see the days left and a daily target.");
    } else if (*p.daysLeft < 0) {
        lines.push_back("Your exam date " + dayText(*p.examDay) +
                        " has passed: set the next one, or record a failed attempt.");
    } else if (*p.daysLeft == 0) {
        lines.push_back("Exam today (" + dayText(*p.examDay) + "). Good luck.");
    } else {
        lines.push_back(plural(*p.daysLeft, "day", "days") + " left (exam on " + dayText(*p.examDay) + ")");
        if (*p.questionsPerDay == 0) {
            lines.push_back(
                "Every question seen and none falls due before the exam: drill your weakest domains.");
        } else {
            lines.push_back("At least " + plural(*p.questionsPerDay, "question", "questions") +
                            " a day: " + std::to_string(p.unseen) + " unseen and " +
                            plural(p.reviewsBeforeExam, "review", "reviews") + " due before the exam");
        }
    }
    std::string week = "Studied " + hours(p.hoursLast7Days) + " in the last 7 days";
    week += p.hoursPerWeek > 0 ? " (your budget: " + hours(p.hoursPerWeek) + " a week)"
                               : " (no weekly budget set)";
    lines.push_back(week);
    char guide[48];
    std::snprintf(guide, sizeof guide, "%g–%g h", in.rules.guideHoursMin, in.rules.guideHoursMax);
    std::string total = hours(p.hoursTotal) + " in all; the study guide plans " + guide;
    if (p.hoursByExam) {
        total += "; at your budget you reach " + hours(*p.hoursByExam) + " by the exam";
    }
    lines.push_back(total);
    if (p.ready) {
        lines.push_back("Readiness rule met now.");
    } else if (p.readinessLastMetMs) {
        lines.push_back("Readiness rule last met on " +
                        dayText(localDay(*p.readinessLastMetMs, in.utcOffsetMinutes)) + ".");
    } else {
        lines.push_back("Readiness rule not met yet.");
    }
    if (!p.failedAttempts.empty()) {
        const std::string last = dayText(p.failedAttempts.back());
        lines.push_back(p.retakeFromDay
                            ? "Failed attempt on " + last + ": retake from " + dayText(*p.retakeFromDay) +
                                  " (" + std::to_string(in.rules.retakeWaitDays) + "-day wait)"
                            : "Failed attempt on " + last + ": the " +
                                  std::to_string(in.rules.retakeWaitDays) +
                                  "-day wait is over, you may retake");
        lines.push_back(p.attemptsLeft > 0
                            ? std::to_string(p.attemptsLeft) + " of " +
                                  std::to_string(in.rules.attemptsPerYear) +
                                  " attempts left in the 12 months up to today"
                            : "No attempts left in 12 months: the next from " + dayText(*p.nextAttemptDay));
        if (p.examDay && p.retakeFromDay && *p.examDay < *p.retakeFromDay) {
            lines.push_back("Your exam date is before the wait ends: move it to " +
                            dayText(*p.retakeFromDay) + " or later.");
        }
    }
    return lines;
}

} // namespace

std::optional<std::int64_t> parseDay(const std::string& text)
{
    // Exactly YYYY-MM-DD.
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
        return std::nullopt;
    }
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (text[i] < '0' || text[i] > '9') {
            return std::nullopt;
        }
    }
    const int y = std::atoi(text.substr(0, 4).c_str());
    const auto m = static_cast<unsigned>(std::atoi(text.substr(5, 2).c_str()));
    const auto d = static_cast<unsigned>(std::atoi(text.substr(8, 2).c_str()));
    if (m < 1 || m > 12 || d < 1) {
        return std::nullopt;
    }
    const std::int64_t day = daysFromCivil(y, m, d);
    // Round-trips only when the day exists in that month (2026-02-30 does not).
    const Civil back = civilFromDays(day);
    if (back.m != m || back.d != d) {
        return std::nullopt;
    }
    return day;
}

std::string dayText(std::int64_t day)
{
    const Civil c = civilFromDays(day);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02u", static_cast<long long>(c.y), c.m, c.d);
    return buf;
}

std::int64_t localDay(std::int64_t unixMs, int utcOffsetMinutes)
{
    return floorDiv(unixMs + static_cast<std::int64_t>(utcOffsetMinutes) * 60'000, kMsPerDay);
}

StudyPlan computeStudyPlan(const StudyPlanInput& in)
{
    StudyPlan p;
    const TrackerReport& t = in.tracker;
    p.ready = in.hasBank && t.ready;
    p.today = localDay(in.nowMs, in.utcOffsetMinutes);
    p.passMark = in.exam.passPercent / 100.0;
    p.readinessScore = t.settings.readinessScore;
    p.recentExamScores = t.recentExamScores;
    p.domains = t.domains;
    for (const PlannerItem& item : t.planner.items) {
        ++p.bankItems;
        p.unseen += !item.seen;
        p.dueToday += item.due;
    }

    p.examDay = in.settings.examDay;
    if (p.examDay) {
        p.daysLeft = *p.examDay - p.today;
        // Every day from today to the day before the exam is a study day. A review is counted once: the due
        // ones now, and each seen question whose recall falls below the target before the exam day; a
        // question first answered on the way will fall due again too, so this is the least that keeps up.
        for (const PlannerItem& item : t.planner.items) {
            p.reviewsBeforeExam +=
                item.seen && (item.due || item.dueInDays < static_cast<double>(*p.daysLeft));
        }
        if (*p.daysLeft > 0) {
            const std::int64_t need = p.unseen + p.reviewsBeforeExam;
            p.questionsPerDay = static_cast<int>((need + *p.daysLeft - 1) / *p.daysLeft);
        }
    }

    std::int64_t weekMs = 0;
    std::int64_t totalMs = 0;
    for (const StudyTime& s : in.studyTimes) {
        const std::int64_t day = localDay(s.atMs, in.utcOffsetMinutes);
        totalMs += s.ms;
        weekMs += (day <= p.today && day > p.today - 7) ? s.ms : 0;
    }
    p.hoursLast7Days = static_cast<double>(weekMs) / 3'600'000.0;
    p.hoursTotal = static_cast<double>(totalMs) / 3'600'000.0;
    p.hoursPerWeek = in.settings.hoursPerWeek;
    if (p.hoursPerWeek > 0 && p.daysLeft && *p.daysLeft > 0) {
        p.hoursByExam = p.hoursTotal + p.hoursPerWeek * static_cast<double>(*p.daysLeft) / 7.0;
    }
    p.readinessLastMetMs = p.ready ? std::optional<std::int64_t>(in.nowMs) : in.readinessLastMetMs;

    p.failedAttempts = in.settings.failedAttempts;
    std::sort(p.failedAttempts.begin(), p.failedAttempts.end());
    p.attemptsLeft = in.rules.attemptsPerYear;
    if (!p.failedAttempts.empty()) {
        const std::int64_t retake = p.failedAttempts.back() + in.rules.retakeWaitDays;
        if (retake > p.today) {
            p.retakeFromDay = retake;
        }
        // The 12 months up to today: attempts after the same day a year ago.
        std::vector<std::int64_t> inYear;
        for (const std::int64_t a : p.failedAttempts) {
            if (a > p.today - 365 && a <= p.today) {
                inYear.push_back(a);
            }
        }
        p.attemptsLeft = std::max(0, in.rules.attemptsPerYear - static_cast<int>(inYear.size()));
        if (p.attemptsLeft == 0) {
            // Another attempt opens when enough of those leave the window.
            p.nextAttemptDay =
                inYear[inYear.size() - static_cast<std::size_t>(in.rules.attemptsPerYear)] + 365;
        }
    }

    p.verdict = verdict(in);
    p.next = nextStep(in, p);
    p.lines = planLines(in, p);
    return p;
}

namespace {

/// readinessLastMet without the check at `nowMs`: the earlier moments only.
std::optional<std::int64_t> lastMetBefore(const TrackerEvidence& evidence, const TrackerSettings& settings,
                                          std::int64_t nowMs, int utcOffsetMinutes, int maxChecks)
{
    // The exam scores known at `at`, newest first.
    const auto scoresAt = [&](std::int64_t at) {
        std::vector<double> scores;
        for (const auto& [finished, score] : evidence.examScores) {
            if (finished <= at && static_cast<int>(scores.size()) < settings.readinessExams) {
                scores.push_back(score);
            }
        }
        return scores;
    };
    std::set<std::int64_t, std::greater<>> moments;
    for (const auto& exam : evidence.examScores) {
        if (exam.first <= nowMs) {
            moments.insert(exam.first);
        }
    }
    // The last answer of each day (reviews are in time order).
    for (std::size_t i = 0; i < evidence.reviews.size(); ++i) {
        const std::int64_t at = evidence.reviews[i].atMs;
        if (at > nowMs) {
            break;
        }
        const bool lastOfDay =
            i + 1 == evidence.reviews.size() || evidence.reviews[i + 1].atMs > nowMs ||
            localDay(evidence.reviews[i + 1].atMs, utcOffsetMinutes) != localDay(at, utcOffsetMinutes);
        if (lastOfDay) {
            moments.insert(at);
        }
    }
    int checks = 0;
    for (const std::int64_t at : moments) {
        // Without the exam simulations, no domain can make the rule true: skip the expensive report.
        if (!examsReady(scoresAt(at), settings)) {
            continue;
        }
        if (++checks > maxChecks) {
            break;
        }
        if (computeTracker(evidence, at, settings).ready) {
            return at;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::int64_t> readinessLastMet(const TrackerEvidence& evidence, const TrackerSettings& settings,
                                             std::int64_t nowMs, int utcOffsetMinutes, int maxChecks)
{
    if (computeTracker(evidence, nowMs, settings).ready) {
        return nowMs;
    }
    return lastMetBefore(evidence, settings, nowMs, utcOffsetMinutes, maxChecks);
}

Result<std::vector<StudyTime>> studyTimes(Store& store, const std::string& examId, std::int64_t gapCapMs)
{
    return catchDbError("cannot read the study time", [&]() -> Result<std::vector<StudyTime>> {
        Database& db = store.database();
        std::vector<StudyTime> out;
        // Exams: the time each question was on screen plus the review screen's, which the session's own
        // clock measured; unfinished and abandoned sessions were studied too.
        Statement e(db,
                    "SELECT s.started_at, s.review_ms + COALESCE((SELECT SUM(i.time_ms) FROM session_items i "
                    "WHERE i.session_ref = s.id), 0) FROM sessions s JOIN exams x ON x.id = s.exam_ref "
                    "WHERE x.exam_id = ? AND s.mode IN ('exam', 'practice')");
        e.bind(1, examId);
        while (e.step()) {
            out.push_back({e.getInt(0), std::max<std::int64_t>(0, e.getInt(1))});
        }
        // Drills keep no per-question clock: the time from the drill's start to each checked answer.
        Statement d(db, "SELECT s.id, s.started_at, i.answered_at FROM session_items i "
                        "JOIN sessions s ON s.id = i.session_ref JOIN exams x ON x.id = s.exam_ref "
                        "WHERE x.exam_id = ? AND s.mode = 'drill' AND i.answered_at IS NOT NULL "
                        "ORDER BY s.id, i.answered_at");
        d.bind(1, examId);
        std::int64_t session = -1;
        std::int64_t previous = 0;
        while (d.step()) {
            if (d.getInt(0) != session) {
                session = d.getInt(0);
                previous = d.getInt(1);
            }
            const std::int64_t at = d.getInt(2);
            out.push_back({at, std::clamp<std::int64_t>(at - previous, 0, gapCapMs)});
            previous = at;
        }
        return out;
    });
}

Result<PlanSettings> loadPlanSettings(Store& store)
{
    PlanSettings s;
    auto date = store.setting(kExamDateKey);
    auto hoursSet = date ? store.setting(kHoursKey) : Result<std::optional<std::string>>(date.error());
    auto attempts =
        hoursSet ? store.setting(kAttemptsKey) : Result<std::optional<std::string>>(hoursSet.error());
    if (!attempts) {
        return attempts.error();
    }
    if (date.value()) {
        s.examDay = parseDay(*date.value());
    }
    if (hoursSet.value()) {
        const double h = std::strtod(hoursSet.value()->c_str(), nullptr);
        s.hoursPerWeek = h >= 0 && h <= kMaxHoursPerWeek ? h : 0;
    }
    if (attempts.value()) {
        const std::string& text = *attempts.value();
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t comma = std::min(text.find(',', at), text.size());
            if (const auto day = parseDay(text.substr(at, comma - at))) {
                s.failedAttempts.push_back(*day);
            }
            at = comma + 1;
        }
        std::sort(s.failedAttempts.begin(), s.failedAttempts.end());
        s.failedAttempts.erase(std::unique(s.failedAttempts.begin(), s.failedAttempts.end()),
                               s.failedAttempts.end());
    }
    return s;
}

Result<void> savePlanSettings(Store& store, const PlanSettings& settings, std::int64_t today)
{
    // Written so that NaN fails too.
    if (!(settings.hoursPerWeek >= 0 && settings.hoursPerWeek <= kMaxHoursPerWeek)) {
        return Error{"hours per week must be between 0 and 100"};
    }
    std::vector<std::int64_t> attempts = settings.failedAttempts;
    std::sort(attempts.begin(), attempts.end());
    attempts.erase(std::unique(attempts.begin(), attempts.end()), attempts.end());
    std::string list;
    for (const std::int64_t a : attempts) {
        if (a > today) {
            return Error{"a failed attempt on " + dayText(a) + " is in the future (today is " +
                         dayText(today) + ")"};
        }
        list += (list.empty() ? "" : ",") + dayText(a);
    }
    char h[32];
    std::snprintf(h, sizeof h, "%g", settings.hoursPerWeek);
    return store.saveSettings({{kExamDateKey, settings.examDay ? dayText(*settings.examDay) : ""},
                               {kHoursKey, h},
                               {kAttemptsKey, list}});
}

namespace {

/// Folds values into a 64-bit fingerprint (FNV-1a over their bytes; strings by length and content).
class Fingerprint
{
public:
    template <typename T> Fingerprint& add(const T& value)
    {
        static_assert(std::is_arithmetic_v<T>);
        return bytes(&value, sizeof value);
    }
    Fingerprint& add(const std::string& text)
    {
        add(text.size());
        return bytes(text.data(), text.size());
    }
    std::uint64_t value() const { return m_hash; }

private:
    Fingerprint& bytes(const void* data, std::size_t size)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) {
            m_hash = (m_hash ^ p[i]) * 0x100000001b3ULL;
        }
        return *this;
    }
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
};

/// Everything readinessLastMet reads before `nowMs`: the exam's blueprint, the bank, every answer and exam
/// score, the self-ratings, the settings and the time zone. Equal fingerprints, equal past.
std::string evidenceFingerprint(const TrackerEvidence& ev, const TrackerSettings& settings,
                                int utcOffsetMinutes, int maxChecks)
{
    Fingerprint f;
    f.add(ev.exam.id).add(ev.exam.domains.size());
    for (const Domain& d : ev.exam.domains) {
        f.add(d.id).add(d.weight).add(d.topics().size());
        for (const Topic& t : d.topics()) {
            f.add(t.id);
        }
    }
    f.add(ev.bank.size());
    for (const BankItem& b : ev.bank) {
        f.add(b.rowId).add(b.domainId).add(b.topicId).add(b.flagged).add(b.difficulty);
    }
    f.add(ev.reviews.size());
    for (const Review& r : ev.reviews) {
        f.add(r.questionRow).add(r.domainId).add(r.topicId).add(r.atMs).add(r.correct).add(r.cram);
        f.add(r.difficulty).add(r.confidence ? static_cast<int>(*r.confidence) : -1);
    }
    f.add(ev.selfRatings.size());
    for (const auto& [row, band] : ev.selfRatings) {
        f.add(row.first).add(row.second).add(static_cast<int>(band));
    }
    f.add(ev.examScores.size());
    for (const auto& [at, score] : ev.examScores) {
        f.add(at).add(score);
    }
    const MasteryModel& m = settings.model;
    f.add(settings.target).add(settings.readinessScore).add(settings.readinessExams);
    f.add(settings.desiredRetention).add(m.priorStrength).add(m.priorFloor).add(m.decayPerDay);
    f.add(m.credibleMass).add(m.latestShare).add(utcOffsetMinutes).add(maxChecks);
    char hex[24];
    std::snprintf(hex, sizeof hex, "v1:%016llx", static_cast<unsigned long long>(f.value()));
    return hex;
}

} // namespace

std::optional<std::int64_t> cachedReadinessLastMet(Store& store, const TrackerEvidence& evidence,
                                                   const TrackerSettings& settings, std::int64_t nowMs,
                                                   int utcOffsetMinutes, bool readyNow, int maxChecks)
{
    if (readyNow) {
        return nowMs; // readinessLastMet's first check, which the caller's tracker as of now has made
    }
    // Not met now, the answer is the newest earlier moment, which depends only on the evidence: the same
    // until an answer, an exam, the bank or a setting changes. With evidence after `nowMs` (a clock set
    // back) it also depends on `nowMs`, so it is computed and not kept.
    std::int64_t newest = evidence.reviews.empty() ? 0 : evidence.reviews.back().atMs;
    int exams = 0;
    for (const auto& exam : evidence.examScores) {
        newest = std::max(newest, exam.first);
        exams += exam.first <= nowMs;
    }
    // Fewer exam simulations than the rule asks for never met it: nothing to search or keep.
    if (exams < settings.readinessExams) {
        return std::nullopt;
    }
    if (newest > nowMs) {
        return lastMetBefore(evidence, settings, nowMs, utcOffsetMinutes, maxChecks);
    }
    const std::string key = evidenceFingerprint(evidence, settings, utcOffsetMinutes, maxChecks);
    if (auto stored = store.setting(kLastMetKey); stored && stored.value()) {
        const std::string& text = *stored.value();
        if (text.size() > key.size() && text.compare(0, key.size(), key) == 0 && text[key.size()] == ' ') {
            const std::string at = text.substr(key.size() + 1);
            if (at == "none") {
                return std::nullopt;
            }
            char* end = nullptr;
            const long long ms = std::strtoll(at.c_str(), &end, 10);
            if (end && *end == '\0' && !at.empty()) {
                return ms;
            }
        }
    }
    const auto met = lastMetBefore(evidence, settings, nowMs, utcOffsetMinutes, maxChecks);
    // A read-only database keeps nothing: the value is then computed again next time.
    (void)store.saveSetting(kLastMetKey, key + " " + (met ? std::to_string(*met) : std::string("none")));
    return met;
}

Result<StudyPlan> buildStudyPlan(Store& store, const std::string& examId, int utcOffsetMinutes,
                                 const PlanRules& rules)
{
    StudyPlanInput in;
    in.rules = rules;
    in.nowMs = store.clock().wallMs();
    in.utcOffsetMinutes = utcOffsetMinutes;
    auto planSettings = loadPlanSettings(store);
    if (!planSettings) {
        return planSettings.error();
    }
    in.settings = std::move(planSettings.value());
    if (examId.empty()) {
        in.hasBank = false;
        return computeStudyPlan(in);
    }
    auto exam = store.exam(examId);
    if (!exam) {
        return exam.error();
    }
    in.exam = std::move(exam.value());
    // Without the text, and without a Question per row: the plan and the tracker use ids, domains, topics
    // and difficulties, and the home screen computes this at every start (at 100,000 questions the text is
    // most of the database). The practice bank: questions held back for final exams are not questions to
    // plan.
    auto bank = practiceBank(store, in.exam);
    if (!bank) {
        return bank.error();
    }
    in.hasBank = !bank.value().rows.empty();
    auto settings = loadTrackerSettings(store);
    if (!settings) {
        return settings.error();
    }
    auto evidence = loadTrackerEvidence(store, in.exam, bank.value());
    if (!evidence) {
        return evidence.error();
    }
    in.tracker = computeTracker(evidence.value(), in.nowMs, settings.value());
    // The recommended drill is drawn from the day and the answers so far, not from the time: the home screen
    // computes the plan each time it is shown, and the drill it names must not change between two looks.
    const auto& reviews = evidence.value().reviews;
    in.seed = hashCounter(static_cast<std::uint64_t>(localDay(in.nowMs, utcOffsetMinutes)), reviews.size(),
                          reviews.empty() ? 0 : static_cast<std::uint64_t>(reviews.back().atMs));
    in.readinessLastMetMs = cachedReadinessLastMet(store, evidence.value(), settings.value(), in.nowMs,
                                                   utcOffsetMinutes, in.tracker.ready);
    auto times = studyTimes(store, examId, rules.drillGapCapMs);
    if (!times) {
        return times.error();
    }
    in.studyTimes = std::move(times.value());
    auto last = catchDbError("cannot read the history", [&]() -> Result<std::optional<std::int64_t>> {
        Statement s(store.database(),
                    "SELECT MAX(s.finished_at) FROM sessions s JOIN exams x ON x.id = s.exam_ref "
                    "WHERE x.exam_id = ? AND s.mode IN ('exam', 'practice') "
                    "AND s.finished_at IS NOT NULL AND s.abandoned = 0");
        s.bind(1, examId);
        if (s.step() && !s.isNull(0)) {
            return std::optional<std::int64_t>(s.getInt(0));
        }
        return std::optional<std::int64_t>();
    });
    if (!last) {
        return last.error();
    }
    in.lastFullExamMs = last.value();
    StudyPlan plan = computeStudyPlan(in);
    // What only the store knows, beside the plan: the verdict's basis and the miss advice.
    auto finals = finalEvidence(store, in.exam);
    if (!finals) {
        return finals.error();
    }
    plan.readinessBasis = readinessBasis(finals.value());
    auto advice = examMissAdvice(store, examId);
    if (!advice) {
        return advice.error();
    }
    plan.missAdvice = advice.value().value_or("");
    return plan;
}

} // namespace certdrill
