#include <ostream>
#include <system_error>

#include "certdrill/pack/PackWriter.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int exportCommand(Context& ctx, Args args)
{
    std::string packId, output;
    bool missing = false;
    takeOption(args, "--pack", packId, missing);
    if (std::string error = takeOutput(args, output); !error.empty() || missing) {
        return ctx.usage("export: " + (missing ? std::string("--pack needs an id") : error));
    }
    if (!args.empty() || output.empty()) {
        return ctx.usage("export: usage is export [--pack ID] -o FILE.json|DIR|-");
    }
    const bool toStdout = isStandardOutput(output);
    if (toStdout && packId.empty()) {
        return ctx.usage("export: -o - writes one pack; name it with --pack");
    }
    Store* s = ctx.store(OpenMode::ReadOnly); // reads only: never creates or changes the file
    if (!s) {
        return kInvalid;
    }
    std::vector<std::string> ids;
    if (!packId.empty()) {
        ids.push_back(packId);
    } else {
        auto packs = s->packs();
        if (!packs) {
            ctx.err() << "certdrill-cli: " << packs.error().message << "\n";
            return kInvalid;
        }
        for (const auto& p : packs.value()) {
            if (p.removed) {
                ctx.out() << "  " << p.id << ": removed, not exported\n";
            } else {
                ids.push_back(p.id);
            }
        }
    }
    // One pack may go to a file; all of them go to a folder, one file each, named after the pack.
    std::error_code ec;
    const bool toFolder = !toStdout && (packId.empty() || std::filesystem::is_directory(output, ec));
    if (toFolder && !std::filesystem::create_directories(output, ec) && ec) {
        ctx.err() << "certdrill-cli: cannot create the folder " << output << ": " << ec.message() << "\n";
        return kInvalid;
    }
    for (const auto& id : ids) {
        auto exported = s->exportPack(id);
        if (!exported) {
            ctx.err() << "certdrill-cli: " << exported.error().message << "\n";
            return kInvalid;
        }
        const Pack& pack = exported->pack;
        const std::filesystem::path file =
            toFolder ? std::filesystem::path(output) / (id + ".json") : std::filesystem::path(output);
        if (const std::string error = writeTextFile(file, packToJson(pack), ctx.out()); !error.empty()) {
            ctx.err() << "certdrill-cli: " << error << "\n";
            return kInvalid;
        }
        // With -o - the pack is standard output, so what was written is said on standard error.
        std::ostream& said = toStdout ? ctx.err() : ctx.out();
        said << "wrote " << (toStdout ? "standard output" : file.string()) << ": pack \"" << id << "\" "
             << pack.info.version << ", " << counted(pack.questions.size(), "question");
        if (!pack.exams.empty()) {
            said << ", " << counted(pack.exams.size(), "exam definition");
        }
        said << "\n";
        for (const auto& q : exported->changedSinceImport) {
            ctx.err()
                << "certdrill-cli: warning: " << id << "/" << q
                << ": its exam no longer defines the objective or subtopic it was imported with, so the "
                   "exported question differs from the imported one\n";
        }
    }
    return kOk;
}

} // namespace certdrill::cli
