#include "certdrill/exam/FinalExams.h"
#include "certdrill/store/ImportPreview.h"
#include "certdrill/store/Store.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int importCommand(Context& ctx, Args args)
{
    ImportPolicy policy;
    policy.dryRun = takeFlag(args, "--dry-run");
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return ctx.usage("import: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("import: unknown option " + bad);
    }
    if (args.empty()) {
        return ctx.usage("import: name at least one pack file");
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    ctx.out() << (policy.dryRun ? "dry run: what importing " : "importing ") << counted(args.size(), "file")
              << " into " << ctx.dbPath().string()
              << (policy.dryRun ? " would do (nothing is written)\n" : "\n");
    const auto outcome =
        s->importFiles(std::vector<std::filesystem::path>(args.begin(), args.end()), moodle, policy);
    ctx.printDiagnostics(outcome.diagnostics);
    if (!outcome.ok()) {
        ctx.err() << "certdrill-cli: import failed: " << outcome.error << "\n";
        return kInvalid;
    }
    // "N restored" only where questions came back, so the usual line stays as it always read.
    const auto counts = [](const PackImportSummary& p) {
        return std::to_string(p.added) + " added, " + std::to_string(p.updated) + " updated, " +
               (p.restored ? std::to_string(p.restored) + " restored, " : "") + std::to_string(p.retired) +
               " retired, " + std::to_string(p.unchangedQuestions) + " unchanged";
    };
    PackImportSummary total;
    for (const auto& p : outcome.summaries) {
        ctx.out() << "  " << p.packId << " " << p.version;
        if (p.unchanged) {
            ctx.out() << ": already imported, unchanged ("
                      << counted(static_cast<std::size_t>(p.unchangedQuestions), "question") << ")\n";
        } else {
            ctx.out() << (p.previousVersion.empty() ? " (new)" : " (was " + p.previousVersion + ")") << ": "
                      << counts(p) << "\n";
            // Which questions a new version changes; a new pack's are all new, which the count says.
            if (const auto changed = changedQuestionsText(p);
                !changed.empty() && !p.previousVersion.empty()) {
                ctx.out() << "    " << changed << "\n";
            }
        }
        total.added += p.added;
        total.updated += p.updated;
        total.restored += p.restored;
        total.retired += p.retired;
        total.unchangedQuestions += p.unchangedQuestions;
    }
    ctx.out() << (policy.dryRun ? "dry run, nothing written: " : "done: ") << counts(total) << "\n";
    // The final forms an imported exam holds back are stored now, while this command writes anyway: the
    // read-only commands then read them instead of choosing them in memory each time.
    if (!policy.dryRun) {
        if (auto reserved = reserveAllFinalForms(*s); !reserved) {
            ctx.err() << "certdrill-cli: " << reserved.error().message << "\n";
            return kInvalid;
        }
    }
    return kOk;
}

} // namespace certdrill::cli
