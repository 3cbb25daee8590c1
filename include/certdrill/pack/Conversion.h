#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "certdrill/Diagnostic.h"

namespace certdrill {

/// What a Moodle file (GIFT or XML) cannot say about itself: which exam and pack its questions belong to.
struct ImportOptions
{
    std::string exam;   ///< exam id; empty: the only exam there is
    std::string packId; ///< empty: "gift-" or "moodle-" and the file name as an id
    /// Raise it to update a pack imported before. Empty: the version already imported for the pack id
    /// (storedVersions), else 1.0.0, so importing an unchanged file again changes nothing.
    std::string version = "1.0.0";
    std::string domain; ///< the domain id of questions whose category names none; empty: an error
    /// How the caller lets the user choose `domain`, for the error that asks for it: certdrill-cli says
    /// "pass --domain ID", the app names its dialog's field. Empty: "give a default domain".
    std::string domainHint;
    /// Pack id → version in the database, for an empty `version`; Store::importFiles fills it from the store.
    std::map<std::string, std::string> storedVersions;
    /// A category map (CategoryMap.h) for the categories and tags that name no domain; empty: none. loadPacks
    /// reads and checks it once for the batch.
    std::filesystem::path map;
};

/// How a file named to validate, lint, import or convert is read.
enum class SourceFormat
{
    Pack,      ///< certdrill's JSON pack format
    Gift,      ///< Moodle GIFT
    MoodleXml, ///< Moodle XML
};

/// The one place that decides how a file is read, from its name: `*.gift` and `*.txt` (Moodle's GIFT export
/// is named `*.txt`, `*.gift.txt` included) are GIFT, `*.xml` Moodle XML, anything else a pack. Every
/// reader asks this function, so detecting the format from the content as well changes only it.
SourceFormat sourceFormat(const std::string& fileName);

/// Whether a file is read as Moodle GIFT or Moodle XML (sourceFormat), so needs ImportOptions.
bool isMoodleFile(const std::string& fileName);

/// The pack id a Moodle file gets when ImportOptions::packId is empty: "gift-" or "moodle-" and the file's
/// name as an id ("Quiz 3.gift" gives "gift-quiz-3"); empty for a file that is not a Moodle file.
std::string defaultPackId(const std::string& fileName);

/// A Moodle file as a certdrill pack: the pack JSON, where in the source file each JSON pointer came from,
/// and the problems only the source can show (syntax, skipped question types, unmapped categories).
struct Conversion
{
    std::string json;
    std::vector<std::pair<std::string, SourcePos>> origins; ///< JSON pointer, source position
    std::vector<Diagnostic> diagnostics;
    /// Questions of a type certdrill does not ask (essay, numerical, matching, …), each warned about at its
    /// line.
    int skipped = 0;
    /// The indices of the category map's rules that placed a question, so a rule nothing matched can be
    /// named.
    std::set<std::size_t> rulesUsed;

    /// The source position of a JSON pointer: that of its longest recorded prefix, else line 1, column 1.
    SourcePos originOf(const std::string& pointer) const;
};

} // namespace certdrill
