#include <iomanip>
#include <map>

#include "certdrill/pack/Coverage.h"
#include "certdrill/pack/PackLoader.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

namespace {

void printCoverage(std::ostream& out, const CoverageReport& r, const ExamDef& exam)
{
    out << "Coverage of exam \"" << exam.id << "\" (" << exam.title << ")\n";
    out << "  questions: " << r.questions << " (minimum " << exam.coverage.minQuestions << ")\n";
    out << "  multi-select: " << r.multiSelect << " = " << pct(r.multiSelectShare()) << " (minimum "
        << pct(exam.coverage.minMultiSelectShare) << ")\n";
    out << "  scenario: " << r.scenario << " = " << pct(r.scenarioShare()) << " (minimum "
        << pct(exam.coverage.minScenarioShare) << ")\n";
    out << "  difficulty:";
    for (int d = 1; d <= 5; ++d) {
        out << " " << d << ":" << r.difficulty[d];
    }
    if (r.difficulty[0]) {
        out << " unset:" << r.difficulty[0];
    }
    out << "\n\n";
    out << "  " << std::left << std::setw(44) << "domain" << std::right << std::setw(7) << "weight"
        << std::setw(6) << "have" << std::setw(6) << "min" << std::setw(8) << "multi"
        << "\n";
    for (const auto& d : r.domains) {
        out << "  " << std::left << std::setw(44) << d.name << std::right << std::setw(6)
            << fixed(d.weight, 0) << "%" << std::setw(6) << d.questions << std::setw(6) << d.minQuestions
            << std::setw(8) << pct(d.multiSelectShare()) << (d.questions < d.minQuestions ? "  SHORT" : "")
            << "\n";
        for (const auto& o : d.objectives) {
            out << "      " << std::left << std::setw(46) << (o.id + " " + o.name).substr(0, 46) << std::right
                << std::setw(6) << o.questions
                << (o.questions < exam.coverage.minPerObjective ? "  THIN" : "") << "\n";
        }
        for (const auto& s : d.subtopics) {
            out << "      " << std::left << std::setw(46) << ("subtopic: " + s.name).substr(0, 46)
                << std::right << std::setw(6) << s.questions
                << (s.questions < exam.coverage.minPerSubtopic ? "  SHORT" : "") << "\n";
        }
    }
    out << "\n";
    if (r.ok()) {
        out << "  coverage OK: every minimum of the exam definition is met\n";
    } else {
        for (const auto& s : r.shortfalls) {
            out << "  below minimum: " << s << "\n";
        }
    }
}

} // namespace

int validateCommand(Context& ctx, Args args)
{
    const bool coverage = takeFlag(args, "--coverage");
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return ctx.usage("validate: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("validate: unknown option " + bad);
    }
    if (args.empty()) {
        return ctx.usage("validate: name at least one pack file");
    }
    const auto stored = ctx.storedExams();
    if (!stored) {
        return kInvalid;
    }
    const ExamCatalog& catalog = *stored;
    const std::vector<std::filesystem::path> files(args.begin(), args.end());
    const auto loaded = loadPacks(files, catalog, moodle);
    int errors = 0;
    int warnings = 0;
    size_t questions = 0;
    for (const auto& lp : loaded) {
        errors += ctx.printDiagnostics(lp.diagnostics);
        warnings += warningCount(lp.diagnostics); // summarised repeats counted too
        questions += lp.pack.questions.size();
    }
    if (errors > 0) {
        ctx.err() << counted(static_cast<std::size_t>(errors), "error") << ", "
                  << counted(static_cast<std::size_t>(warnings), "warning") << " in "
                  << counted(files.size(), "file") << "\n";
        return kInvalid;
    }
    ctx.out() << counted(files.size(), "file") << (files.size() == 1 ? " is" : " are")
              << " valid: " << counted(questions, "question") << ", "
              << counted(static_cast<std::size_t>(warnings), "warning") << "\n";
    if (!coverage) {
        return kOk;
    }

    // Every exam the batch defines or its questions use, measured over the batch's questions.
    std::vector<Question> all;
    std::map<std::string, ExamDef> exams;
    for (const auto& lp : loaded) {
        all.insert(all.end(), lp.pack.questions.begin(), lp.pack.questions.end());
        for (const auto& e : lp.pack.exams) {
            exams[e.id] = e;
        }
    }
    for (const auto& q : all) {
        if (!exams.count(q.exam) && catalog.count(q.exam)) {
            exams[q.exam] = catalog.at(q.exam).exam;
        }
    }
    if (exams.empty()) {
        ctx.err() << "certdrill-cli: --coverage needs an exam definition (in the packs or the database)\n";
        return kInvalid;
    }
    bool ok = true;
    for (const auto& [id, exam] : exams) {
        const CoverageReport report = measureCoverage(exam, all);
        printCoverage(ctx.out(), report, exam);
        ok = ok && report.ok();
    }
    return ok ? kOk : kInvalid;
}

} // namespace certdrill::cli
