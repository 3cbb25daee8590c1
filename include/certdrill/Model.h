#pragma once

#include <map>
#include <string>
#include <vector>

namespace certdrill {

/// A named part of a blueprint domain: one of the exam's official objectives ("4.2"), or a finer subtopic.
struct Topic
{
    std::string id;
    std::string name;
};

/// A blueprint domain with its weight in percent.
struct Domain
{
    std::string id;
    std::string name;
    double weight = 0;
    /// Minimum number of questions the bank promises for this domain (0 = no promise).
    int minQuestions = 0;
    /// Finer topics, optional.
    std::vector<Topic> subtopics;
    /// The official objectives (ids such as "4.2"); each question names one. May be empty.
    std::vector<Topic> objectives;

    /// The subtopic with this id, or nullptr.
    const Topic* findSubtopic(const std::string& subtopicId) const;
    /// The objective with this id, or nullptr.
    const Topic* findObjective(const std::string& objectiveId) const;
    /// The topic (topics(): objective, or subtopic) with this id, or nullptr.
    const Topic* findTopic(const std::string& topicId) const;
    /// The rows under this domain in the tracker, the results and the drill filters: its objectives when the
    /// exam names them, else its subtopics (an instructor's exam may have only those).
    const std::vector<Topic>& topics() const { return objectives.empty() ? subtopics : objectives; }
    /// How a topic row is named: an objective with its number ("4.2 Choosing PTQ…"), a subtopic by name.
    std::string topicLabel(const Topic& topic) const;
};

/// Minimums a bank promises for an exam; checked by `certdrill-cli validate --coverage`.
struct Coverage
{
    int minQuestions = 0;
    int minPerSubtopic = 0;
    int minPerObjective = 0;
    double minMultiSelectShare = 0;
    double minMultiSelectSharePerDomain = 0;
    double minScenarioShare = 0;
};

/// An exam definition: format, timing, pass mark and blueprint.
struct ExamDef
{
    std::string id;
    std::string title;
    std::string version;
    int durationMinutes = 0;
    int countMin = 0;
    int countMax = 0;
    int countDefault = 0;
    double passPercent = 0;
    double multiSelectShare = 0;
    /// Full forms of countDefault questions held back from practice for final exams (pack key
    /// "final_forms"); 0 reserves none.
    int finalForms = 0;
    Coverage coverage;
    std::vector<Domain> domains;

    /// The domain with this id, or nullptr.
    const Domain* findDomain(const std::string& domainId) const;
};

/// One answer option. Its label (A, B, C…) comes from its position in the pack.
struct Option
{
    std::string text;
    bool correct = false;
    std::string why;
};

/// A question as written in a pack.
struct Question
{
    std::string id;
    std::string exam;
    std::string domain;
    std::string subtopic;  ///< may be empty
    std::string objective; ///< the official objective ("4.2"); may be empty
    std::string stem;      ///< Markdown
    int select = 1;        ///< how many options to choose; 1 = single answer
    std::vector<Option> options;
    std::string explanation;
    int difficulty = 0; ///< 1..5, 0 = unset
    std::vector<std::string> tags;
    std::vector<std::string> references;
    bool shuffle = true;

    bool isMultiSelect() const { return select > 1; }
    /// The question's row under its domain (Domain::topics): its objective, or its subtopic when the domain
    /// names no objectives. Empty when it has none.
    const std::string& topicIn(const Domain& itsDomain) const
    {
        return itsDomain.objectives.empty() ? subtopic : objective;
    }
    /// Indices of the correct options, ascending: the set an answer must equal to score (all-or-nothing).
    std::vector<int> correctOptions() const;
};

/// A pack's identity.
struct PackInfo
{
    std::string id;
    std::string title;
    std::string version;
    std::vector<std::string> authors;
    std::string license;
};

/// A validated pack, ready to import.
struct Pack
{
    PackInfo info;
    std::vector<ExamDef> exams;
    std::vector<Question> questions;
    /// The images the questions refer to as `image:NAME`: name → data URI (checked, pack/PackImages.h). The
    /// questions keep the references; the store embeds the data when it stores them.
    std::map<std::string, std::string> images;
    std::string sourcePath;
    std::string sha256; ///< of the source file's bytes
};

} // namespace certdrill
