#include "Cli.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <type_traits>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/pack/Coverage.h"
#include "certdrill/sim/LearnerSimulation.h"
#include "certdrill/store/Paths.h"

namespace certdrill::cli {

namespace {

using nlohmann::json;

/// The most learners `simulate` runs.
constexpr int kMaxLearners = 100000;
/// The most follow-up days `simulate` runs after the budget (ten years of study).
constexpr int kMaxFollowDays = 3650;

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string pct(double share)
{
    return fixed(share * 100.0, 1) + "%";
}

/// Unix ms as "2026-01-01 09:30" in UTC (the same on every machine, so scripts and tests can rely on it).
std::string utcMinute(std::int64_t unixMs)
{
    const std::time_t t = static_cast<std::time_t>(unixMs / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
    return buf;
}

/// "1 question", "2 questions".
std::string counted(std::size_t n, const std::string& noun)
{
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

/// Reads the whole of `text` as the whole number `option` takes: decimal digits only, a '-' only for a signed
/// T, nothing before or after ("65x", "1e3", "2.5" and " 7" are refused, unlike std::stoi). Returns the usage
/// message, or empty when `out` is set.
template <typename T> std::string parseWholeNumber(const std::string& option, const std::string& text, T& out)
{
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value);
    if (ec == std::errc::result_out_of_range) {
        return option + " " + text + " is out of range";
    }
    if (text.empty() || ec != std::errc{} || stop != end) {
        return option + " takes a whole number" + (std::is_signed_v<T> ? "" : " (0 or more)") + ", not \"" +
               text + "\"";
    }
    out = value;
    return {};
}

bool takeFlag(std::vector<std::string>& args, const std::string& flag)
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it == flag) {
            args.erase(it);
            return true;
        }
    }
    return false;
}

/// Removes `--name VALUE` from args; returns false (and sets missing) when the value is absent.
bool takeOption(std::vector<std::string>& args, const std::string& name, std::string& value, bool& missing)
{
    for (auto it = args.begin(); it != args.end(); ++it) {
        if (*it == name) {
            if (it + 1 == args.end()) {
                missing = true;
                return false;
            }
            value = *(it + 1);
            args.erase(it, it + 2);
            return true;
        }
    }
    return false;
}

/// Removes --exam, --pack-id, --pack-version and --domain, which say where GIFT questions go; false (with
/// `error` set) on a missing value. Without --pack-version the version is left empty: the one already
/// imported for the pack id, else 1.0.0 (ImportOptions::version), as the GUI's import dialog offers.
bool takeImportOptions(std::vector<std::string>& args, ImportOptions& moodle, std::string& error)
{
    bool missing = false;
    takeOption(args, "--exam", moodle.exam, missing);
    takeOption(args, "--pack-id", moodle.packId, missing);
    moodle.version.clear();
    if (takeOption(args, "--pack-version", moodle.version, missing) && moodle.version.empty()) {
        missing = true;
    }
    takeOption(args, "--domain", moodle.domain, missing);
    if (missing) {
        error = "--exam, --pack-id, --pack-version and --domain need a value";
    }
    return !missing;
}

/// The arguments mock-plan and drill-plan share.
struct PlanArgs
{
    bool json = false;
    std::string examId;
    std::optional<int> count;
    std::uint64_t seed = 0;
};

/// Parses --json, --exam, --count and --seed; the seed defaults to `defaultSeed`, and count stays empty
/// only when --count is absent (the caller range-checks it). Returns the usage error (prefixed with
/// `command`), or empty when everything parsed.
std::string parsePlanArgs(std::vector<std::string> args, const std::string& command,
                          std::uint64_t defaultSeed, PlanArgs& out)
{
    out.json = takeFlag(args, "--json");
    std::string countText, seedText;
    bool missing = false;
    takeOption(args, "--exam", out.examId, missing);
    const bool hasCount = takeOption(args, "--count", countText, missing);
    const bool hasSeed = takeOption(args, "--seed", seedText, missing);
    if (missing) {
        return command + ": an option is missing its value";
    }
    if (!args.empty()) {
        return command + ": unexpected argument " + args.front();
    }
    if (hasCount) {
        int count = 0;
        if (const auto error = parseWholeNumber("--count", countText, count); !error.empty()) {
            return command + ": " + error;
        }
        out.count = count;
    }
    out.seed = defaultSeed;
    if (hasSeed) {
        if (const auto error = parseWholeNumber("--seed", seedText, out.seed); !error.empty()) {
            return command + ": " + error;
        }
    }
    return {};
}

/// The first argument that looks like an option, or empty.
std::string unknownOption(const std::vector<std::string>& args)
{
    for (const auto& a : args) {
        if (a.size() > 1 && a[0] == '-') {
            return a;
        }
    }
    return {};
}

