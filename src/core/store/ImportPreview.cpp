#include "certdrill/store/ImportPreview.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "certdrill/Text.h"

namespace certdrill {

const char* PreviewProblem::kindName() const
{
    switch (kind) {
    case Kind::Error:
        return "error";
    case Kind::Warning:
        return "warning";
    case Kind::Lint:
        return "lint";
    }
    return "";
}

namespace {

/// The question a diagnostic of `pack` is about: the one its pointer is under, else, in a Moodle file, the
/// one that starts where it is reported (the conversion reports a question it could not place, and images it
/// dropped, at the question's first line, with no pointer); empty when it concerns no one question.
std::string questionOf(const LoadedPack& pack, const Diagnostic& d)
{
    std::string id = pack.questionIdAt(d.pointer);
    if (id.empty() && pack.conversion && d.pointer.empty() && d.file == pack.pack.sourcePath) {
        const auto& starts = pack.conversion->questionsAt;
        if (const auto it = starts.find({d.pos.line, d.pos.column}); it != starts.end()) {
            id = it->second;
        }
    }
    return id;
}

/// Why the store refused a batch the loader accepted (a pack's version older than the imported one, or the
/// same with other bytes), as an error of the file it names, at the pack's version: a problem counted and
/// listed like the others. Nothing when the dry run succeeded, was cancelled, failed on errors already
/// listed, or failed for no file of the batch (the database), which the headline alone says.
std::optional<PreviewProblem> refusalOf(const ImportPreview& preview)
{
    const ImportOutcome& run = preview.dryRun;
    if (run.ok() || run.cancelled || errorCount(run.diagnostics) > 0) {
        return std::nullopt;
    }
    // The store names the file first, as every diagnostic does.
    for (const LoadedPack& lp : preview.batch.packs) {
        const std::string prefix = lp.pack.sourcePath + ": ";
        if (lp.pack.sourcePath.empty() || run.error.compare(0, prefix.size(), prefix) != 0) {
            continue;
        }
        const std::string message = run.error.substr(prefix.size());
        const std::string pointer = message.rfind("pack \"", 0) == 0 ? "/pack/version" : "";
        return PreviewProblem{PreviewProblem::Kind::Error,
                              Diagnostic{Diagnostic::Severity::Error, lp.pack.sourcePath,
                                         lp.positionOf(pointer), pointer, message},
                              ""};
    }
    return std::nullopt;
}

} // namespace

ImportPreview previewImport(Store& store, const std::vector<std::filesystem::path>& files,
                            const ImportOptions& moodle, std::function<bool(int, int)> progress)
{
    ImportPreview preview;
    preview.batch = store.loadFiles(files, moodle);
    ImportPolicy policy;
    policy.dryRun = true;
    policy.progress = std::move(progress);
    preview.dryRun = store.importLoaded(preview.batch, policy);

    std::vector<LoadedPack> clean;
    std::map<std::string, std::size_t> fileOrder;
    std::set<std::pair<std::string, std::string>> warned; // (file, pointer) of the loader's warnings
    for (const LoadedPack& lp : preview.batch.packs) {
        fileOrder.emplace(lp.pack.sourcePath, fileOrder.size());
        for (const Diagnostic& d : lp.diagnostics) {
            if (!d.isError()) {
                warned.emplace(d.file, d.pointer);
            }
            preview.problems.push_back(
                {d.isError() ? PreviewProblem::Kind::Error : PreviewProblem::Kind::Warning, d,
                 questionOf(lp, d)});
        }
        if (lp.ok()) {
            clean.push_back(lp);
        }
    }
    preview.lint = lintPacks(clean);
    for (const LintFinding& f : preview.lint.findings) {
        // The loader warns of statedCountProblem, and the lint counts the same problem: one row for it, not
        // two.
        if (f.rule == LintRule::StatedCount && warned.count({f.file, f.pointer + "/stem"}) > 0) {
            continue;
        }
        Diagnostic d{Diagnostic::Severity::Warning, f.file, f.pos, f.pointer,
                     std::string("[") + ruleName(f.rule) + "] " + f.message};
        d.place = f.place;
        preview.problems.push_back({PreviewProblem::Kind::Lint, std::move(d), f.questionId});
    }
    if (const auto refusal = refusalOf(preview)) {
        preview.problems.push_back(*refusal);
    }
    // A file's problems together, top to bottom, as the instructor will fix them; stable, so two problems at
    // one place keep the order they were found in.
    const auto key = [&](const PreviewProblem& p) {
        const auto it = fileOrder.find(p.diagnostic.file);
        return std::make_tuple(it == fileOrder.end() ? fileOrder.size() : it->second, p.diagnostic.pos.line,
                               p.diagnostic.pos.column);
    };
    std::stable_sort(preview.problems.begin(), preview.problems.end(),
                     [&](const PreviewProblem& a, const PreviewProblem& b) { return key(a) < key(b); });
    return preview;
}

ImportOutcome importPreviewed(Store& store, const ImportPreview& preview, const ImportPolicy& policy)
{
    return store.importLoaded(preview.batch, policy);
}

std::string changedQuestionsText(const PackImportSummary& summary, std::size_t shown)
{
    std::string text;
    const std::pair<const char*, const std::vector<std::string>*> kinds[] = {
        {"new", &summary.addedIds},
        {"changed", &summary.updatedIds},
        {"restored", &summary.restoredIds},
        {"removed", &summary.retiredIds}};
    for (const auto& [kind, ids] : kinds) {
        if (ids->empty()) {
            continue;
        }
        text += (text.empty() ? "" : "; ") + std::string(kind) + ": ";
        const std::size_t listed = std::min(shown, ids->size());
        for (std::size_t i = 0; i < listed; ++i) {
            text += (i == 0 ? "" : ", ") + echoed((*ids)[i]);
        }
        // "and 1 more" only where it names more than it saves: one id left is listed instead.
        if (ids->size() == listed + 1) {
            text += ", " + echoed(ids->back());
        } else if (ids->size() > listed) {
            text += " and " + std::to_string(ids->size() - listed) + " more";
        }
    }
    return text;
}

std::string problemLine(const PreviewProblem& problem)
{
    const Diagnostic& d = problem.diagnostic;
    return d.file + ":" + std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
           problem.kindName() + ": " + (d.where().empty() ? "" : d.where() + ": ") +
           // A place names the question already.
           (problem.questionId.empty() || !d.place.empty() ? "" : problem.questionId + ": ") + d.message;
}

std::string problemsText(const std::vector<PreviewProblem>& problems)
{
    std::string out;
    for (const PreviewProblem& p : problems) {
        out += problemLine(p) + "\n";
    }
    return out;
}

std::string problemsCsv(const std::vector<PreviewProblem>& problems)
{
    std::string out = "severity,file,line,column,question,pointer,message\n";
    for (const PreviewProblem& p : problems) {
        const Diagnostic& d = p.diagnostic;
        out += std::string(p.kindName()) + "," + csvField(d.file) + "," + std::to_string(d.pos.line) + "," +
               std::to_string(d.pos.column) + "," + csvField(p.questionId) + "," + csvField(d.pointer) + "," +
               csvField(d.message) + "\n";
    }
    return out;
}

} // namespace certdrill
