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
    Store,    ///< the study database: created if missing, WAL journal, synchronous NORMAL
    ReadOnly, ///< a file to inspect (a backup about to be restored): never created, never written
    Copy,     ///< a standalone copy (a backup file): created if missing, rollback journal, so it is one file
};

/// An open SQLite connection (RAII: closed in the destructor). Foreign keys on, busy timeout set, and in
/// OpenMode::Store the WAL journal.
class Database
{
public:
    /// Opens or creates the file (":memory:" for tests). Throws DbError.
    explicit Database(const std::string& path, OpenMode mode = OpenMode::Store);
    Database(Database&&) noexcept = default;
    Database& operator=(Database&&) noexcept = default;

    /// Runs one or more statements without parameters (schema, pragmas). Throws DbError.
    void exec(const std::string& sql);
    std::int64_t lastInsertRowId() const;
    int changes() const;
    /// PRAGMA user_version: the schema version.
    int userVersion();
    void setUserVersion(int version);
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
    std::unique_ptr<sqlite3, Closer> m_db;
    std::string m_path;
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
        spdlog::error("{}: {}", what, e.what());
        return Error{std::string(what) + ": " + e.what()};
    }
}

} // namespace certdrill
