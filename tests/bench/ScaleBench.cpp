// Scale benchmarks of docs/benchmarks.md ("Big banks"): importing 100,000 questions against a plain-Python
// and a plain-C++ floor, mock-plan / drill-plan / tracker / list exams at 100k against the bundled bank, and
// the GUI's first paint against an empty Qt window. Every contender runs as a child process (wall time and
// ru_maxrss from wait4), contenders of a round run back to back in a rotating order, and each ratio is taken
// within a round (paired), because the machine is shared and its speed drifts. Not a ctest test: it runs
// for minutes. ./scripts/bench builds and runs it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include "certdrill/Clock.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/DrillSession.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kPacks = 5;
constexpr int kQuestionsPerPack = 20000;

std::string readText(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

[[noreturn]] void die(const std::string& message)
{
    std::cerr << "certdrill_scale_bench: " << message << "\n";
    std::exit(2);
}

// ---------------------------------------------------------------------------------------------------------
// Child processes

struct Sample
{
    double seconds = 0;    ///< wall time
    double cpuSeconds = 0; ///< user + system time: on a loaded machine, the steadier measure
    double peakMiB = 0;
};

/// Starts argv as a child with stdout and stderr in `log` and `env` added to its environment.
pid_t spawn(const std::vector<std::string>& argv, const fs::path& log,
            const std::map<std::string, std::string>& env)
{
    // A child would otherwise inherit, and write out, what stdout has buffered.
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        die("fork failed");
    }
    if (pid == 0) {
        std::FILE* out = std::freopen(log.c_str(), "w", stdout);
        if (!out || ::dup2(::fileno(stdout), 2) < 0) {
            std::_Exit(126);
        }
        for (const auto& [k, v] : env) {
            ::setenv(k.c_str(), v.c_str(), 1);
        }
        std::vector<char*> args;
        for (const auto& a : argv) {
            args.push_back(const_cast<char*>(a.c_str()));
        }
        args.push_back(nullptr);
        ::execvp(args[0], args.data());
        std::_Exit(127);
    }
    return pid;
}

/// Runs argv as a child (spawn), returns its wall time, CPU time and peak resident memory, and stops the
/// benchmark when it fails: a contender that did not do its work must not be timed.
Sample runChild(const std::vector<std::string>& argv, const fs::path& log,
                const std::map<std::string, std::string>& env = {})
{
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = spawn(argv, log, env);
    int status = 0;
    struct rusage usage
    {
    };
    if (::wait4(pid, &status, 0, &usage) != pid) {
        die("wait4 failed");
    }
    const auto end = std::chrono::steady_clock::now();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string command;
        for (const auto& a : argv) {
            command += a + " ";
        }
        die("failed (status " + std::to_string(status) + "): " + command + "\n" + readText(log));
    }
    const auto cpu = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
    };
    return {std::chrono::duration<double>(end - start).count(), cpu(usage.ru_utime) + cpu(usage.ru_stime),
            static_cast<double>(usage.ru_maxrss) / 1024.0};
}

