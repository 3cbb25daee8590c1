#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/pack/ItemLint.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// One line of an import preview's problem list: a diagnostic of the import (an error or a warning) or a
/// finding of the item lint, with the id of the question it is about.
struct PreviewProblem
{
    enum class Kind
    {
        Error,
        Warning,
        Lint, ///< an item-writing flaw (ItemLint.h): the pack imports, but the question should be fixed
    };

    Kind kind = Kind::Error;
    /// File, line and column in the file the user wrote, the JSON pointer and the message (for a lint
    /// finding, "[rule] message").
    Diagnostic diagnostic;
    std::string questionId; ///< empty when the problem is not about one question

    /// "error", "warning" or "lint".
    const char* kindName() const;
};

/// What importing a batch of files would do, computed by the import itself: the files are loaded once
/// (Store::loadFiles) and imported as a dry run (ImportPolicy::dryRun, the import's own transaction rolled
/// back), so every count is the one the import will have.
struct ImportPreview
{
    /// The files as loaded; importPreviewed imports exactly these, so a file edited after the preview does
    /// not slip in unseen.
    LoadedBatch batch;
    /// The dry run: per pack added / updated / restored / retired / unchanged, every diagnostic, or why the
    /// import would be refused (dryRun.error) or that the preview was cancelled (dryRun.cancelled).
    ImportOutcome dryRun;
    /// The item lint of the packs that loaded without errors.
    LintReport lint;
    /// Every diagnostic, then every lint finding, ordered by file (in batch order), line and column.
    std::vector<PreviewProblem> problems;

    /// The import would succeed (it may still change nothing).
    bool importable() const { return dryRun.ok(); }
};

/// Loads `files` and runs their import as a dry run; `progress` (may be empty) is called per question as in
/// ImportPolicy and may cancel the preview. Writes nothing.
ImportPreview previewImport(Store& store, const std::vector<std::filesystem::path>& files,
                            const ImportOptions& moodle = {}, std::function<bool(int, int)> progress = {});

/// Imports what `preview` loaded, in one transaction, with the policy's progress and cancel.
ImportOutcome importPreviewed(Store& store, const ImportPreview& preview, const ImportPolicy& policy = {});

/// The problems as CSV (RFC 4180) with a header row: severity, file, line, column, question, pointer,
/// message.
std::string problemsCsv(const std::vector<PreviewProblem>& problems);

/// The problems as text, one a line in the compilers' form editors jump from:
/// `FILE:LINE:COLUMN: severity: [QUESTION: ]message`.
std::string problemsText(const std::vector<PreviewProblem>& problems);

/// Which questions an import changes in one pack, for a preview and its result: "new: ID, ID; changed: ID;
/// restored: ID; removed: ID" (only the kinds there are), each list cut after `shown` ids with "and N more".
/// Empty when the import changes no question of the pack.
std::string changedQuestionsText(const PackImportSummary& summary, std::size_t shown = 8);

/// One problem as problemsText writes it, without the line break.
std::string problemLine(const PreviewProblem& problem);

} // namespace certdrill
