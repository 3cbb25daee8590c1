#pragma once

#include <filesystem>

namespace certdrill {

/// The data folder: $XDG_DATA_HOME/certdrill, else ~/.local/share/certdrill. GUI and CLI share it.
std::filesystem::path defaultDataDir();

/// The default database file inside defaultDataDir().
std::filesystem::path defaultDatabasePath();

} // namespace certdrill
