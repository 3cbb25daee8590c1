#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int packsCommand(Context& ctx, Args args)
{
    if (args.size() != 2 || args[0] != "remove" || !unknownOption(args).empty()) {
        return ctx.usage("packs: usage is packs remove ID (certdrill-cli list packs names them)");
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    const auto removal = s->removePack(args[1]);
    if (!removal) {
        ctx.err() << "certdrill-cli: " << removal.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << "removed pack \"" << removal->packId << "\" " << removal->version << ": "
              << counted(static_cast<std::size_t>(removal->retired), "question")
              << " retired; their answers and history are kept, and importing the pack again brings them "
                 "back\n";
    return kOk;
}

} // namespace certdrill::cli