bool commandWorks(const std::vector<std::string>& argv, const fs::path& log)
{
    int status = 0;
    ::waitpid(spawn(argv, log, {}), &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// ---------------------------------------------------------------------------------------------------------
// Statistics

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string fixed(double value, int decimals)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(decimals) << value;
    return s.str();
}

/// "median [min–max]" of a series.
std::string spread(const std::vector<double>& v, const char* unit, int decimals)
{
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return fixed(median(v), decimals) + unit + " [" + fixed(*lo, decimals) + "–" + fixed(*hi, decimals) + "]";
}

/// One contender's samples over the rounds.
struct Series
{
    std::string name;
    std::function<Sample(int round)> run;
    std::vector<Sample> samples;

    std::vector<double> seconds() const
    {
        std::vector<double> v;
        for (const auto& s : samples) {
            v.push_back(s.seconds);
        }
        return v;
    }
    std::vector<double> cpu() const
    {
        std::vector<double> v;
        for (const auto& s : samples) {
            v.push_back(s.cpuSeconds);
        }
        return v;
    }
    std::vector<double> peaks() const
    {
        std::vector<double> v;
        for (const auto& s : samples) {
            v.push_back(s.peakMiB);
        }
        return v;
    }
};

/// Runs every series `rounds` times, rotating the order each round so no contender always runs first.
void runRounds(std::vector<Series>& series, int rounds)
{
    for (int r = 0; r < rounds; ++r) {
        for (size_t k = 0; k < series.size(); ++k) {
            Series& s = series[(k + static_cast<size_t>(r)) % series.size()];
            s.samples.push_back(s.run(r));
            std::fprintf(stderr, "  round %d %-28s %.3f s (CPU %.3f s) %.0f MiB\n", r + 1, s.name.c_str(),
                         s.samples.back().seconds, s.samples.back().cpuSeconds, s.samples.back().peakMiB);
        }
    }
}

enum class Measure
{
    Wall,
    Cpu,
    Memory
};

/// Per-round ratios a / b of wall time, CPU time or peak memory.
std::vector<double> ratios(const Series& a, const Series& b, Measure m)
{
    const auto value = [m](const Sample& s) {
        return m == Measure::Wall ? s.seconds : m == Measure::Cpu ? s.cpuSeconds : s.peakMiB;
    };
    std::vector<double> v;
    for (size_t r = 0; r < a.samples.size(); ++r) {
        v.push_back(value(a.samples[r]) / value(b.samples[r]));
    }
    return v;
}

// ---------------------------------------------------------------------------------------------------------
// Bank generation and the C++ floor

/// Writes kPacks packs of kQuestionsPerPack questions made from the bundled bank's questions (new ids, a
/// numbered stem so no two stems repeat), all in the bundled exam, into `dir` as bench-K.json (the
/// "generate" subcommand, run by generatePacks in a child process of its own).
void writePacks(const fs::path& questionsDir, const fs::path& dir)
{
    std::vector<json> source;
    for (const auto& entry : fs::directory_iterator(questionsDir)) {
        if (entry.path().extension() != ".json") {
            continue;
        }
        const json pack = json::parse(readText(entry.path()));
        for (const auto& q : pack.value("questions", json::array())) {
            source.push_back(q);
        }
    }
    if (source.empty()) {
        die("no questions in " + questionsDir.string());
    }
    std::sort(source.begin(), source.end(), [](const json& a, const json& b) { return a["id"] < b["id"]; });
    fs::create_directories(dir);
    for (int k = 1; k <= kPacks; ++k) {
        json questions = json::array();
        for (int i = 0; i < kQuestionsPerPack; ++i) {
            json q = source[static_cast<size_t>((k - 1) * kQuestionsPerPack + i) % source.size()];
            const std::string n = std::to_string(k) + "-" + std::to_string(i);
            q["id"] = "b" + n + "-" + q["id"].get<std::string>();
            q["stem"] = "(Bank question " + n + ") " + q["stem"].get<std::string>();
            questions.push_back(std::move(q));
        }
        const json pack = {{"format", "certdrill-pack/1"},
                           {"pack",
                            {{"id", "bench-" + std::to_string(k)},
                             {"title", "Benchmark pack " + std::to_string(k)},
                             {"version", "1.0.0"},
                             {"authors", {"certdrill benchmark"}},
                             {"license", "CC-BY-4.0"}}},
                           {"questions", questions}};
        std::ofstream(dir / ("bench-" + std::to_string(k) + ".json"), std::ios::binary)
            << pack.dump(2) << "\n";
    }
}

/// The benchmark's pack files, written first (writePacks) when they are missing.
std::vector<fs::path> generatePacks(const fs::path& questionsDir, const fs::path& dir)
{
    std::vector<fs::path> files;
    for (int k = 1; k <= kPacks; ++k) {
        files.push_back(dir / ("bench-" + std::to_string(k) + ".json"));
    }
    if (!std::all_of(files.begin(), files.end(), [](const fs::path& p) { return fs::exists(p); })) {
        // In a child: the packs take a few hundred MB to build, and a contender started later by this process
        // would report that as its own peak (Linux counts the peak of the memory a child starts from).
        runChild({fs::canonical("/proc/self/exe").string(), "generate", questionsDir.string(), dir.string()},
                 dir.parent_path() / "generate.log");
    }
    return files;
}

void check(int rc, sqlite3* db, const char* what)
{
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        die(std::string(what) + ": " + sqlite3_errmsg(db));
    }
}

