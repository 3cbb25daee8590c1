#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

/// A fresh temporary folder, removed with everything in it when the object goes.
class TempDir
{
public:
    TempDir()
    {
        std::random_device rd;
        m_path = std::filesystem::temp_directory_path() /
                 ("certdrill-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(m_path);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

inline std::string readFile(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void writeFile(const std::filesystem::path& p, const std::string& text)
{
    std::ofstream out(p, std::ios::binary);
    out << text;
}

inline std::filesystem::path dataFile(const std::string& name)
{
    return std::filesystem::path(CERTDRILL_TEST_DATA_DIR) / name;
}

/// The third-party test data folder `sub` of ../shared/realdata, or an empty path, with a warning, when it is
/// absent: it is not part of the repository, so a clone without it skips those tests.
inline std::filesystem::path realdata(const std::filesystem::path& sub)
{
    const std::filesystem::path dir = std::filesystem::path(CERTDRILL_REALDATA_DIR) / sub;
    if (!std::filesystem::is_directory(dir)) {
        WARN("skipped: " << dir.string() << " is absent (third-party test data outside the repository)");
        return {};
    }
    return dir;
}
