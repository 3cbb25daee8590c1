// libFuzzer target: the HTML-to-text converter (Moodle [html] and format="html" text), and Moodle text in
// each of its formats.
#include <cstddef>
#include <cstdint>
#include <string>

#include "certdrill/pack/HtmlText.h"

#include "CurrentInput.h"
#include "FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    certdrill::fuzz::keepCurrentInput(data, size);
    const std::string html(reinterpret_cast<const char*>(data), size);
    const certdrill::HtmlText text = certdrill::htmlToText(html);
    // Markup only shrinks; a list item ("<li>" becomes a line break and "• ") and a reference ("&#9;" becomes
    // up to 4 bytes) grow by at most a few bytes each, never without bound.
    certdrill::fuzz::require(text.text.size() <= 2 * html.size() + 8, "the text grew beyond its markup");
    certdrill::fuzz::require(text.images >= 0, "a negative image count");
    // Text in each of Moodle's formats: converted as above, or kept as written.
    using certdrill::MoodleFormat;
    for (const MoodleFormat format :
         {MoodleFormat::Html, MoodleFormat::Moodle, MoodleFormat::Plain, MoodleFormat::Markdown}) {
        const certdrill::HtmlText shown = certdrill::moodleText(html, format);
        certdrill::fuzz::require(shown.text.size() <= 2 * html.size() + 8, "the shown text grew beyond it");
    }
    return 0;
}
