#include "certdrill/pack/PackBuilder.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>

#include "certdrill/Text.h"
#include "certdrill/pack/GiftReader.h"
#include "certdrill/pack/Limits.h"
#include "certdrill/pack/MoodleXmlReader.h"

namespace certdrill {

namespace {

using nlohmann::json;

/// The id a question gets: its name, else the first eight words of its stem.
std::string questionId(const std::string& name, const std::string& stem)
{
    if (const std::string s = idSlug(name); !s.empty()) {
        return s;
    }
    std::string words;
    int count = 0;
    for (std::size_t i = 0; i < stem.size() && count < 8; ++i) {
        words += stem[i];
        if (stem[i] == ' ' && i > 0 && stem[i - 1] != ' ') {
            ++count;
        }
    }
    const std::string s = idSlug(words, 48);
    return s.empty() ? std::string("q") : s;
}

/// A category segment names a domain (or objective, or subtopic) by its id, its name, or its name as an id.
template <typename Row> const Row* findRow(const std::vector<Row>& rows, const std::string& segment)
{
    for (const auto& r : rows) {
        if (r.id == segment || r.id == idSlug(segment) || asciiLower(r.name) == asciiLower(segment)) {
            return &r;
        }
    }
    return nullptr;
}

/// The file name without its directory and its .gift, .gift.txt, .txt or .xml ending.
std::string baseName(const std::string& fileName)
{
    std::string base = std::filesystem::path(fileName).filename().string();
    for (const std::string suffix : {".gift.txt", ".gift", ".txt", ".xml"}) {
        if (base.size() > suffix.size() && asciiLower(base.substr(base.size() - suffix.size())) == suffix) {
            return base.substr(0, base.size() - suffix.size());
        }
    }
    return base;
}

std::string packIdFor(const std::string& kind, const std::string& fileName)
{
    return kind + "-" + idSlug(baseName(fileName), 56);
}

} // namespace

std::optional<double> parsePercent(std::string_view text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

std::string idSlug(const std::string& text, std::size_t limit)
{
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) && c < 0x80) {
            out += static_cast<char>(std::tolower(c));
        } else if (!out.empty() && out.back() != '-') {
            out += '-';
        }
        if (out.size() >= limit) {
            break;
        }
    }
    while (!out.empty() && out.back() == '-') {
        out.pop_back();
    }
    return out;
}

std::string defaultPackId(const std::string& fileName, PackFormat format)
{
    return format == PackFormat::Gift        ? packIdFor("gift", fileName)
           : format == PackFormat::MoodleXml ? packIdFor("moodle", fileName)
                                             : std::string();
}

SourcePos Conversion::originOf(const std::string& pointer) const
{
    std::string p = pointer;
    while (!p.empty()) {
        if (const auto it = origins.find(p); it != origins.end()) {
            return it->second;
        }
        p.erase(std::min(p.rfind('/'), p.size()));
    }
    return {1, 1};
}

const ExamDef* findImportExam(const std::vector<ExamDef>& exams, const std::string& examId)
{
    if (examId.empty()) {
        return exams.size() == 1 ? &exams.front() : nullptr;
    }
    const auto it =
        std::find_if(exams.begin(), exams.end(), [&](const ExamDef& e) { return e.id == examId; });
    return it != exams.end() ? &*it : nullptr;
}

PackBuilder::PackBuilder(std::string fileName, std::string kind, const std::vector<ExamDef>& exams,
                         const ImportOptions& options, Conversion& out, const CategoryMap* map)
    : m_file(std::move(fileName))
    , m_kind(std::move(kind))
    , m_options(options)
    , m_out(out)
    , m_map(map)
{
    m_out.versionHint = options.versionHint;
    m_exam = findImportExam(exams, options.exam);
    if (m_exam) {
        return;
    }
    if (!options.exam.empty()) {
        error({1, 1}, "exam \"" + echoed(options.exam) + "\" is not in the database; import its pack first");
    } else {
        std::string names;
        for (const auto& e : exams) {
            names += (names.empty() ? "" : ", ") + e.id;
        }
        error({1, 1}, exams.empty()
                          ? "no exam in the database to put these questions in; import an exam first"
                          : "which exam are these questions for? Pass --exam (one of " + names + ")");
    }
}

