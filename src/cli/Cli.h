#pragma once

#include <filesystem>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "certdrill/Clock.h"
#include "certdrill/Store.h"

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
    int history(const Args& args);
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
