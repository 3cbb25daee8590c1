#include "certdrill/store/Store.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int importCommand(Context& ctx, Args args)
{
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
    ctx.out() << "importing " << args.size() << " file(s) into " << ctx.dbPath().string() << "\n";
    const auto outcome = s->importFiles(std::vector<std::filesystem::path>(args.begin(), args.end()), moodle);
    ctx.printDiagnostics(outcome.diagnostics);
    if (!outcome.ok()) {
        ctx.err() << "certdrill-cli: import failed: " << outcome.error << "\n";
        return kInvalid;
    }
    int added = 0, updated = 0, retired = 0, unchanged = 0;
    for (const auto& p : outcome.summaries) {
        ctx.out() << "  " << p.packId << " " << p.version;
        if (p.unchanged) {
            ctx.out() << ": already imported, unchanged ("
                      << counted(static_cast<std::size_t>(p.unchangedQuestions), "question") << ")\n";
        } else {
            ctx.out() << (p.previousVersion.empty() ? " (new)" : " (was " + p.previousVersion + ")") << ": "
                      << p.added << " added, " << p.updated << " updated, " << p.retired << " retired, "
                      << p.unchangedQuestions << " unchanged\n";
        }
        added += p.added;
        updated += p.updated;
        retired += p.retired;
        unchanged += p.unchangedQuestions;
    }
    ctx.out() << "done: " << added << " added, " << updated << " updated, " << retired << " retired, "
              << unchanged << " unchanged\n";
    return kOk;
}

} // namespace certdrill::cli
