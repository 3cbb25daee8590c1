#include "certdrill/Model.h"

namespace certdrill {

const Subtopic* Domain::findSubtopic(const std::string& subtopicId) const
{
    for (const auto& s : subtopics) {
        if (s.id == subtopicId) {
            return &s;
        }
    }
    return nullptr;
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