void printCoverage(std::ostream& out, const CoverageReport& r, const ExamDef& exam)
{
    out << "Coverage of exam \"" << exam.id << "\" (" << exam.title << ")\n";
    out << "  questions: " << r.questions << " (minimum " << exam.coverage.minQuestions << ")\n";
    out << "  multi-select: " << r.multiSelect << " = " << pct(r.multiSelectShare()) << " (minimum "
        << pct(exam.coverage.minMultiSelectShare) << ")\n";
    out << "  scenario: " << r.scenario << " = " << pct(r.scenarioShare()) << " (minimum "
        << pct(exam.coverage.minScenarioShare) << ")\n";
    out << "  difficulty:";
    for (int d = 1; d <= 5; ++d) {
        out << " " << d << ":" << r.difficulty[d];
    }
    if (r.difficulty[0]) {
        out << " unset:" << r.difficulty[0];
    }
    out << "\n\n";
    out << "  " << std::left << std::setw(44) << "domain" << std::right << std::setw(7) << "weight"
        << std::setw(6) << "have" << std::setw(6) << "min" << std::setw(8) << "multi"
        << "\n";
    for (const auto& d : r.domains) {
        out << "  " << std::left << std::setw(44) << d.name << std::right << std::setw(6)
            << fixed(d.weight, 0) << "%" << std::setw(6) << d.questions << std::setw(6) << d.minQuestions
            << std::setw(8) << pct(d.multiSelectShare()) << (d.questions < d.minQuestions ? "  SHORT" : "")
            << "\n";
        for (const auto& s : d.subtopics) {
            out << "      " << std::left << std::setw(46) << s.name.substr(0, 46) << std::right
                << std::setw(6) << s.questions
                << (s.questions < exam.coverage.minPerSubtopic ? "  SHORT" : "") << "\n";
        }
    }
    out << "\n";
    if (r.ok()) {
        out << "  coverage OK: every minimum of the exam definition is met\n";
    } else {
        for (const auto& s : r.shortfalls) {
            out << "  below minimum: " << s << "\n";
        }
    }
}

} // namespace

std::string helpText()
{
    return R"(certdrill-cli: manage certdrill question packs and the study database

Usage: certdrill-cli [GLOBAL OPTIONS] COMMAND [ARGS]

Global options (before the command):
  --db PATH      database file (default: $XDG_DATA_HOME/certdrill/certdrill.db,
                 else ~/.local/share/certdrill/certdrill.db; the GUI uses the same)
  --verbose      also log the core's diagnostics (warnings, debug) to stderr
  --version      print the version and exit
  --help         print this help and exit

Commands:
  validate [--coverage] [MOODLE OPTIONS] PACK...
                                  check pack files; with --coverage also measure the bank
                                  against the minimums its exam definition declares
  import [MOODLE OPTIONS] PACK...  validate and import packs atomically (all or nothing)
                                  A PACK named *.gift or *.gift.txt is Moodle GIFT, *.xml is
                                  Moodle XML; their categories name the blueprint domain.
                                  MOODLE OPTIONS: --exam ID (default: the only exam),
                                  --pack-id ID (default: gift-FILENAME or moodle-FILENAME),
                                  --pack-version V (default: the version already
                                  imported for the pack id, else 1.0.0),
                                  --domain ID (for questions whose category names none)
  list exams|packs|domains [--exam ID] [--json]
                                  show what the database holds
  mock-plan [--exam ID] [--count N] [--seed S] [--json]
                                  assemble a mock-exam form without starting it: per-domain
                                  counts, multi-select count, question ids, and every domain
                                  the bank cannot fill (exit 1 if any); N within the exam's
                                  question count range (default: the exam's default)
  tracker [--exam ID] [--json|--csv]
                                  the Red/Yellow/Green sheet from your answers: mastery with
                                  its 80% interval per domain and subtopic, bands, self-ratings,
                                  due questions, the readiness verdict and calibration
  rate DOMAIN[/SUBTOPIC] red|yellow|green|none [--exam ID]
                                  set (or clear) your own rating of a row
  set target|readiness-score VALUE
                                  Green needs the lower bound >= target (0.50-0.99, default 0.80);
                                  readiness needs the last 3 mocks >= readiness-score (0.80-0.85)
  drill-plan [--exam ID] [--count N] [--seed S] [--json]
                                  plan the next drill (N 1-500, default 20) without starting it
  simulate [--learners N] [--seed S] [--follow-days D] [--json]
                                  run the learner-simulation benchmark (docs/benchmarks.md) on
                                  N synthetic learners (1-100000, default 500), seeds S+1..S+N
                                  (S default 0); questions to 80% within the 750-question budget,
                                  and with up to D more study days for those short of it
                                  (0-3650, default 90)
  history [--json]                finished mock and practice exams, newest first: mode,
                                  dates (UTC), score, pass/fail and per-domain results
  results ID [--csv]              every question of finished session ID (from history): its
                                  id, domain, your answer, the key, result and seconds spent

Exit codes: 0 ok, 1 invalid input or failed check, 2 usage error.
)";
}

Cli::Cli(std::ostream& out, std::ostream& err, const Clock& clock)
    : m_out(out)
    , m_err(err)
    , m_clock(clock)
    , m_dbPath(defaultDatabasePath())
{
}

int Cli::usage(const std::string& message)
{
    m_err << "certdrill-cli: " << message << "\nTry 'certdrill-cli --help'.\n";
    return kUsage;
}

