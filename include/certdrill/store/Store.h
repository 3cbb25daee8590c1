#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
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
    int added = 0;
    int updated = 0;
    int retired = 0;
    int unchangedQuestions = 0;
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

    bool ok() const { return error.empty(); }
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
};

/// A question as stored, with its database row id.
/// How much of each question a read brings.
enum class QuestionContent
{
    Full,     ///< everything, as imported
    Planning, ///< what planning and the tracker use: ids, exam, domain, subtopic, objective, select,
              ///< difficulty, shuffle, and as many options as the question has, left empty; no stem,
              ///< option text, explanation, tags or references (read from one index, schema version 7)
};

struct StoredQuestion
{
    std::int64_t rowId = 0;
    std::string packId;
    Question question;
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

    /// Active questions of an exam with only what planning and the tracker read, from one index (schema
    /// version 7); no Question per row. An unknown exam has none.
    Result<PlanningBank> planningBank(const std::string& examId);

    /// Active questions of an exam as assembly candidates, each with when a mock or practice exam last served
    /// it; with QuestionContent::Planning, without their text and options (Candidate::unreadOptions counts
    /// them).
    Result<std::vector<Candidate>> candidates(const std::string& examId,
                                              QuestionContent content = QuestionContent::Full);

    /// Imports validated packs atomically: all succeed or nothing changes. Every pack must be ok().
    /// Same version + same bytes is a no-op; a newer version updates questions by (pack id, question id)
    /// and retires the ones that left; an older version, or the same version with other bytes, is refused.
    Result<std::vector<PackImportSummary>> importPacks(const std::vector<LoadedPack>& packs);

    /// Loads, validates (against the exams already stored) and imports the files as one atomic batch;
    /// Moodle GIFT and XML files (loadPacks) are converted with `moodle`; an empty `moodle.version` means
    /// each one's version already stored (else 1.0.0).
    ImportOutcome importFiles(const std::vector<std::filesystem::path>& files,
                              const ImportOptions& moodle = {});

    /// The files whose bytes are not those of a pack already imported (the SHA-256 the packs table keeps for
    /// each pack's current version), in their order: the files an import could change. The app's start
    /// imports only these, so an unchanged bundled pack is not parsed and validated again at every start. A
    /// file that cannot be read is kept, for importFiles to report.
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
    PackImportSummary importOne(const Pack& pack);
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
