#include "certdrill/store/SearchIndex.h"

#include <string>
#include <utility>
#include <vector>

#include "certdrill/pack/PackImages.h"

namespace certdrill {

SearchIndexWriter::SearchIndexWriter(Database& db)
    : m_question(db, "SELECT q.stem, q.explanation, q.retired, "
                     "(SELECT COALESCE(n.text, '') FROM notes n JOIN packs p ON p.pack_id = n.pack_id "
                     "WHERE p.id = q.pack_ref AND n.question_id = q.question_id) "
                     "FROM questions q WHERE q.id = ?")
    , m_note(db, "SELECT text FROM notes WHERE pack_id = ? AND question_id = ?")
    , m_options(db, "SELECT text, why FROM options WHERE question_ref = ? ORDER BY position")
    , m_delete(db, "DELETE FROM question_search WHERE rowid = ?")
    , m_insert(db, "INSERT INTO question_search (rowid, stem, options, explanations, note) "
                   "VALUES (?, ?, ?, ?, ?)")
{
}

template <typename Options>
void SearchIndexWriter::insert(std::int64_t questionRow, const std::string& stem,
                               const std::string& explanation, const Options& options,
                               const std::string& note)
{
    std::string optionTexts;
    std::string explanations = withoutDataUris(explanation) + '\n';
    bool first = true;
    for (const auto& [text, why] : options) {
        if (!first) {
            optionTexts += '\n';
            explanations += '\n';
        }
        first = false;
        optionTexts += withoutDataUris(text);
        explanations += withoutDataUris(why);
    }
    // One row by VALUES, never INSERT ... SELECT: a statement that may write several rows of a virtual table
    // opens a statement savepoint, at whose end FTS5 flushes its pending terms into a new segment, so each
    // question of an import became a segment to merge (at 100,000 questions 6.6x the import's CPU).
    m_insert.reset();
    m_insert.bind(1, questionRow).bind(2, withoutDataUris(stem)).bind(3, optionTexts);
    m_insert.bind(4, explanations).bind(5, note);
    m_insert.run();
}

void SearchIndexWriter::reindex(std::int64_t questionRow)
{
    m_delete.reset();
    m_delete.bind(1, questionRow);
    m_delete.run();
    m_question.reset();
    m_question.bind(1, questionRow);
    if (!m_question.step() || m_question.getInt(2) != 0) {
        return; // no such question, or a retired one: not searched
    }
    std::vector<std::pair<std::string, std::string>> options;
    m_options.reset();
    m_options.bind(1, questionRow);
    while (m_options.step()) {
        options.emplace_back(m_options.getText(0), m_options.getText(1));
    }
    insert(questionRow, m_question.getText(0), m_question.getText(1), options, m_question.getText(3));
}

void SearchIndexWriter::index(std::int64_t questionRow, const Question& question, const std::string& packId,
                              bool replace)
{
    if (replace) {
        m_delete.reset();
        m_delete.bind(1, questionRow);
        m_delete.run();
    }
    m_note.reset();
    m_note.bind(1, packId).bind(2, question.id);
    const std::string note = m_note.step() ? m_note.getText(0) : std::string();
    std::vector<std::pair<const std::string&, const std::string&>> options;
    options.reserve(question.options.size());
    for (const Option& o : question.options) {
        options.emplace_back(o.text, o.why);
    }
    insert(questionRow, question.stem, question.explanation, options, note);
}

void reindexQuestionsWithImages(Database& db)
{
    Statement rows(db,
                   "SELECT q.id FROM questions q WHERE q.retired = 0 AND (q.stem LIKE '%data:image/%' OR "
                   "q.explanation LIKE '%data:image/%' OR EXISTS (SELECT 1 FROM options o WHERE "
                   "o.question_ref = q.id AND (o.text LIKE '%data:image/%' OR o.why LIKE '%data:image/%')))");
    SearchIndexWriter writer(db);
    while (rows.step()) {
        writer.reindex(rows.getInt(0));
    }
}

} // namespace certdrill
