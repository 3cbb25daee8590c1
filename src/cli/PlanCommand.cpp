#include <ctime>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/learn/StudyPlan.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

using nlohmann::json;

namespace {

const char* kindName(NextStep::Kind kind)
{
    switch (kind) {
    case NextStep::Kind::ImportPack:
        return "import-pack";
    case NextStep::Kind::PracticeExam:
        return "practice-exam";
    case NextStep::Kind::ExamSimulation:
        return "exam-simulation";
    case NextStep::Kind::Review:
        return "review";
    case NextStep::Kind::Drill:
        return "drill";
    case NextStep::Kind::SetExamDate:
        return "set-exam-date";
    }
    return "";
}

/// The machine's time zone at `unixMs`, in minutes east of UTC: the plan counts the candidate's days.
int utcOffsetMinutes(std::int64_t unixMs)
{
    const std::time_t t = static_cast<std::time_t>(unixMs / 1000);
    std::tm local{};
    return localtime_r(&t, &local) ? static_cast<int>(local.tm_gmtoff / 60) : 0;
}

json optionalDay(const std::optional<std::int64_t>& day)
{
    return day ? json(dayText(*day)) : json(nullptr);
}

} // namespace

int planCommand(Context& ctx, Args args)
{
    const std::string usage = "plan: usage is plan [--exam ID] [--json] [--exam-date YYYY-MM-DD|none] "
                              "[--hours-per-week N] [--failed-attempt YYYY-MM-DD]";
    const bool asJson = takeFlag(args, "--json");
    std::string examId;
    std::string examDate;
    std::string hoursText;
    std::string attempt;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    takeOption(args, "--exam-date", examDate, missing);
    takeOption(args, "--hours-per-week", hoursText, missing);
    takeOption(args, "--failed-attempt", attempt, missing);
    if (missing || !args.empty()) {
        return ctx.usage(usage);
    }
    // Every argument is checked before the database is touched, so a bad one changes nothing.
    std::optional<std::int64_t> day;
    if (!examDate.empty() && examDate != "none" && !(day = parseDay(examDate))) {
        return ctx.usage("plan: --exam-date takes a date as YYYY-MM-DD (or none), not \"" + examDate + "\"");
    }
    int hours = -1;
    if (!hoursText.empty()) {
        if (const std::string error = parseWholeNumber("--hours-per-week", hoursText, hours);
            !error.empty()) {
            return ctx.usage("plan: " + error);
        }
        if (hours < 0 || hours > 100) {
            return ctx.usage("plan: --hours-per-week must be between 0 and 100");
        }
    }
    std::optional<std::int64_t> failed;
    if (!attempt.empty() && !(failed = parseDay(attempt))) {
        return ctx.usage("plan: --failed-attempt takes a date as YYYY-MM-DD, not \"" + attempt + "\"");
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    const int offset = utcOffsetMinutes(ctx.clock().wallMs());
    if (!examDate.empty() || hours >= 0 || failed) {
        auto settings = loadPlanSettings(*s);
        if (!settings) {
            ctx.err() << "certdrill-cli: " << settings.error().message << "\n";
            return kInvalid;
        }
        PlanSettings changed = settings.value();
        if (!examDate.empty()) {
            changed.examDay = day;
        }
        if (hours >= 0) {
            changed.hoursPerWeek = hours;
        }
        if (failed) {
            changed.failedAttempts.push_back(*failed);
        }
        if (auto saved = savePlanSettings(*s, changed, localDay(ctx.clock().wallMs(), offset)); !saved) {
            ctx.err() << "certdrill-cli: plan: " << saved.error().message << "\n";
            return kInvalid;
        }
    }
    // With no exam in the database the plan's one step is to import a pack; a named exam must exist.
    if (auto exams = s->exams(); examId.empty() && exams && !exams.value().empty()) {
        examId = exams.value().front().id;
    }
    auto plan = buildStudyPlan(*s, examId, offset);
    if (!plan) {
        ctx.err() << "certdrill-cli: " << plan.error().message << "\n";
        return kInvalid;
    }
    const StudyPlan& p = plan.value();
    if (asJson) {
        json domains = json::array();
        for (const TrackerRow& d : p.domains) {
            domains.push_back({{"id", d.domainId},
                               {"name", d.name},
                               {"weight", d.weight},
                               {"band", bandName(d.band)},
                               {"due", d.dueItems}});
        }
        json next{{"kind", kindName(p.next.kind)}, {"title", p.next.title}, {"reason", p.next.reason}};
        if (p.next.kind == NextStep::Kind::Drill || p.next.kind == NextStep::Kind::Review) {
            next["count"] = p.next.drill.count;
        }
        ctx.out() << json{{"exam", examId},
                          {"ready", p.ready},
                          {"verdict", p.verdict},
                          {"next", next},
                          {"domains", domains},
                          {"bank", p.bankItems},
                          {"unseen", p.unseen},
                          {"due_today", p.dueToday},
                          {"recent_exam_scores", p.recentExamScores},
                          {"pass_mark", p.passMark},
                          {"readiness_score", p.readinessScore},
                          {"today", dayText(p.today)},
                          {"exam_date", optionalDay(p.examDay)},
                          {"days_left", p.daysLeft ? json(*p.daysLeft) : json(nullptr)},
                          {"questions_per_day", p.questionsPerDay ? json(*p.questionsPerDay) : json(nullptr)},
                          {"reviews_before_exam", p.reviewsBeforeExam},
                          {"hours_per_week", p.hoursPerWeek},
                          {"hours_last_7_days", p.hoursLast7Days},
                          {"hours_total", p.hoursTotal},
                          {"hours_by_exam", p.hoursByExam ? json(*p.hoursByExam) : json(nullptr)},
                          {"readiness_last_met", p.readinessLastMetMs
                                                     ? json(dayText(localDay(*p.readinessLastMetMs, offset)))
                                                     : json(nullptr)},
                          {"failed_attempts",
                           [&] {
                               json a = json::array();
                               for (const auto d : p.failedAttempts) {
                                   a.push_back(dayText(d));
                               }
                               return a;
                           }()},
                          {"retake_from", optionalDay(p.retakeFromDay)},
                          {"attempts_left", p.attemptsLeft},
                          {"next_attempt", optionalDay(p.nextAttemptDay)},
                          {"readiness_basis", p.readinessBasis},
                          {"miss_advice", p.missAdvice},
                          {"lines", p.lines}}
                         .dump(2)
                  << "\n";
        return kOk;
    }
    ctx.out() << p.verdict << "\n";
    for (const std::string* line : {&p.readinessBasis, &p.missAdvice}) {
        if (!line->empty()) {
            ctx.out() << "  " << *line << "\n";
        }
    }
    ctx.out() << "Next: " << p.next.title << "\n  " << p.next.reason << "\n";
    if (p.bankItems > 0) {
        ctx.out() << "Due today: " << counted(static_cast<std::size_t>(p.dueToday), "question") << "; unseen "
                  << p.unseen << " of " << p.bankItems << "\n";
        ctx.out() << "Last exam simulations:";
        for (const double score : p.recentExamScores) {
            ctx.out() << " " << examScorePercent(score);
        }
        ctx.out() << (p.recentExamScores.empty() ? " none" : "") << " (pass mark "
                  << fixed(p.passMark * 100.0, 0) << "%, readiness " << fixed(p.readinessScore * 100.0, 0)
                  << "%)\n";
    }
    for (const TrackerRow& d : p.domains) {
        // The band as its capital letter, as the home screen's strip shows it.
        ctx.out() << "  " << static_cast<char>(bandName(d.band)[0] - 'a' + 'A') << " " << std::setw(3)
                  << fixed(d.weight, 0) << "%  " << d.name
                  << (d.dueItems ? " (" + std::to_string(d.dueItems) + " due)" : "") << "\n";
    }
    ctx.out() << "Plan:\n";
    for (const auto& line : p.lines) {
        ctx.out() << "  - " << line << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
