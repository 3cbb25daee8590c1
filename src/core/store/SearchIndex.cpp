#include "certdrill/store/SearchIndex.h"

#include <string>

#include "certdrill/pack/PackImages.h"

namespace certdrill {

SearchIndexWriter::SearchIndexWriter(Database& db)
    : m_question(db, "SELECT q.stem, q.explanation, q.retired, "
                     "(SELECT COALESCE(n.text, '') FROM notes n JOIN packs p ON p.pack_id = n.pack_id "
                     "WHERE p.id = q.pack_ref AND n.question_id = q.question_id) "
                     "FROM questions q WHERE q.id = ?")
    , m_options(db, "SELECT text, why FROM options WHERE question_ref = ? ORDER BY position")
    , m_delete(db, "DELETE FROM question_search WHERE rowid = ?")
    , m_insert(db, "INSERT INTO question_search (rowid, stem, options, explanations, note) "
                   "VALUES (?, ?, ?, ?, ?)")
{
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
    // The columns as schema step 8 fills them (texts one per line, the question's explanation before the
    // whys), each without its images' data.
    std::string options;
    std::string explanations = withoutDataUris(m_question.getText(1)) + '\n';
    m_options.reset();
    m_options.bind(1, questionRow);
    for (bool first = true; m_options.step(); first = false) {
        if (!first) {
            options += '\n';
            explanations += '\n';
        }
        options += withoutDataUris(m_options.getText(0));
        explanations += withoutDataUris(m_options.getText(1));
    }
    m_insert.reset();
    m_insert.bind(1, questionRow).bind(2, withoutDataUris(m_question.getText(0))).bind(3, options);
    m_insert.bind(4, explanations).bind(5, m_question.getText(3));
    m_insert.run();
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