void PackBuilder::sharesAddUp(const SourcePos& answersPos, double total, int shared)
{
    // Moodle rounds the sum of the positive shares to a hundredth of a grade and warns unless it is 100%
    // (its question form refuses to save them). A typo in a share loses no credit in certdrill, which asks
    // for every answer with a share, so the author is told what the question will ask.
    // A share may be any finite number ("%1e300%"): the sum is shown cut at a billion per cent.
    const long long percent = std::llround(std::min(total * 100, 1e9));
    if (percent == 100) {
        return;
    }
    const std::string which = shared == 1   ? std::string("the one answer")
                              : shared == 2 ? std::string("both answers")
                                            : "all " + std::to_string(shared) + " answers";
    warning(answersPos,
            "the answers' positive shares add up to " + std::to_string(percent) +
                "%, not 100% (Moodle warns of this too): certdrill asks the candidate to choose " + which +
                " with a share; check the shares");
}

void PackBuilder::add(const ForeignQuestion& fq)
{
    if (m_questions.size() >= kMaxQuestionsPerPack) {
        if (!m_overLimit) {
            error(fq.at, "more than " + std::to_string(kMaxQuestionsPerPack) +
                             " questions: a pack may hold at most " + std::to_string(kMaxQuestionsPerPack) +
                             "; split the file into several packs");
        }
        m_overLimit = true;
        return;
    }
    if (fq.images > 0) {
        warning(fq.at,
                std::to_string(fq.images) +
                    " image(s) in this question are not imported (certdrill shows text only); check that "
                    "it still makes sense without them");
    }
    if (fq.single && !singleKey(fq)) {
        return;
    }
    json options = json::array();
    int correct = 0;
    double shareTotal = 0; // of the right answers of a multiple-response question
    const std::string pointer = "/questions/" + std::to_string(m_questions.size());
    std::vector<std::pair<std::string, SourcePos>> origins;
    for (const auto& a : fq.answers) {
        // certdrill scores a whole answer right or wrong, so a single-choice question keeps only its
        // full-credit answers right; a multiple-response one keeps every answer that earns credit.
        const bool right = fq.single ? a.credit >= 1.0 - 1e-9 : a.credit > 1e-9;
        if (fq.single && a.credit > 1e-9 && !right) {
            warning(a.pos,
                    "partial credit is scored as wrong: certdrill marks a whole answer right or wrong");
        }
        correct += right ? 1 : 0;
        shareTotal += right && !fq.single ? a.credit : 0.0;
        json o = {{"text", a.text}, {"correct", right}};
        const std::string op = pointer + "/options/" + std::to_string(options.size());
        origins.emplace_back(op, a.pos);
        if (!a.why.empty()) {
            o["why"] = a.why;
            origins.emplace_back(op + "/why", a.whyPos);
        }
        options.push_back(std::move(o));
    }
    if (correct == 0) {
        error(fq.answersPos, "no answer is marked right: give one full credit (\"=\" in GIFT, fraction 100 "
                             "in XML), or several answers a share in a multiple-response question");
        return;
    }
    if (!fq.single) {
        sharesAddUp(fq.answersPos, shareTotal, correct);
    }
    // Ids must be unique in a pack but Moodle names need not be (Moodle's own fixtures repeat one), so a
    // repeat gets -2, -3, … in file order.
    std::string id = questionId(fq.name, fq.stem);
    if (m_ids.count(id)) {
        // Each base name remembers the last suffix it used, so 50,000 questions of one name cost 50,000
        // steps, not 50,000 searches from "-2" up.
        const std::string base = id;
        int& k = m_nextSuffix.try_emplace(base, 2).first->second;
        for (id = base + "-" + std::to_string(k); m_ids.count(id); id = base + "-" + std::to_string(++k)) {
        }
        if (!fq.name.empty()) {
            warning(fq.namePos, "the name \"" + echoed(fq.name) +
                                    "\" is used before; this question's id is \"" + id + "\"");
        }
    }
    m_out.questionsAt.emplace(std::make_pair(fq.at.line, fq.at.column), id);
    json q = {{"id", id},
              {"exam", m_exam ? m_exam->id : ""},
              {"stem", fq.stem},
              {"select", correct},
              {"options", options}};
    if (!fq.explanation.empty()) {
        q["explanation"] = fq.explanation;
        origins.emplace_back(pointer + "/explanation", fq.explanationPos);
    }
    if (!fq.shuffle) {
        q["shuffle"] = false;
    }
    if (!placeInBlueprint(q, fq)) {
        return;
    }
    m_ids.insert(id);
    origin(pointer, fq.at);
    origin(pointer + "/id", fq.name.empty() ? fq.stemPos : fq.namePos);
    origin(pointer + "/stem", fq.stemPos);
    origin(pointer + "/select", fq.answersPos);
    origin(pointer + "/options", fq.answersPos);
    for (const auto& [p, pos] : origins) {
        origin(p, pos);
    }
    m_questions.push_back(std::move(q));
}

