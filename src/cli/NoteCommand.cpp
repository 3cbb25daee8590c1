#include "certdrill/store/Annotations.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"

namespace certdrill::cli {

int noteCommand(Context& ctx, Args args)
{
    if (args.empty() || args.size() > 2 || !unknownOption(args).empty()) {
        return ctx.usage("note: usage is note ID [TEXT] (an empty TEXT removes the note)");
    }
    const auto row = ctx.questionRow(args[0]);
    if (!row) {
        return kInvalid;
    }
    Store* store = ctx.store();
    if (args.size() == 1) {
        // Without TEXT: print the note, as the browser shows it.
        const auto a = annotation(*store, *row);
        if (!a) {
            ctx.err() << "certdrill-cli: " << a.error().message << "\n";
            return kInvalid;
        }
        ctx.out() << (a->note.empty() ? "no note" : a->note) << "\n";
        return kOk;
    }
    if (auto saved = setNote(*store, *row, args[1]); !saved) {
        ctx.err() << "certdrill-cli: " << saved.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << args[0] << ": "
              << (args[1].find_first_not_of(" \t\r\n") == std::string::npos ? "note removed" : "note saved")
              << "\n";
    return kOk;
}

} // namespace certdrill::cli
