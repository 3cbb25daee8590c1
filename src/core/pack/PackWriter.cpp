#include "certdrill/pack/PackWriter.h"

#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "certdrill/pack/PackImages.h"
#include "certdrill/pack/PackLoader.h"

namespace certdrill {

namespace {

// Insertion order, so the file reads in the order docs/pack-format.md documents, not alphabetically.
using Json = nlohmann::ordered_json;

/// A whole number as an integer ("weight": 17, not 17.0); the loader accepts both where a number is asked
/// for.
Json number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 1e15) {
        return static_cast<std::int64_t>(v);
    }
    return v;
}

Json topics(const std::vector<Topic>& list)
{
    Json out = Json::array();
    for (const Topic& t : list) {
        out.push_back({{"id", t.id}, {"name", t.name}});
    }
    return out;
}

Json examJson(const ExamDef& e)
{
    Json j = {{"id", e.id},
              {"title", e.title},
              {"version", e.version},
              {"duration_minutes", e.durationMinutes},
              {"question_count", {{"min", e.countMin}, {"max", e.countMax}, {"default", e.countDefault}}},
              {"pass_percent", number(e.passPercent)},
              {"multi_select_share", number(e.multiSelectShare)}};
    // Every coverage minimum is optional and 0 means "no promise", so only the ones set are written.
    const Coverage& c = e.coverage;
    Json coverage = Json::object();
    const auto minimum = [&coverage](const char* key, double value) {
        if (value != 0) {
            coverage[key] = number(value);
        }
    };
    minimum("min_questions", c.minQuestions);
    minimum("min_per_subtopic", c.minPerSubtopic);
    minimum("min_per_objective", c.minPerObjective);
    minimum("min_multi_select_share", c.minMultiSelectShare);
    minimum("min_multi_select_share_per_domain", c.minMultiSelectSharePerDomain);
    minimum("min_scenario_share", c.minScenarioShare);
    if (!coverage.empty()) {
        j["coverage"] = coverage;
    }
    Json domains = Json::array();
    for (const Domain& d : e.domains) {
        Json dj = {{"id", d.id}, {"name", d.name}, {"weight", number(d.weight)}};
        if (d.minQuestions != 0) {
            dj["min_questions"] = d.minQuestions;
        }
        if (!d.objectives.empty()) {
            dj["objectives"] = topics(d.objectives);
        }
        if (!d.subtopics.empty()) {
            dj["subtopics"] = topics(d.subtopics);
        }
        domains.push_back(std::move(dj));
    }
    j["domains"] = std::move(domains);
    return j;
}

Json questionJson(const Question& q)
{
    Json j = {{"id", q.id}, {"exam", q.exam}, {"domain", q.domain}};
    if (!q.objective.empty()) {
        j["objective"] = q.objective;
    }
    if (!q.subtopic.empty()) {
        j["subtopic"] = q.subtopic;
    }
    j["stem"] = q.stem;
    j["select"] = q.select;
    Json options = Json::array();
    for (const Option& o : q.options) {
        Json oj = {{"text", o.text}, {"correct", o.correct}};
        if (!o.why.empty()) {
            oj["why"] = o.why;
        }
        options.push_back(std::move(oj));
    }
    j["options"] = std::move(options);
    if (!q.explanation.empty()) {
        j["explanation"] = q.explanation;
    }
    if (q.difficulty != 0) {
        j["difficulty"] = q.difficulty;
    }
    if (!q.tags.empty()) {
        j["tags"] = q.tags;
    }
    if (!q.references.empty()) {
        j["references"] = q.references;
    }
    if (!q.shuffle) {
        j["shuffle"] = false;
    }
    return j;
}

} // namespace

std::string packToJson(const Pack& pack)
{
    Json root = {{"format", kPackFormat},
                 {"pack",
                  {{"id", pack.info.id},
                   {"title", pack.info.title},
                   {"version", pack.info.version},
                   {"authors", pack.info.authors},
                   {"license", pack.info.license}}}};
    if (!pack.exams.empty()) {
        Json exams = Json::array();
        for (const ExamDef& e : pack.exams) {
            exams.push_back(examJson(e));
        }
        root["exams"] = std::move(exams);
    }
    // A stored question holds its images' data where the pack that brought it had `image:NAME`
    // (PackImages.h): written back as references and "images", so each text keeps within its length limit
    // and loads, and stores, to the same content again.
    std::map<std::string, std::string> images = pack.images;
    if (!pack.questions.empty()) {
        Json questions = Json::array();
        for (const Question& q : pack.questions) {
            questions.push_back(questionJson(withExtractedImages(q, images)));
        }
        root["questions"] = std::move(questions);
    }
    if (!images.empty()) {
        root["images"] = images;
    }
    // The loader accepts only UTF-8, so the strings are; `replace` keeps dump() from throwing out of the core
    // should a stored string hold a stray byte all the same.
    return root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace certdrill