int Cli::run(const std::vector<std::string>& argsIn)
{
    size_t i = 0;
    // The core's warnings (e.g. "import rolled back") repeat what the command itself prints as its error, so
    // only --verbose shows them.
    spdlog::set_level(spdlog::level::err);
    for (; i < argsIn.size() && argsIn[i].rfind("--", 0) == 0; ++i) {
        const std::string& a = argsIn[i];
        if (a == "--help") {
            m_out << helpText();
            return kOk;
        }
        if (a == "--version") {
            m_out << "certdrill-cli " << CERTDRILL_VERSION << "\n";
            return kOk;
        }
        if (a == "--verbose") {
            spdlog::set_level(spdlog::level::debug);
        } else if (a == "--db") {
            // An empty path would make SQLite open a private temporary database and report success.
            if (i + 1 >= argsIn.size() || argsIn[i + 1].empty()) {
                return usage("--db needs a path");
            }
            m_dbPath = argsIn[++i];
        } else {
            return usage("unknown option " + a);
        }
    }
    if (i >= argsIn.size()) {
        return usage("no command given");
    }
    const std::string command = argsIn[i];
    const Args rest(argsIn.begin() + static_cast<std::ptrdiff_t>(i) + 1, argsIn.end());
    // One row per command: the dispatch and the member that runs it.
    static const std::pair<const char*, int (Cli::*)(const Args&)> commands[] = {
        {"validate", &Cli::validate}, {"import", &Cli::import},
        {"list", &Cli::list},         {"mock-plan", &Cli::mockPlan},
        {"tracker", &Cli::tracker},   {"rate", &Cli::rate},
        {"set", &Cli::set},           {"drill-plan", &Cli::drillPlan},
        {"simulate", &Cli::simulate}, {"history", &Cli::history},
        {"results", &Cli::results},
    };
    for (const auto& [name, run] : commands) {
        if (command == name) {
            return (this->*run)(rest);
        }
    }
    if (command == "help") {
        m_out << helpText();
        return kOk;
    }
    return usage("unknown command \"" + command + "\"");
}

bool Cli::resolveExam(std::string& examId)
{
    if (!examId.empty()) {
        return true;
    }
    auto exams = m_store->exams();
    if (!exams || exams.value().empty()) {
        m_err << "certdrill-cli: no exam in the database; import a pack first\n";
        return false;
    }
    examId = exams.value().front().id;
    return true;
}

Store* Cli::store()
{
    if (!m_store) {
        auto opened = Store::open(m_dbPath, m_clock);
        if (!opened) {
            m_err << "certdrill-cli: " << opened.error().message << "\n";
            return nullptr;
        }
        m_store = std::move(opened.value());
        spdlog::debug("database {}", m_dbPath.string());
    }
    return m_store.get();
}

int Cli::printDiagnostics(const std::vector<Diagnostic>& diagnostics)
{
    for (const auto& d : diagnostics) {
        m_err << d.format() << "\n";
    }
    return errorCount(diagnostics);
}

int Cli::validate(const Args& argsIn)
{
    Args args = argsIn;
    const bool coverage = takeFlag(args, "--coverage");
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return usage("validate: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return usage("validate: unknown option " + bad);
    }
    if (args.empty()) {
        return usage("validate: name at least one pack file");
    }
    // Questions may reference exams already in the database, but validating must never create one.
    ExamCatalog catalog;
    std::error_code ec;
    if (std::filesystem::exists(m_dbPath, ec)) {
        if (Store* s = store()) {
            if (auto c = s->examCatalog()) {
                catalog = std::move(c.value());
            }
        }
    }
    const std::vector<std::filesystem::path> files(args.begin(), args.end());
    const auto loaded = loadPacks(files, catalog, moodle);
    int errors = 0;
    int warnings = 0;
    size_t questions = 0;
    for (const auto& lp : loaded) {
        errors += printDiagnostics(lp.diagnostics);
        warnings += static_cast<int>(lp.diagnostics.size()) - errorCount(lp.diagnostics);
        questions += lp.pack.questions.size();
    }
    if (errors > 0) {
        m_err << errors << (errors == 1 ? " error" : " errors") << ", " << warnings
              << (warnings == 1 ? " warning" : " warnings") << " in " << files.size() << " file(s)\n";
        return kInvalid;
    }
    m_out << files.size() << " file(s) valid: " << counted(questions, "question") << ", " << warnings
          << (warnings == 1 ? " warning" : " warnings") << "\n";
    if (!coverage) {
        return kOk;
    }

    // Every exam the batch defines or its questions use, measured over the batch's questions.
    std::vector<Question> all;
    std::map<std::string, ExamDef> exams;
    for (const auto& lp : loaded) {
        all.insert(all.end(), lp.pack.questions.begin(), lp.pack.questions.end());
        for (const auto& e : lp.pack.exams) {
            exams[e.id] = e;
        }
    }
    for (const auto& q : all) {
        if (!exams.count(q.exam) && catalog.count(q.exam)) {
            exams[q.exam] = catalog.at(q.exam).exam;
        }
    }
    if (exams.empty()) {
        m_err << "certdrill-cli: --coverage needs an exam definition (in the packs or the database)\n";
        return kInvalid;
    }
    bool ok = true;
    for (const auto& [id, exam] : exams) {
        const CoverageReport report = measureCoverage(exam, all);
        printCoverage(m_out, report, exam);
        ok = ok && report.ok();
    }
    return ok ? kOk : kInvalid;
}

int Cli::import(const Args& argsIn)
{
    Args args = argsIn;
    ImportOptions moodle;
    if (std::string error; !takeImportOptions(args, moodle, error)) {
        return usage("import: " + error);
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return usage("import: unknown option " + bad);
    }
    if (args.empty()) {
        return usage("import: name at least one pack file");
    }
    Store* s = store();
    if (!s) {
        return kInvalid;
    }
    m_out << "importing " << args.size() << " file(s) into " << m_dbPath.string() << "\n";
    const auto outcome = s->importFiles(std::vector<std::filesystem::path>(args.begin(), args.end()), moodle);
    printDiagnostics(outcome.diagnostics);
    if (!outcome.ok()) {
        m_err << "certdrill-cli: import failed: " << outcome.error << "\n";
        return kInvalid;
    }
    int added = 0, updated = 0, retired = 0, unchanged = 0;
    for (const auto& p : outcome.summaries) {
        m_out << "  " << p.packId << " " << p.version;
        if (p.unchanged) {
            m_out << ": already imported, unchanged ("
                  << counted(static_cast<std::size_t>(p.unchangedQuestions), "question") << ")\n";
        } else {
            m_out << (p.previousVersion.empty() ? " (new)" : " (was " + p.previousVersion + ")") << ": "
                  << p.added << " added, " << p.updated << " updated, " << p.retired << " retired, "
                  << p.unchangedQuestions << " unchanged\n";
        }
        added += p.added;
        updated += p.updated;
        retired += p.retired;
        unchanged += p.unchangedQuestions;
    }
    m_out << "done: " << added << " added, " << updated << " updated, " << retired << " retired, "
          << unchanged << " unchanged\n";
    return kOk;
}

