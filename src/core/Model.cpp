#include "certdrill/Model.h"

namespace certdrill {

namespace {

const Topic* findIn(const std::vector<Topic>& topics, const std::string& id)
{
    for (const auto& t : topics) {
        if (t.id == id) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace

const Topic* Domain::findSubtopic(const std::string& subtopicId) const
{
    return findIn(subtopics, subtopicId);
}

const Topic* Domain::findObjective(const std::string& objectiveId) const
{
    return findIn(objectives, objectiveId);
}

const Topic* Domain::findTopic(const std::string& topicId) const
{
    return findIn(topics(), topicId);
}

std::string Domain::topicLabel(const Topic& topic) const
{
    return objectives.empty() ? topic.name : topic.id + " " + topic.name;
}

const Domain* ExamDef::findDomain(const std::string& domainId) const
{
    for (const auto& d : domains) {
        if (d.id == domainId) {
            return &d;
        }
    }
    return nullptr;
}

std::vector<int> Question::correctOptions() const
{
    std::vector<int> out;
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].correct) {
            out.push_back(static_cast<int>(i));
        }
    }
    return out;
}

} // namespace certdrill
