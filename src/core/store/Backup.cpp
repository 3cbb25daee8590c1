#include "certdrill/store/Backup.h"

#include <ctime>
#include <fcntl.h>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "certdrill/store/Schema.h"

namespace certdrill {

namespace {

namespace fs = std::filesystem;

/// Removes a temporary database file (and any journal SQLite left beside it) when it goes out of scope, unless
/// it was renamed into place: a failed backup or restore leaves nothing behind.
class TemporaryFile
{
public:
    explicit TemporaryFile(fs::path path)
        : m_path(std::move(path))
    {
        remove(); // a leftover of a killed run under the same process id
    }
    ~TemporaryFile() { remove(); }
    TemporaryFile(const TemporaryFile&) = delete;
    TemporaryFile& operator=(const TemporaryFile&) = delete;
    const fs::path& path() const { return m_path; }

private:
    void remove() const
    {
        std::error_code ec;
        fs::remove(m_path, ec);
        for (const char* journal : {"-journal", "-wal", "-shm"}) {
            fs::remove(m_path.string() + journal, ec);
        }
    }
    fs::path m_path;
};

/// `file`'s folder; "." for a bare file name.
fs::path folderOf(const fs::path& file)
{
    return file.has_parent_path() ? file.parent_path() : fs::path(".");
}

/// A temporary name in `file`'s own folder, so the final rename never crosses file systems.
fs::path temporaryBeside(const fs::path& file)
{
    return folderOf(file) / ("." + file.filename().string() + ".tmp-" + std::to_string(getpid()));
}

/// Flushes a file or folder to the disk, so a rename that follows never points at data still in a cache.
void sync(const fs::path& path, bool folder)
{
    const int fd = ::open(path.c_str(), folder ? O_RDONLY | O_DIRECTORY : O_RDONLY);
    if (fd < 0) {
        throw DbError("cannot open " + path.string() + " to sync it", 0);
    }
    const int rc = ::fsync(fd);
    ::close(fd);
    if (rc != 0) {
        throw DbError("cannot sync " + path.string() + " to the disk", 0);
    }
}

/// `stem` + `.bak`, or `stem-2.bak`, `stem-3.bak`, ... when a file already has that name: a copy kept for
/// safety never replaces an earlier one.
fs::path unusedBakPath(const std::string& stem)
{
    fs::path candidate = stem + ".bak";
    std::error_code ec;
    for (int n = 2; fs::exists(candidate, ec); ++n) {
        candidate = stem + "-" + std::to_string(n) + ".bak";
    }
    return candidate;
}

bool sameFile(const fs::path& a, const fs::path& b)
{
    std::error_code ec;
    return fs::equivalent(a, b, ec);
}

std::set<std::string> tableNames(Database& db)
{
    std::set<std::string> names;
    Statement st(db, "SELECT name FROM sqlite_master WHERE type = 'table'");
    while (st.step()) {
        names.insert(st.getText(0));
    }
    return names;
}

int pageSize(Database& db)
{
    Statement st(db, "PRAGMA page_size");
    st.step();
    return static_cast<int>(st.getInt(0));
}

/// Why `file` cannot be restored, or empty when it can; `version` gets its schema version.
std::string problemWith(const fs::path& file, int& version)
{
    const std::string name = file.string();
    try {
        Database candidate(name, OpenMode::ReadOnly);
        // The first read of the file is where SQLite finds out whether it is a database at all.
        std::vector<std::string> problems;
        Statement check(candidate, "PRAGMA integrity_check(5)");
        while (check.step()) {
            problems.push_back(check.getText(0));
        }
        if (problems.size() != 1 || problems.front() != "ok") {
            std::string text;
            for (const auto& p : problems) {
                text += (text.empty() ? "" : "; ") + p;
            }
            return name + " is damaged (SQLite's integrity check: " + text + ")";
        }
        version = candidate.userVersion();
        if (version > latestSchemaVersion()) {
            return name + " has schema version " + std::to_string(version) +
                   ", newer than this certdrill understands (" + std::to_string(latestSchemaVersion()) +
                   "); update certdrill to restore it";
        }
        if (version < 1) {
            return name +
                   " is a SQLite database but not a certdrill one (it has no certdrill schema version)";
        }
        // The tables certdrill has at that version, from the migrations themselves rather than a list that
        // would have to follow every new schema step.
        Database reference(":memory:");
        migrate(reference, version);
        const auto present = tableNames(candidate);
        std::string missing;
        for (const auto& table : tableNames(reference)) {
            if (!present.count(table)) {
                missing += (missing.empty() ? "" : ", ") + table;
            }
        }
        if (!missing.empty()) {
            return name + " is not a certdrill database: schema version " + std::to_string(version) +
                   " but no table " + missing;
        }
        return {};
    } catch (const DbError& e) {
        switch (e.code() & 0xff) {
        case SQLITE_NOTADB:
            return name + " is not a SQLite database";
        case SQLITE_CORRUPT:
            return name + " is damaged (" + e.what() + ")";
        default:
            return "cannot read " + name + ": " + e.what();
        }
    }
}

} // namespace

fs::path datedCopyPath(const fs::path& db, std::int64_t wallMs)
{
    const std::time_t t = static_cast<std::time_t>(wallMs / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char stamp[32];
    // No colons: they are awkward in file names on other systems a backup may be carried to.
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H-%M-%S", &tm);
    return unusedBakPath(db.string() + "." + stamp);
}

fs::path beforeMigrationPath(const fs::path& db, int version)
{
    return unusedBakPath(db.string() + ".before-v" + std::to_string(version));
}

Result<void> backupDatabase(Database& db, const fs::path& file)
{
    const std::string what = "cannot back up " + db.path() + " to " + file.string();
    std::error_code ec;
    if (!fs::is_directory(folderOf(file), ec)) {
        return Error{what + ": folder " + folderOf(file).string() + " does not exist"};
    }
    if (sameFile(file, db.path())) {
        return Error{what + ": that is the database itself"};
    }
    try {
        const TemporaryFile temporary(temporaryBeside(file));
        {
            Database copy(temporary.path().string(), OpenMode::Copy);
            db.backupTo(copy);
            // The copied header still says WAL; a backup is one file that opens without a -wal beside it.
            copy.exec("PRAGMA journal_mode = DELETE");
        }
        sync(temporary.path(), false);
        fs::rename(temporary.path(), file);
        sync(folderOf(file), true);
        return {};
    } catch (const DbError& e) {
        return Error{what + ": " + e.what()};
    } catch (const fs::filesystem_error& e) {
        return Error{what + ": " + e.code().message()};
    }
}

Result<BackupInfo> checkBackup(const fs::path& file)
{
    std::error_code ec;
    if (!fs::exists(file, ec)) {
        return Error{file.string() + " does not exist"};
    }
    if (!fs::is_regular_file(file, ec)) {
        return Error{file.string() + " is not a file"};
    }
    BackupInfo info;
    if (const auto problem = problemWith(file, info.schemaVersion); !problem.empty()) {
        return Error{problem};
    }
    return info;
}

Result<RestoreOutcome> restoreDatabase(Database& db, const fs::path& file, const Clock& clock)
{
    const std::string what = "cannot restore " + db.path() + " from " + file.string();
    if (db.path() == ":memory:") {
        return Error{what + ": the database is not a file"};
    }
    if (sameFile(file, db.path())) {
        return Error{what + ": that is the database itself"};
    }
    auto checked = checkBackup(file);
    if (!checked) {
        return Error{what + ": " + checked.error().message};
    }
    RestoreOutcome outcome{checked.value(), {}};
    try {
        const TemporaryFile staged(temporaryBeside(db.path()));
        Database copy(staged.path().string(), OpenMode::Copy);
        {
            Database backup(file.string(), OpenMode::ReadOnly);
            backup.backupTo(copy);
        }
        copy.exec("PRAGMA journal_mode = DELETE");
        // An older backup is brought to this build's schema here, on the copy, so the database is replaced
        // by a current one in a single step.
        migrate(copy);
        // SQLite copies into a WAL database only between equal page sizes; a backup made elsewhere may
        // differ.
        if (const int size = pageSize(db); pageSize(copy) != size) {
            copy.exec("PRAGMA page_size = " + std::to_string(size));
            copy.exec("VACUUM");
        }
        outcome.replacedCopy = datedCopyPath(db.path(), clock.wallMs());
        if (auto kept = backupDatabase(db, outcome.replacedCopy); !kept) {
            return Error{what + ": " + kept.error().message};
        }
        try {
            copy.backupTo(db);
        } catch (const DbError&) {
            // Nothing was replaced (the copy is one transaction), so the dated copy would only mislead.
            std::error_code ec;
            fs::remove(outcome.replacedCopy, ec);
            throw;
        }
    } catch (const DbError& e) {
        return Error{what + ": " + e.what()};
    }
    spdlog::info("restored {} from {} (schema version {}); the replaced database is kept as {}", db.path(),
                 file.string(), outcome.restored.schemaVersion, outcome.replacedCopy.string());
    return outcome;
}

} // namespace certdrill