int Cli::list(const Args& argsIn)
{
    Args args = argsIn;
    const bool asJson = takeFlag(args, "--json");
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    if (missing) {
        return usage("list: --exam needs an id");
    }
    if (const auto bad = unknownOption(args); !bad.empty()) {
        return usage("list: unknown option " + bad);
    }
    if (args.size() != 1 || (args[0] != "exams" && args[0] != "packs" && args[0] != "domains")) {
        return usage("list: say what to list: exams, packs or domains");
    }
    Store* s = store();
    if (!s) {
        return kInvalid;
    }
    const std::string what = args[0];
    if (what == "packs") {
        auto packs = s->packs();
        if (!packs) {
            m_err << "certdrill-cli: " << packs.error().message << "\n";
            return kInvalid;
        }
        json j = json::array();
        for (const auto& p : packs.value()) {
            j.push_back({{"id", p.id},
                         {"title", p.title},
                         {"version", p.version},
                         {"license", p.license},
                         {"sha256", p.sha256},
                         {"source", p.sourcePath},
                         {"questions", p.activeQuestions},
                         {"retired", p.retiredQuestions}});
            if (!asJson) {
                m_out << std::left << std::setw(36) << p.id << std::setw(10) << p.version << std::right
                      << std::setw(5) << p.activeQuestions
                      << (p.activeQuestions == 1 ? " question   " : " questions  ") << p.title << "\n";
            }
        }
        if (asJson) {
            m_out << j.dump(2) << "\n";
        }
        return kOk;
    }
    auto exams = s->exams();
    if (!exams) {
        m_err << "certdrill-cli: " << exams.error().message << "\n";
        return kInvalid;
    }
    json j = json::array();
    bool found = examId.empty();
    for (const auto& e : exams.value()) {
        if (!examId.empty() && e.id != examId) {
            continue;
        }
        found = true;
        auto counts = s->domainCounts(e.id);
        std::map<std::string, DomainCount> byDomain;
        if (counts) {
            for (const auto& c : counts.value()) {
                byDomain[c.domainId] = c;
            }
        }
        int total = 0;
        json domains = json::array();
        for (const auto& d : e.domains) {
            const auto& c = byDomain[d.id];
            total += c.questions;
            json subs = json::array();
            for (const auto& st : d.subtopics) {
                subs.push_back({{"id", st.id}, {"name", st.name}});
            }
            domains.push_back({{"id", d.id},
                               {"name", d.name},
                               {"weight", d.weight},
                               {"questions", c.questions},
                               {"multi_select", c.multiSelect},
                               {"subtopics", subs}});
        }
        j.push_back(
            {{"id", e.id},
             {"title", e.title},
             {"version", e.version},
             {"duration_minutes", e.durationMinutes},
             {"question_count", {{"min", e.countMin}, {"max", e.countMax}, {"default", e.countDefault}}},
             {"pass_percent", e.passPercent},
             {"multi_select_share", e.multiSelectShare},
             {"questions", total},
             {"domains", domains}});
        if (asJson) {
            continue;
        }
        if (what == "exams") {
            m_out << e.id << "  " << e.title << " (" << e.version << "): " << e.durationMinutes << " min, "
                  << counted(static_cast<std::size_t>(e.countDefault), "question") << " (" << e.countMin
                  << "-" << e.countMax << "), pass " << fixed(e.passPercent, 0) << "%, "
                  << counted(e.domains.size(), "domain") << ", "
                  << counted(static_cast<std::size_t>(total), "question") << " in the bank\n";
        } else {
            m_out << e.id << ":\n";
            for (const auto& d : e.domains) {
                const auto& c = byDomain[d.id];
                m_out << "  " << std::left << std::setw(24) << d.id << std::setw(44) << d.name << std::right
                      << std::setw(4) << fixed(d.weight, 0) << "%" << std::setw(6) << c.questions
                      << (c.questions == 1 ? " question\n" : " questions\n");
            }
        }
    }
    if (!found) {
        m_err << "certdrill-cli: no exam \"" << examId << "\" in the database\n";
        return kInvalid;
    }
    if (asJson) {
        m_out << (what == "domains" && j.size() == 1 ? j[0]["domains"] : j).dump(2) << "\n";
    }
    return kOk;
}