void bindText(sqlite3_stmt* st, int i, const std::string& s)
{
    sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

/// The C++ floor: nlohmann::json parses each pack, prepared statements insert its questions and options into
/// the same tables, all in one transaction. No validation, no positions, no hashes: what any importer must
/// at least do. With `search`, it also writes each question's row of the question browser's full-text index
/// as certdrill does (stem; options; explanation and whys; no note), a reference that does the same index
/// work: the floor predates the index.
int cppFloor(const fs::path& dbPath, const std::vector<fs::path>& files, bool search)
{
    sqlite3* db = nullptr;
    check(sqlite3_open(dbPath.c_str(), &db), db, "open");
    // The domain, subtopic and objective rows the questions point to, read once.
    std::map<std::string, std::pair<sqlite3_int64, sqlite3_int64>> domains; // exam/domain → (exam, domain)
    std::map<std::string, sqlite3_int64> subtopics, objectives;             // domainRef/id → row
    auto readMap = [&](const char* sql, auto&& row) {
        sqlite3_stmt* st = nullptr;
        check(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), db, sql);
        while (sqlite3_step(st) == SQLITE_ROW) {
            row(st);
        }
        sqlite3_finalize(st);
    };
    auto text = [](sqlite3_stmt* st, int i) {
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, i)));
    };
    readMap("SELECT e.exam_id, d.domain_id, e.id, d.id FROM domains d JOIN exams e ON e.id = d.exam_ref",
            [&](sqlite3_stmt* st) {
                domains[text(st, 0) + "/" + text(st, 1)] = {sqlite3_column_int64(st, 2),
                                                            sqlite3_column_int64(st, 3)};
            });
    readMap("SELECT domain_ref, subtopic_id, id FROM subtopics", [&](sqlite3_stmt* st) {
        subtopics[std::to_string(sqlite3_column_int64(st, 0)) + "/" + text(st, 1)] =
            sqlite3_column_int64(st, 2);
    });
    readMap("SELECT domain_ref, objective_id, id FROM objectives", [&](sqlite3_stmt* st) {
        objectives[std::to_string(sqlite3_column_int64(st, 0)) + "/" + text(st, 1)] =
            sqlite3_column_int64(st, 2);
    });
    check(sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), db, "begin");
    sqlite3_stmt* pack = nullptr;
    sqlite3_stmt* question = nullptr;
    sqlite3_stmt* option = nullptr;
    check(sqlite3_prepare_v2(
              db,
              "INSERT INTO packs (pack_id, title, version, authors, license, source_path, sha256, "
              "imported_at) VALUES (?, ?, ?, ?, ?, ?, '', 0)",
              -1, &pack, nullptr),
          db, "prepare pack");
    check(sqlite3_prepare_v2(
              db,
              "INSERT INTO questions (pack_ref, question_id, exam_ref, domain_ref, subtopic_ref, stem, "
              "select_count, explanation, difficulty, tags, refs, shuffle, content_hash, retired, "
              "created_at, updated_at, objective_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
              "'', 0, 0, 0, ?)",
              -1, &question, nullptr),
          db, "prepare question");
    check(sqlite3_prepare_v2(
              db, "INSERT INTO options (question_ref, position, text, correct, why) VALUES (?, ?, ?, ?, ?)",
              -1, &option, nullptr),
          db, "prepare option");
    sqlite3_stmt* index = nullptr;
    if (search) {
        // The page cache certdrill's import sets (ImportCache): the index's merges would otherwise spill.
        check(sqlite3_exec(db, "PRAGMA cache_size = -65536", nullptr, nullptr, nullptr), db, "cache size");
        check(sqlite3_prepare_v2(db,
                                 "INSERT INTO question_search (rowid, stem, options, explanations, note) "
                                 "VALUES (?, ?, ?, ?, '')",
                                 -1, &index, nullptr),
              db, "prepare search row");
    }
    for (const auto& file : files) {
        const json doc = json::parse(readText(file));
        const json& info = doc.at("pack");
        sqlite3_reset(pack);
        bindText(pack, 1, info.at("id").get<std::string>());
        bindText(pack, 2, info.at("title").get<std::string>());
        bindText(pack, 3, info.at("version").get<std::string>());
        bindText(pack, 4, info.at("authors").dump());
        bindText(pack, 5, info.at("license").get<std::string>());
        bindText(pack, 6, file.string());
        check(sqlite3_step(pack), db, "insert pack");
        const sqlite3_int64 packRef = sqlite3_last_insert_rowid(db);
        for (const auto& q : doc.at("questions")) {
            const auto [examRef, domainRef] =
                domains.at(q.at("exam").get<std::string>() + "/" + q.at("domain").get<std::string>());
            const std::string prefix = std::to_string(domainRef) + "/";
            sqlite3_reset(question);
            sqlite3_bind_int64(question, 1, packRef);
            bindText(question, 2, q.at("id").get<std::string>());
            sqlite3_bind_int64(question, 3, examRef);
            sqlite3_bind_int64(question, 4, domainRef);
            if (const auto it = subtopics.find(prefix + q.value("subtopic", "")); it != subtopics.end()) {
                sqlite3_bind_int64(question, 5, it->second);
            } else {
                sqlite3_bind_null(question, 5);
            }
            bindText(question, 6, q.at("stem").get<std::string>());
            sqlite3_bind_int(question, 7, q.at("select").get<int>());
            bindText(question, 8, q.value("explanation", ""));
            sqlite3_bind_int(question, 9, q.value("difficulty", 0));
            bindText(question, 10, q.value("tags", json::array()).dump());
            bindText(question, 11, q.value("references", json::array()).dump());
            sqlite3_bind_int(question, 12, q.value("shuffle", true) ? 1 : 0);
            if (const auto it = objectives.find(prefix + q.value("objective", "")); it != objectives.end()) {
                sqlite3_bind_int64(question, 13, it->second);
            } else {
                sqlite3_bind_null(question, 13);
            }
            check(sqlite3_step(question), db, "insert question");
            const sqlite3_int64 row = sqlite3_last_insert_rowid(db);
            int position = 0;
            std::string optionTexts;
            std::string explanations = q.value("explanation", "") + '\n';
            for (const auto& o : q.at("options")) {
                sqlite3_reset(option);
                sqlite3_bind_int64(option, 1, row);
                sqlite3_bind_int(option, 2, position++);
                bindText(option, 3, o.at("text").get<std::string>());
                sqlite3_bind_int(option, 4, o.at("correct").get<bool>() ? 1 : 0);
                bindText(option, 5, o.value("why", ""));
                check(sqlite3_step(option), db, "insert option");
                if (search) {
                    optionTexts += (position > 1 ? "\n" : "") + o.at("text").get<std::string>();
                    explanations += (position > 1 ? "\n" : "") + o.value("why", "");
                }
            }
            if (search) {
                sqlite3_reset(index);
                sqlite3_bind_int64(index, 1, row);
                bindText(index, 2, q.at("stem").get<std::string>());
                bindText(index, 3, optionTexts);
                bindText(index, 4, explanations);
                check(sqlite3_step(index), db, "insert search row");
            }
        }
    }
    sqlite3_finalize(index);
    sqlite3_finalize(pack);
    sqlite3_finalize(question);
    sqlite3_finalize(option);
    check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db, "commit");
    sqlite3_close(db);
    return 0;
}

