#include "certdrill/pack/PackLoader.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <span>
#include <sstream>
#include <sys/stat.h>
#include <system_error>
#include <tuple>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

#include "certdrill/Text.h"
#include "certdrill/pack/CategoryMap.h"
#include "certdrill/pack/Limits.h"
#include "certdrill/pack/MoodleXmlReader.h"
#include "certdrill/pack/PackBuilder.h"
#include "certdrill/pack/PackFormat.h"
#include "certdrill/pack/PackImages.h"
#include "certdrill/pack/Sha256.h"

namespace certdrill {

namespace {

using nlohmann::json;

/// Closes a POSIX file descriptor when it goes out of scope.
struct FileDescriptor
{
    explicit FileDescriptor(int descriptor)
        : fd(descriptor)
    {
    }
    ~FileDescriptor() { ::close(fd); }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int fd;
};

// Size limits keep a malformed or hostile pack from bloating the database or the UI.
constexpr size_t kMaxIdLength = 64;
constexpr size_t kMaxTitleLength = 200;
constexpr size_t kMaxStemLength = 8000;
constexpr size_t kMaxOptionLength = 1000;
constexpr size_t kMaxWhyLength = 2000;
constexpr int kMaxFinalForms = 10; ///< final forms an exam may reserve
constexpr size_t kMaxExplanationLength = 4000;
constexpr size_t kMaxTags = 32;
constexpr size_t kMaxTagLength = 40;
constexpr size_t kMaxReferences = 20;
constexpr size_t kMaxReferenceLength = 300;
constexpr size_t kMaxQuestions = kMaxQuestionsPerPack;
constexpr int kMinOptions = 2;
constexpr int kMaxOptions = 10;

/// An id as the pack format allows it: ^[a-z0-9][a-z0-9._-]*$ (checked by hand: std::regex cost more per
/// question than parsing it).
bool isValidId(const std::string& s)
{
    const auto lowerOrDigit = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    };
    if (s.empty() || !lowerOrDigit(s[0])) {
        return false;
    }
    return std::all_of(s.begin() + 1, s.end(),
                       [&](char c) { return lowerOrDigit(c) || c == '.' || c == '_' || c == '-'; });
}

/// The longest "version" a pack may declare.
constexpr std::size_t kMaxVersionLength = 32;

const std::regex& versionPattern()
{
    static const std::regex pattern("^[0-9]+(\\.[0-9]+){0,3}$");
    return pattern;
}

std::string typeName(const json& v)
{
    switch (v.type()) {
    case json::value_t::object:
        return "an object";
    case json::value_t::array:
        return "an array";
    case json::value_t::string:
        return "a string";
    case json::value_t::boolean:
        return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
        return "an integer";
    case json::value_t::number_float:
        return "a number";
    case json::value_t::null:
        return "null";
    default:
        return "a value";
    }
}

std::string plural(size_t n, const std::string& word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

/// Walks one document and collects diagnostics; turns valid parts into model structs.
class Checker
{
public:
    /// `announceLimit`: add "too many errors; stopping here" at the last error kept (off for a question
    /// checked on its own, whose diagnostics are replayed into the pack's list later).
    Checker(const JsonDocument& doc, std::string file, std::vector<Diagnostic>& out,
            bool announceLimit = true)
        : m_doc(doc)
        , m_file(std::move(file))
        , m_out(out)
        , m_errors(errorCount(out))
        , m_announceLimit(announceLimit)
    {
    }

    /// A checker over a loaded pack whose source may have been let go (the checks across a batch).
    Checker(const LoadedPack& lp, std::vector<Diagnostic>& out)
        : Checker(lp.document, lp.pack.sourcePath, out)
    {
        m_pack = &lp;
    }

    // Counted as they are added: counting the list at every check would make a file with thousands of
    // warnings quadratic.
    bool full() const { return m_errors >= kMaxErrorsPerFile; }

    void error(const std::string& pointer, const std::string& message, bool atKey = false)
    {
        add(Diagnostic::Severity::Error, pointer, message, atKey);
    }

    void warning(const std::string& pointer, const std::string& message)
    {
        add(Diagnostic::Severity::Warning, pointer, message, false);
    }

    /// Where a pointer's value is, as a diagnostic there would say.
    SourcePos positionOf(const std::string& pointer) const
    {
        return m_pack ? m_pack->positionOf(pointer) : m_doc.positionOf(pointer);
    }

    /// Checks that v is an object whose keys are all known and whose required keys are present.
    bool object(const json& v, const std::string& ptr, const std::set<std::string>& required,
                const std::set<std::string>& optional)
    {
        if (!v.is_object()) {
            error(ptr, "expected an object, found " + typeName(v));
            return false;
        }
        for (const auto& [key, value] : v.items()) {
            if (!required.count(key) && !optional.count(key)) {
                error(ptr + "/" + jsonPointerEscape(key), "unknown field \"" + echoed(key) + "\"", true);
            }
        }
        for (const auto& key : required) {
            if (!v.contains(key)) {
                error(ptr, "missing required field \"" + key + "\"");
            }
        }
        return true;
    }

    std::string string(const json& parent, const std::string& ptr, const std::string& key, size_t maxLength,
                       bool allowEmpty = false)
    {
        const auto found = parent.find(key);
        if (found == parent.end()) {
            return {};
        }
        const json& v = *found;
        // The member's pointer is built only for a diagnostic: most strings have none.
        const auto p = [&] {
            return ptr + "/" + key;
        };
        if (!v.is_string()) {
            error(p(), "\"" + key + "\" must be a string, found " + typeName(v));
            return {};
        }
        const std::string& s = v.get_ref<const std::string&>();
        if (!allowEmpty && isBlank(s)) {
            error(p(), "\"" + key + "\" must not be empty");
        }
        controlCharacters(p, key, s);
        if (const size_t length = codePointCount(s); length > maxLength) {
            error(p(), "\"" + key + "\" is " + std::to_string(length) + " characters long; the limit is " +
                           std::to_string(maxLength));
        }
        return s;
    }

    std::string id(const json& parent, const std::string& ptr, const std::string& key)
    {
        std::string s = string(parent, ptr, key, kMaxIdLength);
        if (!s.empty() && !isValidId(s)) {
            error(ptr + "/" + key,
                  "\"" + key + "\" \"" + echoed(s) +
                      "\" must use only a-z, 0-9, '.', '_' and '-' and start with a letter or digit");
        }
        return s;
    }

    std::optional<double> number(const json& parent, const std::string& ptr, const std::string& key,
                                 double min, double max, bool integer)
    {
        const auto found = parent.find(key);
        if (found == parent.end()) {
            return std::nullopt;
        }
        const json& v = *found;
        const auto p = [&] {
            return ptr + "/" + key;
        };
        if (integer ? !v.is_number_integer() : !v.is_number()) {
            error(p(), "\"" + key + "\" must be " + (integer ? "an integer" : "a number") + ", found " +
                           typeName(v));
            return std::nullopt;
        }
        const double d = v.get<double>();
        if (d < min || d > max) {
            std::ostringstream msg;
            msg << "\"" << key << "\" is " << d << "; it must be between " << min << " and " << max;
            error(p(), msg.str());
            return std::nullopt;
        }
        return d;
    }

    std::vector<std::string> stringList(const json& parent, const std::string& ptr, const std::string& key,
                                        size_t maxItems, size_t maxLength)
    {
        std::vector<std::string> out;
        if (!parent.contains(key)) {
            return out;
        }
        const json& v = parent.at(key);
        const std::string p = ptr + "/" + key;
        if (!v.is_array()) {
            error(p, "\"" + key + "\" must be an array of strings, found " + typeName(v));
            return out;
        }
        if (v.size() > maxItems) {
            error(p, "\"" + key + "\" has " + std::to_string(v.size()) + " items; the limit is " +
                         std::to_string(maxItems));
        }
        for (size_t i = 0; i < v.size(); ++i) {
            const auto ip = [&] {
                return p + "/" + std::to_string(i);
            };
            if (!v[i].is_string() || isBlank(v[i].get_ref<const std::string&>())) {
                error(ip(), "items of \"" + key + "\" must be non-empty strings");
                continue;
            }
            const std::string& item = v[i].get_ref<const std::string&>();
            if (codePointCount(item) > maxLength) {
                error(ip(), "item is longer than " + std::to_string(maxLength) + " characters");
            }
            controlCharacters(ip, key, item);
            out.push_back(item);
        }
        return out;
    }

    /// Refuses a control character in a string (JSON lets one in as a \u escape): only tabs and line
    /// breaks are text. An ESC in an id would act on the terminal that prints a message naming it.
    /// `pointer` makes the string's JSON pointer, called only for a diagnostic.
    template <typename Pointer>
    void controlCharacters(const Pointer& pointer, const std::string& key, const std::string& s)
    {
        if (const auto found = findControlCharacter(s)) {
            char name[8];
            std::snprintf(name, sizeof name, "U+%04X", found->codePoint);
            error(pointer(), "\"" + key + "\" holds the control character " + name +
                                 "; only printable text, tabs and line breaks are allowed");
        }
    }

    static std::string trimmed(const std::string& s)
    {
        const auto b = s.find_first_not_of(" \t\r\n");
        if (b == std::string::npos) {
            return {};
        }
        const auto e = s.find_last_not_of(" \t\r\n");
        return s.substr(b, e - b + 1);
    }

    /// True when s is empty or only white space (trimmed(s).empty() without the copy).
    static bool isBlank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

    /// Adds a diagnostic found (and located) earlier by another Checker, under this one's limit.
    void replay(Diagnostic d)
    {
        if (d.severity == Diagnostic::Severity::Error && full()) {
            return;
        }
        const bool isError = d.severity == Diagnostic::Severity::Error;
        m_out.push_back(std::move(d));
        if (isError && ++m_errors == kMaxErrorsPerFile && m_announceLimit) {
            const Diagnostic& last = m_out.back();
            m_out.push_back(Diagnostic{Diagnostic::Severity::Error, m_file, last.pos, last.pointer,
                                       "too many errors; stopping here"});
        }
    }

private:
    void add(Diagnostic::Severity severity, const std::string& pointer, const std::string& message,
             bool atKey)
    {
        if (severity == Diagnostic::Severity::Error && full()) {
            return;
        }
        const SourcePos pos = m_pack && !atKey ? m_pack->positionOf(pointer)
                              : atKey          ? m_doc.keyPositionOf(pointer)
                                               : m_doc.positionOf(pointer);
        replay(Diagnostic{severity, m_file, pos, pointer.empty() ? "/" : pointer, message});
    }

    const JsonDocument& m_doc;
    /// Set for the checks across a batch, which run after the pack's source was let go: LoadedPack's
    /// positionOf reads the file again when a diagnostic needs a place.
    const LoadedPack* m_pack = nullptr;
    std::string m_file;
    std::vector<Diagnostic>& m_out;
    int m_errors;
    bool m_announceLimit;
};

void checkPackInfo(Checker& c, const json& root, PackInfo& info)
{
    if (!root.contains("pack")) {
        return;
    }
    const json& p = root.at("pack");
    if (!c.object(p, "/pack", {"id", "title", "version", "authors", "license"}, {})) {
        return;
    }
    info.id = c.id(p, "/pack", "id");
    info.title = c.string(p, "/pack", "title", kMaxTitleLength);
    info.version = c.string(p, "/pack", "version", kMaxVersionLength);
    if (!info.version.empty() && !std::regex_match(info.version, versionPattern())) {
        c.error("/pack/version",
                "\"version\" \"" + echoed(info.version) + "\" must be dotted numbers such as 1.0.0");
    }
    info.authors = c.stringList(p, "/pack", "authors", 50, kMaxTitleLength);
    if (p.contains("authors") && p.at("authors").is_array() && p.at("authors").empty()) {
        c.error("/pack/authors", "\"authors\" must name at least one author");
    }
    info.license = c.string(p, "/pack", "license", 100);
}

/// A domain's list of topics ("subtopics" or "objectives"): {id, name} objects with ids unique in the domain.
std::vector<Topic> checkTopics(Checker& c, const json& domain, const std::string& ptr, const std::string& key,
                               const std::string& noun, const std::string& domainId)
{
    std::vector<Topic> out;
    if (!domain.contains(key)) {
        return out;
    }
    const json& list = domain.at(key);
    const std::string lp = ptr + "/" + key;
    if (!list.is_array()) {
        c.error(lp, "\"" + key + "\" must be an array");
        return out;
    }
    std::set<std::string> ids;
    for (size_t k = 0; k < list.size(); ++k) {
        const std::string kp = lp + "/" + std::to_string(k);
        if (!c.object(list[k], kp, {"id", "name"}, {})) {
            continue;
        }
        Topic t{c.id(list[k], kp, "id"), c.string(list[k], kp, "name", kMaxTitleLength)};
        if (!t.id.empty() && !ids.insert(t.id).second) {
            c.error(kp + "/id", "duplicate " + noun + " id \"" + echoed(t.id) + "\" in domain \"" +
                                    echoed(domainId) + "\"");
        }
        out.push_back(std::move(t));
    }
    return out;
}

void checkExam(Checker& c, const json& e, const std::string& ptr, ExamDef& exam)
{
    if (!c.object(e, ptr,
                  {"id", "title", "version", "duration_minutes", "question_count", "pass_percent",
                   "multi_select_share", "domains"},
                  {"coverage", "final_forms"})) {
        return;
    }
    exam.id = c.id(e, ptr, "id");
    exam.title = c.string(e, ptr, "title", kMaxTitleLength);
    exam.version = c.string(e, ptr, "version", 32);
    exam.durationMinutes = static_cast<int>(c.number(e, ptr, "duration_minutes", 1, 1440, true).value_or(0));
    exam.passPercent = c.number(e, ptr, "pass_percent", 1, 100, false).value_or(0);
    exam.multiSelectShare = c.number(e, ptr, "multi_select_share", 0, 1, false).value_or(0);
    exam.finalForms = static_cast<int>(c.number(e, ptr, "final_forms", 0, kMaxFinalForms, true).value_or(0));
    if (e.contains("question_count")) {
        const json& qc = e.at("question_count");
        const std::string qp = ptr + "/question_count";
        if (c.object(qc, qp, {"min", "max", "default"}, {})) {
            exam.countMin = static_cast<int>(c.number(qc, qp, "min", 1, 1000, true).value_or(0));
            exam.countMax = static_cast<int>(c.number(qc, qp, "max", 1, 1000, true).value_or(0));
            exam.countDefault = static_cast<int>(c.number(qc, qp, "default", 1, 1000, true).value_or(0));
            if (exam.countMin && exam.countMax && exam.countDefault &&
                !(exam.countMin <= exam.countDefault && exam.countDefault <= exam.countMax)) {
                c.error(qp, "question_count must satisfy min <= default <= max");
            }
        }
    }
    if (e.contains("coverage")) {
        const json& cv = e.at("coverage");
        const std::string cp = ptr + "/coverage";
        if (c.object(cv, cp, {},
                     {"min_questions", "min_per_subtopic", "min_per_objective", "min_multi_select_share",
                      "min_multi_select_share_per_domain", "min_scenario_share"})) {
            exam.coverage.minQuestions =
                static_cast<int>(c.number(cv, cp, "min_questions", 0, 1e6, true).value_or(0));
            exam.coverage.minPerSubtopic =
                static_cast<int>(c.number(cv, cp, "min_per_subtopic", 0, 1e6, true).value_or(0));
            exam.coverage.minPerObjective =
                static_cast<int>(c.number(cv, cp, "min_per_objective", 0, 1e6, true).value_or(0));
            exam.coverage.minMultiSelectShare =
                c.number(cv, cp, "min_multi_select_share", 0, 1, false).value_or(0);
            exam.coverage.minMultiSelectSharePerDomain =
                c.number(cv, cp, "min_multi_select_share_per_domain", 0, 1, false).value_or(0);
            exam.coverage.minScenarioShare = c.number(cv, cp, "min_scenario_share", 0, 1, false).value_or(0);
        }
    }
    if (!e.contains("domains")) {
        return;
    }
    const json& ds = e.at("domains");
    const std::string dp = ptr + "/domains";
    if (!ds.is_array() || ds.empty()) {
        c.error(dp, "\"domains\" must be a non-empty array");
        return;
    }
    std::set<std::string> domainIds;
    double weightSum = 0;
    for (size_t i = 0; i < ds.size(); ++i) {
        const std::string p = dp + "/" + std::to_string(i);
        Domain d;
        if (!c.object(ds[i], p, {"id", "name", "weight"}, {"subtopics", "objectives", "min_questions"})) {
            continue;
        }
        d.id = c.id(ds[i], p, "id");
        d.name = c.string(ds[i], p, "name", kMaxTitleLength);
        d.weight = c.number(ds[i], p, "weight", 0, 100, false).value_or(0);
        d.minQuestions = static_cast<int>(c.number(ds[i], p, "min_questions", 0, 1e6, true).value_or(0));
        weightSum += d.weight;
        if (!d.id.empty() && !domainIds.insert(d.id).second) {
            c.error(p + "/id", "duplicate domain id \"" + echoed(d.id) + "\"");
        }
        d.subtopics = checkTopics(c, ds[i], p, "subtopics", "subtopic", d.id);
        d.objectives = checkTopics(c, ds[i], p, "objectives", "objective", d.id);
        exam.domains.push_back(std::move(d));
    }
    if (std::abs(weightSum - 100.0) > 1e-6) {
        std::ostringstream msg;
        msg << "domain weights sum to " << weightSum << "; they must sum to 100";
        c.error(dp, msg.str());
    }
}

void checkQuestion(Checker& c, const json& q, const std::string& ptr, Question& out)
{
    // Built once: a set made at every call cost more than the check.
    static const std::set<std::string> kRequired{"id", "exam", "domain", "stem", "select", "options"};
    static const std::set<std::string> kOptional{"subtopic", "objective",  "explanation", "difficulty",
                                                 "tags",     "references", "shuffle"};
    static const std::set<std::string> kOptionRequired{"text", "correct"};
    static const std::set<std::string> kOptionOptional{"why"};
    if (!c.object(q, ptr, kRequired, kOptional)) {
        return;
    }
    out.id = c.id(q, ptr, "id");
    out.exam = c.id(q, ptr, "exam");
    out.domain = c.id(q, ptr, "domain");
    if (q.contains("subtopic")) {
        out.subtopic = c.id(q, ptr, "subtopic");
    }
    if (q.contains("objective")) {
        out.objective = c.id(q, ptr, "objective");
    }
    out.stem = c.string(q, ptr, "stem", kMaxStemLength);
    out.explanation = q.contains("explanation") ? c.string(q, ptr, "explanation", kMaxExplanationLength) : "";
    out.difficulty = static_cast<int>(c.number(q, ptr, "difficulty", 1, 5, true).value_or(0));
    out.tags = c.stringList(q, ptr, "tags", kMaxTags, kMaxTagLength);
    out.references = c.stringList(q, ptr, "references", kMaxReferences, kMaxReferenceLength);
    if (q.contains("shuffle")) {
        if (!q.at("shuffle").is_boolean()) {
            c.error(ptr + "/shuffle",
                    "\"shuffle\" must be true or false, found " + typeName(q.at("shuffle")));
        } else {
            out.shuffle = q.at("shuffle").get<bool>();
        }
    }
    const auto select = c.number(q, ptr, "select", 1, kMaxOptions, true);
    out.select = static_cast<int>(select.value_or(0));

    if (!q.contains("options")) {
        return;
    }
    const json& os = q.at("options");
    const std::string op = ptr + "/options";
    if (!os.is_array()) {
        c.error(op, "\"options\" must be an array, found " + typeName(os));
        return;
    }
    if (os.size() < static_cast<size_t>(kMinOptions) || os.size() > static_cast<size_t>(kMaxOptions)) {
        c.error(op, "a question needs 2 to 10 options; found " + std::to_string(os.size()));
    }
    std::set<std::string> texts;
    bool missingWhy = false;
    for (size_t i = 0; i < os.size(); ++i) {
        const std::string p = op + "/" + std::to_string(i);
        if (!c.object(os[i], p, kOptionRequired, kOptionOptional)) {
            continue;
        }
        Option o;
        o.text = c.string(os[i], p, "text", kMaxOptionLength);
        if (os[i].contains("correct")) {
            if (!os[i].at("correct").is_boolean()) {
                c.error(p + "/correct",
                        "\"correct\" must be true or false, found " + typeName(os[i].at("correct")));
            } else {
                o.correct = os[i].at("correct").get<bool>();
            }
        }
        if (os[i].contains("why")) {
            o.why = c.string(os[i], p, "why", kMaxWhyLength, true);
        }
        if (Checker::isBlank(o.why)) {
            missingWhy = true;
        }
        const std::string key = Checker::trimmed(o.text);
        if (!key.empty() && !texts.insert(key).second) {
            c.error(p + "/text", "duplicate option text \"" + echoed(key) + "\"");
        }
        out.options.push_back(std::move(o));
    }
    if (missingWhy) {
        c.warning(
            op,
            "not every option has a \"why\"; candidates learn most from why each option is right or wrong");
    }
    if (!select) {
        return;
    }
    const auto correct = static_cast<size_t>(
        std::count_if(out.options.begin(), out.options.end(), [](const Option& o) { return o.correct; }));
    if (static_cast<size_t>(out.select) != correct) {
        c.error(op, "\"select\" is " + std::to_string(out.select) + " but " + plural(correct, "option") +
                        (correct == 1 ? " is" : " are") + " marked correct");
    }
    if (static_cast<size_t>(out.select) >= os.size() && os.size() >= static_cast<size_t>(kMinOptions)) {
        c.error(ptr + "/select", "\"select\" is " + std::to_string(out.select) + " but there are only " +
                                     plural(os.size(), "option") + "; it must be fewer than the options");
    }
    if (out.stem.empty()) {
        return;
    }
    if (auto problem = statedCountProblem(out.stem, out.select)) {
        c.warning(ptr + "/stem", std::move(*problem));
    }
}

/// The pack's "images" object: names that are ids, each a checked data URI (PackImages.h), within the count
/// and size limits (Limits.h).
void checkImages(Checker& c, const json& root, std::map<std::string, std::string>& out)
{
    const auto found = root.find("images");
    if (found == root.end()) {
        return;
    }
    const json& images = *found;
    if (!images.is_object()) {
        c.error("/images", "\"images\" must be an object of name: data URI, found " + typeName(images));
        return;
    }
    if (images.size() > kMaxImagesPerPack) {
        c.error("/images", "a pack may define at most " + std::to_string(kMaxImagesPerPack) +
                               " images; found " + std::to_string(images.size()));
        return;
    }
    std::size_t total = 0;
    for (const auto& [name, value] : images.items()) {
        const std::string p = "/images/" + jsonPointerEscape(name);
        if (!isValidId(name) || name.size() > kMaxIdLength) {
            c.error(p,
                    "image name \"" + echoed(name) +
                        "\" must use only a-z, 0-9, '.', '_' and '-', start with a letter or digit and be at "
                        "most " +
                        std::to_string(kMaxIdLength) + " characters",
                    true);
            continue;
        }
        if (!value.is_string()) {
            c.error(p, "image \"" + name + "\" must be a data URI string, found " + typeName(value));
            continue;
        }
        const std::string& uri = value.get_ref<const std::string&>();
        total += uri.size();
        if (total > kMaxPackImageBytes) {
            c.error(p, "the pack's images take more than " + std::to_string(kMaxPackImageBytes >> 20) +
                           " MiB of data URIs; a pack may embed at most that much");
            return;
        }
        if (const auto image = decodeImageDataUri(uri); !image) {
            c.error(p, "image \"" + name + "\": " + image.error().message);
            continue;
        }
        out.emplace(name, uri);
    }
}

/// Every `image:NAME` a question's text refers to must name one of the pack's images, and all references
/// together may store at most kMaxEmbeddedImageBytes (each stores the image with the question).
void checkImageReferences(Checker& c, const json& root, const Pack& pack)
{
    const bool defined = root.contains("images");
    std::size_t embedded = 0;
    for (std::size_t i = 0; i < pack.questions.size() && !c.full(); ++i) {
        const Question& q = pack.questions[i];
        const std::string p = "/questions/" + std::to_string(i);
        const auto check = [&](const std::string& text, const std::string& pointer) {
            // Most texts name no image: the scan for "](" is all they cost.
            for (const std::string& name : imageReferences(text)) {
                const auto image = pack.images.find(name);
                if (image != pack.images.end()) {
                    embedded += image->second.size();
                } else if (!defined || !root.at("images").contains(name)) {
                    // An image that is defined but failed its own check has its error already.
                    c.error(pointer, "unknown image \"" + echoed(name) +
                                         "\": define it in the pack's \"images\" (\"" + echoed(name) +
                                         "\": \"data:image/png;base64,…\")");
                }
            }
        };
        check(q.stem, p + "/stem");
        check(q.explanation, p + "/explanation");
        for (std::size_t o = 0; o < q.options.size(); ++o) {
            const std::string op = p + "/options/" + std::to_string(o);
            check(q.options[o].text, op + "/text");
            check(q.options[o].why, op + "/why");
        }
        if (embedded > kMaxEmbeddedImageBytes) {
            c.error(p, "the questions up to this one refer to " + std::to_string(embedded >> 20) +
                           " MiB of images in all; each reference stores the image with its question, and a "
                           "pack may store at most " +
                           std::to_string(kMaxEmbeddedImageBytes >> 20) + " MiB of them");
            return;
        }
    }
}

/// A pack's questions, checked one at a time while the parser reads them (ArrayLimit::sink), with their
/// diagnostics held back until checkDocument reaches /questions, so a pack's diagnostics keep their order
/// and its error limit. The parsed JSON of a question is freed as soon as it is checked.
struct StreamedQuestions
{
    std::vector<Question> questions;
    /// (question index, diagnostic), in order.
    std::vector<std::pair<std::size_t, Diagnostic>> diagnostics;
    int errors = 0;

    void take(const JsonDocument& doc, const std::string& file, std::size_t index, const json& element);
};

void StreamedQuestions::take(const JsonDocument& doc, const std::string& file, std::size_t index,
                             const json& element)
{
    // Past the error limit no later question is reported (checkDocument stops there), so none is checked.
    if (errors >= kMaxErrorsPerFile) {
        return;
    }
    std::vector<Diagnostic> found;
    Checker c(doc, file, found, false);
    Question q;
    checkQuestion(c, element, "/questions/" + std::to_string(index), q);
    for (auto& d : found) {
        errors += d.severity == Diagnostic::Severity::Error ? 1 : 0;
        diagnostics.emplace_back(index, std::move(d));
    }
    questions.push_back(std::move(q));
}

void checkDocument(const JsonDocument& doc, const std::string& file, LoadedPack& out, bool sourceHasErrors,
                   StreamedQuestions& streamed)
{
    Checker c(doc, file, out.diagnostics);
    const json& root = doc.root;
    if (!c.object(root, "", {"format", "pack"}, {"exams", "questions", "images"})) {
        return;
    }
    if (root.contains("format") && root.at("format") != kPackFormat) {
        c.error("/format", std::string("\"format\" must be \"") + kPackFormat + "\"");
        return;
    }
    checkPackInfo(c, root, out.pack.info);

    std::set<std::string> examIds;
    if (root.contains("exams")) {
        const json& es = root.at("exams");
        if (!es.is_array()) {
            c.error("/exams", "\"exams\" must be an array, found " + typeName(es));
        } else {
            for (size_t i = 0; i < es.size(); ++i) {
                ExamDef exam;
                const std::string p = "/exams/" + std::to_string(i);
                checkExam(c, es[i], p, exam);
                if (!exam.id.empty() && !examIds.insert(exam.id).second) {
                    c.error(p + "/id", "duplicate exam id \"" + echoed(exam.id) + "\"");
                }
                out.pack.exams.push_back(std::move(exam));
            }
        }
    }
    if (root.contains("questions")) {
        const json& qs = root.at("questions");
        if (!qs.is_array()) {
            c.error("/questions", "\"questions\" must be an array, found " + typeName(qs));
        } else {
            // The array is empty in the document: the parser handed each question to `streamed` (the
            // question limit is the parser's too).
            // Each id → the index of the first question with it, which a duplicate's error names too: the
            // author must see both to choose which to rename.
            std::unordered_map<std::string, std::size_t> ids;
            out.pack.questions.reserve(streamed.questions.size());
            std::size_t next = 0;
            for (size_t i = 0; i < streamed.questions.size() && !c.full(); ++i) {
                for (; next < streamed.diagnostics.size() && streamed.diagnostics[next].first == i; ++next) {
                    c.replay(std::move(streamed.diagnostics[next].second));
                }
                Question& q = streamed.questions[i];
                if (const auto [first, added] = ids.try_emplace(q.id, i); !q.id.empty() && !added) {
                    const std::string firstId = "/questions/" + std::to_string(first->second) + "/id";
                    const SourcePos at = c.positionOf(firstId);
                    c.error("/questions/" + std::to_string(i) + "/id",
                            "duplicate question id \"" + echoed(q.id) + "\", first used at line " +
                                std::to_string(at.line) + ", column " + std::to_string(at.column) + " (" +
                                firstId + ")");
                }
                out.pack.questions.push_back(std::move(q));
            }
        }
    }
    // After the questions, wherever the file puts "images": the questions were checked as they were read.
    checkImages(c, root, out.pack.images);
    checkImageReferences(c, root, out.pack);
    // Only for a pack with no other problem: after a syntax error, a missing <quiz> or a question array over
    // the limit, "no exam or question" would be a confusing echo of the real error.
    if (out.pack.exams.empty() && out.pack.questions.empty() && errorCount(out.diagnostics) == 0 &&
        !sourceHasErrors) {
        c.error("", "a pack must define at least one exam or one question");
    }
}

/// A stem as a reader compares it: lower case, white space folded (ASCII; other bytes of UTF-8 as they are).
std::string stemKey(const std::string& stem)
{
    std::string key;
    key.reserve(stem.size());
    bool space = false;
    for (const char ch : stem) {
        if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f') {
            space = !key.empty();
            continue;
        }
        if (space) {
            key += ' ';
            space = false;
        }
        key += ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
    }
    return key;
}

/// Warns about a question whose stem repeats one earlier in the batch: a mock exam could serve both, and
/// then the first gives the second away.
void warnRepeatedStems(std::span<LoadedPack> packs)
{
    // stem key → (pack, question) where it first appeared; hashed, since 100,000 stems in a sorted map cost
    // long string comparisons.
    std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> first;
    for (std::size_t p = 0; p < packs.size(); ++p) {
        LoadedPack& lp = packs[p];
        Checker c(lp, lp.diagnostics);
        for (std::size_t i = 0; i < lp.pack.questions.size(); ++i) {
            const Question& q = lp.pack.questions[i];
            if (q.stem.empty()) {
                continue;
            }
            const auto [seen, added] = first.emplace(stemKey(q.stem), std::pair(p, i));
            if (!added) {
                const LoadedPack& earlier = packs[seen->second.first];
                c.warning("/questions/" + std::to_string(i) + "/stem",
                          "the same stem as question \"" +
                              echoed(earlier.pack.questions[seen->second.second].id) + "\" in " +
                              earlier.pack.sourcePath + "; a mock exam could serve both");
            }
        }
    }
}

/// Second pass: every question's exam, domain, subtopic and objective must exist.
void checkReferences(LoadedPack& lp, const ExamCatalog& catalog)
{
    Checker c(lp, lp.diagnostics);
    for (size_t i = 0; i < lp.pack.questions.size() && !c.full(); ++i) {
        const Question& q = lp.pack.questions[i];
        const std::string p = "/questions/" + std::to_string(i);
        if (q.exam.empty()) {
            continue;
        }
        const auto it = catalog.find(q.exam);
        if (it == catalog.end()) {
            c.error(p + "/exam", "unknown exam \"" + echoed(q.exam) +
                                     "\" (define it in this pack, or import its pack first)");
            continue;
        }
        if (q.domain.empty()) {
            continue;
        }
        const Domain* d = it->second.exam.findDomain(q.domain);
        if (!d) {
            c.error(p + "/domain",
                    "exam \"" + echoed(q.exam) + "\" has no domain \"" + echoed(q.domain) + "\"");
            continue;
        }
        if (!q.subtopic.empty() && !d->findSubtopic(q.subtopic)) {
            c.error(p + "/subtopic",
                    "domain \"" + echoed(q.domain) + "\" has no subtopic \"" + echoed(q.subtopic) + "\"");
        }
        if (!q.objective.empty() && !d->findObjective(q.objective)) {
            std::string known;
            for (const auto& o : d->objectives) {
                known += (known.empty() ? "" : ", ") + o.id;
            }
            c.error(p + "/objective", "domain \"" + echoed(q.domain) + "\" has no objective \"" +
                                          echoed(q.objective) + "\"" +
                                          (known.empty() ? " (its exam names none)" : "; it has " + known));
        }
    }
}

/// Checks a pack's text; `sourceHasErrors` says that converting it (from a Moodle file) already failed, so
/// an empty pack is a consequence, not a problem of its own.
LoadedPack parseAndCheck(std::string text, const std::string& fileName, bool sourceHasErrors = false)
{
    LoadedPack lp;
    lp.pack.sourcePath = fileName;
    lp.pack.sha256 = sha256Hex(text);
    Diagnostic parseError;
    StreamedQuestions streamed;
    const ArrayLimit questionLimit{"/questions", kMaxQuestions,
                                   "more than " + std::to_string(kMaxQuestions) +
                                       " questions: a pack may hold at most " +
                                       std::to_string(kMaxQuestions) + "; split it into several packs",
                                   [&](const JsonDocument& doc, std::size_t index, json&& element) {
                                       streamed.take(doc, fileName, index, element);
                                   }};
    auto doc = parseJson(std::move(text), fileName, &parseError, questionLimit);
    if (!doc) {
        lp.diagnostics.push_back(parseError);
        return lp;
    }
    lp.document = std::move(*doc);
    checkDocument(lp.document, fileName, lp, sourceHasErrors, streamed);
    return lp;
}

/// Reads a whole pack file into text; on failure, the reason as a Diagnostic without a JSON pointer (there
/// is no document to point into). Only a regular file of at most kMaxPackBytes is read: a device
/// (/dev/zero), a FIFO or a directory is refused before anything is read from it. The file is opened without
/// blocking and checked through its descriptor, so it cannot be swapped for a FIFO between the check and the
/// read, and reading stops one byte past the limit should the file grow meanwhile.
std::optional<Diagnostic> readPackFile(const std::filesystem::path& file, std::string& text)
{
    const auto unreadable = [&](const std::string& message) {
        return Diagnostic{Diagnostic::Severity::Error, file.string(), {1, 1}, "", message};
    };
    const auto tooLarge = [&](std::uintmax_t bytes) {
        return unreadable("the file is " + std::to_string(bytes) + " bytes; a pack file may be at most " +
                          std::to_string(kMaxPackBytes >> 20) + " MiB (" + std::to_string(kMaxPackBytes) +
                          " bytes)");
    };
    const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int reason = errno;
        return unreadable(reason == ENOENT
                              ? std::string("no such file")
                              : "cannot open file for reading: " + std::generic_category().message(reason));
    }
    const FileDescriptor guard(fd);
    struct stat info
    {
    };
    if (::fstat(fd, &info) != 0) {
        return unreadable("cannot read file: " + std::generic_category().message(errno));
    }
    if (S_ISDIR(info.st_mode)) {
        return unreadable("is a directory, not a pack file");
    }
    if (!S_ISREG(info.st_mode)) {
        return unreadable("is not a regular file (a device, FIFO or socket); a pack is read from a file");
    }
    if (static_cast<std::uintmax_t>(info.st_size) > kMaxPackBytes) {
        return tooLarge(static_cast<std::uintmax_t>(info.st_size));
    }
    text.clear();
    text.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[1 << 16];
    while (true) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return unreadable("cannot read file: " + std::generic_category().message(errno));
        }
        if (n == 0) {
            break;
        }
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > kMaxPackBytes) {
            return tooLarge(text.size());
        }
    }
    return std::nullopt;
}

