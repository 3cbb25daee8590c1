#include "certdrill/store/Database.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include <sqlite3.h>

namespace certdrill {

namespace {

/// The cause of a failure on `db`: SQLite's message, with the operating system's reason when there is one
/// ("unable to open database file: Permission denied").
std::string cause(sqlite3* db, int rc, const char* message = nullptr)
{
    std::string text = message ? message : db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    int sys = db ? sqlite3_system_errno(db) : 0;
    // SQLite keeps no system error for some failed writes (a write cut short by a file-size limit is
    // "disk I/O error" alone); the C library's, cleared before the call, then says what happened.
    const int primary = rc & 0xFF;
    if (sys == 0 && (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN)) {
        sys = errno;
    }
    if (sys != 0) {
        text += std::string(": ") + std::strerror(sys);
    }
    return text;
}

[[noreturn]] void throwError(sqlite3* db, int rc, const std::string& context)
{
    throw DbError(context + ": " + cause(db, rc), rc);
}

/// `path` as an SQLite URI ("file:…"), every byte that is not unreserved percent-encoded.
std::string fileUri(const std::string& path)
{
    static const char* hex = "0123456789ABCDEF";
    std::string uri = "file:";
    for (const unsigned char c : path) {
        if (std::isalnum(c) || std::strchr("/-._~", c)) {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 0xF];
        }
    }
    return uri;
}

/// Ends a backup (RAII): releases its locks whether or not every page was copied.
struct BackupFinisher
{
    void operator()(sqlite3_backup* backup) const { sqlite3_backup_finish(backup); }
};

} // namespace

void Database::Closer::operator()(sqlite3* db) const
{
    // sqlite3_close_v2 defers the close until every statement is finalized, so order never matters.
    sqlite3_close_v2(db);
}

