#include "certdrill/store/Backup.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"

namespace certdrill::cli {

int backupCommand(Context& ctx, Args args)
{
    const bool force = takeFlag(args, "--force");
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("backup: unknown option " + bad);
    }
    if (args.size() != 1) {
        return ctx.usage("backup: name one backup file");
    }
    const std::filesystem::path file = args[0];
    std::error_code ec;
    // Opening the store would create an empty database, and a backup of that would be no backup at all.
    if (!std::filesystem::exists(ctx.dbPath(), ec)) {
        ctx.err() << "certdrill-cli: no database at " << ctx.dbPath().string() << "; nothing to back up\n";
        return kInvalid;
    }
    if (std::filesystem::exists(file, ec) && !force) {
        ctx.err() << "certdrill-cli: " << file.string() << " already exists; add --force to replace it\n";
        return kInvalid;
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    if (auto made = backupDatabase(s->database(), file); !made) {
        ctx.err() << "certdrill-cli: " << made.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << "backed up " << ctx.dbPath().string() << " to " << file.string() << "\n";
    return kOk;
}

} // namespace certdrill::cli