/// One rule's (or the default's) target: a domain id, and optionally an objective and a subtopic id.
MapTarget checkMapTarget(Checker& c, const JsonDocument& doc, const json& v, const std::string& ptr)
{
    MapTarget t;
    t.pointer = ptr;
    t.pos = doc.positionOf(ptr);
    t.domain = c.id(v, ptr, "domain");
    t.domainPos = doc.positionOf(ptr + "/domain");
    if (v.contains("objective")) {
        t.objective = c.id(v, ptr, "objective");
        t.objectivePos = doc.positionOf(ptr + "/objective");
    }
    if (v.contains("subtopic")) {
        t.subtopic = c.id(v, ptr, "subtopic");
        t.subtopicPos = doc.positionOf(ptr + "/subtopic");
    }
    return t;
}

/// Reads the category map named by `options.map` (if any) for a batch: the map and its diagnostics, an
/// unreadable file as one error.
std::optional<LoadedMap> readCategoryMap(const ImportOptions& options)
{
    if (options.map.empty()) {
        return std::nullopt;
    }
    std::string text;
    if (auto unreadable = readPackFile(options.map, text)) {
        return LoadedMap{std::nullopt, {std::move(*unreadable)}};
    }
    return parseCategoryMap(text, options.map.string());
}

/// Puts the category map's diagnostics in front of those of `packs[first]` (the batch's first Moodle file,
/// else its first file): its own problems, a warning for each rule that placed no question of the batch (a
/// typo in a category or tag would otherwise go unseen), and one when the batch has no Moodle file to apply
/// it to. Reads the rules each Moodle file used from its pack's conversion.
void addMapDiagnostics(const LoadedMap& loaded, const CategoryMap* map, std::vector<LoadedPack>& packs,
                       std::size_t first)
{
    std::vector<Diagnostic> out = loaded.diagnostics;
    const bool anyMoodle = std::any_of(packs.begin(), packs.end(),
                                       [](const LoadedPack& lp) { return lp.conversion.has_value(); });
    if (map && anyMoodle) {
        for (std::size_t r = 0; r < map->rules.size(); ++r) {
            const bool used = std::any_of(packs.begin(), packs.end(), [r](const LoadedPack& lp) {
                return lp.conversion && lp.conversion->rulesUsed.count(r);
            });
            if (!used) {
                const MapRule& rule = map->rules[r];
                out.push_back({Diagnostic::Severity::Warning, map->file, rule.target.pos, rule.target.pointer,
                               (rule.tag.empty() ? "no question is in category \"" + echoed(rule.category) +
                                                       "\" or below it"
                                                 : "no question has tag \"" + echoed(rule.tag) + "\"") +
                                   "; check its spelling"});
            }
        }
    } else if (map) {
        out.push_back({Diagnostic::Severity::Warning,
                       map->file,
                       {1, 1},
                       "",
                       "a category map places Moodle questions (GIFT, XML), and no Moodle file is named"});
    }
    auto& diagnostics = packs[first].diagnostics;
    diagnostics.insert(diagnostics.begin(), out.begin(), out.end());
}

