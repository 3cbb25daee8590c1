#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certdrill/Clock.h"
#include "certdrill/Model.h"
#include "certdrill/Result.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/store/Candidate.h"
#include "certdrill/store/Database.h"

namespace certdrill {

/// What one import did to one pack.
struct PackImportSummary
{
    std::string packId;
    std::string version;
    std::string previousVersion; ///< empty when the pack is new
    bool unchanged = false;      ///< same version and same bytes: nothing written
    /// The pack was removed (Store::removePack) and the import kept it out (ImportPolicy::restoreRemoved):
    /// nothing written.
    bool keptRemoved = false;
    int added = 0;
    int updated = 0;
    int restored = 0; ///< retired questions back in the bank (a removed pack imported again, or a question
                      ///< that left an earlier version and is in this one)
    int retired = 0;
    int unchangedQuestions = 0;
    /// The ids of the questions counted above (added, updated, restored in the file's order; retired in id
    /// order), so a preview can say which questions a new version changes.
    std::vector<std::string> addedIds;
    std::vector<std::string> updatedIds;
    std::vector<std::string> restoredIds;
    std::vector<std::string> retiredIds;
};

/// How Store::importFiles and Store::importPacks treat the database. The defaults are an import the user asks
/// for.
struct ImportPolicy
{
    /// Work out what the import would do, every PackImportSummary exactly as the import itself computes it,
    /// inside the import's transaction, which is then rolled back: a preview that writes nothing. Like an
    /// import it holds the database's write lock while it runs.
    bool dryRun = false;
    /// Bring back a pack that Store::removePack took out when its file is imported again. False keeps it out:
    /// the app's start imports the bundled packs on every launch, which must not undo a removal.
    bool restoreRemoved = true;
    /// Called after each question of the batch is written (or found unchanged) with how many are done and how
    /// many there are; returning false cancels the import, which rolls back and changes nothing.
    std::function<bool(int done, int total)> progress;
};

/// The outcome of validating and importing a batch of pack files.
struct ImportOutcome
{
    /// Every diagnostic of every file, errors and warnings.
    std::vector<Diagnostic> diagnostics;
    /// One per pack, in file order; empty when the import failed.
    std::vector<PackImportSummary> summaries;
    /// Why nothing was imported; empty on success.
    std::string error;
    /// ImportPolicy::progress cancelled the import (error says so too).
    bool cancelled = false;

    bool ok() const { return error.empty(); }
};

/// A batch of pack files loaded and checked against the database (Store::loadFiles), not yet imported: what
/// the app's preview shows and then imports, so the import writes the bytes that were previewed.
struct LoadedBatch
{
    /// One per file, in file order.
    std::vector<LoadedPack> packs;
    /// Why the database's exams and packs could not be read to check the files against; empty normally.
    std::string error;
};

/// A pack as stored.
struct StoredPack
{
    std::string id;
    std::string title;
    std::string version;
    std::string license;
    std::string sha256;
    std::string sourcePath;
    std::int64_t importedAtMs = 0;
    int activeQuestions = 0;
    int retiredQuestions = 0;
    std::vector<std::string> authors;
    /// Taken out by Store::removePack (and not imported since): all its questions retired.
    bool removed = false;
    /// For a removed pack, the questions its removal retired (those active then): importing the file again
    /// restores those in the file. retiredQuestions also counts questions that left earlier versions.
    int removedQuestions = 0;
};

/// What Store::removePack did.
struct PackRemoval
{
    std::string packId;
    std::string version;
    int retired = 0; ///< questions retired now
};

/// A stored pack as the content of a pack file (Store::exportPack; write it with packToJson).
struct ExportedPack
{
    /// Its identity, the exams it defines and its active questions, in the order they were first imported.
    Pack pack;
    /// Ids of questions whose stored fields no longer give the content hash they were imported with: their
    /// exam's definition has since dropped the objective or subtopic they named, so the export differs.
    std::vector<std::string> changedSinceImport;
};

/// How much of each question a read brings.
enum class QuestionContent
{
    Full,     ///< everything, as imported
    Planning, ///< what planning and the tracker use: ids, exam, domain, subtopic, objective, select,
              ///< difficulty, shuffle, and as many options as the question has, left empty; no stem,
              ///< option text, explanation, tags or references (read from one index, schema version 9)
};

/// Whether a read of questions by row brings retired questions too (Store::questionsAt).
enum class RetiredQuestions
{
    Included, ///< what the question browser shows: every question a row names
    Excluded, ///< what a session may serve: the active bank only
};

/// A question as stored, with its database row id.
struct StoredQuestion
{
    std::int64_t rowId = 0;
    std::string packId;
    Question question;
    std::string contentHash; ///< as imported: SHA-256 of questionToJson(question) then
};

/// An active question as planning reads it: its row, the rows of its pack, domain and topics, and the
/// columns planning uses; no text (QuestionContent::Planning without a Question per row).
struct PlanningRow
{
    std::int64_t rowId = 0;
    std::int64_t packRef = 0;
    std::int64_t domainRef = 0;
    std::int64_t subtopicRef = 0;  ///< 0 when none
    std::int64_t objectiveRef = 0; ///< 0 when none
    std::string questionId;
    int select = 1;
    int difficulty = 0;
    int optionCount = 0;
    bool shuffle = true;
};

/// An exam's active questions as planning reads them, with the text ids of the rows they refer to.
struct PlanningBank
{
    std::vector<PlanningRow> rows; ///< ordered by pack id, then question id (as activeQuestions)
    std::unordered_map<std::int64_t, std::string> packIds;
    std::unordered_map<std::int64_t, std::string> domainIds;
    std::unordered_map<std::int64_t, std::string> subtopicIds;
    std::unordered_map<std::int64_t, std::string> objectiveIds;

