#pragma once

#include <optional>
#include <string>
#include <vector>

#include "certdrill/Diagnostic.h"
#include "certdrill/Model.h"

namespace certdrill {

/// The format tag every category map declares.
inline constexpr const char* kMapFormat = "certdrill-map/1";

/// Where one rule of a category map sends questions: a blueprint domain and, optionally, one of its
/// objectives and subtopics. Each position is that of the field in the map file, for messages.
struct MapTarget
{
    std::string domain;
    std::string objective; ///< may be empty
    std::string subtopic;  ///< may be empty
    std::string pointer;   ///< JSON pointer of the rule in the map file, e.g. /rules/3 or /default
    SourcePos pos;         ///< the rule's position
    SourcePos domainPos;
    SourcePos objectivePos;
    SourcePos subtopicPos;
};

/// A rule: the Moodle questions in a category (or below it) or with a tag go to `target`.
struct MapRule
{
    std::string category; ///< a Moodle category path; empty for a tag rule
    std::string tag;      ///< a Moodle tag; empty for a category rule
    MapTarget target;
};

/// How Moodle categories and tags that do not name a blueprint domain map onto the exam's domains and
/// official objectives (`--map MAP.json`; docs/pack-format.md, "Category maps").
struct CategoryMap
{
    std::string file;
    std::string exam; ///< the exam the map is for; empty: the exam of the import
    SourcePos examPos;
    std::vector<MapRule> rules;
    /// Where a question goes that no rule and no category places; without it such a question is an error.
    std::optional<MapTarget> fallback;

    /// The rules that place a question with this category and these tags: the tag rules of its tags (a tag is
    /// set on one question, so it says more than a category), else the category rule whose path is the
    /// longest prefix of the question's, else none. Tags and paths compare case-insensitively, a path by its
    /// segments (categorySegments). More than one rule comes back only when several of its tags have rules.
    std::vector<const MapRule*> match(const std::string& category,
                                      const std::vector<std::string>& tags) const;
};

/// A category map read from a file: the map (when it could be read at all) and every problem, located.
struct LoadedMap
{
    std::optional<CategoryMap> map;
    std::vector<Diagnostic> diagnostics;

    bool ok() const { return map && errorCount(diagnostics) == 0; }
};

/// Parses and checks a category map's text (fileName names it in diagnostics): strict JSON, `format`
/// "certdrill-map/1", an optional `exam` id, `rules` (each with exactly one of `category` or `tag`, a
/// `domain`, and optionally an `objective` and a `subtopic`), an optional `default` (a `domain`, optionally
/// an `objective` and a `subtopic`); unknown fields, wrong types, bad ids and a category or tag given twice
/// are errors at their line and column. Whether the domains and objectives exist is checkCategoryMap's.
LoadedMap parseCategoryMap(const std::string& text, const std::string& fileName);

/// Checks that every domain, objective and subtopic the map names belongs to `exam` (objective and subtopic
/// to the named domain), and that the map's `exam`, if any, is `exam`: located errors.
std::vector<Diagnostic> checkCategoryMap(const CategoryMap& map, const ExamDef& exam);

/// The segments of a Moodle category path that name something, trimmed: without the context segments Moodle
/// writes (`$course$`, `$system$`, …) and its "top" category. "$course$/top/Week 3/ LLMs" gives Week 3, LLMs.
std::vector<std::string> categorySegments(const std::string& path);

} // namespace certdrill
