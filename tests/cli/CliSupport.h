#pragma once

#include <cstdlib>
#include <map>
#include <string>
#include <sys/wait.h>

#include "certdrill/store/Database.h"

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

/// The path of a test fixture, as a command-line argument.
inline std::string data(const std::string& name)
{
    return dataFile(name).string();
}

/// "--db PATH" for a new database `name` in `dir` that holds the exam of tests/data/`examPack` (imported with
/// the built binary), as most command tests start.
inline std::string dbWithExam(const TempDir& dir, const std::string& examPack = "mini-exam.json",
                              const std::string& name = "db.sqlite")
{
    const std::string db = "--db " + (dir / name).string();
    REQUIRE(cli(db + " import " + data(examPack)).exitCode == 0);
    return db;
}

/// Every question a database holds, active or retired: "pack id/question id" -> "content hash" (with
/// " retired" after the hash of a retired one). Read with SQL, not through the Store, so the tests see what
/// is stored.
inline std::map<std::string, std::string> storedQuestions(const std::filesystem::path& db)
{
    certdrill::Database d(db.string());
    certdrill::Statement st(d, "SELECT p.pack_id || '/' || q.question_id, q.content_hash, q.retired "
                               "FROM questions q JOIN packs p ON p.id = q.pack_ref");
    std::map<std::string, std::string> out;
    while (st.step()) {
        out[st.getText(0)] = st.getText(1) + (st.getInt(2) ? " retired" : "");
    }
    return out;
}
