#pragma once

// Shared by the libFuzzer targets (scripts/fuzz, docs/reliability.md): the exam the Moodle readers and the
// pack checker resolve references against, and a check that stops the run with a finding.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/pack/Conversion.h"
#include "certdrill/pack/JsonReader.h"
#include "certdrill/pack/PackLoader.h"

namespace certdrill::fuzz {

/// An exam like tests/data/mini-exam.json: two domains with subtopics and one objective each, so category
/// paths, references and objectives can resolve.
inline const ExamDef& miniExam()
{
    static const ExamDef exam = [] {
        ExamDef e;
        e.id = "mini";
        e.title = "Mini exam";
        e.version = "1";
        e.durationMinutes = 10;
        e.countMin = 2;
        e.countMax = 4;
        e.countDefault = 3;
        e.passPercent = 70;
        e.multiSelectShare = 0.25;
        Domain alpha;
        alpha.id = "alpha";
        alpha.name = "Alpha";
        alpha.weight = 60;
        alpha.subtopics = {{"a1", "Alpha one"}, {"a2", "Alpha two"}};
        alpha.objectives = {{"1.1", "First objective"}};
        Domain beta;
        beta.id = "beta";
        beta.name = "Beta";
        beta.weight = 40;
        beta.subtopics = {{"b1", "Beta one"}};
        e.domains = {alpha, beta};
        return e;
    }();
    return exam;
}

inline const ExamCatalog& miniCatalog()
{
    static const ExamCatalog catalog = {{"mini", KnownExam{miniExam(), "mini-exam"}}};
    return catalog;
}

/// Moodle import options with a fallback domain, so questions without a category that names one still get
/// through to the pack rules (as `import --domain alpha` would).
inline const ImportOptions& importOptions()
{
    static const ImportOptions options = [] {
        ImportOptions o;
        o.domain = "alpha";
        return o;
    }();
    return options;
}

/// Stops the run, so libFuzzer saves the input as a crash: an invariant of the code under test is broken.
inline void require(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
        std::abort();
    }
}

/// Every diagnostic is safe to print on a terminal (no control character, C0, DEL or C1, gets through raw)
/// and of bounded length however long the value it quotes: a pointer is cut at 200 code points and a message
/// at 2,000 (src/core/Diagnostic.cpp), each at most 6 bytes once escaped.
inline void checkDiagnostics(const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        const std::string line = d.format();
        require(line.size() < 16384, "a diagnostic line is not cut");
        for (std::size_t i = 0; i < line.size(); ++i) {
            const auto c = static_cast<unsigned char>(line[i]);
            require(c >= 0x20 && c != 0x7F, "a diagnostic prints a C0 control character or DEL");
            const bool c1 = c == 0xC2 && i + 1 < line.size() &&
                            static_cast<unsigned char>(line[i + 1]) >= 0x80 &&
                            static_cast<unsigned char>(line[i + 1]) <= 0x9F;
            require(!c1, "a diagnostic prints a C1 control character");
        }
    }
}

/// What loadPacks does with a Moodle file (GIFT or XML) after reading it: refuse text that is not UTF-8 or
/// holds control characters, convert the rest, check the pack JSON the converter wrote, and locate and name
/// every diagnostic in the source. The converter must always write JSON the strict reader accepts.
template <typename Convert>
void convertAndCheck(const std::uint8_t* data, std::size_t size, const std::string& fileName, Convert convert)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (utf8Error(text, fileName) || controlCharacterError(text, fileName)) {
        return;
    }
    const Conversion conversion =
        convert(text, fileName, std::vector<ExamDef>{miniExam()}, importOptions(), nullptr);
    checkDiagnostics(conversion.diagnostics);
    LoadedPack lp = loadPackText(conversion.json, fileName, miniCatalog());
    require(lp.document.root.is_object(), "the converter wrote JSON the strict reader refuses");
    // As loadPacks does: each diagnostic of the converted pack is located in the source and named in
    // Moodle's terms (placeOf), which quotes the question's name from the file.
    lp.conversion = conversion;
    for (Diagnostic& d : lp.diagnostics) {
        d.pos = conversion.originOf(d.pointer);
        require(d.pos.line >= 1 && d.pos.column >= 1, "a diagnostic located before the start of the file");
        d.place = lp.placeOf(d.pointer);
    }
    checkDiagnostics(lp.diagnostics);
}

} // namespace certdrill::fuzz
