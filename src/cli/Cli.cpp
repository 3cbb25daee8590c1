#include "Cli.h"

#include <ostream>

#include <spdlog/spdlog.h>

#include "Commands.h"

namespace certdrill::cli {

const std::vector<Command>& commands()
{
    // One row per command, in the order of --help: its name and the function (in <Name>Command.cpp).
    static const std::vector<Command> all = {
        {"validate", validateCommand},
        {"lint", lintCommand},
        {"import", importCommand},
        {"convert", convertCommand},
        {"export", exportCommand},
        {"packs", packsCommand},
        {"list", listCommand},
        {"mock-plan", mockPlanCommand},
        {"tracker", trackerCommand},
        {"rate", rateCommand},
        {"set", setCommand},
        {"plan", planCommand},
        {"backup", backupCommand},
        {"restore", restoreCommand},
        {"drill-plan", drillPlanCommand},
        {"simulate", simulateCommand},
        {"history", historyCommand},
        {"results", resultsCommand},
        {"compare", compareCommand},
        {"search", searchCommand},
        {"note", noteCommand},
        {"bookmark", bookmarkCommand},
        {"item-stats", itemStatsCommand},
        {"errata", errataCommand},
    };
    return all;
}

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
  lint [--strict] [--json] [MOODLE OPTIONS] PACK...
                                  item-quality analysis: each question's flaws (the key is the
                                  longest option, absolute words only in distractors, "all of
                                  the above", ...) as warnings, and per pack what always
                                  picking the longest, shortest, absolute-free or stem-echoing
                                  option would score against chance; --strict exits 1 when a
                                  strategy or cue beats chance by more than 5 points or a
                                  structural flaw occurs (docs/question-writing.md)
  import [--dry-run] [MOODLE OPTIONS] PACK...
                                  validate and import packs atomically (all or nothing);
                                  --dry-run shows what it would add, update, restore and
                                  retire per pack, and writes nothing
                                  A PACK named *.json is a certdrill pack, *.gift or *.gift.txt
                                  Moodle GIFT, *.xml Moodle XML; any other name (Moodle
                                  exports GIFT as *.txt) is read by its content: '{' starts
                                  JSON, '<' XML, anything else is GIFT. Moodle categories
                                  name the blueprint domain. A PACK is a regular file of at
                                  most 64 MiB with at most 20000 questions.
                                  MOODLE OPTIONS: --exam ID (default: the only exam),
                                  --pack-id ID (default: gift-FILENAME or moodle-FILENAME),
                                  --pack-version V (default: the version already
                                  imported for the pack id, else 1.0.0),
                                  --domain ID (for questions whose category names none),
                                  --map MAP.json (Moodle categories and tags -> domain
                                  and objective, with a default: docs/pack-format.md)
  convert INPUT.gift|.txt|.xml [MOODLE OPTIONS] -o PACK.json|-
                                  write a Moodle file (GIFT or XML, told apart as import
                                  does) as a pack file (ids, options, whys and
                                  explanations kept; importing it gives the same questions as
                                  importing INPUT); skipped question types are warned about
                                  at their line; --pack-version defaults to 1.0.0
  export [--pack ID] -o FILE.json|DIR|-
                                  write stored packs as pack files (one pack to a file, all
                                  of them to a folder, PACK-ID.json each) that validate and
                                  import to the same questions
                                  -o - (convert, export --pack) writes the pack to standard
                                  output; a symbolic link is written through to its file;
                                  a device, FIFO or folder is refused
  packs remove ID                 take a pack out of the bank: its questions are retired,
                                  their answers and history kept; importing it again brings
                                  them back; refused for an exam's pack while questions of
                                  other packs are in that exam
  list exams|packs|domains [--exam ID] [--json]
                                  show what the database holds
  mock-plan [--exam ID] [--count N] [--seed S] [--json]
                                  assemble a mock-exam form without starting it: per-domain
                                  counts, multi-select count, question ids, and every domain
                                  the bank cannot fill (exit 1 if any); N within the exam's
                                  question count range (default: the exam's default)
  tracker [--exam ID] [--json|--csv|--pdf FILE]
                                  the Red/Yellow/Green sheet from your answers: mastery with
                                  its 80% interval per domain and objective, bands, self-ratings,
                                  due questions, the readiness verdict and calibration; --pdf
                                  writes it as a printable PDF (A4) to FILE
  rate DOMAIN[/OBJECTIVE] red|yellow|green|none [--exam ID]
                                  set (or clear) your own rating of a row
  set target|readiness-score VALUE
                                  Green needs the lower bound >= target (0.50-0.99, default 0.80);
                                  readiness needs the last 3 mocks >= readiness-score (0.80-0.85)
  plan [--exam ID] [--json] [--exam-date D|none] [--hours-per-week N] [--failed-attempt D]
                                  where you stand and what to do next, as the app's home screen
                                  shows it: the readiness verdict, the one recommended step and
                                  why, questions due, the last exam scores, and the plan to your
                                  exam date (days left, questions a day, hours studied against
                                  your weekly budget and the guide's 120-160 h, when readiness
                                  was last met, the 14-day retake wait and attempts left of 5 in
                                  12 months); the options set the exam date D (YYYY-MM-DD; none
                                  clears it) and the weekly hours (0-100), and record a failed
                                  real attempt on day D
  backup FILE [--force]           write a consistent copy of the database to FILE (also while
                                  the app is open); an existing FILE only with --force
  restore FILE                    replace the database with the backup FILE after checking it
                                  (SQLite integrity, a certdrill schema not newer than this
                                  build's; an older one is migrated); the replaced database is
                                  kept beside it as DB.YYYY-MM-DDTHH-MM-SS.bak (UTC)
  drill-plan [--exam ID] [--count N] [--seed S] [--json]
                                  plan the next drill (N 1-500, default 20) without starting it
  simulate [--learners N] [--seed S] [--follow-days D] [--json]
                                  run the learner-simulation benchmark (docs/benchmarks.md) on
                                  N synthetic learners (1-100000, default 500), seeds S+1..S+N
                                  (S default 0); questions to 80% within the 750-question budget,
                                  and with up to D more study days for those short of it
                                  (0-3650, default 90)
  history [--json]                finished mock and practice exams, newest first: mode,
                                  dates (UTC), how it ended (submitted, timeout, abandoned),
                                  score, pass/fail, time used ("4 min 14 s"), unanswered
                                  questions and per-domain results
  results ID [--csv [--anonymous]|--pdf FILE]
                                  every question of finished session ID (from history): its
                                  id, domain, your answer, the key, result and seconds spent,
                                  under the time used and the unanswered count; --pdf writes
                                  the report the app's Save PDF writes to FILE (A4): verdict,
                                  score, time, per-domain table and chart, pacing, and every
                                  wrong or flagged question with its options, your answer, the
                                  key and the explanations (no display needed); --csv gives
                                  every column, with per row an attempt label ("session ID
                                  START UTC"), the pack id and version, the content hash and
                                  the answer in the pack's letters, for item-stats;
                                  --anonymous replaces the label, the one field that tells who
                                  sat when (certdrill stores no name), with a stable hash
  compare ID1 ID2 [--json]        two finished exams (from history), the earlier as before:
                                  per shared question fixed, slipped, still missed or right
                                  both times; per domain and objective the score before,
                                  after and the change in points
  item-stats [--json] FILE.csv...
                                  per question over a class's results --csv files: facility
                                  (share right), discrimination index (correlation with the
                                  rest score), discriminative efficiency and the upper-lower
                                  27% index as Moodle's quiz statistics define them, how often
                                  each option was chosen, flags for negative discrimination
                                  and distractors nobody chose, and the responses behind each
                                  figure, marked when fewer than 30 (docs/item-analysis.md)
  errata [--pack ID] [--csv]      the problems reported on questions (Report a problem… in
                                  the app), oldest first: date (UTC), pack and question id,
                                  the pack version seen, kind (wrong-key, unclear, outdated,
                                  typo, other), the answer given then in the pack's letters,
                                  whether the question is excluded from scores, and the note
  search [TEXT...] [FILTERS] [--status S] [--limit N] [--offset N] [--json]
                                  the question browser's search: questions whose stem,
                                  options, explanations or your note contain every word of
                                  TEXT (a word also matches the start of a longer one;
                                  "a quoted phrase" as written; no TEXT lists all), best
                                  matches first, printed as PACK/ID. FILTERS: --exam ID,
                                  --domain ID, --objective ID, --difficulty N (1-5),
                                  --pack ID, --multi or --single; a filter given twice
                                  allows either value. S is unseen, right, missed (latest
                                  answer wrong), missed-twice, flagged, bookmarked, noted or
                                  reported (a problem reported); every --status given must
                                  hold
  note ID [TEXT]                  print the personal note of question ID (PACK/ID, or the id
                                  alone when one pack has it); with TEXT store it (an empty
                                  TEXT removes it)
  bookmark ID [--remove]          bookmark question ID, or remove its bookmark

Exit codes: 0 ok, 1 invalid input or failed check, 2 usage error.
)";
}

Cli::Cli(std::ostream& out, std::ostream& err, const Clock& clock)
    : m_context(out, err, clock)
{
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
            m_context.out() << helpText();
            return kOk;
        }
        if (a == "--version") {
            m_context.out() << "certdrill-cli " << CERTDRILL_VERSION << "\n";
            return kOk;
        }
        if (a == "--verbose") {
            spdlog::set_level(spdlog::level::debug);
        } else if (a == "--db") {
            // An empty path would make SQLite open a private temporary database and report success.
            if (i + 1 >= argsIn.size() || argsIn[i + 1].empty()) {
                return m_context.usage("--db needs a path");
            }
            m_context.setDbPath(argsIn[++i]);
        } else {
            return m_context.usage("unknown option " + a);
        }
    }
    if (i >= argsIn.size()) {
        return m_context.usage("no command given");
    }
    const std::string command = argsIn[i];
    const Args rest(argsIn.begin() + static_cast<std::ptrdiff_t>(i) + 1, argsIn.end());
    for (const Command& c : commands()) {
        if (command == c.name) {
            return c.run(m_context, rest);
        }
    }
    if (command == "help") {
        m_context.out() << helpText();
        return kOk;
    }
    return m_context.usage("unknown command \"" + command + "\"");
}

} // namespace certdrill::cli
