#pragma once

#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/pack/CategoryMap.h"
#include "certdrill/pack/Conversion.h"

namespace certdrill {

/// True for the file names read as Moodle XML whatever they hold: `*.xml` (packFormatOfName).
bool isMoodleXmlFile(const std::string& fileName);

/// Converts a Moodle XML question file (docs/pack-format.md, "Moodle XML") following Moodle's own importer:
/// `<question type="category">` sets the category of the questions after it; `multichoice` (with
/// `<single>` and each answer's `fraction`) and `truefalse` questions become pack questions, each answer's
/// `<feedback>` its option's "why" and `<generalfeedback>` the explanation. Other types are skipped with a
/// warning. Positions are the line and column of the XML element. `map` may place questions by category or by
/// their `<tags>`.
Conversion convertMoodleXml(const std::string& text, const std::string& fileName,
                            const std::vector<ExamDef>& exams, const ImportOptions& options,
                            const CategoryMap* map = nullptr);

} // namespace certdrill
