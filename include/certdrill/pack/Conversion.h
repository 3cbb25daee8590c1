#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/pack/PackFormat.h"

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
    /// How the caller lets the user name a category map, for the errors that suggest one: certdrill-cli says
    /// "--map MAP.json", the app names its dialog's field. Empty: "a category map (--map)".
    std::string mapHint;
    /// How the caller lets the user set `version`, for the refusal of a changed file imported at the same
    /// version ("raise the pack version from 1.0.0 to a higher one such as 1.0.1 (HINT)"): certdrill-cli
    /// says "--pack-version", the app names its dialog's field. Empty: no hint.
    std::string versionHint;
    /// Pack id → version in the database, for an empty `version`; Store::importFiles fills it from the store.
    std::map<std::string, std::string> storedVersions;
    /// A category map (CategoryMap.h) for the categories and tags that name no domain; empty: none. loadPacks
    /// reads and checks it once for the batch.
    std::filesystem::path map;
};

/// The pack id a Moodle file gets when ImportOptions::packId is empty: "gift-" or "moodle-" (by `format`)
/// and the file's name as an id ("Quiz 3.gift" and "Quiz 3.txt" give "gift-quiz-3"); empty for JSON.
std::string defaultPackId(const std::string& fileName, PackFormat format);

/// A Moodle file as a certdrill pack: the pack JSON, where in the source file each JSON pointer came from,
/// and the problems only the source can show (syntax, skipped question types, unmapped categories).
struct Conversion
{
    std::string json;
    /// JSON pointer → source position; a pointer recorded twice keeps the later position.
    std::unordered_map<std::string, SourcePos> origins;
    std::vector<Diagnostic> diagnostics;
    /// Questions of a type certdrill does not ask (essay, numerical, matching, …), each warned about at its
    /// line.
    int skipped = 0;
    /// The indices of the category map's rules that placed a question, so a rule nothing matched can be
    /// named.
    std::set<std::size_t> rulesUsed;
    /// Where each question with an id starts in the source (line, column) and that id, converted or not: a
    /// problem reported there (no blueprint domain, images dropped) is about that question, though a
    /// question the conversion refused has no JSON pointer to name it by.
    std::map<std::pair<int, int>, std::string> questionsAt;
    /// ImportOptions::versionHint of the conversion: how the user raises this file's pack version, which the
    /// file itself cannot say.
    std::string versionHint;

    /// The source position of a JSON pointer: that of its longest recorded prefix, else line 1, column 1.
    /// Looks up each prefix of the pointer, so its cost does not grow with the number of questions.
    SourcePos originOf(const std::string& pointer) const;
};

} // namespace certdrill
