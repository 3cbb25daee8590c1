#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "Cli.h"

int main(int argc, char** argv)
{
    // Over a file-size limit (ulimit -f) the kernel would end the process with SIGXFSZ and no word; ignored,
    // the write fails with EFBIG instead, and the command names the file and "File too large".
    std::signal(SIGXFSZ, SIG_IGN);
    // spdlog's default logger writes to stdout, where it would corrupt --json and --csv output; the core's
    // diagnostics (shown with --verbose) belong on stderr.
    spdlog::set_default_logger(spdlog::stderr_color_mt("certdrill-cli"));
    const certdrill::SystemClock clock;
    certdrill::cli::Cli cli(std::cout, std::cerr, clock);
    return cli.run(std::vector<std::string>(argv + 1, argv + argc));
}
