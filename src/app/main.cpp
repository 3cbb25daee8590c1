// certdrill GUI entry point: the one place where the pieces are wired together (clock, log, store, window).
#include <csignal>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/spdlog.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QMessageBox>

#include "certdrill/Clock.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/store/Paths.h"
#include "certdrill/store/Store.h"

#include "FirstPaintExit.h"
#include "HomePage.h"
#include "ImportFlow.h"
#include "MainWindow.h"

namespace {

/// Where the bundled packs are: an override for packagers and tests; else, for an installed binary, its own
/// prefix's share folder, found from where the binary is, so a moved prefix (DESTDIR, the DEB) works; else,
/// for a binary in its build tree, the source tree it was built from.
std::filesystem::path bundledQuestionsDir()
{
    const auto installed = (std::filesystem::path(QCoreApplication::applicationDirPath().toStdString()) /
                            CERTDRILL_QUESTIONS_DIR_FROM_BINARY)
                               .lexically_normal();
    std::filesystem::path dir = installed;
    std::error_code ec;
    if (const char* fromEnvironment = std::getenv("CERTDRILL_QUESTIONS_DIR");
        fromEnvironment && *fromEnvironment) {
        dir = fromEnvironment;
    } else if (!std::filesystem::is_directory(installed, ec) &&
               std::filesystem::is_directory(CERTDRILL_SOURCE_QUESTIONS_DIR, ec)) {
        dir = CERTDRILL_SOURCE_QUESTIONS_DIR;
    }
    // In the log, so a bug report (and the install test) shows which bank the app read.
    spdlog::info("bundled packs in {}", dir.string());
    return dir;
}

void setUpLogging(const std::filesystem::path& dataDir)
{
    std::error_code ec;
    std::filesystem::create_directories(dataDir, ec);
    try {
        // 1 MiB × 3 files: enough to diagnose a bug report, never a disk hog.
        auto logger =
            spdlog::rotating_logger_mt("certdrill", (dataDir / "certdrill.log").string(), 1 << 20, 3);
        logger->flush_on(spdlog::level::info);
        spdlog::set_default_logger(logger);
        spdlog::set_level(spdlog::level::info);
    } catch (const spdlog::spdlog_ex& e) {
        // A read-only data folder must not stop the app; the log then goes to stderr.
        spdlog::warn("cannot open the log file in {}: {}", dataDir.string(), e.what());
    }
}

} // namespace

int main(int argc, char** argv)
{
    // As in the CLI: over a file-size limit a write fails with EFBIG, which the app reports, instead of
    // SIGXFSZ ending it without a word.
    std::signal(SIGXFSZ, SIG_IGN);
    QCoreApplication::setApplicationName(QStringLiteral("certdrill"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CERTDRILL_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("NCP-GENL exam practice"));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("Database file."),
                                      QStringLiteral("PATH"));
    parser.addOption(dbOption);
    // For the start-up benchmark (tests/bench/ScaleBench.cpp): quit once the window has painted.
    QCommandLineOption firstPaintOption(QStringLiteral("quit-after-first-paint"),
                                        QStringLiteral("Quit once the window has painted (benchmarks)."));
    firstPaintOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(firstPaintOption);

    // QApplication's own options (-platform offscreen, -style Fusion, ...) are taken out of the arguments by
    // QApplication itself; the parser knows them, hidden, only so that reading them before QApplication
    // exists is not an "unknown option" error. Like Qt, it reads -word as one option, not as -w -o -r -d.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const char* name :
         {"platform", "platformpluginpath", "platformtheme", "plugin", "qwindowgeometry", "qwindowicon",
          "qwindowtitle", "session", "style", "stylesheet", "display", "geometry"}) {
        QCommandLineOption qtOption(QString::fromLatin1(name), QString(), QStringLiteral("value"));
        qtOption.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtOption);
    }
    for (const char* name : {"reverse", "widgetcount", "nograb", "dograb", "sync"}) {
        QCommandLineOption qtFlag(QString::fromLatin1(name));
        qtFlag.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(qtFlag);
    }

    // Usage, version and option errors go to the terminal and need no display: they are answered by a
    // QCoreApplication before the GUI's platform plugin is loaded (which aborts without a display).
    QStringList arguments;
    for (int i = 0; i < argc; ++i) {
        arguments << QString::fromLocal8Bit(argv[i]);
    }
    if (!parser.parse(arguments) || parser.isSet(helpOption) || parser.isSet(QStringLiteral("help-all")) ||
        parser.isSet(versionOption)) {
        const QCoreApplication terminal(argc, argv);
        parser.process(terminal); // prints the usage, the version or the error, and exits
        return 1;
    }

    QApplication app(argc, argv);
    QApplication::setDesktopFileName(QStringLiteral("io.github.certdrill"));
    parser.process(app);

    const std::filesystem::path dbPath = parser.isSet(dbOption)
                                             ? std::filesystem::path(parser.value(dbOption).toStdString())
                                             : certdrill::defaultDatabasePath();
    setUpLogging(dbPath.has_parent_path() ? dbPath.parent_path() : certdrill::defaultDataDir());
    spdlog::info("certdrill {} starting, database {}", CERTDRILL_VERSION, dbPath.string());

    const certdrill::SystemClock clock;
    auto store = certdrill::Store::open(dbPath, clock);
    if (!store) {
        spdlog::error("cannot open database: {}", store.error().message);
        QMessageBox::critical(nullptr, QStringLiteral("certdrill"),
                              QStringLiteral("Cannot open the database:\n%1")
                                  .arg(QString::fromStdString(store.error().message)));
        return 1;
    }

    // Every start brings the bundled packs up to date: a first start imports them, an unchanged pack is
    // skipped (its bytes are those already imported, so it is not parsed and validated again), and a newer
    // bundled version updates the bank. A bundled pack the user removed (certdrill-cli packs remove) stays
    // removed. A failure is logged; the app still opens.
    // A failure is also shown on the home screen: without it a broken install looked like an empty bank.
    QString bankProblem;
    const auto bundled = certdrill::packFilesIn(bundledQuestionsDir());
    auto changed = store.value()->changedFiles(bundled);
    if (!changed) {
        spdlog::warn("bundled packs not checked: {}", changed.error().message);
    } else if (!changed.value().empty()) {
        certdrill::ImportPolicy startup;
        startup.restoreRemoved = false;
        const auto outcome = store.value()->importFiles(changed.value(), {}, startup);
        for (const auto& d : outcome.diagnostics) {
            spdlog::warn("{}", d.format());
        }
        if (!outcome.ok()) {
            spdlog::warn("bundled packs not imported: {}", outcome.error);
            bankProblem = certdrill::gui::bundledImportProblem(outcome);
        }
    }
    if (bundled.empty()) {
        spdlog::warn("no bundled packs found in {}", bundledQuestionsDir().string());
    }
    // The final forms are stored at every start, after the bundled import: a first start, a new exam
    // definition or a database from before final exams. Nothing happens when they are stored already.
    if (auto reserved = certdrill::reserveAllFinalForms(*store.value()); !reserved) {
        spdlog::warn("final exams not reserved: {}", reserved.error().message);
    }

    certdrill::gui::MainWindow window(*store.value(), clock);
    if (parser.isSet(firstPaintOption)) {
        new certdrill::gui::FirstPaintExit(&window);
    }
    window.homePage()->setBankProblem(bankProblem);
    window.show();
    window.offerResume();
    return QApplication::exec();
}