    /// The id `ref` names in `ids`; empty for 0 or an unknown row.
    static const std::string& idOf(const std::unordered_map<std::int64_t, std::string>& ids,
                                   std::int64_t ref);
    /// A row as a Question of exam `examId`: its ids, blueprint place, select count, difficulty and shuffle
    /// flag; no text, no options.
    Question question(const PlanningRow& row, const std::string& examId) const;
};

/// Per-domain counts of active questions.
struct DomainCount
{
    std::string domainId;
    int questions = 0;
    int multiSelect = 0;
};

/// The SQLite store: one file holding packs, exams, questions and (later schema versions) sessions and
/// learning state. Not thread-safe; use one Store per thread.
class Store
{
public:
    /// Opens the database. ReadWrite creates it (and its parent folders) when missing and migrates it;
    /// ReadOnly never writes, so it works on read-only media, and refuses a missing file and a schema other
    /// than this build's. Either way it refuses, without changing a byte, a file that is not certdrill's
    /// (checkCertdrillDatabase: another application's SQLite file, a non-SQLite file) or whose schema is
    /// newer than this build. Errors name the path and the cause.
    static Result<std::unique_ptr<Store>> open(const std::filesystem::path& path, const Clock& clock,
                                               OpenMode mode = OpenMode::ReadWrite);

    /// All exams with their domains and subtopics, in pack order.
    Result<std::vector<ExamDef>> exams();
    /// One exam by id.
    Result<ExamDef> exam(const std::string& examId);
    /// Exams for validating new packs against the database.
    Result<ExamCatalog> examCatalog();
    Result<std::vector<StoredPack>> packs();
    Result<std::vector<DomainCount>> domainCounts(const std::string& examId);
    /// Active (not retired) questions of an exam, ordered by pack and question id; with
    /// QuestionContent::Planning, without their text.
    Result<std::vector<StoredQuestion>> activeQuestions(const std::string& examId,
                                                        QuestionContent content = QuestionContent::Full);

    /// The questions at these rows with their text and options, ordered by row; a row with no question is
    /// left out. What a screen showing a few questions of a large bank reads (the browser's page, its
    /// question view) instead of the whole exam. With RetiredQuestions::Excluded, what a session about to
    /// start may serve: a question retired since the session was planned is left out, and the caller refuses
    /// or skips it.
    Result<std::vector<StoredQuestion>> questionsAt(const std::vector<std::int64_t>& rows,
                                                    RetiredQuestions retired);

    /// Active questions of an exam with only what planning and the tracker read, from one index (schema
    /// version 9); no Question per row. An unknown exam has none.
    Result<PlanningBank> planningBank(const std::string& examId);

    /// Active questions of an exam as assembly candidates, each with when a mock or practice exam last served
    /// it; with QuestionContent::Planning, without their text and options (Candidate::unreadOptions counts
    /// them). Every active question, those reserved for a final exam included: the exam layer leaves those
    /// out (practiceCandidates in exam/FinalExams.h), so a drill, practice exam or simulation never serves
    /// one.
    Result<std::vector<Candidate>> candidates(const std::string& examId,
                                              QuestionContent content = QuestionContent::Full);
    /// When each question was last served (unix ms by question row): in a mock or practice exam, as
    /// Candidate::lastSeenMs gives it, or with `anySession` in any session, drills included. Questions never
    /// served are absent.
    Result<std::unordered_map<std::int64_t, std::int64_t>> lastServed(bool anySession = false);
    /// Row ids of the questions held back for final exams of `examId` whose form has not been started yet
    /// (table final_questions, written by reserveFinalForms). Every screen that shows questions outside a
    /// final exam leaves these out.
    Result<std::set<std::int64_t>> reservedQuestions(const std::string& examId);

    /// Imports validated packs atomically: all succeed or nothing changes. Every pack must be ok().
    /// Same version + same bytes is a no-op; a newer version updates questions by (pack id, question id)
    /// and retires the ones that left; an older version, or the same version with other bytes, is refused.
    /// A removed pack comes back (its questions restored), even at the same version, unless `policy` keeps it
    /// out. `policy` may also make it a dry run or cancel it (ImportPolicy).
    Result<std::vector<PackImportSummary>> importPacks(const std::vector<LoadedPack>& packs,
                                                       const ImportPolicy& policy = {});

