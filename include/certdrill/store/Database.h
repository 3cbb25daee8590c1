#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <spdlog/spdlog.h>

#include "certdrill/Result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace certdrill {

/// Thrown inside the core's SQLite layer only; the Store turns it into a Result at its API.
/// Throwing here lets RAII Transactions roll back on unwind.
class DbError : public std::runtime_error
{
public:
    DbError(const std::string& message, int code)
        : std::runtime_error(message)
        , m_code(code)
    {
    }
    int code() const { return m_code; }

private:
    int m_code;
};

/// How a Database opens its file.
enum class OpenMode
{
    ReadWrite, ///< the study database: created if missing; WAL once useWal() is called
    ReadOnly,  ///< never written, never created; also on read-only media (and a backup about to be restored)
    Copy,      ///< a standalone copy (a backup file): created if missing, never WAL, so it is one file
};

/// An open SQLite connection (RAII: closed in the destructor). Foreign keys on, busy timeout set; WAL once
/// useWal() is called (Store::open does, after it has checked that the file is certdrill's).
class Database
{
public:
    /// Opens the file (":memory:" for tests); ReadWrite and Copy create it when missing. ReadOnly opens with
    /// SQLITE_OPEN_READONLY and query_only, and on read-only media, where SQLite cannot create the WAL index
    /// it needs, falls back to opening the file as immutable. Nothing is written by opening. Throws DbError
    /// naming the path and the cause.
    explicit Database(const std::string& path, OpenMode mode = OpenMode::ReadWrite);
    Database(Database&&) noexcept = default;
    Database& operator=(Database&&) noexcept = default;

    /// Runs one or more statements without parameters (schema, pragmas). Throws DbError.
    void exec(const std::string& sql);
    std::int64_t lastInsertRowId() const;
    int changes() const;
    /// PRAGMA user_version: the schema version.
    int userVersion();
    void setUserVersion(int version);
    /// PRAGMA application_id: which application's file this is (certdrill's: kApplicationId, Schema.h).
    int applicationId();
    /// Switches a ReadWrite database to the WAL journal with synchronous=NORMAL: readers never block the
    /// writer, and a kill mid-write leaves the last commit intact. Writes the file header, so only for a
    /// certdrill database; does nothing in the other modes.
    void useWal();
    bool readOnly() const { return m_mode == OpenMode::ReadOnly; }
    /// Copies every page of this database into `destination` with SQLite's online backup API, in one step:
    /// one read snapshot here (other connections keep writing in WAL mode, and their uncommitted work is not
    /// copied) and one write transaction there (all of it or, on a failure, none). Waits up to about five
    /// seconds for a lock another connection holds. Throws DbError.
    void backupTo(Database& destination);
    sqlite3* handle() const { return m_db.get(); }
    const std::string& path() const { return m_path; }

private:
    struct Closer
    {
        void operator()(sqlite3* db) const;
    };
    void openConnection(const std::string& target, int flags);

    std::unique_ptr<sqlite3, Closer> m_db;
    std::string m_path;
    OpenMode m_mode;
};

/// A prepared statement (RAII: finalized in the destructor). Values are always bound, never spliced into SQL.
class Statement
{
public:
    /// Throws DbError if the SQL does not compile.
    Statement(Database& db, std::string_view sql);

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
    Statement& bindNull(int index);
    /// Binds value, or NULL when empty.
    Statement& bindOptional(int index, const std::optional<std::int64_t>& value);

    /// Advances; true while a row is available. Throws DbError on failure.
    bool step();
    /// Runs a statement that returns no rows.
    void run();
    /// Rewinds for another execution with new bindings.
    void reset();

    std::int64_t getInt(int column) const;
    double getDouble(int column) const;
    std::string getText(int column) const;
    bool isNull(int column) const;

private:
    struct Finalizer
    {
        void operator()(sqlite3_stmt* stmt) const;
    };
    void check(int rc) const;
    Database* m_db;
    std::unique_ptr<sqlite3_stmt, Finalizer> m_stmt;
};

/// A transaction that rolls back in its destructor unless commit() was called.
/// BEGIN IMMEDIATE takes the write lock up front, so two writers never deadlock halfway through.
class Transaction
{
public:
    explicit Transaction(Database& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    /// Throws DbError if the commit fails (the destructor then rolls back).
    void commit();

private:
    Database& m_db;
    bool m_done = false;
};

/// Runs `f` (which returns a Result) and turns a DbError thrown inside it into an Error "WHAT: reason", so
/// the core's public API returns failures instead of throwing them. Transactions inside `f` roll back on
/// unwind.
template <typename F> auto catchDbError(const char* what, F&& f) -> decltype(f())
{
    try {
        return f();
    } catch (const DbError& e) {
        // Logged for the app's log file, at a level the CLI does not print: the caller shows the Error,
        // and a second copy of it on stderr only confuses.
        spdlog::warn("{}: {}", what, e.what());
        return Error{std::string(what) + ": " + e.what()};
    }
}

} // namespace certdrill
