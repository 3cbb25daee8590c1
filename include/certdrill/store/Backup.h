#pragma once

#include <cstdint>
#include <filesystem>

#include "certdrill/Clock.h"
#include "certdrill/Result.h"
#include "certdrill/store/Database.h"

namespace certdrill {

// Progress is never lost: a backup is a consistent copy of the study database, a restore checks a backup
// before it replaces anything and keeps what it replaces, and Store::open keeps a copy before it migrates.

/// What a backup file holds, as checkBackup found it.
struct BackupInfo
{
    int schemaVersion = 0; ///< its PRAGMA user_version; an older one is migrated when it is restored
};

/// What a restore did.
struct RestoreOutcome
{
    BackupInfo restored;                ///< the backup, as checked before anything was replaced
    std::filesystem::path replacedCopy; ///< where the database as it was before the restore is kept
};

/// Writes a consistent copy of the open database `db` to `file` with SQLite's online backup API: one read
/// snapshot, so another connection may keep writing (WAL) and none of its uncommitted work is copied. The
/// copy is written to a temporary file in `file`'s folder, synced and renamed over `file`, so `file` is never
/// half written; it uses a rollback journal, so it is one self-contained file. Replaces an existing `file`
/// (the CLI and the GUI ask first); refuses to write over the database itself.
Result<void> backupDatabase(Database& db, const std::filesystem::path& file);

/// Checks that `file` can be restored, without writing it: it opens as SQLite, `PRAGMA integrity_check`
/// is ok, its schema version is one this build knows (older is fine: it is migrated on restore) and it holds
/// every table certdrill has at that version. The error names the file and what is wrong with it.
Result<BackupInfo> checkBackup(const std::filesystem::path& file);

/// Replaces the content of the open database file `db` with the backup `file`: checks `file`
/// (checkBackup), copies it to a temporary file beside `db` and migrates that to this build's schema, keeps
/// `db` as it was in a dated copy beside it (datedCopyPath at `clock`'s wall time), then writes the copy into
/// `db` with the backup API in one transaction. The database is replaced in place, not renamed over: every
/// connection to it (the app while the CLI restores) then reads the restored data, where a rename would leave
/// them writing to the unlinked old file. A failed restore changes nothing and leaves no dated copy.
Result<RestoreOutcome> restoreDatabase(Database& db, const std::filesystem::path& file, const Clock& clock);

/// Where a restore keeps the database it replaces: `<db>.<YYYY-MM-DDTHH-MM-SS>.bak` beside it, at `wallMs` in
/// UTC (e.g. certdrill.db.2026-12-04T23-40-00.bak); with -2, -3, ... before .bak when that name is taken.
std::filesystem::path datedCopyPath(const std::filesystem::path& db, std::int64_t wallMs);

/// Where Store::open keeps the database before migrating it to schema `version`:
/// `<db>.before-v<version>.bak`, with -2, -3, ... before .bak when that name is taken.
std::filesystem::path beforeMigrationPath(const std::filesystem::path& db, int version);

} // namespace certdrill