    /// Loads, validates (against the exams already stored) and imports the files as one atomic batch;
    /// Moodle GIFT and XML files (loadPacks) are converted with `moodle`; an empty `moodle.version` means
    /// each one's version already stored (else 1.0.0). With `policy.dryRun` it is the preview of that import:
    /// the same diagnostics and summaries, nothing written.
    ImportOutcome importFiles(const std::vector<std::filesystem::path>& files,
                              const ImportOptions& moodle = {}, const ImportPolicy& policy = {});
    /// The first half of importFiles: loads and validates the files against the exams and pack versions
    /// stored now.
    LoadedBatch loadFiles(const std::vector<std::filesystem::path>& files, const ImportOptions& moodle = {});
    /// The second half of importFiles: imports a loaded batch, refused (nothing written) if any file has an
    /// error; every file's diagnostics are in the outcome either way.
    ImportOutcome importLoaded(const LoadedBatch& batch, const ImportPolicy& policy = {});

    /// Takes a pack out of the bank: retires all its questions in one transaction, never deletes them (past
    /// sessions, answers and the tracker keep them), and records the removal in the pack's import history.
    /// Importing the pack again brings them back. Refused, with nothing changed, for a pack that is not
    /// stored or is removed already, and for a pack that defines an exam which active questions of other
    /// packs use (remove those first); the exam definition itself stays stored, as sessions refer to it.
    Result<PackRemoval> removePack(const std::string& packId);

    /// A stored pack, not removed, as pack-file content: its identity, the exams it defines as stored, and
    /// its active questions; written with packToJson it validates and imports to the same content hashes.
    Result<ExportedPack> exportPack(const std::string& packId);

    /// The files whose bytes are not those of a pack already imported (the SHA-256 the packs table keeps for
    /// each pack's current version), in their order: the files an import could change. The app's start
    /// imports only these, so an unchanged bundled pack is not parsed and validated again at every start. A
    /// file that cannot be read is kept, for importFiles to report. A file whose size and modification time
    /// are those it had when its bytes were last found to be an imported pack's is not read again (the stamps
    /// are kept in the settings table, written unless the database is read-only).
    Result<std::vector<std::filesystem::path>> changedFiles(const std::vector<std::filesystem::path>& files);

    /// The value stored under `key` in the settings table (tracker thresholds, display preferences), or
    /// nothing when it was never set.
    Result<std::optional<std::string>> setting(const std::string& key);
    /// Stores `value` under `key`, replacing what was there, in one transaction.
    Result<void> saveSetting(const std::string& key, const std::string& value);
    /// Stores several key/value pairs in one transaction: all of them, or none on a failure.
    Result<void> saveSettings(const std::vector<std::pair<std::string, std::string>>& values);

    Database& database() { return m_db; }
    const Clock& clock() const { return m_clock; }

private:
    Store(Database db, const Clock& clock);
    /// Counts the questions an import has written, for ImportPolicy::progress.
    struct ImportProgress
    {
        const ImportPolicy& policy;
        int done = 0;
        int total = 0;
        void step();
    };
    /// `loaded.conversion`, for a Moodle file, says how its version is raised, for the refusal of changed
    /// content at the same version.
    PackImportSummary importOne(const LoadedPack& loaded, ImportProgress& progress);
    /// Whether the pack's last history entry is a removal (removePack).
    bool isRemoved(std::int64_t packRef);
    /// Stored questions whose row matches `where` (a constant condition on q, p and e with one parameter,
    /// bound to `key`), with their options, in `orderBy` order.
    std::vector<StoredQuestion> readQuestions(const char* where, const std::string& key, const char* orderBy);
    std::int64_t upsertExam(const ExamDef& exam, std::int64_t packRef);
    /// Where a domain's topics of one kind live: the subtopics or the objectives table.
    struct TopicTable
    {
        const char* table;
        const char* idColumn;
        const char* questionColumn; ///< the column of `questions` that refers to a row of `table`
    };
    static constexpr TopicTable kSubtopicTable{"subtopics", "subtopic_id", "subtopic_ref"};
    static constexpr TopicTable kObjectiveTable{"objectives", "objective_id", "objective_ref"};
    /// Writes a domain's topics of one kind as the definition has them, and drops the rest (questions that
    /// used a dropped topic keep no reference to it).
    Result<std::vector<StoredQuestion>> planningQuestions(const std::string& examId);
    void syncTopics(const TopicTable& table, std::int64_t domainRef, const std::vector<Topic>& topics);
    Database m_db;
    const Clock& m_clock;
};

/// The pack files (*.json) directly inside `dir`, sorted by name; empty if the folder does not exist.
std::vector<std::filesystem::path> packFilesIn(const std::filesystem::path& dir);

/// Compares dotted numeric versions ("1.10.0" > "1.9.2"): negative, zero or positive.
int compareVersions(const std::string& a, const std::string& b);

/// Canonical JSON of a question (also its snapshot in sessions).
std::string questionToJson(const Question& q);
/// Parses questionToJson output; returns an empty Question on malformed input.
Question questionFromJson(const std::string& text);
/// Parses a JSON array of integers (a stored option order or answer); the integers of it, or empty.
std::vector<int> jsonInts(const std::string& text);

} // namespace certdrill