/// Why a Moodle file cannot be converted as it is: not UTF-8, or a control character in it.
std::optional<Diagnostic> notMoodleText(const std::string& text, const std::string& fileName)
{
    if (auto notUtf8 = utf8Error(text, fileName)) {
        return notUtf8;
    }
    return controlCharacterError(text, fileName);
}

void addExams(ExamCatalog& catalog, const LoadedPack& lp)
{
    for (const auto& e : lp.pack.exams) {
        if (!e.id.empty()) {
            catalog[e.id] = KnownExam{e, lp.pack.info.id};
        }
    }
}

} // namespace

std::vector<StatedCount> stemSelectCounts(const std::string& stem)
{
    static const char* const words[] = {"one", "two",   "three", "four", "five",
                                        "six", "seven", "eight", "nine", "ten"};
    const auto isWordChar = [](char ch) {
        return std::isalnum(static_cast<unsigned char>(ch)) != 0;
    };
    const std::string lower = asciiLower(stem); // byte for byte, so offsets hold in `stem` too
    std::vector<std::pair<std::size_t, StatedCount>> found;
    for (const std::string verb : {"select", "choose", "pick"}) {
        for (auto at = lower.find(verb); at != std::string::npos; at = lower.find(verb, at + 1)) {
            // Whole words only: not "preselect", not "selection".
            if (at > 0 && isWordChar(lower[at - 1])) {
                continue;
            }
            std::size_t begin = at + verb.size();
            if (begin >= lower.size() || !std::isspace(static_cast<unsigned char>(lower[begin]))) {
                continue;
            }
            while (begin < lower.size() && std::isspace(static_cast<unsigned char>(lower[begin]))) {
                ++begin;
            }
            std::size_t end = begin;
            while (end < lower.size() && isWordChar(lower[end])) {
                ++end;
            }
            const std::string number = lower.substr(begin, end - begin);
            int count = 0;
            for (int k = 0; k < 10; ++k) {
                if (number == words[k]) {
                    count = k + 1;
                }
            }
            if (count == 0 && !number.empty() && number.size() <= 2 &&
                std::all_of(number.begin(), number.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
                count = std::stoi(number);
            }
            if (count > 0) {
                found.emplace_back(at, StatedCount{stem.substr(at, end - at), count});
            }
        }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<StatedCount> out;
    for (auto& [at, s] : found) {
        out.push_back(std::move(s));
    }
    return out;
}

std::optional<std::string> statedCountProblem(const std::string& stem, int select)
{
    // The last stated count is the instruction; prose before it, such as "the team must pick one to ship",
    // does not count. Single-answer stems are checked too: "Select TWO" over one right option would send the
    // candidate looking for a second.
    const std::vector<StatedCount> stated = stemSelectCounts(stem);
    if (!stated.empty() && stated.back().count != select) {
        return "stem says \"" + echoed(stated.back().text) + "\" but \"select\" is " + std::to_string(select);
    }
    if (stated.empty() && select > 1) {
        return std::string("multi-select stem does not say how many to choose (e.g. \"(Select TWO.)\")");
    }
    return std::nullopt;
}

LoadedMap parseCategoryMap(const std::string& text, const std::string& fileName)
{
    LoadedMap out;
    Diagnostic parseError;
    auto doc = parseJson(text, fileName, &parseError);
    if (!doc) {
        out.diagnostics.push_back(parseError);
        return out;
    }
    Checker c(*doc, fileName, out.diagnostics);
    const json& root = doc->root;
    if (!c.object(root, "", {"format", "rules"}, {"exam", "default"})) {
        return out;
    }
    if (root.contains("format") && root.at("format") != kMapFormat) {
        c.error("/format", std::string("\"format\" must be \"") + kMapFormat + "\"");
        return out;
    }
    CategoryMap map;
    map.file = fileName;
    if (root.contains("exam")) {
        map.exam = c.id(root, "", "exam");
        map.examPos = doc->positionOf("/exam");
    }
    if (root.contains("rules") && !root.at("rules").is_array()) {
        c.error("/rules", "\"rules\" must be an array, found " + typeName(root.at("rules")));
    } else if (root.contains("rules")) {
        const json& rules = root.at("rules");
        std::map<std::string, std::string> seen; // "category:a/b" or "tag:x", lower case → rule pointer
        for (std::size_t i = 0; i < rules.size() && !c.full(); ++i) {
            const std::string p = "/rules/" + std::to_string(i);
            if (!c.object(rules[i], p, {"domain"}, {"category", "tag", "objective", "subtopic"})) {
                continue;
            }
            MapRule rule;
            const bool hasCategory = rules[i].contains("category");
            if (hasCategory == rules[i].contains("tag")) {
                c.error(p, "a rule names either a \"category\" or a \"tag\"");
                continue;
            }
            std::string key;
            if (hasCategory) {
                rule.category = c.string(rules[i], p, "category", 1000);
                std::string path;
                for (const auto& segment : categorySegments(rule.category)) {
                    path += "/" + asciiLower(segment);
                }
                if (path.empty() && !rule.category.empty()) {
                    c.error(p + "/category", "category \"" + echoed(rule.category) +
                                                 "\" names no category (only Moodle's $course$ and top)");
                }
                key = "category:" + path;
            } else {
                rule.tag = c.string(rules[i], p, "tag", 100);
                key = "tag:" + asciiLower(Checker::trimmed(rule.tag));
            }
            rule.target = checkMapTarget(c, *doc, rules[i], p);
            if (const auto [first, added] = seen.emplace(key, p); !added) {
                c.error(p + (hasCategory ? "/category" : "/tag"),
                        std::string(hasCategory ? "this category" : "this tag") + " has a rule already, at " +
                            first->second);
            }
            map.rules.push_back(std::move(rule));
        }
    }
    if (root.contains("default") &&
        c.object(root.at("default"), "/default", {"domain"}, {"objective", "subtopic"})) {
        map.fallback = checkMapTarget(c, *doc, root.at("default"), "/default");
    }
    out.map = std::move(map);
    return out;
}

bool isPackVersion(std::string_view text)
{
    return text.size() <= kMaxVersionLength && std::regex_match(text.begin(), text.end(), versionPattern());
}

LoadedPack loadPackText(const std::string& text, const std::string& fileName, const ExamCatalog& known)
{
    LoadedPack lp = parseAndCheck(text, fileName);
    ExamCatalog catalog = known;
    addExams(catalog, lp);
    if (lp.diagnostics.empty() || lp.document.root.is_object()) {
        checkReferences(lp, catalog);
    }
    warnRepeatedStems({&lp, 1});
    summariseRepeats(lp.diagnostics);
    return lp;
}

std::vector<LoadedPack> loadPacks(const std::vector<std::filesystem::path>& files, const ExamCatalog& known,
                                  const ImportOptions& moodle)
{
    std::vector<LoadedPack> packs;
    // A Moodle file (GIFT or XML) is converted to a pack and checked by the same rules as any pack; its
    // diagnostics are then moved from the generated JSON back to the line and column they came from. It is
    // converted after the JSON files, so its questions may go into an exam a pack of the same batch defines.
    std::vector<std::optional<Conversion>> conversions(files.size());
    struct MoodleText
    {
        std::size_t file;
        PackFormat format;
        std::string text;
    };
    std::vector<MoodleText> moodleTexts;
    for (std::size_t i = 0; i < files.size(); ++i) {
        const auto& file = files[i];
        std::string text;
        if (auto unreadable = readPackFile(file, text)) {
            LoadedPack lp;
            lp.pack.sourcePath = file.string();
            lp.diagnostics.push_back(std::move(*unreadable));
            packs.push_back(std::move(lp));
            continue;
        }
        // Moodle exports GIFT as *.txt: a name that does not decide the format leaves it to the content.
        const PackFormat format = packFormatOfName(file.string()).value_or(packFormatOfText(text));
        if (format == PackFormat::Json) {
            packs.push_back(parseAndCheck(std::move(text), file.string()));
            // Its questions are checked and held as the model now; the text is not held beside them (a batch
            // of 100,000 questions would hold both). A position asked for later reads the file again.
            packs.back().document.dropSource();
        } else if (auto notText = notMoodleText(text, file.string())) {
            // The readers and the pack JSON need UTF-8 text; a Latin-1 file, or one with an ESC in it, gets
            // this one error and is not converted.
            LoadedPack lp;
            lp.pack.sourcePath = file.string();
            lp.pack.sha256 = sha256Hex(text);
            lp.diagnostics.push_back(std::move(*notText));
            packs.push_back(std::move(lp));
        } else {
            moodleTexts.push_back({i, format, std::move(text)});
            packs.emplace_back(); // filled in below
        }
    }
    std::map<std::string, ExamDef> examsById; // a batch's definition of an exam replaces the stored one
    for (const auto& [id, k] : known) {
        examsById[id] = k.exam;
    }
    for (const auto& lp : packs) {
        for (const auto& e : lp.pack.exams) {
            examsById[e.id] = e;
        }
    }
    std::vector<ExamDef> exams;
    for (const auto& [id, e] : examsById) {
        exams.push_back(e);
    }
    // The category map is read and checked once for the batch, against the exam its Moodle files go into; a
    // map with errors converts nothing, since every question it would have placed would be an echo of them.
    ImportOptions options = moodle;
    std::optional<LoadedMap> categoryMap = readCategoryMap(moodle);
    const CategoryMap* map = nullptr;
    if (categoryMap && categoryMap->map) {
        if (options.exam.empty()) {
            options.exam = categoryMap->map->exam;
        }
        if (const ExamDef* exam = findImportExam(exams, options.exam); exam && !moodleTexts.empty()) {
            const auto refs = checkCategoryMap(*categoryMap->map, *exam);
            categoryMap->diagnostics.insert(categoryMap->diagnostics.end(), refs.begin(), refs.end());
        }
        map = categoryMap->ok() ? &*categoryMap->map : nullptr;
    }
    for (const auto& [i, format, text] : moodleTexts) {
        const std::string name = files[i].string();
        if (categoryMap && !map) {
            packs[i].pack.sourcePath = name;
            packs[i].diagnostics.push_back(
                {Diagnostic::Severity::Error,
                 name,
                 {1, 1},
                 "",
                 "not read: the category map " + moodle.map.string() + " has errors"});
            continue;
        }
        conversions[i] = format == PackFormat::Gift ? convertGift(text, name, exams, options, map)
                                                    : convertMoodleXml(text, name, exams, options, map);
        packs[i] = parseAndCheck(std::move(conversions[i]->json), files[i].string(),
                                 errorCount(conversions[i]->diagnostics) > 0);
    }

    // Exams defined anywhere in the batch are visible to every pack of the batch.
    ExamCatalog catalog = known;
    std::map<std::string, std::string> packFiles;
    std::map<std::string, std::string> examFiles;
    for (auto& lp : packs) {
        Checker c(lp, lp.diagnostics);
        const std::string& id = lp.pack.info.id;
        if (!id.empty() && !packFiles.emplace(id, lp.pack.sourcePath).second) {
            c.error("/pack/id",
                    "pack \"" + echoed(id) + "\" is also in " + packFiles[id] + "; name each pack once");
        }
        for (size_t i = 0; i < lp.pack.exams.size(); ++i) {
            const ExamDef& e = lp.pack.exams[i];
            const std::string p = "/exams/" + std::to_string(i) + "/id";
            if (e.id.empty()) {
                continue;
            }
            if (!examFiles.emplace(e.id, lp.pack.sourcePath).second) {
                c.error(p, "exam \"" + echoed(e.id) + "\" is also defined in " + examFiles[e.id]);
            } else if (const auto it = known.find(e.id); it != known.end() && it->second.packId != id) {
                c.error(p, "exam \"" + echoed(e.id) + "\" is already defined by pack \"" + it->second.packId +
                               "\"");
            }
        }
        addExams(catalog, lp);
    }
    for (auto& lp : packs) {
        if (lp.document.root.is_object()) {
            checkReferences(lp, catalog);
        }
    }
    warnRepeatedStems(packs);
    for (std::size_t i = 0; i < packs.size(); ++i) {
        if (auto& conversion = conversions[i]) {
            auto& diagnostics = packs[i].diagnostics;
            for (auto& d : diagnostics) {
                d.pos = conversion->originOf(d.pointer);
            }
            diagnostics.insert(diagnostics.begin(), conversion->diagnostics.begin(),
                               conversion->diagnostics.end());
            // Kept for positionOf (the item-quality lint locates its findings with it); the JSON text and
            // the diagnostics already live in the pack.
            conversion->json.clear();
            conversion->diagnostics.clear();
            packs[i].conversion = std::move(conversion);
            for (auto& d : diagnostics) {
                d.place = packs[i].placeOf(d.pointer);
            }
        }
        // The errors, which stop the import, then the warnings, each in the order of the file, as an author
        // fixes them: each pass (the conversion, the pack rules, the batch's references and repeated stems)
        // adds its own, so a Moodle file's list jumped back and forth between lines.
        std::stable_sort(packs[i].diagnostics.begin(), packs[i].diagnostics.end(),
                         [](const Diagnostic& a, const Diagnostic& b) {
                             const bool aWarns = !a.isError();
                             const bool bWarns = !b.isError();
                             return std::tie(a.file, aWarns, a.pos.line, a.pos.column) <
                                    std::tie(b.file, bWarns, b.pos.line, b.pos.column);
                         });
        summariseRepeats(packs[i].diagnostics);
    }
    if (categoryMap && !packs.empty()) {
        // After the conversions moved into their packs: the rules they used are read there.
        addMapDiagnostics(*categoryMap, map, packs, moodleTexts.empty() ? 0 : moodleTexts.front().file);
    }
    return packs;
}

namespace {

/// The number N that follows `prefix` in `pointer` up to the next '/' or its end, and where that ends;
/// nothing when `pointer` does not start with `prefix` or what follows is not a number (six digits at most).
std::optional<std::pair<std::size_t, std::size_t>> indexAfter(const std::string& pointer,
                                                              const std::string& prefix)
{
    if (pointer.compare(0, prefix.size(), prefix) != 0) {
        return std::nullopt;
    }
    const std::size_t end = std::min(pointer.find('/', prefix.size()), pointer.size());
    const std::string index = pointer.substr(prefix.size(), end - prefix.size());
    if (index.empty() || index.size() > 6 || index.find_first_not_of("0123456789") != std::string::npos) {
        return std::nullopt;
    }
    return std::pair{static_cast<std::size_t>(std::stoul(index)), end};
}

} // namespace

std::string LoadedPack::questionIdAt(const std::string& pointer) const
{
    // The loader keeps every question it read, with or without errors, in the file's order (the parsed JSON
    // of a question is freed once it is checked), so the pointer's index is the question's place there.
    const auto at = indexAfter(pointer, "/questions/");
    return at && at->first < pack.questions.size() ? pack.questions[at->first].id : std::string();
}

std::string LoadedPack::placeOf(const std::string& pointer) const
{
    if (!conversion) {
        return {};
    }
    // The options that set what a Moodle file cannot say.
    if (pointer == "/pack/id") {
        return "--pack-id";
    }
    if (pointer == "/pack/version") {
        return "--pack-version";
    }
    const auto at = indexAfter(pointer, "/questions/");
    if (!at) {
        return {};
    }
    const std::string id = questionIdAt(pointer);
    const std::string question =
        id.empty() ? "question " + std::to_string(at->first + 1) : "question \"" + id + "\"";
    // The part, as Moodle's question form names it.
    const std::string part = pointer.substr(at->second);
    if (const auto option = indexAfter(part, "/options/")) {
        const bool why = part.compare(option->second, std::string::npos, "/why") == 0;
        return question + ", answer " + std::to_string(option->first + 1) + (why ? " feedback" : "");
    }
    static const std::pair<const char*, const char*> fields[] = {{"/stem", "question text"},
                                                                 {"/explanation", "general feedback"},
                                                                 {"/options", "answers"},
                                                                 {"/select", "answers"},
                                                                 {"/id", "name"},
                                                                 {"/domain", "category"},
                                                                 {"/subtopic", "category"},
                                                                 {"/objective", "category"},
                                                                 {"/tags", "tags"}};
    for (const auto& [field, name] : fields) {
        if (part == field) {
            return question + ", " + name;
        }
    }
    return question;
}

SourcePos LoadedPack::positionOf(const std::string& pointer) const
{
    if (conversion) {
        return conversion->originOf(pointer);
    }
    if (document.source || pack.sourcePath.empty()) {
        return document.positionOf(pointer);
    }
    // loadPacks let the source go; the file is read again, and kept for the next position asked of the same
    // file (the lint asks for many, pack by pack). A file whose bytes changed since is not used: the
    // positions of the marks (a question's start) are given instead.
    static std::mutex mutex;
    static std::optional<JsonDocument> reread;
    static std::string rereadKey;
    const std::lock_guard lock(mutex);
    const std::string key = pack.sourcePath + '\n' + pack.sha256;
    if (rereadKey != key) {
        rereadKey = key;
        reread.reset();
        std::string text;
        if (!readPackFile(pack.sourcePath, text) && sha256Hex(text) == pack.sha256) {
            reread = document;
            reread->source = std::make_shared<const std::string>(std::move(text));
        }
    }
    return reread ? reread->positionOf(pointer) : document.positionOf(pointer);
}

} // namespace certdrill
