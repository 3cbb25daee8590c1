#pragma once

#include <string>
#include <vector>

#include "certdrill/store/Database.h"

namespace certdrill {

/// One schema step: running `sql` on a database at version - 1 brings it to `version`.
struct Migration
{
    int version;
    const char* description;
    const char* sql;
    /// Work SQL alone cannot do, run after `sql` in the same transaction (none for most steps).
    void (*after)(Database&) = nullptr;
};

/// certdrill's PRAGMA application_id ("CDRL" in the file header), set by migrate(): it tells a certdrill
/// database from another application's SQLite file.
inline constexpr int kApplicationId = 0x4344524C;

/// Checks, reading only, that `db` is a file certdrill may use: empty (a new file), marked with
/// kApplicationId (and not newer than this build), or a certdrill database written before the mark
/// (user_version 1 or more and certdrill's packs, exams and questions tables). Throws DbError otherwise,
/// naming the path and saying that the file was not changed; also for a file that is not SQLite at all.
void checkCertdrillDatabase(Database& db);

/// The error for a file at `path` that is not a certdrill database, `why` saying what it is instead.
DbError notCertdrillError(const std::string& path, const std::string& why);

/// The ordered migration steps. Never edit a released step; add a new one.
const std::vector<Migration>& migrations();

/// The schema version this build writes.
int latestSchemaVersion();

/// Brings the database to `target` (default: latest) in one transaction, so a kill mid-migration leaves
/// the previous version intact, and marks it with kApplicationId in the same transaction. Throws DbError,
/// also when the file is newer than this build knows.
void migrate(Database& db, int target = -1);

} // namespace certdrill
