#include "certdrill/pack/CategoryMap.h"

#include <algorithm>

#include "certdrill/Text.h"

namespace certdrill {

namespace {

std::vector<std::string> lowered(std::vector<std::string> segments)
{
    for (auto& s : segments) {
        s = asciiLower(s);
    }
    return segments;
}

std::string idList(const std::vector<Topic>& topics)
{
    std::string out;
    for (const auto& t : topics) {
        out += (out.empty() ? "" : ", ") + t.id;
    }
    return out;
}

} // namespace

std::vector<std::string> categorySegments(const std::string& path)
{
    std::vector<std::string> segments;
    std::size_t from = 0;
    while (from <= path.size()) {
        const std::size_t slash = std::min(path.find('/', from), path.size());
        std::string s = path.substr(from, slash - from);
        s.erase(0, s.find_first_not_of(" \t"));
        s.erase(s.find_last_not_of(" \t") + 1);
        if (!s.empty() && s[0] != '$' && asciiLower(s) != "top") {
            segments.push_back(s);
        }
        from = slash + 1;
    }
    return segments;
}

std::vector<const MapRule*> CategoryMap::match(const std::string& category,
                                               const std::vector<std::string>& tags) const
{
    std::vector<const MapRule*> byTag;
    for (const auto& tag : tags) {
        for (const auto& r : rules) {
            if (!r.tag.empty() && asciiLower(r.tag) == asciiLower(tag) &&
                std::find(byTag.begin(), byTag.end(), &r) == byTag.end()) {
                byTag.push_back(&r);
            }
        }
    }
    if (!byTag.empty()) {
        return byTag;
    }
    const std::vector<std::string> path = lowered(categorySegments(category));
    const MapRule* best = nullptr;
    std::size_t bestLength = 0;
    for (const auto& r : rules) {
        if (r.category.empty()) {
            continue;
        }
        const std::vector<std::string> prefix = lowered(categorySegments(r.category));
        if (prefix.size() > bestLength && prefix.size() <= path.size() &&
            std::equal(prefix.begin(), prefix.end(), path.begin())) {
            best = &r;
            bestLength = prefix.size();
        }
    }
    return best ? std::vector<const MapRule*>{best} : std::vector<const MapRule*>{};
}

std::vector<Diagnostic> checkCategoryMap(const CategoryMap& map, const ExamDef& exam)
{
    std::vector<Diagnostic> out;
    const auto error = [&](const SourcePos& pos, const std::string& pointer, const std::string& message) {
        out.push_back({Diagnostic::Severity::Error, map.file, pos, pointer, message});
    };
    if (!map.exam.empty() && map.exam != exam.id) {
        error(map.examPos, "/exam",
              "the map is for exam \"" + map.exam + "\", but the questions go into exam \"" + exam.id + "\"");
    }
    const auto check = [&](const MapTarget& t) {
        const Domain* d = exam.findDomain(t.domain);
        if (!d) {
            std::string known;
            for (const auto& k : exam.domains) {
                known += (known.empty() ? "" : ", ") + k.id;
            }
            error(t.domainPos, t.pointer + "/domain",
                  "exam \"" + exam.id + "\" has no domain \"" + t.domain + "\"; it has " + known);
            return;
        }
        if (!t.objective.empty() && !d->findObjective(t.objective)) {
            error(
                t.objectivePos, t.pointer + "/objective",
                "domain \"" + d->id + "\" has no objective \"" + t.objective + "\"" +
                    (d->objectives.empty() ? " (its exam names none)" : "; it has " + idList(d->objectives)));
        }
        if (!t.subtopic.empty() && !d->findSubtopic(t.subtopic)) {
            error(t.subtopicPos, t.pointer + "/subtopic",
                  "domain \"" + d->id + "\" has no subtopic \"" + t.subtopic + "\"" +
                      (d->subtopics.empty() ? " (it names none)" : "; it has " + idList(d->subtopics)));
        }
    };
    for (const auto& r : map.rules) {
        check(r.target);
    }
    if (map.fallback) {
        check(*map.fallback);
    }
    return out;
}

} // namespace certdrill
