#include <algorithm>
#include <iomanip>

#include "certdrill/Text.h"
#include "certdrill/exam/Errata.h"

#include "Arguments.h"
#include "Commands.h"
#include "Context.h"
#include "Output.h"

namespace certdrill::cli {

int errataCommand(Context& ctx, Args args)
{
    const bool asCsv = takeFlag(args, "--csv");
    std::string packId;
    bool missing = false;
    takeOption(args, "--pack", packId, missing);
    if (missing || !args.empty()) {
        return ctx.usage("errata: usage is errata [--pack ID] [--csv]");
    }
    Store* store = ctx.store(OpenMode::ReadOnly); // lists only: never creates or changes the file
    if (!store) {
        return kInvalid;
    }
    const auto entries = errataEntries(*store, packId);
    if (!entries) {
        ctx.err() << "certdrill-cli: " << entries.error().message << "\n";
        return kInvalid;
    }
    if (asCsv) {
        ctx.out() << "reported_utc,pack_id,pack_version,question_id,kind,answer,excluded,note\n";
        for (const ErrataEntry& e : entries.value()) {
            ctx.out() << utcMinute(e.reportedAtMs) << "," << csvField(e.packId) << ","
                      << csvField(e.packVersion) << "," << csvField(e.questionId) << ","
                      << errataKindName(e.kind) << "," << e.answer << "," << (e.excluded ? "1" : "0") << ","
                      << csvField(e.note) << "\n";
        }
        return kOk;
    }
    if (entries->empty()) {
        ctx.out() << (packId.empty() ? "no problems reported\n"
                                     : "no problems reported on pack " + packId + "\n");
        return kOk;
    }
    // "pack/question" whole, to be copied into note or search.
    const auto key = [](const ErrataEntry& e) {
        return e.packId + "/" + e.questionId;
    };
    const int keyCol = idColumnWidth(entries.value(), key, 23);
    ctx.out() << std::left << std::setw(18) << "reported (UTC)" << std::setw(keyCol) << "question"
              << std::setw(10) << "version" << std::setw(11) << "kind" << std::setw(8) << "answer"
              << std::setw(10) << "excluded"
              << "note\n";
    for (const ErrataEntry& e : entries.value()) {
        // One line per report: a note's line breaks would break the table.
        std::string note = e.note;
        std::replace(note.begin(), note.end(), '\n', ' ');
        ctx.out() << std::left << std::setw(18) << utcMinute(e.reportedAtMs) << std::setw(keyCol) << key(e)
                  << std::setw(10) << e.packVersion << std::setw(11) << errataKindName(e.kind) << std::setw(8)
                  << (e.answer.empty() ? "-" : e.answer) << std::setw(10) << (e.excluded ? "yes" : "no")
                  << note << "\n";
    }
    return kOk;
}

} // namespace certdrill::cli
