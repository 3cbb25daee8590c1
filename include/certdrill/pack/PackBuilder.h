#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "certdrill/Model.h"
#include "certdrill/pack/CategoryMap.h"
#include "certdrill/pack/Conversion.h"

namespace certdrill {

/// One choice question read from a Moodle file, with where each part stands in it.
struct ForeignQuestion
{
    struct Answer
    {
        std::string text;
        double credit = 0; ///< Moodle's fraction: 1 full credit, 0.5 half, negative a penalty
        std::string why;
        SourcePos pos;
        SourcePos whyPos;
    };

    std::string name; ///< may be empty
    SourcePos at;     ///< the question's start
    SourcePos namePos;
    SourcePos stemPos;
    SourcePos answersPos;
    SourcePos explanationPos;
    std::string stem;
    std::string explanation;
    std::vector<std::string> tags; ///< Moodle's tags (a category map may place the question by them)
    /// Moodle's "single": one right answer (full credit only) or, when false, every positive credit right.
    bool single = true;
    bool shuffle = true;
    std::vector<Answer> answers;
    int images = 0; ///< images dropped from its HTML (htmlToText); add() warns about them
};

/// Turns the choice questions of a Moodle file (GiftReader, MoodleXmlReader) into a certdrill pack: finds
/// the exam, places each question in the blueprint from its category, gives it a unique id, and records
/// where every JSON pointer came from, so the pack rules can report at the source's line and column.
class PackBuilder
{
public:
    /// `kind` names the format in messages and in the default pack id ("gift", "moodle"). `map`, when given,
    /// places questions whose category names no domain (checked against the exam by loadPacks beforehand).
    PackBuilder(std::string fileName, std::string kind, const std::vector<ExamDef>& exams,
                const ImportOptions& options, Conversion& out, const CategoryMap* map = nullptr);

    /// The Moodle category of the questions that follow, e.g. "$course$/ncp-genl/fine-tuning/dpo-steerlm".
    void setCategory(const std::string& path) { m_category = path; }
    /// Adds a question, or reports why it cannot be (no right answer, no blueprint domain, one question
    /// over kMaxQuestionsPerPack).
    void add(const ForeignQuestion& q);
    /// True once a question over kMaxQuestionsPerPack was offered: the reader stops there, since the file
    /// is refused whatever follows.
    bool overLimit() const { return m_overLimit; }
    /// Writes Conversion::json; call once, after the last question.
    void finish();

    void error(const SourcePos& pos, const std::string& message);
    void warning(const SourcePos& pos, const std::string& message);
    /// Skips a question of a type certdrill does not ask: a warning at its line, counted in
    /// Conversion::skipped.
    void skip(const SourcePos& pos, const std::string& message);

private:
    /// False, with an error at the second, when a single-choice question has several full-credit answers.
    bool singleKey(const ForeignQuestion& fq);
    /// A warning at `answersPos` when the positive shares of a multiple-response question (`shared` answers,
    /// `total` of a grade) do not add up to 100%, as Moodle rounds them.
    void sharesAddUp(const SourcePos& answersPos, double total, int shared);
    bool placeInBlueprint(nlohmann::json& q, const ForeignQuestion& fq);
    /// Places the question where a map rule (or the map's default) says.
    void place(nlohmann::json& q, const MapTarget& target);
    void origin(const std::string& pointer, const SourcePos& pos);

    std::string m_file;
    std::string m_kind;
    ImportOptions m_options;
    Conversion& m_out;
    const CategoryMap* m_map = nullptr;
    const ExamDef* m_exam = nullptr;
    std::string m_category;
    nlohmann::json m_questions = nlohmann::json::array();
    std::set<std::string> m_ids;
    std::map<std::string, int> m_nextSuffix; ///< a repeated id → the next "-N" to try
    bool m_overLimit = false;
};

/// The exam Moodle questions go into: the one named `examId`, or the only one when `examId` is empty; nullptr
/// when there is no such exam or several to choose from.
const ExamDef* findImportExam(const std::vector<ExamDef>& exams, const std::string& examId);

/// A Moodle credit percentage ("100", "-33.33333", "5e1") as a number, or nothing when `text` is not a
/// finite number written in full: "nan", "inf" and "1e400" are refused, not read as a credit that breaks
/// scoring. Locale-independent (the app runs in the user's locale, where the decimal mark may be ",").
std::optional<double> parsePercent(std::string_view text);

/// Lower-case ASCII letters and digits, every other run of characters one hyphen, at most `limit` long.
std::string idSlug(const std::string& text, std::size_t limit = 64);

} // namespace certdrill