int Cli::mockPlan(const Args& args)
{
    PlanArgs a;
    if (const auto error = parsePlanArgs(args, "mock-plan", static_cast<std::uint64_t>(m_clock.wallMs()), a);
        !error.empty()) {
        return usage(error);
    }
    const bool asJson = a.json;
    std::string& examId = a.examId;
    const std::uint64_t seed = a.seed;
    Store* s = store();
    if (!s || !resolveExam(examId)) {
        return kInvalid;
    }
    auto exam = s->exam(examId);
    if (!exam) {
        m_err << "certdrill-cli: " << exam.error().message << "\n";
        return kInvalid;
    }
    // The exam's default length applies only when --count is absent; "--count 0" is out of range like 71.
    if (a.count && (*a.count < exam->countMin || *a.count > exam->countMax)) {
        return usage("mock-plan: --count must be between " + std::to_string(exam->countMin) + " and " +
                     std::to_string(exam->countMax) + " for " + examId);
    }
    auto pool = s->candidates(examId);
    if (!pool) {
        m_err << "certdrill-cli: " << pool.error().message << "\n";
        return kInvalid;
    }
    const Form form = assembleForm(exam.value(), pool.value(), a.count.value_or(0), seed);
    if (asJson) {
        json domains = json::array();
        for (const auto& d : form.domains) {
            domains.push_back({{"id", d.domainId},
                               {"weight", d.weight},
                               {"target", d.target},
                               {"available", d.available},
                               {"chosen", d.chosen},
                               {"multi_select", d.chosenMulti},
                               {"missing", std::max(0, d.missing())}});
        }
        json ids = json::array();
        for (const auto& i : form.items) {
            ids.push_back(i.question.id);
        }
        m_out << json{{"exam", form.examId},
                      {"seed", form.seed},
                      {"requested", form.requested},
                      {"questions", form.items.size()},
                      {"multi_select", form.multiSelect()},
                      {"multi_select_target", form.multiSelectTarget},
                      {"complete", form.complete()},
                      {"domains", domains},
                      {"question_ids", ids}}
                     .dump(2)
              << "\n";
    } else {
        m_out << "Mock exam form for " << form.examId << ": " << form.items.size() << " of "
              << counted(static_cast<std::size_t>(form.requested), "question") << ", " << form.multiSelect()
              << " multi-select (target " << form.multiSelectTarget << "), seed " << form.seed << "\n";
        m_out << "  " << std::left << std::setw(40) << "domain" << std::right << std::setw(7) << "weight"
              << std::setw(8) << "target" << std::setw(7) << "drawn" << std::setw(7) << "multi"
              << std::setw(7) << "bank"
              << "\n";
        for (const auto& d : form.domains) {
            m_out << "  " << std::left << std::setw(40) << d.name << std::right << std::setw(6)
                  << fixed(d.weight, 0) << "%" << std::setw(8) << d.target << std::setw(7) << d.chosen
                  << std::setw(7) << d.chosenMulti << std::setw(7) << d.available << "\n";
        }
        m_out << "  questions:";
        for (const auto& i : form.items) {
            m_out << " " << i.question.id;
        }
        m_out << "\n";
    }
    for (const auto& line : form.shortfalls()) {
        m_err << "certdrill-cli: the bank cannot fill " << line << "\n";
    }
    return form.complete() ? kOk : kInvalid;
}

namespace {

json masteryJson(const TrackerRow& r)
{
    json j = {{"domain", r.domainId},
              {"name", r.name},
              {"weight", r.weight},
              {"answers", r.mastery.answers},
              {"mastery", r.mastery.mean},
              {"lower80", r.mastery.lower},
              {"upper80", r.mastery.upper},
              {"band", bandName(r.band)},
              {"self_rating", r.selfRating ? json(bandName(*r.selfRating)) : json(nullptr)},
              {"due", r.dueItems},
              {"seen", r.seenItems},
              {"bank", r.bankItems}};
    if (!r.subtopicId.empty()) {
        j["subtopic"] = r.subtopicId;
    }
    if (const auto d = r.disagreement(); !d.empty()) {
        j["disagreement"] = d;
    }
    return j;
}

std::string masteryText(const TrackerRow& r)
{
    if (r.mastery.answers == 0) {
        return "no answers";
    }
    return fixed(r.mastery.mean * 100.0, 0) + "% [" + fixed(r.mastery.lower * 100.0, 0) + "-" +
           fixed(r.mastery.upper * 100.0, 0) + "] over " + std::to_string(r.mastery.answers);
}

} // namespace

std::optional<TrackerReport> Cli::loadTracker(std::string& examId, const std::vector<Candidate>* questions)
{
    if (!resolveExam(examId)) {
        return std::nullopt;
    }
    auto settings = loadTrackerSettings(*m_store);
    if (!settings) {
        m_err << "certdrill-cli: " << settings.error().message << "\n";
        return std::nullopt;
    }
    auto report = questions ? buildTracker(*m_store, examId, settings.value(), *questions)
                            : buildTracker(*m_store, examId, settings.value());
    if (!report) {
        m_err << "certdrill-cli: " << report.error().message << "\n";
        return std::nullopt;
    }
    return std::move(report.value());
}

