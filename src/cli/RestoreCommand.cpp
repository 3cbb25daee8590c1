#include "certdrill/store/Backup.h"
#include "certdrill/store/Schema.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"

namespace certdrill::cli {

int restoreCommand(Context& ctx, Args args)
{
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("restore: unknown option " + bad);
    }
    if (args.size() != 1) {
        return ctx.usage("restore: name one backup file");
    }
    const std::filesystem::path file = args[0];
    // Checked before the store is opened: opening creates a missing database and migrates an old one, and a
    // refused restore must change nothing. restoreDatabase checks again, on the file as it is then.
    if (auto checked = checkBackup(file); !checked) {
        ctx.err() << "certdrill-cli: cannot restore " << ctx.dbPath().string() << " from " << file.string()
                  << ": " << checked.error().message << "\n";
        return kInvalid;
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    auto restored = restoreDatabase(s->database(), file, ctx.clock());
    if (!restored) {
        ctx.err() << "certdrill-cli: " << restored.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << "restored " << ctx.dbPath().string() << " from " << file.string();
    if (const int version = restored->restored.schemaVersion; version < latestSchemaVersion()) {
        ctx.out() << " (schema version " << version << ", migrated to " << latestSchemaVersion() << ")";
    }
    ctx.out() << "\nthe database it replaced is kept as " << restored->replacedCopy.string() << "\n";
    return kOk;
}

} // namespace certdrill::cli
