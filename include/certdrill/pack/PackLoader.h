#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/Model.h"
#include "certdrill/pack/Conversion.h"
#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/JsonReader.h"

namespace certdrill {

/// The format tag every pack declares.
inline constexpr const char* kPackFormat = "certdrill-pack/1";

/// Stop collecting errors for one file after this many; the rest would be noise.
inline constexpr int kMaxErrorsPerFile = 100;

/// An exam already known (from the database or another pack in the same batch), with the pack that defines
/// it.
struct KnownExam
{
    ExamDef exam;
    std::string packId;
};
using ExamCatalog = std::map<std::string, KnownExam>;

/// One pack file after loading: the pack (complete only when there are no errors) and every diagnostic.
struct LoadedPack
{
    Pack pack;
    std::vector<Diagnostic> diagnostics;
    JsonDocument document;
    /// For a Moodle file, where in the source each JSON pointer of the converted pack came from (its
    /// `json` is not kept); empty for a pack file.
    std::optional<Conversion> conversion;

    bool ok() const { return errorCount(diagnostics) == 0; }
    /// Where a JSON pointer of the pack is in the file the user wrote: the pack file's line and column, or
    /// the Moodle source's.
    SourcePos positionOf(const std::string& pointer) const;
    /// The id of the question a JSON pointer is under ("/questions/3/options" -> the id of question 3), or
    /// empty.
    std::string questionIdAt(const std::string& pointer) const;
    /// For a Moodle file, a JSON pointer of the converted pack in Moodle's terms: `question "ID"` and the
    /// part (question text, general feedback, answers, `answer 2`, `answer 2 feedback`, category, name,
    /// tags), `question N` for a question not converted, `--pack-id` or `--pack-version` for the pack (the
    /// options that set them), else empty; empty for a pack file, whose pointers are the author's own.
    std::string placeOf(const std::string& pointer) const;
};

/// Loads and validates a batch of pack files together, so a question may reference an exam defined in
/// another file of the batch or in `known` (the database). Never throws; every problem becomes a
/// located Diagnostic. Checks shape, types, sizes, id patterns and uniqueness, answer rules, and that
/// every exam, domain and subtopic reference resolves.
/// Files named `*.gift` or `*.gift.txt` are Moodle GIFT (GiftReader.h) and `*.xml` Moodle XML
/// (MoodleXmlReader.h), converted with `moodle` and reported at their own line and column; a file of
/// another name (`*.txt`) is read in the format its content shows (packFormatOfText). Only regular files of
/// at most kMaxPackBytes are read (Limits.h).
std::vector<LoadedPack> loadPacks(const std::vector<std::filesystem::path>& files, const ExamCatalog& known,
                                  const ImportOptions& moodle = {});

/// Whether `text` is a pack version the loader accepts ("version" in "pack", ImportOptions::version): one to
/// four dot-separated numbers, such as 1, 1.2 or 1.0.0.
bool isPackVersion(std::string_view text);

/// Loads one pack from text (fileName is used in diagnostics); references are checked against `known`
/// and the pack's own exams.
LoadedPack loadPackText(const std::string& text, const std::string& fileName, const ExamCatalog& known);

/// A number of options a stem tells the candidate to choose.
struct StatedCount
{
    std::string text; ///< as the stem writes it, e.g. "Select THREE"
    int count = 0;    ///< 3
};

/// Every count the stem states, in the stem's order: "select", "choose" or "pick" as a word, then a number
/// word (one to ten) or digits, case-insensitive ("(Select TWO.)", "choose 3 answers", "pick one").
std::vector<StatedCount> stemSelectCounts(const std::string& stem);

/// What is wrong with the count a stem tells the candidate to choose, or nothing: the last count it states
/// (stemSelectCounts; conventionally a closing "(Select TWO.)") is not `select`, or a multi-select stem
/// states none. The one check behind the loader's warning and the lint's StatedCount rule.
std::optional<std::string> statedCountProblem(const std::string& stem, int select);

} // namespace certdrill