bool PackBuilder::singleKey(const ForeignQuestion& fq)
{
    std::vector<const ForeignQuestion::Answer*> keys;
    for (const auto& a : fq.answers) {
        if (a.credit >= 1.0 - 1e-9) {
            keys.push_back(&a);
        }
    }
    if (keys.size() < 2) {
        return true;
    }
    // In Moodle a single-choice question accepts any one of its full-credit answers. certdrill asks for a
    // set of options and scores it whole, so "either" cannot be asked: reading them as a Select TWO would
    // change what the key means.
    const bool gift = m_kind == "gift";
    error(keys[1]->pos,
          "question \"" + questionId(fq.name, fq.stem) + "\" is single choice with " +
              std::to_string(keys.size()) + " answers of full credit" +
              (gift ? " (\"=\")" : " (fraction=\"100\")") +
              ": Moodle accepts either of them, which certdrill cannot ask (it would ask for all of them); " +
              (gift ? "mark one answer right (\"=\") and the others wrong (\"~\"), or make it a "
                      "multiple-response question without \"=\", with shares such as \"~%50%\" on the right "
                      "answers and a negative share on the wrong ones"
                    : "keep fraction=\"100\" on one answer and give the others 0, or make it a "
                      "multiple-response question (<single>false</single>) with fractions such as 50 on the "
                      "right answers and a negative fraction on the wrong ones"));
    return false;
}

