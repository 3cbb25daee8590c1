#include "certdrill/learn/Tracker.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int rateCommand(Context& ctx, Args args)
{
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    if (missing || args.size() != 2) {
        return ctx.usage("rate: usage is rate DOMAIN[/OBJECTIVE] red|yellow|green|none [--exam ID]");
    }
    const auto band = parseBand(args[1]);
    if (!band && args[1] != "none") {
        return ctx.usage("rate: the rating must be red, yellow, green or none, not \"" + args[1] + "\"");
    }
    const auto slash = args[0].find('/');
    const std::string domain = args[0].substr(0, slash);
    // The row under the domain: an objective ("fine-tuning/5.2"), or a subtopic for an exam without them.
    const std::string topic = slash == std::string::npos ? "" : args[0].substr(slash + 1);
    Store* s = ctx.store();
    if (!s || !ctx.resolveExam(examId)) {
        return kInvalid;
    }
    if (auto r = setSelfRating(*s, examId, domain, topic, band); !r) {
        ctx.err() << "certdrill-cli: " << r.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << args[0] << ": rated " << (band ? bandName(*band) : "none") << "\n";
    return kOk;
}

} // namespace certdrill::cli
