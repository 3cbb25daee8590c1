#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace certdrill {

/// The formats a pack file may be written in (docs/pack-format.md).
enum class PackFormat
{
    Json,      ///< certdrill's own pack format
    Gift,      ///< Moodle GIFT (GiftReader.h)
    MoodleXml, ///< Moodle XML (MoodleXmlReader.h)
};

/// The format a file's name decides: `*.json` JSON, `*.gift` and `*.gift.txt` GIFT, `*.xml` Moodle XML
/// (any case); nothing for another name, such as the `*.txt` Moodle exports GIFT as.
std::optional<PackFormat> packFormatOfName(const std::string& fileName);

/// The format of a text whose name does not decide: after a UTF-8 byte-order mark and white space, '{'
/// starts JSON and '<' XML; anything else is GIFT, whose questions, comments and categories start with
/// neither.
PackFormat packFormatOfText(std::string_view text);

/// The format of a file: by its name, else by its first bytes (at most 4 KiB, read only from a regular
/// file). A file that cannot be read counts as JSON; loading it then says why it cannot be read.
PackFormat packFormatOf(const std::filesystem::path& file);

/// Whether a format is one of Moodle's, whose files cannot name their exam and pack (ImportOptions).
inline bool isMoodleFormat(PackFormat format)
{
    return format != PackFormat::Json;
}

} // namespace certdrill