int Cli::tracker(const Args& argsIn)
{
    Args args = argsIn;
    const bool asJson = takeFlag(args, "--json");
    const bool asCsv = takeFlag(args, "--csv");
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    if (missing || !args.empty() || (asJson && asCsv)) {
        return usage("tracker: usage is tracker [--exam ID] [--json|--csv]");
    }
    Store* s = store();
    const auto report = s ? loadTracker(examId) : std::nullopt;
    if (!report) {
        return kInvalid;
    }
    const TrackerReport& t = *report;
    if (asCsv) {
        m_out << trackerCsv(t);
        return kOk;
    }
    if (asJson) {
        json domains = json::array();
        for (std::size_t d = 0; d < t.domains.size(); ++d) {
            json row = masteryJson(t.domains[d]);
            row["subtopics"] = json::array();
            for (const auto& st : t.subtopics[d]) {
                row["subtopics"].push_back(masteryJson(st));
            }
            domains.push_back(row);
        }
        json calibration = json::array();
        for (const auto& c : t.calibration) {
            calibration.push_back({{"tag", c.tag}, {"answers", c.answers}, {"correct", c.correct}});
        }
        m_out << json{{"exam", examId},
                      {"target", t.settings.target},
                      {"answers", t.answers},
                      {"ready", t.ready},
                      {"readiness", t.readiness},
                      {"recent_exam_scores", t.recentExamScores},
                      {"domains", domains},
                      {"calibration", calibration},
                      {"calibration_advice", t.calibrationAdvice}}
                     .dump(2)
              << "\n";
        return kOk;
    }
    m_out << "Tracker for " << examId << " (" << t.answers
          << " answers; Green needs the 80% interval's lower bound "
          << ">= " << fixed(t.settings.target * 100.0, 0) << "%)\n";
    m_out << (t.ready ? "READY TO SCHEDULE\n" : "NOT READY YET\n");
    for (const auto& line : t.readiness) {
        m_out << "  - " << line << "\n";
    }
    m_out << "  " << std::left << std::setw(44) << "domain / subtopic" << std::right << std::setw(5) << "wt"
          << "  " << std::left << std::setw(24) << "mastery [80%] answers" << std::setw(8) << "band"
          << std::setw(8) << "self" << std::right << std::setw(5) << "due"
          << "\n";
    const auto line = [&](const TrackerRow& r, bool sub) {
        m_out << "  " << std::left << std::setw(44) << ((sub ? "  " : "") + r.name).substr(0, 43)
              << std::right << std::setw(4) << (sub ? "" : fixed(r.weight, 0)) << (sub ? " " : "%") << "  "
              << std::left << std::setw(24) << masteryText(r) << std::setw(8) << bandName(r.band)
              << std::setw(8) << (r.selfRating ? bandName(*r.selfRating) : "-") << std::right << std::setw(5)
              << r.dueItems << "\n";
    };
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        line(t.domains[d], false);
        for (const auto& st : t.subtopics[d]) {
            line(st, true);
        }
    }
    const auto disagreement = [&](const TrackerRow& r) {
        if (const auto msg = r.disagreement(); !msg.empty()) {
            m_out << "  " << r.name << ": " << msg << "\n";
        }
    };
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        disagreement(t.domains[d]);
        for (const auto& st : t.subtopics[d]) {
            disagreement(st);
        }
    }
    m_out << "Calibration:";
    for (const auto& c : t.calibration) {
        if (c.answers) {
            m_out << " " << c.tag << " " << c.correct << "/" << c.answers;
        }
    }
    m_out << "\n  " << t.calibrationAdvice << "\n";
    return kOk;
}

int Cli::rate(const Args& argsIn)
{
    Args args = argsIn;
    std::string examId;
    bool missing = false;
    takeOption(args, "--exam", examId, missing);
    if (missing || args.size() != 2) {
        return usage("rate: usage is rate DOMAIN[/SUBTOPIC] red|yellow|green|none [--exam ID]");
    }
    const auto band = parseBand(args[1]);
    if (!band && args[1] != "none") {
        return usage("rate: the rating must be red, yellow, green or none, not \"" + args[1] + "\"");
    }
    const auto slash = args[0].find('/');
    const std::string domain = args[0].substr(0, slash);
    const std::string subtopic = slash == std::string::npos ? "" : args[0].substr(slash + 1);
    Store* s = store();
    if (!s || !resolveExam(examId)) {
        return kInvalid;
    }
    if (auto r = setSelfRating(*s, examId, domain, subtopic, band); !r) {
        m_err << "certdrill-cli: " << r.error().message << "\n";
        return kInvalid;
    }
    m_out << args[0] << ": rated " << (band ? bandName(*band) : "none") << "\n";
    return kOk;
}

int Cli::set(const Args& args)
{
    if (args.size() != 2) {
        return usage("set: usage is set target|readiness-score VALUE");
    }
    // Every argument error is a usage error (exit 2), the range included; only the store's failure is exit 1.
    double value = 0;
    const std::string& text = args[1];
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size()) {
        return usage("set: \"" + text + "\" is not a number");
    }
    if (auto checked = checkTrackerSetting(args[0], value); !checked) {
        return usage("set: " + checked.error().message);
    }
    Store* s = store();
    if (!s) {
        return kInvalid;
    }
    if (auto r = saveTrackerSetting(*s, args[0], value); !r) {
        m_err << "certdrill-cli: " << r.error().message << "\n";
        return kInvalid;
    }
    m_out << args[0] << " = " << args[1] << "\n";
    return kOk;
}

std::optional<std::vector<SessionSummary>> Cli::finishedSessions()
{
    Store* s = store();
    if (!s) {
        return std::nullopt;
    }
    auto sessions = sessionHistory(*s);
    if (!sessions) {
        m_err << "certdrill-cli: " << sessions.error().message << "\n";
        return std::nullopt;
    }
    return std::move(sessions.value());
}

