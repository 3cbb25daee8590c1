#include "certdrill/pack/MoodleXmlReader.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <pugixml.hpp>
#include <string_view>

#include "certdrill/Text.h"
#include "certdrill/pack/HtmlText.h"
#include "certdrill/pack/PackBuilder.h"

namespace certdrill {

namespace {

std::string trimmed(const std::string& s)
{
    const std::size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) {
        return {};
    }
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

/// Line and column (in code points) of byte offsets into the file; pugixml gives only the offsets. Keeps the
/// number of code points before every kStride-th byte, so a column costs at most kStride steps however long
/// its line: an 18 MB file on one line must not cost a scan from the line's start for every element.
class Positions
{
public:
    explicit Positions(const std::string& text)
        : m_text(text)
    {
        m_lineStarts.push_back(0);
        std::size_t points = 0;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (i % kStride == 0) {
                m_pointsBefore.push_back(points);
            }
            if (text[i] == '\n') {
                m_lineStarts.push_back(i + 1);
            }
            points += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 ? 1 : 0;
        }
        m_pointsBefore.push_back(points);
    }

    SourcePos at(std::ptrdiff_t offset) const
    {
        if (offset < 0) {
            return {1, 1};
        }
        const auto o = std::min(static_cast<std::size_t>(offset), m_text.size());
        const auto line =
            std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), o) - m_lineStarts.begin();
        const std::size_t lineStart = m_lineStarts[static_cast<std::size_t>(line - 1)];
        return {static_cast<int>(line), static_cast<int>(pointsBefore(o) - pointsBefore(lineStart)) + 1};
    }

    /// An element's position: pugixml's offset points past its "<".
    SourcePos of(const pugi::xml_node& node) const
    {
        const std::ptrdiff_t o = node.offset_debug();
        return at(o > 0 ? o - 1 : o);
    }

private:
    static constexpr std::size_t kStride = 4096;

    /// Code points in the text before byte `o`.
    std::size_t pointsBefore(std::size_t o) const
    {
        std::size_t points = m_pointsBefore[o / kStride];
        for (std::size_t i = o - o % kStride; i < o; ++i) {
            points += (static_cast<unsigned char>(m_text[i]) & 0xC0) != 0x80 ? 1 : 0;
        }
        return points;
    }

    const std::string& m_text;
    std::vector<std::size_t> m_lineStarts;
    std::vector<std::size_t> m_pointsBefore; ///< [k]: code points before byte k * kStride
};

/// The text of `<element><text>…</text></element>` (CDATA included), trimmed, as written: a name, a category
/// or a tag.
std::string plainTextOf(const pugi::xml_node& element)
{
    return trimmed(element.child("text").text().get());
}

/// The format an element's format="…" names, `fallback` without one, and HTML for a name Moodle does not
/// know (qformat_xml::trans_format).
MoodleFormat formatOf(const pugi::xml_node& element, MoodleFormat fallback)
{
    const pugi::xml_attribute attribute = element.attribute("format");
    if (!attribute) {
        return fallback;
    }
    const std::string name = asciiLower(trimmed(attribute.value()));
    return name == "moodle_auto_format"                ? MoodleFormat::Moodle
           : name == "plain_text"                      ? MoodleFormat::Plain
           : name == "markdown" || name == "wiki_like" ? MoodleFormat::Markdown
                                                       : MoodleFormat::Html;
}

/// The texts of one question as Moodle shows them (moodleText), each in its element's format, else in the
/// question text's, as Moodle reads them; counts the images dropped and remembers where the first text whose
/// HTML tags are kept as written stands, to warn there.
class QuestionTexts
{
public:
    QuestionTexts(const pugi::xml_node& questionText, const Positions& positions)
        : m_positions(positions)
        , m_format(formatOf(questionText, MoodleFormat::Html)) // Moodle's default for a question text
    {
    }

    std::string of(const pugi::xml_node& element)
    {
        HtmlText h = moodleText(plainTextOf(element), formatOf(element, m_format));
        images += h.images;
        if (h.tagsKept && !keptAt) {
            keptAt = m_positions.of(element);
        }
        return std::move(h.text);
    }

    int images = 0;
    std::optional<SourcePos> keptAt;

private:
    const Positions& m_positions;
    MoodleFormat m_format;
};