bool PackBuilder::placeInBlueprint(json& q, const ForeignQuestion& fq)
{
    if (!m_exam) {
        return false; // already reported once, at the top of the file
    }
    const std::string id = q["id"];
    if (m_map) {
        const std::vector<const MapRule*> rules = m_map->match(m_category, fq.tags);
        const auto differs = [&](const MapRule* r) {
            const MapTarget& a = r->target;
            const MapTarget& b = rules.front()->target;
            return a.domain != b.domain || a.objective != b.objective || a.subtopic != b.subtopic;
        };
        if (std::any_of(rules.begin(), rules.end(), differs)) {
            std::string which;
            for (const MapRule* r : rules) {
                which += (which.empty() ? "" : ", ") + std::string("tag \"") + echoed(r->tag) + "\" to " +
                         r->target.domain + (r->target.objective.empty() ? "" : "/" + r->target.objective);
            }
            error(fq.at, "question \"" + id + "\" has tags that " + m_map->file +
                             " maps to different places (" + which + "); keep one of its tags in the map");
            return false;
        }
        if (!rules.empty()) {
            for (const MapRule* r : rules) {
                m_out.rulesUsed.insert(static_cast<std::size_t>(r - m_map->rules.data()));
            }
            place(q, rules.front()->target);
            return true;
        }
    }
    const std::vector<std::string> segments = categorySegments(m_category);
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (const Domain* d = findRow(m_exam->domains, segments[i])) {
            q["domain"] = d->id;
            // The segment after the domain may name one of its objectives ("…/fine-tuning/5.2") or subtopics.
            if (i + 1 < segments.size()) {
                if (const Topic* o = findRow(d->objectives, segments[i + 1])) {
                    q["objective"] = o->id;
                } else if (const Topic* s = findRow(d->subtopics, segments[i + 1])) {
                    q["subtopic"] = s->id;
                }
            }
            return true;
        }
    }
    if (!m_options.domain.empty()) {
        if (findRow(m_exam->domains, m_options.domain)) {
            q["domain"] = m_options.domain;
            return true;
        }
        error(fq.at, "the default domain \"" + echoed(m_options.domain) + "\" is not a domain of exam \"" +
                         m_exam->id + "\"");
        return false;
    }
    if (m_map && m_map->fallback) {
        place(q, *m_map->fallback);
        return true;
    }
    const std::string where =
        m_category.empty() ? std::string("has no category") : "is in category \"" + echoed(m_category) + "\"";
    if (m_map) {
        std::string tags;
        for (const auto& t : fq.tags) {
            tags += (tags.empty() ? "" : ", ") + echoed(t);
        }
        error(fq.at, "question \"" + id + "\" " + where + (tags.empty() ? "" : " with tags " + tags) +
                         ", which no rule of " + m_map->file + " maps and which names none of exam \"" +
                         m_exam->id + "\"'s domains, and the map has no \"default\"; add a rule for its " +
                         "category or one of its tags, or a \"default\"");
        return false;
    }
    error(fq.at,
          "question \"" + id + "\" " + where +
              (m_category.empty() ? "" : ", which names none of exam \"" + m_exam->id + "\"'s domains") +
              ", so it has no blueprint domain; put it in a category such as \"" + m_exam->id + "/" +
              m_exam->domains.front().id + "\" (in GIFT, a \"$CATEGORY: ...\" line), " +
              (m_options.domainHint.empty() ? std::string("give a default domain for uncategorised questions")
                                            : m_options.domainHint) +
              ", or map its category with " +
              (m_options.mapHint.empty() ? std::string("a category map (--map)") : m_options.mapHint));
    return false;
}

void PackBuilder::place(json& q, const MapTarget& target)
{
    q["domain"] = target.domain;
    if (!target.objective.empty()) {
        q["objective"] = target.objective;
    }
    if (!target.subtopic.empty()) {
        q["subtopic"] = target.subtopic;
    }
}

void PackBuilder::finish()
{
    // A file of only skipped types (essay, numerical, …) would otherwise fail as "a pack must define at
    // least one exam or one question", which says nothing about the Moodle file.
    if (m_questions.empty() && errorCount(m_out.diagnostics) == 0) {
        error({1, 1}, "no multiple-choice or true/false question to import");
    }
    const std::string id = m_options.packId.empty() ? packIdFor(m_kind, m_file) : m_options.packId;
    std::string version = m_options.version;
    if (version.empty()) {
        const auto stored = m_options.storedVersions.find(id);
        version = stored != m_options.storedVersions.end() ? stored->second : "1.0.0";
    }
    const json pack = {{"format", "certdrill-pack/1"},
                       {"pack",
                        {{"id", id},
                         {"title", std::filesystem::path(m_file).filename().string()},
                         {"version", version},
                         {"authors", {"imported from " + m_kind}},
                         {"license", "as the source file"}}},
                       {"questions", m_questions}};
    // The loader rejects a file that is not UTF-8 before converting it; should a byte slip through anyway,
    // dump() would throw type_error 316 out of the core, so it becomes U+FFFD instead.
    m_out.json = pack.dump(1, ' ', false, json::error_handler_t::replace);
}

void PackBuilder::origin(const std::string& pointer, const SourcePos& pos)
{
    m_out.origins.insert_or_assign(pointer, pos);
}

void PackBuilder::error(const SourcePos& pos, const std::string& message)
{
    m_out.diagnostics.push_back({Diagnostic::Severity::Error, m_file, pos, "", message});
}

void PackBuilder::warning(const SourcePos& pos, const std::string& message)
{
    m_out.diagnostics.push_back({Diagnostic::Severity::Warning, m_file, pos, "", message});
}

void PackBuilder::skip(const SourcePos& pos, const std::string& message)
{
    warning(pos, message);
    ++m_out.skipped;
}

} // namespace certdrill
