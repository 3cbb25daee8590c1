// Kill tests: a child process answers a strict mock exam and is SIGKILLed at random moments. After every
// kill, every answer it reported as saved is in the database, the file passes PRAGMA integrity_check, and the
// session reopens with the right time left. And certdrill-cli importing part of the bundled bank is SIGKILLed
// at moments spread over the import: the database holds either what it held before or the whole batch.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "certdrill/Random.h"
#include "certdrill/exam/ExamSession.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

struct Child
{
    pid_t pid = -1;
    FILE* out = nullptr;
};

Child spawn(const std::string& db, long long firstK)
{
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        const std::string k = std::to_string(firstK);
        execl(CERTDRILL_SESSION_WRITER, CERTDRILL_SESSION_WRITER, db.c_str(), CERTDRILL_QUESTIONS_DIR,
              k.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    return Child{pid, fdopen(fds[0], "r")};
}

/// Starts certdrill-cli importing `files` into `db`, its output discarded.
pid_t spawnImport(const std::string& db, const std::vector<std::string>& files)
{
    std::vector<std::string> args = {CERTDRILL_CLI, "--db", db, "import"};
    args.insert(args.end(), files.begin(), files.end());
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        std::vector<char*> argv;
        for (auto& a : args) {
            argv.push_back(a.data());
        }
        argv.push_back(nullptr);
        if (std::FILE* null = std::fopen("/dev/null", "w")) {
            dup2(fileno(null), STDOUT_FILENO);
            dup2(fileno(null), STDERR_FILENO);
        }
        execv(CERTDRILL_CLI, argv.data());
        _exit(127);
    }
    return pid;
}

/// What an import leaves to compare: (packs, questions) in the database, after an integrity check.
std::pair<long long, long long> contentOf(const std::string& db)
{
    Database check(db);
    Statement integrity(check, "PRAGMA integrity_check");
    REQUIRE(integrity.step());
    CHECK(integrity.getText(0) == "ok");
    Statement packs(check, "SELECT (SELECT count(*) FROM packs), (SELECT count(*) FROM questions)");
    REQUIRE(packs.step());
    return {packs.getInt(0), packs.getInt(1)};
}

} // namespace

TEST_CASE("an import killed at any moment leaves the database as it was or with the whole batch", "[kill]")
{
    TempDir dir;
    // The bank's exam and three of its packs: a batch of four files, big enough for a kill to land in any
    // phase, small enough for 21 imports under the sanitizers.
    const std::string questions = CERTDRILL_QUESTIONS_DIR;
    const std::vector<std::string> bank = {questions + "/exam.json", questions + "/evaluation.json",
                                           questions + "/fine-tuning.json",
                                           questions + "/safety-ethics.json"};
    // The content before: another exam and its questions, which the import must neither lose nor half-join.
    const std::string base = (dir / "base.db").string();
    const auto run = [](pid_t pid) {
        int status = 0;
        waitpid(pid, &status, 0);
        return status;
    };
    const int made = run(
        spawnImport(base, {dataFile("mini-exam.json").string(), dataFile("mini-questions.json").string()}));
    REQUIRE((WIFEXITED(made) && WEXITSTATUS(made) == 0));
    const auto before = contentOf(base);

    // An uninterrupted import gives the content after, and how long an import takes here.
    const std::string db = (dir / "kill.db").string();
    std::filesystem::copy_file(base, db);
    const auto started = std::chrono::steady_clock::now();
    const int whole = run(spawnImport(db, bank));
    const auto took =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started);
    REQUIRE((WIFEXITED(whole) && WEXITSTATUS(whole) == 0));
    const auto after = contentOf(db);
    REQUIRE(after.first > before.first);
    REQUIRE(after.second > before.second);

    // Kills spread from the start to the end of an import (start-up, reading, checking, the transaction, the
    // commit), each on a fresh copy of the content before.
    Random rng(2020);
    constexpr int kKills = 20;
    int killedMidway = 0;
    for (int round = 0; round < kKills; ++round) {
        std::filesystem::remove(db);
        std::filesystem::remove(db + "-wal");
        std::filesystem::remove(db + "-shm");
        std::filesystem::copy_file(base, db);
        const auto delay = static_cast<long long>(took.count()) * (round + rng.below(100) / 100.0) / kKills;
        const pid_t pid = spawnImport(db, bank);
        usleep(static_cast<useconds_t>(delay));
        kill(pid, SIGKILL);
        const int status = run(pid);
        killedMidway += WIFSIGNALED(status) ? 1 : 0;
        const auto content = contentOf(db);
        INFO("round " << round << ", killed after " << delay << " us of " << took.count());
        CHECK((content == before || content == after));
    }
    // Most kills must land inside the import, or this tests nothing.
    CHECK(killedMidway >= kKills / 2);
}