long long countRows(const fs::path& dbPath, const char* sql)
{
    sqlite3* db = nullptr;
    check(sqlite3_open_v2(dbPath.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), db, "open");
    sqlite3_stmt* st = nullptr;
    check(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), db, sql);
    sqlite3_step(st);
    const long long n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(db);
    return n;
}

/// A fresh copy of a prepared database (its WAL checkpointed into it by the program that wrote it), on disk
/// before the contender starts: the 100k bank is 250 MB, and the first fsync of the contender (the app's
/// switch to WAL) otherwise waited for the whole copy's write-back, which is the harness's cost, not its.
void copyDatabase(const fs::path& from, const fs::path& to)
{
    for (const char* suffix : {"", "-wal", "-shm"}) {
        fs::remove(to.string() + suffix);
    }
    fs::copy_file(from, to);
    const int fd = ::open(to.c_str(), O_RDONLY);
    if (fd < 0 || ::fsync(fd) != 0) {
        die("cannot sync " + to.string());
    }
    ::close(fd);
}

// ---------------------------------------------------------------------------------------------------------

struct Paths
{
    fs::path self;
    fs::path cli = CERTDRILL_CLI;
    fs::path questions = CERTDRILL_QUESTIONS_DIR;
    fs::path pythonFloor = CERTDRILL_PYTHON_FLOOR;
    fs::path app = CERTDRILL_APP;
    fs::path emptyWindow = CERTDRILL_EMPTY_WINDOW;
    fs::path work;
};

