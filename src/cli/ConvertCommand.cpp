#include <filesystem>
#include <ostream>
#include <system_error>

#include "certdrill/pack/PackFormat.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/pack/PackWriter.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int convertCommand(Context& ctx, Args args)
{
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return ctx.usage("convert: " + error);
    }
    std::string output;
    if (std::string error = takeOutput(args, output); !error.empty()) {
        return ctx.usage("convert: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return ctx.usage("convert: unknown option " + bad);
    }
    if (args.size() != 1 || output.empty()) {
        return ctx.usage("convert: usage is convert INPUT.gift|.txt|.xml [MOODLE OPTIONS] -o PACK.json");
    }
    const std::string& input = args.front();
    // The format is read as every command reads it (packFormatOf: the name, else the first character). A
    // file that cannot be read is left to loadPacks, which says why.
    std::error_code ec;
    if (std::filesystem::is_regular_file(input, ec) && !isMoodleFormat(packFormatOf(input))) {
        return ctx.usage("convert: " + input +
                         " is a certdrill pack (JSON), not a Moodle file (GIFT or XML); a pack needs no "
                         "converting");
    }
    // Only the exams are needed from the database (a question names one); converting never creates it.
    const auto stored = ctx.storedExams();
    if (!stored) {
        return kInvalid;
    }
    const auto loaded = loadPacks({input}, *stored, moodle);
    const LoadedPack& lp = loaded.front();
    const int errors = ctx.printDiagnostics(lp.diagnostics);
    if (errors > 0) {
        ctx.err() << "certdrill-cli: " << counted(static_cast<std::size_t>(errors), "error") << " in "
                  << input << "; " << output << " was not written\n";
        return kInvalid;
    }
    if (const std::string error = writeTextFile(output, packToJson(lp.pack), ctx.out()); !error.empty()) {
        ctx.err() << "certdrill-cli: " << error << "\n";
        return kInvalid;
    }
    // With -o - the pack is standard output, so what was written is said on standard error.
    const bool toStdout = isStandardOutput(output);
    std::ostream& said = toStdout ? ctx.err() : ctx.out();
    const int skipped = lp.conversion ? lp.conversion->skipped : 0;
    said << "wrote " << (toStdout ? "standard output" : output) << ": pack \"" << lp.pack.info.id << "\" "
         << lp.pack.info.version << ", " << counted(lp.pack.questions.size(), "question") << " from "
         << input;
    if (skipped > 0) {
        said << " (" << skipped << " skipped: not multiple choice or true/false)";
    }
    said << "\n";
    return kOk;
}

} // namespace certdrill::cli
