#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Clock.h"
#include "certdrill/Diagnostic.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

namespace certdrill::cli {

/// Exit codes, as documented in `certdrill-cli --help`.
enum ExitCode
{
    kOk = 0,
    kInvalid = 1, ///< invalid input, a failed check, or an error from the store
    kUsage = 2,
};

/// What every command works with: the output streams, the clock, and the database, opened on first use.
/// Each helper prints its own reason on failure, so a command only returns kInvalid.
class Context
{
public:
    Context(std::ostream& out, std::ostream& err, const Clock& clock);

    std::ostream& out() { return m_out; }
    std::ostream& err() { return m_err; }
    const Clock& clock() const { return m_clock; }
    const std::filesystem::path& dbPath() const { return m_dbPath; }
    void setDbPath(std::filesystem::path path) { m_dbPath = std::move(path); }

    /// Prints a usage error with the pointer to --help and returns kUsage.
    int usage(const std::string& message);
    /// Opens the store at dbPath() on first use, printing the reason on failure. Commands that only read
    /// pass OpenMode::ReadOnly: the file is then never written (nor created), also on read-only media.
    Store* store(OpenMode mode = OpenMode::ReadWrite);
    /// Fills an empty exam id with the first exam in the store; false (reason printed) if there is none.
    bool resolveExam(std::string& examId);
    /// The exams already in the database, which packs being checked may reference; empty when there is no
    /// database file. Checking packs must never create or change one, so this opens the store read-only and
    /// only if the file exists; nothing (reason printed) when it cannot be read.
    std::optional<ExamCatalog> storedExams();
    /// Prints the diagnostics to err() and returns how many are errors.
    int printDiagnostics(const std::vector<Diagnostic>& diagnostics);
    /// The tracker for examId (resolved as above); empty, with the reason printed, on failure.
    std::optional<TrackerReport> loadTracker(std::string& examId);
    /// The same for a caller that has already read the exam and its practice bank, so neither is read twice.
    std::optional<TrackerReport> loadTracker(const ExamDef& exam, const PlanningBank& bank);
    /// The finished mock and practice exams (sessionHistory); empty, with the reason printed, on failure.
    std::optional<std::vector<SessionSummary>> finishedSessions();
    /// The row of the question named by `id` ("PACK/ID", or an id only one pack uses; findQuestionRow) in the
    /// store, opened for writing as a bookmark or a note needs; empty, with the reason printed, on failure.
    std::optional<std::int64_t> questionRow(const std::string& id);

private:
    /// The report, or nothing with its error printed.
    std::optional<TrackerReport> reported(Result<TrackerReport> report);

    std::ostream& m_out;
    std::ostream& m_err;
    const Clock& m_clock;
    std::filesystem::path m_dbPath;
    std::unique_ptr<Store> m_store;
    OpenMode m_storeMode = OpenMode::ReadOnly;
};

} // namespace certdrill::cli
