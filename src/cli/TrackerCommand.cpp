#include <iomanip>

#include <nlohmann/json.hpp>

#include "certdrill/learn/Tracker.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"
#include "PdfOutput.h"

namespace certdrill::cli {

using nlohmann::json;

int trackerCommand(Context& ctx, Args args)
{
    const bool asJson = takeFlag(args, "--json");
    const bool asCsv = takeFlag(args, "--csv");
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    std::string pdfPath;
    bool pdfMissing = false;
    const bool asPdf = takeOption(args, "--pdf", pdfPath, pdfMissing);
    if (missing || pdfMissing || !args.empty() || (asJson + asCsv + asPdf > 1)) {
        return ctx.usage("tracker: usage is tracker [--exam ID] [--json|--csv|--pdf FILE]");
    }
    Store* s = ctx.store(OpenMode::ReadOnly);
    const auto report = s ? ctx.loadTracker(examId) : std::nullopt;
    if (!report) {
        return kInvalid;
    }
    const TrackerReport& t = *report;
    if (asCsv) {
        ctx.out() << trackerCsv(t);
        return kOk;
    }
    if (asPdf) {
        const auto exam = s->exam(examId);
        if (!exam) {
            ctx.err() << "certdrill-cli: " << exam.error().message << "\n";
            return kInvalid;
        }
        return writeTrackerPdf(ctx, exam.value(), t, pdfPath);
    }
    if (asJson) {
        json domains = json::array();
        for (std::size_t d = 0; d < t.domains.size(); ++d) {
            json row = masteryJson(t.domains[d]);
            row["topics"] = json::array();
            for (const auto& st : t.topics[d]) {
                row["topics"].push_back(masteryJson(st));
            }
            domains.push_back(row);
        }
        json calibration = json::array();
        for (const auto& c : t.calibration) {
            calibration.push_back({{"tag", c.tag}, {"answers", c.answers}, {"correct", c.correct}});
        }
        json misses = {{"misses", t.misses.misses}, {"tagged", t.misses.tagged}};
        for (MissReason r : kMissReasons) {
            misses[missReasonName(r)] = t.misses.count(r);
        }
        ctx.out() << json{{"exam", examId},
                          {"target", t.settings.target},
                          {"answers", t.answers},
                          {"ready", t.ready},
                          {"readiness", t.readiness},
                          {"recent_exam_scores", t.recentExamScores},
                          {"domains", domains},
                          {"calibration", calibration},
                          {"calibration_advice", t.calibrationAdvice},
                          {"miss_reasons", misses},
                          {"miss_advice", t.missAdvice},
                          {"readiness_basis", t.readinessBasis}}
                         .dump(2)
                  << "\n";
        return kOk;
    }
    ctx.out() << "Tracker for " << examId << " (" << t.answers
              << (t.answers == 1 ? " answer)\n" : " answers)\n") << bandRule(t.settings.target) << "\n";
    ctx.out() << (t.ready ? "READY TO SCHEDULE\n" : "NOT READY YET\n");
    for (const auto& line : t.readiness) {
        ctx.out() << "  - " << line << "\n";
    }
    if (!t.readinessBasis.empty()) {
        ctx.out() << "  " << t.readinessBasis << "\n";
    }
    ctx.out() << "  " << std::left << std::setw(44) << "domain / objective" << std::right << std::setw(5)
              << "wt"
              << "  " << std::left << std::setw(24) << "mastery [80%] answers" << std::setw(8) << "band"
              << std::setw(8) << "self" << std::right << std::setw(5) << "due"
              << "\n";
    const auto line = [&](const TrackerRow& r, bool sub) {
        ctx.out() << "  " << cell((sub ? "  " : "") + r.name, 44) << std::right << std::setw(4)
                  << (sub ? "" : fixed(r.weight, 0)) << (sub ? " " : "%") << "  " << std::left
                  << std::setw(24) << masteryText(r) << std::setw(8) << bandName(r.band) << std::setw(8)
                  << (r.selfRating ? bandName(*r.selfRating) : "-") << std::right << std::setw(5)
                  << r.dueItems << "\n";
    };
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        line(t.domains[d], false);
        for (const auto& st : t.topics[d]) {
            line(st, true);
        }
    }
    const auto disagreement = [&](const TrackerRow& r) {
        if (const auto msg = r.disagreement(); !msg.empty()) {
            ctx.out() << "  " << r.name << ": " << msg << "\n";
        }
    };
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        disagreement(t.domains[d]);
        for (const auto& st : t.topics[d]) {
            disagreement(st);
        }
    }
    ctx.out() << "Calibration:";
    for (const auto& c : t.calibration) {
        if (c.answers) {
            ctx.out() << " " << c.tag << " " << c.correct << "/" << c.answers;
        }
    }
    ctx.out() << "\n  " << t.calibrationAdvice << "\n";
    if (!t.missAdvice.empty()) {
        ctx.out() << "Why you miss: " << t.missAdvice << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
