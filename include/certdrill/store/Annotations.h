#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "certdrill/Result.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// A question's stable identity: the pack's id and the question's id in it. Bookmarks and notes are stored
/// under it, not under the database row, so they belong to the question whatever a pack update does to it.
struct QuestionKey
{
    std::string packId;
    std::string questionId;

    /// "PACK/QUESTION", as certdrill-cli prints and accepts it.
    std::string text() const { return packId + "/" + questionId; }
};

/// The candidate's own marks on a question: a bookmark and a personal note (empty when none).
struct Annotation
{
    bool bookmarked = false;
    std::string note;
};

/// The identity of the question in row `questionRow`; an error when there is no such row.
Result<QuestionKey> questionKey(Store& store, std::int64_t questionRow);
/// The row of the question named `id`: "PACK/QUESTION", or a bare question id when exactly one pack has it
/// (retired questions included, so a note can still be read). An error names what is ambiguous or unknown.
Result<std::int64_t> findQuestionRow(Store& store, const std::string& id);

/// The bookmark and note of the question in row `questionRow`.
Result<Annotation> annotation(Store& store, std::int64_t questionRow);
/// Bookmarks the question, or removes its bookmark, in one transaction.
Result<void> setBookmark(Store& store, std::int64_t questionRow, bool bookmarked);
/// Stores `note` as the question's personal note in one transaction; an empty (or all-blank) note removes it.
/// The note is also indexed for the browser's search.
Result<void> setNote(Store& store, std::int64_t questionRow, const std::string& note);
/// The rows of every bookmarked question (for the planner's "bookmarked" pool and the browser's status).
Result<std::set<std::int64_t>> bookmarkedRows(Store& store);
/// The rows of every question with a note.
Result<std::set<std::int64_t>> notedRows(Store& store);

} // namespace certdrill