TEST_CASE("a session survives SIGKILL at random moments", "[kill]")
{
    TempDir dir;
    const std::string db = (dir / "kill.db").string();
    Random rng(2026);
    long long nextK = 0;
    long long lastSaved = -1;
    std::int64_t sessionId = 0;
    const SystemClock clock;
    const auto startedWall = clock.wallMs();
    constexpr int kKills = 60;
    for (int round = 0; round < kKills; ++round) {
        Child child = spawn(db, nextK);
        REQUIRE(child.out);
        // Let it report a random number of saves (0 to 40), then kill it at once, mid-write or not.
        const auto wanted = static_cast<long long>(rng.below(41));
        char line[256];
        long long seenThisRound = 0;
        while (seenThisRound < wanted && std::fgets(line, sizeof line, child.out)) {
            long long k = 0;
            long long id = 0;
            long long remaining = 0;
            if (std::sscanf(line, "saved %lld", &k) == 1) {
                lastSaved = k;
                ++seenThisRound;
            } else if (std::sscanf(line, "session %lld remaining %lld", &id, &remaining) == 2) {
                if (sessionId == 0) {
                    sessionId = id;
                }
                CHECK(id == sessionId); // always the same session, resumed
                CHECK(remaining <= 120 * 60'000);
            }
        }
        if (rng.below(2)) {
            usleep(static_cast<useconds_t>(rng.below(3000)));
        }
        kill(child.pid, SIGKILL);
        int status = 0;
        waitpid(child.pid, &status, 0);
        // Whatever the child printed before it died counts as reported, read or not.
        while (std::fgets(line, sizeof line, child.out)) {
            long long k = 0;
            if (std::sscanf(line, "saved %lld", &k) == 1) {
                lastSaved = k;
            }
        }
        std::fclose(child.out);
        CHECK(WIFSIGNALED(status));

        // Check the file as the next start would find it.
        Database check(db);
        Statement integrity(check, "PRAGMA integrity_check");
        REQUIRE(integrity.step());
        CHECK(integrity.getText(0) == "ok");
        if (lastSaved < 0) {
            continue;
        }
        Statement items(check,
                        "SELECT i.position, i.chosen, i.snapshot FROM session_items i WHERE session_ref = ? "
                        "ORDER BY position");
        items.bind(1, sessionId);
        std::vector<std::vector<int>> chosen;
        std::vector<long long> optionCounts;
        while (items.step()) {
            chosen.push_back(nlohmann::json::parse(items.getText(1)).get<std::vector<int>>());
            optionCounts.push_back(static_cast<long long>(questionFromJson(items.getText(2)).options.size()));
        }
        REQUIRE(chosen.size() == 65);
        const auto n = static_cast<long long>(chosen.size());
        // Every position's last reported save must be stored; one unreported save may have landed too.
        for (long long p = 0; p < n; ++p) {
            long long last = lastSaved - ((lastSaved - p) % n + n) % n;
            if (last < 0) {
                continue;
            }
            const int want = static_cast<int>((last / n) % optionCounts[static_cast<size_t>(p)]);
            const int next = static_cast<int>(((last + n) / n) % optionCounts[static_cast<size_t>(p)]);
            const bool inFlight = (lastSaved + 1) % n == p;
            const auto& got = chosen[static_cast<size_t>(p)];
            INFO("round " << round << " position " << p << " last save " << last);
            REQUIRE(got.size() == 1);
            CHECK((got[0] == want || (inFlight && got[0] == next)));
        }
        nextK = lastSaved + 1;
    }

    // The session resumes with the right time left: the deadline is absolute, so remaining = 120 min minus
    // the wall time since it started (a few seconds at most here).
    auto store = Store::open(db, clock);
    REQUIRE(store.ok());
    auto session = ExamSession::open(*store.value(), sessionId);
    REQUIRE(session.ok());
    CHECK_FALSE(session.value()->finished());
    Statement started(store.value()->database(), "SELECT started_at FROM sessions WHERE id = ?");
    started.bind(1, sessionId);
    REQUIRE(started.step());
    CHECK(started.getInt(0) >= startedWall);
    const auto elapsed = clock.wallMs() - started.getInt(0);
    CHECK(session.value()->remainingMs() <= 120 * 60'000 - elapsed + 1000);
    CHECK(session.value()->remainingMs() >= 120 * 60'000 - elapsed - 1000);
}