std::vector<std::string> bundledPacks(const Paths& p)
{
    std::vector<std::string> files;
    for (const auto& entry : fs::directory_iterator(p.questions)) {
        if (entry.path().extension() == ".json") {
            files.push_back(entry.path().string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// A database made once by certdrill-cli from the given pack files (cached in the work folder).
fs::path preparedDatabase(const Paths& p, const std::string& name, const std::vector<std::string>& packs)
{
    const fs::path db = p.work / (name + ".db");
    if (fs::exists(db)) {
        return db;
    }
    std::vector<std::string> argv = {p.cli.string(), "--db", (p.work / (name + ".tmp.db")).string(),
                                     "import"};
    argv.insert(argv.end(), packs.begin(), packs.end());
    fs::remove(p.work / (name + ".tmp.db"));
    runChild(argv, p.work / "prepare.log");
    // A read-only command checkpoints nothing: VACUUM INTO writes one self-contained file.
    sqlite3* handle = nullptr;
    check(sqlite3_open((p.work / (name + ".tmp.db")).c_str(), &handle), handle, "open");
    const std::string sql = "VACUUM INTO '" + db.string() + "'";
    check(sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr), handle, "vacuum into");
    sqlite3_close(handle);
    for (const char* suffix : {"", "-wal", "-shm"}) {
        fs::remove(p.work / (name + ".tmp.db" + suffix));
    }
    return db;
}

/// The databases of the bundled bank and of the bundled bank plus the generated packs (100,675 questions).
std::pair<fs::path, fs::path> bankDatabases(const Paths& p)
{
    const auto files = generatePacks(p.questions, p.work / "packs");
    const auto bundled = bundledPacks(p);
    std::vector<std::string> big = bundled;
    for (const auto& f : files) {
        big.push_back(f.string());
    }
    return {preparedDatabase(p, "bundled", bundled), preparedDatabase(p, "bank-100k", big)};
}

void importBench(const Paths& p, int rounds)
{
    const auto files = generatePacks(p.questions, p.work / "packs");
    std::vector<std::string> packArgs;
    for (const auto& f : files) {
        packArgs.push_back(f.string());
    }
    // Every contender starts from the same database: the bundled exam defined, no questions.
    const fs::path base = preparedDatabase(p, "exam-only", {(p.questions / "exam.json").string()});
    const fs::path db = p.work / "import-run.db";
    const fs::path log = p.work / "import.log";
    const long long expected = static_cast<long long>(kPacks) * kQuestionsPerPack;
    auto contender = [&](std::vector<std::string> argv) {
        return [&, argv](int) {
            copyDatabase(base, db);
            const Sample s = runChild(argv, log);
            if (countRows(db, "SELECT COUNT(*) FROM questions") != expected) {
                die(argv[0] + " did not import " + std::to_string(expected) + " questions:\n" +
                    readText(log));
            }
            return s;
        };
    };
    std::vector<std::string> certdrill = {p.cli.string(), "--db", db.string(), "import"};
    certdrill.insert(certdrill.end(), packArgs.begin(), packArgs.end());
    std::vector<std::string> floor = {p.self.string(), "floor", db.string()};
    floor.insert(floor.end(), packArgs.begin(), packArgs.end());
    std::vector<std::string> indexed = {p.self.string(), "floor-search", db.string()};
    indexed.insert(indexed.end(), packArgs.begin(), packArgs.end());
    std::vector<Series> series = {{"certdrill-cli import", contender(certdrill), {}},
                                  {"C++ floor", contender(floor), {}},
                                  {"C++ floor + search index (reference)", contender(indexed), {}}};
    const bool python = commandWorks({"python3", "-c", "import json, sqlite3"}, p.work / "python.log");
    if (python) {
        std::vector<std::string> py = {"python3", p.pythonFloor.string(), db.string()};
        py.insert(py.end(), packArgs.begin(), packArgs.end());
        series.push_back({"Python floor", contender(py), {}});
    } else {
        std::printf("python3 with sqlite3 is not available: the Python floor is skipped\n\n");
    }
    std::fprintf(stderr, "import: %d rounds of %lld questions in %d packs\n", rounds, expected, kPacks);
    runRounds(series, rounds);

    std::printf("### Import of %lld questions (%d packs of %d), %d paired rounds\n\n", expected, kPacks,
                kQuestionsPerPack, rounds);
    std::printf("| contender | wall time | CPU time (user + system) | peak memory |\n|---|---|---|---|\n");
    for (const auto& s : series) {
        std::printf("| %s | %s | %s | %s |\n", s.name.c_str(), spread(s.seconds(), " s", 2).c_str(),
                    spread(s.cpu(), " s", 2).c_str(), spread(s.peaks(), " MiB", 0).c_str());
    }
    std::printf("\nMedian [min–max] over the rounds; ratios are taken within each round.\n\n");
    std::printf("| ratio (per round) | wall time | CPU time | target |\n|---|---|---|---|\n");
    std::printf("| certdrill / C++ floor | %s | %s | ≤ 1.3 |\n",
                spread(ratios(series[0], series[1], Measure::Wall), "", 2).c_str(),
                spread(ratios(series[0], series[1], Measure::Cpu), "", 2).c_str());
    if (python) {
        std::printf("| certdrill / Python floor | %s | %s | ≤ 1.0 |\n",
                    spread(ratios(series[0], series[3], Measure::Wall), "", 2).c_str(),
                    spread(ratios(series[0], series[3], Measure::Cpu), "", 2).c_str());
    }
    std::printf("| certdrill / C++ floor + search index (reference) | %s | %s | — |\n",
                spread(ratios(series[0], series[2], Measure::Wall), "", 2).c_str(),
                spread(ratios(series[0], series[2], Measure::Cpu), "", 2).c_str());
    std::printf("| peak memory, certdrill / C++ floor | %s | | ≤ 2.0 |\n",
                spread(ratios(series[0], series[1], Measure::Memory), "", 2).c_str());
    std::printf("\n");
    std::fflush(stdout);
}

void plansBench(const Paths& p, int rounds)
{
    const auto [small, large] = bankDatabases(p);
    std::printf(
        "### Commands on the bundled bank (%lld questions) and on %lld questions, %d paired rounds\n\n",
        countRows(small, "SELECT COUNT(*) FROM questions"),
        countRows(large, "SELECT COUNT(*) FROM questions"), rounds);
    std::printf(
        "| command | bundled: wall, CPU, peak | 100k: wall, CPU, peak | ratio 100k / bundled (wall; CPU) | "
        "target |\n|---|---|---|---|---|\n");
    const std::vector<std::vector<std::string>> commands = {{"mock-plan", "--seed", "7"},
                                                            {"drill-plan", "--seed", "7"},
                                                            {"tracker"},
                                                            {"list", "exams"},
                                                            {"search", "model", "--limit", "100"}};
    for (const auto& command : commands) {
        auto contender = [&](const fs::path& db) {
            std::vector<std::string> argv = {p.cli.string(), "--db", db.string()};
            argv.insert(argv.end(), command.begin(), command.end());
            return [&p, argv](int) {
                return runChild(argv, p.work / "plans.log");
            };
        };
        std::vector<Series> series = {{command[0] + " bundled", contender(small), {}},
                                      {command[0] + " 100k", contender(large), {}}};
        runRounds(series, rounds);
        std::string name;
        for (const auto& c : command) {
            name += (name.empty() ? "" : " ") + c;
        }
        std::printf("| %s | %s, %s, %s | %s, %s, %s | %s; %s | %s |\n", name.c_str(),
                    spread(series[0].seconds(), " s", 3).c_str(), spread(series[0].cpu(), " s", 3).c_str(),
                    spread(series[0].peaks(), " MiB", 0).c_str(),
                    spread(series[1].seconds(), " s", 3).c_str(), spread(series[1].cpu(), " s", 3).c_str(),
                    spread(series[1].peaks(), " MiB", 0).c_str(),
                    spread(ratios(series[1], series[0], Measure::Wall), "", 1).c_str(),
                    spread(ratios(series[1], series[0], Measure::Cpu), "", 1).c_str(),
                    command[0] == "list" || command[0] == "search" ? "—" : "≤ 10");
        std::fflush(stdout);
    }
    std::printf("\n");
}

/// `session exam|drill|bank DB`, run as a child: what the app does when a mock exam or a planned drill starts
/// (MainWindow::prepareExam, MainWindow::startDrill), through the same core calls; "bank" is the reference
/// that reads the whole practice pool with its text (practiceCandidates), as both starts did before
/// Store::questionsAt. Prints the number of questions served.
int sessionStart(const std::string& what, const fs::path& dbPath)
{
    using namespace certdrill;
    SystemClock clock;
    auto store = Store::open(dbPath, clock);
    auto exam = store ? store.value()->exam("ncp-genl") : Result<ExamDef>(Error{"no store"});
    if (!exam) {
        die("session: " + exam.error().message);
    }
    Store& s = *store.value();
    std::size_t served = 0;
    if (what == "exam") {
        auto form = sessionForm(s, exam.value(), 0, 7);
        if (!form) {
            die("session: " + form.error().message);
        }
        served = form->items.size();
    } else if (what == "drill") {
        PlannerOptions options;
        options.seed = 7;
        auto drill = DrillSession::startPlanned(s, exam.value(), TrackerSettings{}, options, false);
        if (!drill || !drill->session) {
            die("session: " + (drill ? std::string("the drill planned no question") : drill.error().message));
        }
        served = drill->session->items().size();
    } else {
        auto pool = practiceCandidates(s, exam.value());
        if (!pool) {
            die("session: " + pool.error().message);
        }
        served = pool->size();
    }
    std::printf("%zu\n", served);
    return 0;
}

void sessionBench(const Paths& p, int rounds)
{
    const auto [bundled, bank100k] = bankDatabases(p);
    // Copies of the prepared databases, so the other parts never see what a session writes. The final forms
    // are reserved at the first session; done here, so every round starts a later one.
    const fs::path small = p.work / "session-bundled.db";
    const fs::path large = p.work / "session-100k.db";
    for (const auto& [from, to] : {std::pair{bundled, small}, std::pair{bank100k, large}}) {
        copyDatabase(from, to);
        runChild({p.self.string(), "session", "exam", to.string()}, p.work / "session.log");
    }
    std::printf("### Starting a session on the bundled bank and on 100k, %d paired rounds\n\n", rounds);
    std::printf(
        "| start | bundled: wall, CPU, peak | 100k: wall, CPU, peak | ratio 100k / bundled (wall; CPU) | "
        "target |\n|---|---|---|---|---|\n");
    const fs::path db = p.work / "session-run.db";
    for (const std::string what : {"exam", "drill", "bank"}) {
        auto contender = [&](const fs::path& prepared) {
            return [&, prepared](int) {
                // A copy: a drill stores its session, and every round starts from the same history.
                copyDatabase(prepared, db);
                return runChild({p.self.string(), "session", what, db.string()}, p.work / "session.log");
            };
        };
        std::vector<Series> series = {{what + " bundled", contender(small), {}},
                                      {what + " 100k", contender(large), {}}};
        runRounds(series, rounds);
        const char* name = what == "exam" ? "a mock exam (sessionForm)"
                           : what == "drill"
                               ? "a planned drill (DrillSession::startPlanned)"
                               : "reference: the practice pool read in full (practiceCandidates)";
        std::printf("| %s | %s, %s, %s | %s, %s, %s | %s; %s | %s |\n", name,
                    spread(series[0].seconds(), " s", 3).c_str(), spread(series[0].cpu(), " s", 3).c_str(),
                    spread(series[0].peaks(), " MiB", 0).c_str(),
                    spread(series[1].seconds(), " s", 3).c_str(), spread(series[1].cpu(), " s", 3).c_str(),
                    spread(series[1].peaks(), " MiB", 0).c_str(),
                    spread(ratios(series[1], series[0], Measure::Wall), "", 1).c_str(),
                    spread(ratios(series[1], series[0], Measure::Cpu), "", 1).c_str(), "—");
        std::fflush(stdout);
    }
    std::printf("\n");
}

void guiBench(const Paths& p, int rounds)
{
    if (p.app.empty() || p.emptyWindow.empty()) {
        std::printf(
            "The GUI was not built (CERTDRILL_BUILD_GUI=OFF): the first-paint benchmark is skipped\n\n");
        return;
    }
    const auto [small, large] = bankDatabases(p);
    const fs::path db = p.work / "gui-run.db";
    const std::map<std::string, std::string> env = {{"QT_QPA_PLATFORM", "offscreen"},
                                                    {"CERTDRILL_QUESTIONS_DIR", p.questions.string()}};
    auto app = [&](const fs::path& prepared) {
        return [&, prepared](int) {
            // A copy, so the start finds the bundled packs imported but writes nothing into the cache.
            copyDatabase(prepared, db);
            return runChild({p.app.string(), "--db", db.string(), "--quit-after-first-paint"},
                            p.work / "gui.log", env);
        };
    };
    auto empty = [&](int) {
        return runChild({p.emptyWindow.string()}, p.work / "gui.log", env);
    };
    // Each prepared database as the app leaves it after its first start (the bundled files' stamps and the
    // final forms stored), the state of every later start, which is what is measured.
    for (const fs::path& prepared : {small, large}) {
        runChild({p.app.string(), "--db", prepared.string(), "--quit-after-first-paint"}, p.work / "gui.log",
                 env);
    }
    auto text = [&](int) {
        return runChild({p.emptyWindow.string(), "--text"}, p.work / "gui.log", env);
    };
    std::vector<Series> series = {{"empty window", empty, {}},
                                  {"window with a line of text", text, {}},
                                  {"certdrill, bundled bank", app(small), {}},
                                  {"certdrill, 100k bank", app(large), {}}};
    runRounds(series, rounds);
    std::printf(
        "### GUI first paint (QT_QPA_PLATFORM=offscreen, process start to first paint), %d paired rounds\n\n",
        rounds);
    std::printf(
        "| contender | wall time | CPU time | ratio to the empty window (wall; CPU) | ratio to the window "
        "with text (wall; CPU) | target (to the empty window) |\n"
        "|---|---|---|---|---|---|\n");
    std::printf("| empty window | %s | %s | 1 | | |\n", spread(series[0].seconds(), " s", 3).c_str(),
                spread(series[0].cpu(), " s", 3).c_str());
    for (size_t k = 1; k < series.size(); ++k) {
        const bool ofApp = k >= 2;
        std::printf("| %s | %s | %s | %s; %s | %s | %s |\n", series[k].name.c_str(),
                    spread(series[k].seconds(), " s", 3).c_str(), spread(series[k].cpu(), " s", 3).c_str(),
                    spread(ratios(series[k], series[0], Measure::Wall), "", 2).c_str(),
                    spread(ratios(series[k], series[0], Measure::Cpu), "", 2).c_str(),
                    ofApp ? (spread(ratios(series[k], series[1], Measure::Wall), "", 2) + "; " +
                             spread(ratios(series[k], series[1], Measure::Cpu), "", 2))
                                .c_str()
                          : "1",
                    k == 2   ? "≤ 1.3"
                    : k == 3 ? "≤ 1.5"
                             : "");
    }
    std::printf("\n");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "generate") {
        if (args.size() != 3) {
            die("usage: generate QUESTIONS_DIR DIR");
        }
        writePacks(args[1], args[2]);
        return 0;
    }
    if (!args.empty() && args[0] == "session") {
        if (args.size() != 3) {
            die("usage: session exam|drill|bank DB");
        }
        return sessionStart(args[1], args[2]);
    }
    if (!args.empty() && (args[0] == "floor" || args[0] == "floor-search")) {
        if (args.size() < 3) {
            die("usage: floor|floor-search DB PACK...");
        }
        return cppFloor(args[1], std::vector<fs::path>(args.begin() + 2, args.end()),
                        args[0] == "floor-search");
    }
    Paths paths;
    paths.self = fs::canonical("/proc/self/exe");
    paths.work = fs::temp_directory_path() / "certdrill-scale-bench";
    int rounds = 5;
    std::vector<std::string> what;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--rounds" && i + 1 < args.size()) {
            rounds = std::max(1, std::atoi(args[++i].c_str()));
        } else if (args[i] == "--work" && i + 1 < args.size()) {
            paths.work = args[++i];
        } else if (args[i] == "--cli" && i + 1 < args.size()) {
            paths.cli = args[++i]; // another build's certdrill-cli, for before/after numbers
        } else if (args[i] == "--app" && i + 1 < args.size()) {
            paths.app = args[++i];
        } else if (args[i] == "import" || args[i] == "plans" || args[i] == "sessions" || args[i] == "gui") {
            what.push_back(args[i]);
        } else {
            die("usage: certdrill_scale_bench [import] [plans] [sessions] [gui] [--rounds N] [--work DIR] "
                "[--cli PATH] [--app PATH]");
        }
    }
    if (what.empty()) {
        what = {"import", "plans", "sessions", "gui"};
    }
    fs::create_directories(paths.work);
    for (const auto& w : what) {
        if (w == "import") {
            importBench(paths, rounds);
        } else if (w == "plans") {
            plansBench(paths, rounds);
        } else if (w == "sessions") {
            sessionBench(paths, rounds);
        } else {
            guiBench(paths, rounds);
        }
    }
    return 0;
}
