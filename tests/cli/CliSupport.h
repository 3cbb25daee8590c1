#pragma once

#include <cstdlib>
#include <string>
#include <sys/wait.h>

#include "TestSupport.h"

// Runs the built certdrill-cli binary (CERTDRILL_CLI) as a user would, through the shell.

struct Run
{
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// Runs `command` through the shell and captures its exit code, stdout and stderr.
inline Run shell(const std::string& command)
{
    static TempDir scratch;
    const auto outFile = scratch / "out.txt";
    const auto errFile = scratch / "err.txt";
    const std::string redirected = command + " >" + outFile.string() + " 2>" + errFile.string();
    const int status = std::system(redirected.c_str());
    Run r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = readFile(outFile);
    r.err = readFile(errFile);
    return r;
}

/// Runs `certdrill-cli ARGS` and captures its exit code, stdout and stderr.
inline Run cli(const std::string& args)
{
    return shell(std::string(CERTDRILL_CLI) + " " + args);
}
