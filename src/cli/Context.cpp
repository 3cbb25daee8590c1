#include "Context.h"

#include <ostream>

#include <spdlog/spdlog.h>

#include "certdrill/store/Annotations.h"
#include "certdrill/store/Paths.h"

namespace certdrill::cli {

Context::Context(std::ostream& out, std::ostream& err, const Clock& clock)
    : m_out(out)
    , m_err(err)
    , m_clock(clock)
    , m_dbPath(defaultDatabasePath())
{
}

int Context::usage(const std::string& message)
{
    m_err << "certdrill-cli: " << message << "\nTry 'certdrill-cli --help'.\n";
    return kUsage;
}

Store* Context::store(OpenMode mode)
{
    if (m_store && mode == OpenMode::ReadWrite && m_storeMode == OpenMode::ReadOnly) {
        m_store.reset(); // opened to read; reopened to write
    }
    if (!m_store) {
        auto opened = Store::open(m_dbPath, m_clock, mode);
        m_storeMode = mode;
        if (!opened) {
            m_err << "certdrill-cli: " << opened.error().message << "\n";
            return nullptr;
        }
        m_store = std::move(opened.value());
        spdlog::debug("database {}", m_dbPath.string());
    }
    return m_store.get();
}

bool Context::resolveExam(std::string& examId)
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

std::optional<ExamCatalog> Context::storedExams()
{
    std::error_code ec;
    if (!std::filesystem::exists(m_dbPath, ec)) {
        return ExamCatalog{};
    }
    Store* s = store(OpenMode::ReadOnly);
    if (!s) {
        return std::nullopt;
    }
    auto catalog = s->examCatalog();
    if (!catalog) {
        m_err << "certdrill-cli: " << catalog.error().message << "\n";
        return std::nullopt;
    }
    return std::move(catalog.value());
}

int Context::printDiagnostics(const std::vector<Diagnostic>& diagnostics)
{
    for (const auto& d : diagnostics) {
        m_err << d.format() << "\n";
    }
    return errorCount(diagnostics);
}

std::optional<TrackerReport> Context::loadTracker(std::string& examId)
{
    if (!resolveExam(examId)) {
        return std::nullopt;
    }
    auto settings = loadTrackerSettings(*m_store);
    return reported(settings ? buildTracker(*m_store, examId, settings.value())
                             : Result<TrackerReport>(settings.error()));
}

std::optional<TrackerReport> Context::loadTracker(const ExamDef& exam, const PlanningBank& bank)
{
    auto settings = loadTrackerSettings(*m_store);
    return reported(settings ? buildTracker(*m_store, exam, settings.value(), bank)
                             : Result<TrackerReport>(settings.error()));
}

std::optional<TrackerReport> Context::reported(Result<TrackerReport> report)
{
    if (!report) {
        m_err << "certdrill-cli: " << report.error().message << "\n";
        return std::nullopt;
    }
    return std::move(report.value());
}

std::optional<std::vector<SessionSummary>> Context::finishedSessions()
{
    std::error_code ec;
    if (!std::filesystem::exists(m_dbPath, ec)) {
        return std::vector<SessionSummary>{}; // no database yet, so no exams; reading never creates one
    }
    Store* s = store(OpenMode::ReadOnly);
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

std::optional<std::int64_t> Context::questionRow(const std::string& id)
{
    Store* s = store();
    if (!s) {
        return std::nullopt;
    }
    const auto row = findQuestionRow(*s, id);
    if (!row) {
        m_err << "certdrill-cli: " << row.error().message << "\n";
        return std::nullopt;
    }
    return row.value();
}

} // namespace certdrill::cli
