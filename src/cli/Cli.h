#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "Context.h"

namespace certdrill::cli {

/// certdrill-cli: parses the global options and dispatches one command (Commands.h), each in a file of its
/// own, laid out like keepassxc-cli.
class Cli
{
public:
    Cli(std::ostream& out, std::ostream& err, const Clock& clock);

    /// Runs the command line (without the program name) and returns the exit code.
    int run(const std::vector<std::string>& args);

private:
    Context m_context;
};

/// The text of `certdrill-cli --help`.
std::string helpText();

} // namespace certdrill::cli
