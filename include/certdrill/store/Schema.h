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
};

/// The ordered migration steps. Never edit a released step; add a new one.
const std::vector<Migration>& migrations();

/// The schema version this build writes.
int latestSchemaVersion();

/// Brings the database to `target` (default: latest) in one transaction, so a kill mid-migration leaves
/// the previous version intact. Throws DbError, also when the file is newer than this build knows.
void migrate(Database& db, int target = -1);

} // namespace certdrill
