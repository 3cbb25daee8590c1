#include "certdrill/store/Annotations.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"

namespace certdrill::cli {

int bookmarkCommand(Context& ctx, Args args)
{
    const bool remove = takeFlag(args, "--remove");
    if (args.size() != 1 || !unknownOption(args).empty()) {
        return ctx.usage("bookmark: usage is bookmark ID [--remove]");
    }
    const auto row = ctx.questionRow(args[0]);
    if (!row) {
        return kInvalid;
    }
    if (auto saved = setBookmark(*ctx.store(), *row, !remove); !saved) {
        ctx.err() << "certdrill-cli: " << saved.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << args[0] << ": " << (remove ? "bookmark removed" : "bookmarked") << "\n";
    return kOk;
}

} // namespace certdrill::cli
