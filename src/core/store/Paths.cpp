#include "certdrill/store/Paths.h"

#include <cstdlib>

namespace certdrill {

std::filesystem::path defaultDataDir()
{
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) {
        return std::filesystem::path(xdg) / "certdrill";
    }
    const char* home = std::getenv("HOME");
    return std::filesystem::path(home && *home ? home : ".") / ".local" / "share" / "certdrill";
}

std::filesystem::path defaultDatabasePath()
{
    return defaultDataDir() / "certdrill.db";
}

} // namespace certdrill
