#pragma once

#include <cstdint>
#include <string>

#include "certdrill/Model.h"
#include "certdrill/store/Database.h"

namespace certdrill {

/// Writes the question browser's full-text rows (`question_search`, schema steps 8 and 12) from a question's
/// stored texts with the data URIs of its embedded images left out (withoutDataUris), so a search finds the
/// words a candidate reads (an image's alt text among them) and never the base64 of an image or the "data",
/// "image", "png" of its URI. The statements are prepared once, for an import's every question.
class SearchIndexWriter
{
public:
    explicit SearchIndexWriter(Database& db);

    /// Replaces the index row of the question in row `questionRow` with its stem, options, explanations
    /// (its own and every option's why) and the candidate's note; removes it when the question is retired.
    void reindex(std::int64_t questionRow);

    /// The same for a question an import has just written to row `questionRow` (active), from the question
    /// in memory rather than read back: `replace` when the row may already be indexed (an update, a restore).
    /// The note is the candidate's on (`packId`, the question's id).
    void index(std::int64_t questionRow, const Question& question, const std::string& packId, bool replace);

private:
    /// Writes the row: the texts without their images' data, as schema step 8 joins them (options one per
    /// line; the explanation, then the whys, one per line).
    template <typename Options>
    void insert(std::int64_t questionRow, const std::string& stem, const std::string& explanation,
                const Options& options, const std::string& note);

    Statement m_question;
    Statement m_note;
    Statement m_options;
    Statement m_delete;
    Statement m_insert;
};

/// Rewrites the index rows of every active question whose stored texts embed an image (a "data:image/" in
/// its stem, explanation, options or whys): the rows schema step 12's triggers leave to certdrill.
void reindexQuestionsWithImages(Database& db);

} // namespace certdrill
