#pragma once

#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "certdrill/Clock.h"
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

/// certdrill-cli: parses global options, dispatches one command, prints to the given streams.
class Cli
{
public:
    Cli(std::ostream& out, std::ostream& err, const Clock& clock);

    /// Runs the command line (without the program name) and returns the exit code.
    int run(const std::vector<std::string>& args);

private:
    using Args = std::vector<std::string>;
    int usage(const std::string& message);
    int validate(const Args& args);
    int import(const Args& args);
    int list(const Args& args);
    int mockPlan(const Args& args);
    int tracker(const Args& args);
    int rate(const Args& args);
    int set(const Args& args);
    int drillPlan(const Args& args);
    /// Fills an empty exam id with the first exam in the store; false (reason printed) if there is none.
    bool resolveExam(std::string& examId);
    /// The tracker for examId (resolved as above); empty, with the reason printed, on failure. A caller that
    /// has already read the exam's questions passes them, so the bank is not read twice.
    std::optional<TrackerReport> loadTracker(std::string& examId,
                                             const std::vector<Candidate>* questions = nullptr);
    /// `simulate`: the learner-simulation benchmark (no database needed).
    int simulate(const Args& args);
    int history(const Args& args);
    /// `results ID [--csv]`: one finished session, question by question.
    int results(const Args& args);
    /// The finished mock and practice exams (sessionHistory); empty, with the reason printed, on failure.
    std::optional<std::vector<SessionSummary>> finishedSessions();
    /// Opens the store at m_dbPath, printing the reason on failure.
    Store* store();
    int printDiagnostics(const std::vector<Diagnostic>& diagnostics);

    std::ostream& m_out;
    std::ostream& m_err;
    const Clock& m_clock;
    std::filesystem::path m_dbPath;
    std::unique_ptr<Store> m_store;
};

/// The text of `certdrill-cli --help`.
std::string helpText();

} // namespace certdrill::cli
