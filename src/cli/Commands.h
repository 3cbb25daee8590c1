#pragma once

#include <string>
#include <vector>

namespace certdrill::cli {

class Context;

/// A command's arguments: what follows its name on the command line.
using Args = std::vector<std::string>;

// One function per command, each in its own file (<Name>Command.cpp). Each parses its own arguments
// (Arguments.h), works through the Context and returns an exit code (ExitCode in Context.h).

/// `validate [--coverage] [MOODLE OPTIONS] PACK...`: checks pack files, and with --coverage measures the bank
/// against the minimums its exam definition declares.
int validateCommand(Context& ctx, Args args);
/// `lint [--strict] [--json] [MOODLE OPTIONS] PACK...`: item-quality analysis: per-question flaws, and what a
/// candidate who reads only surfaces would score against chance.
int lintCommand(Context& ctx, Args args);
/// `import [--dry-run] [MOODLE OPTIONS] PACK...`: validates and imports packs atomically.
int importCommand(Context& ctx, Args args);
/// `convert INPUT [MOODLE OPTIONS] -o PACK.json`: a Moodle GIFT or XML file as a pack file, for review and
/// git.
int convertCommand(Context& ctx, Args args);
/// `export [--pack ID] -o FILE.json|DIR`: stored packs as pack files that validate and import to the same
/// content hashes.
int exportCommand(Context& ctx, Args args);
/// `packs remove ID`: takes a pack out of the bank, keeping its questions' history.
int packsCommand(Context& ctx, Args args);
/// `list exams|packs|domains [--exam ID] [--json]`: what the database holds.
int listCommand(Context& ctx, Args args);
/// `mock-plan [--exam ID] [--count N] [--seed S] [--json]`: a mock-exam form without starting it.
int mockPlanCommand(Context& ctx, Args args);
/// `tracker [--exam ID] [--json|--csv|--pdf FILE]`: the Red/Yellow/Green sheet.
int trackerCommand(Context& ctx, Args args);
/// `rate DOMAIN[/OBJECTIVE] red|yellow|green|none [--exam ID]`: the candidate's own rating of a row.
int rateCommand(Context& ctx, Args args);
/// `set target|readiness-score VALUE`: the tracker's settings.
int setCommand(Context& ctx, Args args);
/// `backup FILE [--force]`: a consistent copy of the database, also while the app has it open.
int backupCommand(Context& ctx, Args args);
/// `restore FILE`: replaces the database with a checked backup, keeping the replaced one as a dated copy.
int restoreCommand(Context& ctx, Args args);
/// `drill-plan [--exam ID] [--count N] [--seed S] [--json]`: the next drill, without starting it.
int drillPlanCommand(Context& ctx, Args args);
/// `plan [--exam ID] [--json] [--exam-date D|none] [--hours-per-week N] [--failed-attempt D]`: the readiness
/// verdict, the next step and the plan to the exam date; the options set the date, the budget, an attempt.
int planCommand(Context& ctx, Args args);
/// `history [--json]`: finished mock and practice exams, newest first.
int historyCommand(Context& ctx, Args args);
/// `results ID [--csv [--anonymous]|--pdf FILE]`: one finished session, question by question, or its
/// printable report.
int resultsCommand(Context& ctx, Args args);
/// `item-stats [--json] FILE.csv...`: per question facility, discrimination and option use over a class's
/// results files.
int itemStatsCommand(Context& ctx, Args args);
/// `errata [--pack ID] [--csv]`: the problems the candidate reported on questions, for the packs' authors.
int errataCommand(Context& ctx, Args args);
/// `search [TEXT...] [--domain ID] [--status S] ... [--json]`: the question browser's search (searchQuestions).
int searchCommand(Context& ctx, Args args);
/// `note ID [TEXT]`: prints, sets or (with an empty TEXT) removes a question's personal note.
int noteCommand(Context& ctx, Args args);
/// `bookmark ID [--remove]`: bookmarks a question, or removes its bookmark.
int bookmarkCommand(Context& ctx, Args args);
/// `simulate [--learners N] [--seed S] [--follow-days D] [--json]`: the learner-simulation benchmark.
int simulateCommand(Context& ctx, Args args);

/// A command: its name on the command line and the function that runs it.
struct Command
{
    const char* name;
    int (*run)(Context& ctx, Args args);
};

/// Every command, in the order `--help` lists them.
const std::vector<Command>& commands();

} // namespace certdrill::cli
