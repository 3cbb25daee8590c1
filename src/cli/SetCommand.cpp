#include <charconv>

#include "certdrill/learn/Tracker.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int setCommand(Context& ctx, Args args)
{
    if (args.size() != 2) {
        return ctx.usage("set: usage is set target|readiness-score VALUE");
    }
    // Every argument error is a usage error (exit 2), the range included; only the store's failure is exit 1.
    double value = 0;
    const std::string& text = args[1];
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
        return ctx.usage("set: \"" + text + "\" is not a number");
    }
    if (auto checked = checkTrackerSetting(args[0], value); !checked) {
        return ctx.usage("set: " + checked.error().message);
    }
    Store* s = ctx.store();
    if (!s) {
        return kInvalid;
    }
    if (auto r = saveTrackerSetting(*s, args[0], value); !r) {
        ctx.err() << "certdrill-cli: " << r.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << args[0] << " = " << args[1] << "\n";
    return kOk;
}

} // namespace certdrill::cli