int Cli::history(const Args& argsIn)
{
    Args args = argsIn;
    const bool asJson = takeFlag(args, "--json");
    if (!args.empty()) {
        return usage("history: unexpected argument " + args.front());
    }
    const auto sessions = finishedSessions();
    if (!sessions) {
        return kInvalid;
    }
    if (asJson) {
        json j = json::array();
        for (const auto& h : *sessions) {
            json domains = json::array();
            for (const auto& d : h.domains) {
                domains.push_back({{"id", d.id},
                                   {"correct", d.correct},
                                   {"total", d.total},
                                   {"minutes_per_question", d.minutesPerQuestion()}});
            }
            j.push_back({{"id", h.id},
                         {"exam", h.examId},
                         {"mode", h.mode == SessionMode::Exam ? "exam" : "practice"},
                         {"started_at_ms", h.startedAtMs},
                         {"finished_at_ms", h.finishedAtMs},
                         {"finish_reason", h.finishReason},
                         {"correct", h.correct},
                         {"total", h.total},
                         {"score", h.score},
                         {"pass_percent", h.passPercent},
                         {"passed", h.passed},
                         {"domains", domains}});
        }
        m_out << j.dump(2) << "\n";
        return kOk;
    }
    if (sessions->empty()) {
        m_out << "no finished sessions\n";
        return kOk;
    }
    m_out << std::left << std::setw(6) << "id" << std::setw(10) << "mode" << std::setw(18) << "started (UTC)"
          << std::setw(18) << "finished (UTC)" << std::setw(11) << "reason" << std::right << std::setw(9)
          << "score" << std::setw(7) << "result"
          << "  domains (correct/total)\n";
    for (const auto& h : *sessions) {
        m_out << std::left << std::setw(6) << h.id << std::setw(10)
              << (h.mode == SessionMode::Exam ? "exam" : "practice") << std::setw(18)
              << utcMinute(h.startedAtMs) << std::setw(18) << utcMinute(h.finishedAtMs) << std::setw(11)
              << h.finishReason << std::right << std::setw(9) << pct(h.score) << std::setw(7)
              << (h.passed ? "PASS" : "FAIL") << " ";
        for (const auto& d : h.domains) {
            m_out << " " << d.id << " " << d.correct << "/" << d.total;
        }
        m_out << "\n";
    }
    return kOk;
}

int Cli::results(const Args& argsIn)
{
    Args args = argsIn;
    const bool asCsv = takeFlag(args, "--csv");
    if (args.size() != 1 || !unknownOption(args).empty()) {
        return usage("results: usage is results ID [--csv], with ID from history");
    }
    std::int64_t id = 0;
    if (!parseWholeNumber("ID", args.front(), id).empty()) {
        return usage("results: the session ID must be a number, not \"" + args.front() + "\"");
    }
    // Only a finished mock or practice exam: the answers of one still running stay hidden, as in the app.
    const auto sessions = finishedSessions();
    if (!sessions) {
        return kInvalid;
    }
    const auto found =
        std::find_if(sessions->begin(), sessions->end(), [&](const SessionSummary& h) { return h.id == id; });
    if (found == sessions->end()) {
        m_err << "certdrill-cli: no finished exam with ID " << id << " (see certdrill-cli history)\n";
        return kInvalid;
    }
    auto session = ExamSession::open(*store(), id);
    if (!session) {
        m_err << "certdrill-cli: " << session.error().message << "\n";
        return kInvalid;
    }
    const ExamSession& e = *session.value();
    if (asCsv) {
        m_out << sessionCsv(e.exam(), e.items());
        return kOk;
    }
    m_out << (found->mode == SessionMode::Exam ? "exam" : "practice") << " " << id << ", finished "
          << utcMinute(found->finishedAtMs) << " UTC: " << pct(found->score) << " (" << found->correct << "/"
          << found->total << ") " << (found->passed ? "PASS" : "FAIL") << "\n";
    m_out << std::left << std::setw(5) << "#" << std::setw(12) << "question" << std::setw(30) << "domain"
          << std::setw(12) << "result" << std::setw(7) << "yours" << std::setw(7) << "key" << std::right
          << std::setw(6) << "secs"
          << "\n";
    for (const SessionItem& it : e.items()) {
        const AnswerLetters letters = answerLetters(it);
        m_out << std::left << std::setw(5) << it.position + 1 << std::setw(12) << it.question.id
              << std::setw(30) << it.question.domain << std::setw(12) << resultName(it) << std::setw(7)
              << (letters.chosen.empty() ? "-" : letters.chosen) << std::setw(7) << letters.correct
              << std::right << std::setw(6) << (it.timeMs + 500) / 1000 << "\n";
    }
    return kOk;
}

int Cli::drillPlan(const Args& args)
{
    PlanArgs a;
    if (const auto error = parsePlanArgs(args, "drill-plan", static_cast<std::uint64_t>(m_clock.wallMs()), a);
        !error.empty()) {
        return usage(error);
    }
    const bool asJson = a.json;
    std::string& examId = a.examId;
    PlannerOptions options;
    options.count = a.count.value_or(options.count);
    options.seed = a.seed;
    if (options.count < 1 || options.count > 500) {
        return usage("drill-plan: --count must be between 1 and 500");
    }
    Store* s = store();
    if (!s || !resolveExam(examId)) {
        return kInvalid;
    }
    auto bank = s->candidates(examId);
    if (!bank) {
        m_err << "certdrill-cli: " << bank.error().message << "\n";
        return kInvalid;
    }
    const auto report = loadTracker(examId, &bank.value());
    if (!report) {
        return kInvalid;
    }
    const TrackerReport& t = *report;
    const DrillPlan plan = planDrill(t.planner, options);
    std::map<std::int64_t, std::string> idOf;
    for (const auto& q : bank.value()) {
        idOf[q.rowId] = q.question.id;
    }
    if (asJson) {
        json domains = json::array();
        for (std::size_t d = 0; d < t.domains.size(); ++d) {
            domains.push_back({{"id", t.domains[d].domainId},
                               {"band", bandName(t.domains[d].band)},
                               {"mastery", t.domains[d].mastery.mean},
                               {"ability", d < t.planner.ability.size() ? t.planner.ability[d] : 0.0},
                               {"questions", plan.perDomain[d]},
                               {"eligible", plan.eligible[d]}});
        }
        json questions = json::array();
        for (const auto& q : plan.questions) {
            questions.push_back({{"id", idOf[q.id]},
                                 {"domain", t.domains[static_cast<std::size_t>(q.domain)].domainId},
                                 {"reason", reasonName(q.reason)},
                                 {"solve", q.solve}});
        }
        m_out << json{{"exam", examId},
                      {"seed", options.seed},
                      {"domains", domains},
                      {"questions", questions}}
                     .dump(2)
              << "\n";
        return kOk;
    }
    m_out << "Drill plan for " << examId << ": " << counted(plan.questions.size(), "question") << ", seed "
          << options.seed << "\n";
    for (std::size_t d = 0; d < t.domains.size(); ++d) {
        m_out << "  " << std::left << std::setw(44) << t.domains[d].name << std::setw(8)
              << bandName(t.domains[d].band) << std::setw(24) << masteryText(t.domains[d]) << std::right
              << std::setw(4) << plan.perDomain[d] << "\n";
    }
    for (const auto& q : plan.questions) {
        m_out << "  " << idOf[q.id] << " (" << reasonName(q.reason);
        if (q.solve >= 0) {
            m_out << ", solve " << fixed(q.solve * 100.0, 0) << "%";
        }
        m_out << ")\n";
    }
    return kOk;
}

