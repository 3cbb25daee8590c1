// certdrill GUI entry point: the one place where the pieces are wired together (clock, log, store, window).
#include <csignal>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/spdlog.h>

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

#include "certdrill/Clock.h"
#include "certdrill/store/Paths.h"
#include "certdrill/store/Store.h"

#include "FirstPaintExit.h"
#include "MainWindow.h"

namespace {

/// Where the bundled packs are: an override for packagers and tests, else the source tree this build came
/// from, else the installed share folder.
std::filesystem::path bundledQuestionsDir()
{
    if (const char* dir = std::getenv("CERTDRILL_QUESTIONS_DIR"); dir && *dir) {
        return dir;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(CERTDRILL_SOURCE_QUESTIONS_DIR, ec)) {
        return CERTDRILL_SOURCE_QUESTIONS_DIR;
    }
    return CERTDRILL_INSTALLED_QUESTIONS_DIR;
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
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("certdrill"));
    QApplication::setApplicationVersion(QStringLiteral(CERTDRILL_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("io.github.certdrill"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("NCP-GENL exam practice"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"), QStringLiteral("Database file."),
                                      QStringLiteral("PATH"));
    parser.addOption(dbOption);
    // For the start-up benchmark (tests/bench/ScaleBench.cpp): quit once the window has painted.
    QCommandLineOption firstPaintOption(QStringLiteral("quit-after-first-paint"),
                                        QStringLiteral("Quit once the window has painted (benchmarks)."));
    firstPaintOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(firstPaintOption);
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
    // bundled version updates the bank. A failure is logged; the app still opens.
    const auto bundled = certdrill::packFilesIn(bundledQuestionsDir());
    auto changed = store.value()->changedFiles(bundled);
    if (!changed) {
        spdlog::warn("bundled packs not checked: {}", changed.error().message);
    } else if (!changed.value().empty()) {
        const auto outcome = store.value()->importFiles(changed.value());
        for (const auto& d : outcome.diagnostics) {
            spdlog::warn("{}", d.format());
        }
        if (!outcome.ok()) {
            spdlog::warn("bundled packs not imported: {}", outcome.error);
        }
    }
    if (bundled.empty()) {
        spdlog::warn("no bundled packs found in {}", bundledQuestionsDir().string());
    }

    certdrill::gui::MainWindow window(*store.value(), clock);
    if (parser.isSet(firstPaintOption)) {
        new certdrill::gui::FirstPaintExit(&window);
    }
    window.show();
    window.offerResume();
    return QApplication::exec();
}