void Database::openConnection(const std::string& target, int flags)
{
    sqlite3* raw = nullptr;
    errno = 0;
    // No connection is shared between threads (one Store per thread, Store.h), so SQLite's lock around every
    // call on it only costs time: about 7% of reading 100,000 questions for a plan.
    const int rc = sqlite3_open_v2(target.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    m_db.reset(raw);
    if (rc != SQLITE_OK) {
        throwError(raw, rc, "cannot open database " + m_path);
    }
    sqlite3_extended_result_codes(raw, 1);
    // Another process (GUI and CLI at once) may hold the write lock briefly; wait rather than fail.
    sqlite3_busy_timeout(raw, 5000);
}

Database::Database(const std::string& path, OpenMode mode)
    : m_path(path)
    , m_mode(mode)
{
    if (mode != OpenMode::ReadOnly) {
        openConnection(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    } else {
        openConnection(fileUri(path) + "?mode=ro", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
        try {
            // The first read opens the file; for a WAL database it also needs the WAL index beside it.
            Statement probe(*this, "SELECT count(*) FROM sqlite_master");
            probe.step();
        } catch (const DbError& e) {
            if ((e.code() & 0xFF) != SQLITE_CANTOPEN) {
                throw;
            }
            // On read-only media SQLite cannot create that index. No one can be writing to such a file, so
            // it is read as immutable: without locks or the index.
            openConnection(fileUri(path) + "?mode=ro&immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
        }
        exec("PRAGMA query_only = ON");
    }
    exec("PRAGMA foreign_keys = ON");
}

void Database::useWal()
{
    if (m_path == ":memory:" || m_mode != OpenMode::ReadWrite) {
        return;
    }
    // Switching a new file to WAL needs an exclusive lock, and SQLite answers BUSY at once, without the busy
    // handler, when two programs open the new file together (waiting could deadlock): retry for as long as
    // the busy timeout.
    for (int attempt = 0;; ++attempt) {
        try {
            exec("PRAGMA journal_mode = WAL");
            break;
        } catch (const DbError& e) {
            if ((e.code() & 0xff) != SQLITE_BUSY || attempt >= 100) {
                throw;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    // NORMAL is durable across application crashes in WAL mode; only a power loss may drop the last commit.
    exec("PRAGMA synchronous = NORMAL");
}

int Database::applicationId()
{
    Statement st(*this, "PRAGMA application_id");
    st.step();
    return static_cast<int>(st.getInt(0));
}

void Database::exec(const std::string& sql)
{
    char* message = nullptr;
    errno = 0;
    const int rc = sqlite3_exec(m_db.get(), sql.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        const std::string text = cause(m_db.get(), rc, message);
        sqlite3_free(message);
        throw DbError("database " + m_path + ": \"" + sql.substr(0, 40) + "\" failed: " + text, rc);
    }
}

std::int64_t Database::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db.get());
}

int Database::changes() const
{
    return sqlite3_changes(m_db.get());
}

int Database::userVersion()
{
    Statement st(*this, "PRAGMA user_version");
    st.step();
    return static_cast<int>(st.getInt(0));
}

void Database::setUserVersion(int version)
{
    // PRAGMA takes no bound parameters; the value is an int we produce, never user text.
    exec("PRAGMA user_version = " + std::to_string(version));
}

void Database::backupTo(Database& destination)
{
    sqlite3_backup* raw = sqlite3_backup_init(destination.handle(), "main", m_db.get(), "main");
    if (!raw) {
        throwError(destination.handle(), sqlite3_errcode(destination.handle()),
                   "cannot copy " + m_path + " to " + destination.path());
    }
    const std::unique_ptr<sqlite3_backup, BackupFinisher> backup(raw);
    // -1: every page in one step, so the copy is one snapshot of the source and one transaction in the
    // destination. A writer elsewhere may hold a lock the step needs for a moment; the busy handler covers
    // the destination, this loop the rest.
    int rc = SQLITE_OK;
    for (int attempt = 0; attempt < 50; ++attempt) {
        rc = sqlite3_backup_step(raw, -1);
        if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) {
            break;
        }
        sqlite3_sleep(100);
    }
    if (rc != SQLITE_DONE) {
        throwError(nullptr, rc, "cannot copy " + m_path + " to " + destination.path());
    }
}

void Statement::Finalizer::operator()(sqlite3_stmt* stmt) const
{
    sqlite3_finalize(stmt);
}

Statement::Statement(Database& db, std::string_view sql)
    : m_db(&db)
{
    sqlite3_stmt* raw = nullptr;
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &raw, nullptr);
    m_stmt.reset(raw);
    if (rc != SQLITE_OK) {
        throwError(db.handle(), rc,
                   "database " + db.path() + ": cannot prepare \"" + std::string(sql.substr(0, 60)) + "\"");
    }
}

void Statement::check(int rc) const
{
    if (rc != SQLITE_OK) {
        throwError(m_db->handle(), rc, "database " + m_db->path() + ": cannot bind parameter");
    }
}

Statement& Statement::bind(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(m_stmt.get(), index, value));
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    check(sqlite3_bind_double(m_stmt.get(), index, value));
    return *this;
}

Statement& Statement::bind(int index, std::string_view value)
{
    check(sqlite3_bind_text(m_stmt.get(), index, value.data(), static_cast<int>(value.size()),
                            SQLITE_TRANSIENT));
    return *this;
}

Statement& Statement::bindNull(int index)
{
    check(sqlite3_bind_null(m_stmt.get(), index));
    return *this;
}

Statement& Statement::bindOptional(int index, const std::optional<std::int64_t>& value)
{
    return value ? bind(index, *value) : bindNull(index);
}

bool Statement::step()
{
    errno = 0;
    const int rc = sqlite3_step(m_stmt.get());
    if (rc == SQLITE_ROW) {
        return true;
    }
    if (rc == SQLITE_DONE) {
        return false;
    }
    throwError(m_db->handle(), rc, "database " + m_db->path() + ": statement failed");
}

void Statement::run()
{
    while (step()) {
    }
}

void Statement::reset()
{
    sqlite3_reset(m_stmt.get());
    sqlite3_clear_bindings(m_stmt.get());
}

std::int64_t Statement::getInt(int column) const
{
    return sqlite3_column_int64(m_stmt.get(), column);
}

double Statement::getDouble(int column) const
{
    return sqlite3_column_double(m_stmt.get(), column);
}

std::string Statement::getText(int column) const
{
    const auto* text = sqlite3_column_text(m_stmt.get(), column);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              static_cast<size_t>(sqlite3_column_bytes(m_stmt.get(), column)))
                : std::string();
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt.get(), column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db)
    : m_db(db)
{
    m_db.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    if (!m_done) {
        // A destructor must not throw; a failed rollback leaves SQLite to roll back on close.
        sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }
}

void Transaction::commit()
{
    m_db.exec("COMMIT");
    m_done = true;
}

} // namespace certdrill