void readQuestion(const pugi::xml_node& question, const std::string& type, const Positions& positions,
                  PackBuilder& builder)
{
    ForeignQuestion q;
    q.at = positions.of(question);
    q.name = plainTextOf(question.child("name"));
    q.namePos = positions.of(question.child("name"));
    QuestionTexts texts(question.child("questiontext"), positions);
    q.stem = texts.of(question.child("questiontext"));
    q.stemPos = positions.of(question.child("questiontext"));
    q.explanation = texts.of(question.child("generalfeedback"));
    q.explanationPos = positions.of(question.child("generalfeedback"));
    for (const pugi::xml_node tag : question.child("tags").children("tag")) {
        if (std::string t = plainTextOf(tag); !t.empty()) {
            q.tags.push_back(std::move(t));
        }
    }
    const pugi::xml_node first = question.child("answer");
    q.answersPos = first ? positions.of(first) : q.at;
    for (const pugi::xml_node a : question.children("answer")) {
        ForeignQuestion::Answer answer;
        answer.text = texts.of(a);
        const std::string fraction = trimmed(a.attribute("fraction").value());
        const std::optional<double> percent = fraction.empty() ? 0.0 : parsePercent(fraction);
        if (!percent) {
            builder.error(positions.of(a), "fraction=\"" + echoed(fraction) +
                                               "\" is not a finite number (a percentage, e.g. 100)");
            return;
        }
        answer.credit = *percent / 100.0;
        answer.why = texts.of(a.child("feedback"));
        answer.pos = positions.of(a);
        answer.whyPos = positions.of(a.child("feedback"));
        q.answers.push_back(std::move(answer));
    }
    q.images = texts.images;
    if (texts.keptAt) {
        builder.warning(*texts.keptAt, "format=\"markdown\" text holds HTML tags, which certdrill shows as "
                                       "written (its Markdown has no raw HTML; Moodle shows them as HTML): "
                                       "write the text without tags, or make it format=\"html\"");
    }
    if (type == "truefalse") {
        // Moodle keeps the answers "true" and "false" in any order; certdrill shows True, then False.
        std::stable_sort(q.answers.begin(), q.answers.end(), [](const auto& x, const auto& y) {
            return asciiLower(x.text) == "true" && asciiLower(y.text) != "true";
        });
        for (auto& a : q.answers) {
            a.text = asciiLower(a.text) == "true" ? "True" : asciiLower(a.text) == "false" ? "False" : a.text;
        }
        q.shuffle = false;
    } else {
        // Moodle's trans_single: a missing <single> is single choice; "false", "0" or empty is multiple.
        const pugi::xml_node single = question.child("single");
        const std::string value = asciiLower(trimmed(single.text().get()));
        q.single = !single || !(value == "false" || value == "0" || value.empty());
        const std::string shuffle = asciiLower(trimmed(question.child("shuffleanswers").text().get()));
        q.shuffle = !(shuffle == "false" || shuffle == "0");
    }
    builder.add(q);
}

} // namespace

bool isMoodleXmlFile(const std::string& fileName)
{
    const std::string name = asciiLower(std::filesystem::path(fileName).filename().string());
    return name.size() > 4 && name.compare(name.size() - 4, 4, ".xml") == 0;
}

Conversion convertMoodleXml(const std::string& text, const std::string& fileName,
                            const std::vector<ExamDef>& exams, const ImportOptions& options,
                            const CategoryMap* map)
{
    Conversion out;
    PackBuilder builder(fileName, "moodle", exams, options, out, map);
    const Positions positions(text);
    pugi::xml_document doc;
    // parse_doctype keeps the DOCTYPE as a node, so a file that declares entities can be told that they are
    // not used; pugixml never reads a DTD or expands a declared entity either way.
    const pugi::xml_parse_result parsed = doc.load_buffer(
        text.data(), text.size(), pugi::parse_default | pugi::parse_doctype, pugi::encoding_utf8);
    for (const pugi::xml_node node : doc.children()) {
        if (node.type() == pugi::node_doctype &&
            std::string_view(node.value()).find("<!ENTITY") != std::string_view::npos) {
            builder.warning(
                positions.of(node),
                "the DOCTYPE declares entities, which certdrill does not expand (it reads no DTD): a "
                "reference to one, such as &name;, stays in the text as written");
        }
    }
    if (!parsed) {
        builder.error(positions.at(parsed.offset),
                      std::string("not well-formed XML: ") + parsed.description());
    } else if (const pugi::xml_node quiz = doc.child("quiz"); !quiz) {
        builder.error({1, 1}, "a Moodle XML question file has a <quiz> root element");
    } else {
        for (const pugi::xml_node question : quiz.children("question")) {
            if (builder.overLimit()) {
                break; // the file is refused whatever follows
            }
            const std::string type = question.attribute("type").value();
            if (type == "category") {
                builder.setCategory(plainTextOf(question.child("category")));
            } else if (type == "multichoice" || type == "truefalse") {
                readQuestion(question, type, positions, builder);
            } else {
                builder.skip(
                    positions.of(question),
                    "<question type=\"" + echoed(type) +
                        "\"> is not imported (certdrill has multiple choice and true/false); skipped");
            }
        }
    }
    builder.finish();
    return out;
}

} // namespace certdrill