int Cli::simulate(const Args& argsIn)
{
    Args args = argsIn;
    const bool asJson = takeFlag(args, "--json");
    std::string learnersText, seedText;
    bool missing = false;
    const bool hasLearners = takeOption(args, "--learners", learnersText, missing);
    const bool hasSeed = takeOption(args, "--seed", seedText, missing);
    std::string followText;
    const bool hasFollow = takeOption(args, "--follow-days", followText, missing);
    if (missing) {
        return usage("simulate: an option is missing its value");
    }
    if (!args.empty()) {
        return usage("simulate: unexpected argument " + args.front());
    }
    SimulationConfig config;
    config.learners = 500;
    if (hasLearners) {
        if (const auto error = parseWholeNumber("--learners", learnersText, config.learners);
            !error.empty()) {
            return usage("simulate: " + error);
        }
    }
    if (hasSeed) {
        if (const auto error = parseWholeNumber("--seed", seedText, config.seedOffset); !error.empty()) {
            return usage("simulate: " + error);
        }
    }
    if (hasFollow) {
        if (const auto error = parseWholeNumber("--follow-days", followText, config.followDays);
            !error.empty()) {
            return usage("simulate: " + error);
        }
    }
    // 500 learners take seconds; the bound keeps a typo from running for hours (and seeds from wrapping).
    if (config.learners < 1 || config.learners > kMaxLearners) {
        return usage("simulate: --learners must be between 1 and " + std::to_string(kMaxLearners));
    }
    if (config.followDays < 0 || config.followDays > kMaxFollowDays) {
        return usage("simulate: --follow-days must be between 0 and " + std::to_string(kMaxFollowDays));
    }
    // No database: the simulation is a pure function of its configuration.
    const SimulationResults results = runSimulation(config);
    if (!asJson) {
        m_out << simulationMarkdown(results);
        return kOk;
    }
    // With fewer than 2 learners there is no interval: null, not a zero-width one.
    const auto diff = [](const PairedDifference& d) {
        return json{{"mean", d.mean},
                    {"lower95", d.n < 2 ? json(nullptr) : json(d.lower)},
                    {"upper95", d.n < 2 ? json(nullptr) : json(d.upper)},
                    {"n", d.n}};
    };
    json schedulers = json::array();
    for (const auto& s : results.summaries) {
        const bool vs = s.scheduler != Scheduler::Certdrill;
        // One censoring rule's questions to target: within the budget, or with the follow-up days.
        const auto questions = [&](const TimeToTarget& t, json row) {
            row["mean_questions_to_target"] = t.mean;
            row["median_questions_to_target"] = t.median;
            row["reached_share"] = t.reachedShare;
            if (vs) {
                row["certdrill_minus_this_questions"] = diff(t.vsCertdrill);
            }
            return row;
        };
        json row = questions(s.inBudget,
                             {{"scheduler", schedulerName(s.scheduler)}, {"mean_final_score", s.meanFinal}});
        if (vs) {
            row["certdrill_minus_this_final_score"] = diff(s.finalVsCertdrill);
        }
        row["with_follow_days"] = questions(s.inHorizon, json::object());
        schedulers.push_back(row);
    }
    m_out << json{{"learners", config.learners},
                  {"seed_offset", config.seedOffset},
                  {"days", config.days},
                  {"per_day", config.perDay},
                  {"budget", config.budget()},
                  {"exam_day", config.examDay()},
                  {"items_per_domain", config.itemsPerDomain},
                  {"target", config.target},
                  {"censored_questions", config.budget() + 1},
                  {"follow_days", config.followDays},
                  {"censored_questions_with_follow_days", config.horizon() + 1},
                  {"mean_start_score", results.meanStartScore},
                  {"tag_noise", config.learner.tagNoise},
                  {"schedulers", schedulers},
                  {"tracker_calibration",
                   {{"points", results.calibration.points()},
                    {"coverage80", results.calibration.coverage()},
                    {"mean_error", results.calibration.bias()},
                    {"rmse", results.calibration.rmse()},
                    {"green_precision", results.calibration.greenPrecision()},
                    {"ability_bias", results.calibration.abilityBias()},
                    {"ability_rmse", results.calibration.abilityRmse()}}}}
                 .dump(2)
          << "\n";
    return kOk;
}

} // namespace certdrill::cli
