#include "certdrill/pack/PackFormat.h"

#include <fstream>

#include "certdrill/Text.h"
#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/MoodleXmlReader.h"

namespace certdrill {

std::optional<PackFormat> packFormatOfName(const std::string& fileName)
{
    if (isGiftFile(fileName)) {
        return PackFormat::Gift;
    }
    if (isMoodleXmlFile(fileName)) {
        return PackFormat::MoodleXml;
    }
    const std::string name = asciiLower(std::filesystem::path(fileName).filename().string());
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
        return PackFormat::Json;
    }
    return std::nullopt;
}

PackFormat packFormatOfText(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF") {
        text.remove_prefix(3);
    }
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{') {
        return PackFormat::Json;
    }
    if (first != std::string_view::npos && text[first] == '<') {
        return PackFormat::MoodleXml;
    }
    // Also an empty file: as GIFT it is "no multiple-choice or true/false question to import".
    return PackFormat::Gift;
}

PackFormat packFormatOf(const std::filesystem::path& file)
{
    if (const auto byName = packFormatOfName(file.string())) {
        return *byName;
    }
    // Never open a FIFO or a device here: that could block or never end. loadPacks refuses them.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return PackFormat::Json;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        return PackFormat::Json;
    }
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return packFormatOfText(head);
}

} // namespace certdrill
