#include "certdrill/store/Schema.h"

#include <cstdio>

#include <sqlite3.h>

#include "certdrill/store/SearchIndex.h"

namespace certdrill {

namespace {

// Version 1: question content. Rows are keyed by stable text ids (pack id + question id); integer keys are
// internal. Questions are never deleted: a question that leaves its pack is retired, so history keeps it.
constexpr const char* kV1 = R"sql(
CREATE TABLE packs (
    id          INTEGER PRIMARY KEY,
    pack_id     TEXT NOT NULL UNIQUE,
    title       TEXT NOT NULL,
    version     TEXT NOT NULL,
    authors     TEXT NOT NULL,          -- JSON array
    license     TEXT NOT NULL,
    source_path TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    imported_at INTEGER NOT NULL        -- unix ms
);
CREATE TABLE pack_imports (
    id          INTEGER PRIMARY KEY,
    pack_ref    INTEGER NOT NULL REFERENCES packs(id),
    version     TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    imported_at INTEGER NOT NULL,
    added       INTEGER NOT NULL,
    updated     INTEGER NOT NULL,
    retired     INTEGER NOT NULL,
    unchanged   INTEGER NOT NULL
);
CREATE TABLE exams (
    id                 INTEGER PRIMARY KEY,
    exam_id            TEXT NOT NULL UNIQUE,
    pack_ref           INTEGER NOT NULL REFERENCES packs(id),
    title              TEXT NOT NULL,
    version            TEXT NOT NULL,
    duration_minutes   INTEGER NOT NULL,
    count_min          INTEGER NOT NULL,
    count_max          INTEGER NOT NULL,
    count_default      INTEGER NOT NULL,
    pass_percent       REAL NOT NULL,
    multi_select_share REAL NOT NULL,
    coverage           TEXT NOT NULL     -- JSON object
);
CREATE TABLE domains (
    id            INTEGER PRIMARY KEY,
    exam_ref      INTEGER NOT NULL REFERENCES exams(id),
    domain_id     TEXT NOT NULL,
    name          TEXT NOT NULL,
    weight        REAL NOT NULL,
    position      INTEGER NOT NULL,
    min_questions INTEGER NOT NULL DEFAULT 0,
    UNIQUE (exam_ref, domain_id)
);
CREATE TABLE subtopics (
    id           INTEGER PRIMARY KEY,
    domain_ref   INTEGER NOT NULL REFERENCES domains(id),
    subtopic_id  TEXT NOT NULL,
    name         TEXT NOT NULL,
    position     INTEGER NOT NULL,
    UNIQUE (domain_ref, subtopic_id)
);
CREATE TABLE questions (
    id           INTEGER PRIMARY KEY,
    pack_ref     INTEGER NOT NULL REFERENCES packs(id),
    question_id  TEXT NOT NULL,
    exam_ref     INTEGER NOT NULL REFERENCES exams(id),
    domain_ref   INTEGER NOT NULL REFERENCES domains(id),
    subtopic_ref INTEGER REFERENCES subtopics(id),
    stem         TEXT NOT NULL,
    select_count INTEGER NOT NULL,
    explanation  TEXT NOT NULL,
    difficulty   INTEGER NOT NULL,
    tags         TEXT NOT NULL,         -- JSON array
    refs         TEXT NOT NULL,         -- JSON array
    shuffle      INTEGER NOT NULL,
    content_hash TEXT NOT NULL,         -- SHA-256 of the canonical question JSON
    retired      INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    UNIQUE (pack_ref, question_id)
);
CREATE INDEX questions_exam ON questions(exam_ref, retired);
CREATE TABLE options (
    question_ref INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    text         TEXT NOT NULL,
    correct      INTEGER NOT NULL,
    why          TEXT NOT NULL,
    PRIMARY KEY (question_ref, position)
);
)sql";

// Version 2: exam sessions. Each item keeps a snapshot of the question as it was served, so a later pack
// update never rewrites what a past session showed. Times are wall-clock unix ms except durations.
constexpr const char* kV2 = R"sql(
CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY,
    exam_ref         INTEGER NOT NULL REFERENCES exams(id),
    mode             TEXT NOT NULL CHECK (mode IN ('exam', 'practice', 'drill')),
    seed             INTEGER NOT NULL,
    question_count   INTEGER NOT NULL,
    duration_ms      INTEGER NOT NULL,   -- 0 = untimed
    pass_percent     REAL NOT NULL,
    started_at       INTEGER NOT NULL,
    deadline_at      INTEGER,            -- exam mode: the absolute deadline
    remaining_ms     INTEGER,            -- practice mode: time left as last saved
    paused           INTEGER NOT NULL DEFAULT 0,
    current_position INTEGER NOT NULL DEFAULT 0,
    finished_at      INTEGER,
    finish_reason    TEXT CHECK (finish_reason IN ('submitted', 'timeout')),
    correct_count    INTEGER,
    score            REAL,
    passed           INTEGER,
    options          TEXT NOT NULL DEFAULT '{}'   -- JSON: drill settings such as cram
);
CREATE INDEX sessions_open ON sessions(finished_at);
CREATE TABLE session_items (
    session_ref  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    question_ref INTEGER NOT NULL REFERENCES questions(id),
    option_order TEXT NOT NULL,          -- JSON array: original option indices in display order
    snapshot     TEXT NOT NULL,          -- JSON: the question as served
    chosen       TEXT NOT NULL DEFAULT '[]', -- JSON array of original option indices
    flagged      INTEGER NOT NULL DEFAULT 0,
    confidence   TEXT CHECK (confidence IN ('sure', 'unsure', 'guess')),
    revealed     INTEGER NOT NULL DEFAULT 0,
    visits       INTEGER NOT NULL DEFAULT 0,
    time_ms      INTEGER NOT NULL DEFAULT 0,
    answered_at  INTEGER,
    correct      INTEGER,
    PRIMARY KEY (session_ref, position)
);
CREATE INDEX session_items_question ON session_items(question_ref);
)sql";

// Version 3: learning state the candidate sets by hand. The tracker's measured state (FSRS memory, mastery)
// is not stored: it is recomputed from session_items, the single record of every answer, so it can never
// drift from the evidence and a model change applies to the whole history at once.
constexpr const char* kV3 = R"sql(
CREATE TABLE self_ratings (
    exam_ref    INTEGER NOT NULL REFERENCES exams(id),
    domain_id   TEXT NOT NULL,
    subtopic_id TEXT NOT NULL DEFAULT '',   -- '' = the domain row itself
    band        TEXT NOT NULL CHECK (band IN ('red', 'yellow', 'green')),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (exam_ref, domain_id, subtopic_id)
);
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE INDEX session_items_answered ON session_items(answered_at) WHERE correct IS NOT NULL;
)sql";

// Version 4: the exam's official objectives, the blueprint's second level. Each question may name one; the
// self-ratings' second column now holds a topic id (an objective, or a subtopic for an exam without
// objectives). Every answer stays where it was: session_items refer to questions by row, and a question
// that changes objective keeps its row.
constexpr const char* kV4 = R"sql(
CREATE TABLE objectives (
    id           INTEGER PRIMARY KEY,
    domain_ref   INTEGER NOT NULL REFERENCES domains(id),
    objective_id TEXT NOT NULL,
    name         TEXT NOT NULL,
    position     INTEGER NOT NULL,
    UNIQUE (domain_ref, objective_id)
);
ALTER TABLE questions ADD COLUMN objective_ref INTEGER REFERENCES objectives(id);
CREATE INDEX questions_objective ON questions(objective_ref);
ALTER TABLE self_ratings RENAME COLUMN subtopic_id TO topic_id;
)sql";

// Version 5: a session can end abandoned (Exam ▸ Abandon exam), and the time on the review screen is kept
// apart from the questions'. Columns are added rather than the table rebuilt: finish_reason's CHECK
// (submitted, timeout) stays, and an abandoned session leaves it NULL, which the CHECK allows. Every session
// stored before was submitted or timed out, so the defaults are true of it.
constexpr const char* kV5 = R"sql(
ALTER TABLE sessions ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0 CHECK (abandoned IN (0, 1));
ALTER TABLE sessions ADD COLUMN review_ms INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 6: indexes for counting questions. `list exams`, the home screen and domainCounts count each
// domain's active (and multi-select) questions; with no index on domain_ref SQLite built a temporary one over
// every question at each call (100,000 questions: most of the home screen's start). The packs list counts
// each pack's active and retired questions, which read every question's row for `retired`. Both indexes
// cover their counts, so no question row is read.
constexpr const char* kV6 = R"sql(
CREATE INDEX questions_domain ON questions(domain_ref, retired, select_count);
CREATE INDEX questions_pack ON questions(pack_ref, retired);
)sql";

// Version 7: errata. A candidate reports a problem with a question (a wrong key, an unclear or outdated
// question, a typo) for the pack's author, with the pack version and the answer given at the time, since both
// may change later. Separately, the candidate may exclude a disputed question from their scores: one row per
// excluded question, apart from the reports so that including it again keeps them. Answers stay in
// session_items untouched; scores are computed from them leaving excluded questions out, so excluding and
// including again are exact inverses. Self-contained: it only adds tables.
constexpr const char* kV7 = R"sql(
CREATE TABLE errata (
    id           INTEGER PRIMARY KEY,
    question_ref INTEGER NOT NULL REFERENCES questions(id),
    session_ref  INTEGER REFERENCES sessions(id) ON DELETE SET NULL, -- where it was reported from, if any
    pack_version TEXT NOT NULL,             -- the version of the question's pack the candidate saw
    kind         TEXT NOT NULL CHECK (kind IN ('wrong-key', 'unclear', 'outdated', 'typo', 'other')),
    note         TEXT NOT NULL DEFAULT '',
    answer       TEXT NOT NULL DEFAULT '',  -- the candidate's choice then, letters of the pack's order
    reported_at  INTEGER NOT NULL           -- unix ms
);
CREATE INDEX errata_question ON errata(question_ref);
CREATE TABLE score_exclusions (
    question_ref INTEGER PRIMARY KEY REFERENCES questions(id),
    excluded_at  INTEGER NOT NULL
);
)sql";

// Version 8: the question browser. `question_search` is an FTS5 index of every active question: its stem,
// its options' texts, its explanations (the question's and every option's why) and the candidate's own note,
// with rowid = questions.id. Triggers keep it in step with what changes a stored question (an update or a
// retirement, an option rewritten or deleted, a note edited), and an existing database gets it filled below.
// A question's first row and its options are written by Store::importOne alone, which indexes the question
// once after its last option: a trigger per inserted option rewrote the question's
// index row once per option and made a first import of a large bank twice as slow. Bookmarks and notes are
// the candidate's and are keyed by the pack's own ids (pack id, question id), the stable public keys: a pack
// update rewrites a question in place under the same ids, and a question retired and later brought back finds
// its note again. `browser_reveal` marks the one-item practice session that records an answer shown in the
// browser (ExamSession-like evidence of having seen the key, never an exam the history lists). The step is
// self-contained: it reads only tables of versions 1 to 5.
constexpr const char* kV8 = R"sql(
CREATE TABLE bookmarks (
    pack_id     TEXT NOT NULL,
    question_id TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (pack_id, question_id)
);
CREATE TABLE notes (
    pack_id     TEXT NOT NULL,
    question_id TEXT NOT NULL,
    text        TEXT NOT NULL CHECK (text <> ''),
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (pack_id, question_id)
);
ALTER TABLE sessions ADD COLUMN browser_reveal INTEGER NOT NULL DEFAULT 0 CHECK (browser_reveal IN (0, 1));
CREATE VIRTUAL TABLE question_search USING fts5(
    stem, options, explanations, note, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
CREATE TRIGGER question_search_update AFTER UPDATE OF stem, explanation, retired ON questions BEGIN
    DELETE FROM question_search WHERE rowid = OLD.id;
    INSERT INTO question_search (rowid, stem, options, explanations, note) SELECT NEW.id, NEW.stem,
        (SELECT COALESCE(group_concat(text, char(10)), '') FROM options WHERE question_ref = NEW.id),
        NEW.explanation || char(10) ||
            (SELECT COALESCE(group_concat(why, char(10)), '') FROM options WHERE question_ref = NEW.id),
        (SELECT COALESCE(n.text, '') FROM notes n JOIN packs p ON p.pack_id = n.pack_id
         WHERE p.id = NEW.pack_ref AND n.question_id = NEW.question_id)
    WHERE NEW.retired = 0;
END;
CREATE TRIGGER question_search_option_update AFTER UPDATE ON options BEGIN
    UPDATE question_search SET
        options = (SELECT group_concat(text, char(10)) FROM options WHERE question_ref = NEW.question_ref),
        explanations = (SELECT explanation FROM questions WHERE id = NEW.question_ref) || char(10) ||
            (SELECT group_concat(why, char(10)) FROM options WHERE question_ref = NEW.question_ref)
    WHERE rowid = NEW.question_ref;
END;
CREATE TRIGGER question_search_option_delete AFTER DELETE ON options BEGIN
    UPDATE question_search SET
        options = (SELECT COALESCE(group_concat(text, char(10)), '') FROM options
                   WHERE question_ref = OLD.question_ref),
        explanations = (SELECT explanation FROM questions WHERE id = OLD.question_ref) || char(10) ||
            (SELECT COALESCE(group_concat(why, char(10)), '') FROM options WHERE question_ref = OLD.question_ref)
    WHERE rowid = OLD.question_ref;
END;
CREATE TRIGGER question_search_note_insert AFTER INSERT ON notes BEGIN
    UPDATE question_search SET note = NEW.text WHERE rowid IN (SELECT q.id FROM questions q
        JOIN packs p ON p.id = q.pack_ref WHERE p.pack_id = NEW.pack_id AND q.question_id = NEW.question_id);
END;
CREATE TRIGGER question_search_note_update AFTER UPDATE ON notes BEGIN
    UPDATE question_search SET note = NEW.text WHERE rowid IN (SELECT q.id FROM questions q
        JOIN packs p ON p.id = q.pack_ref WHERE p.pack_id = NEW.pack_id AND q.question_id = NEW.question_id);
END;
CREATE TRIGGER question_search_note_delete AFTER DELETE ON notes BEGIN
    UPDATE question_search SET note = '' WHERE rowid IN (SELECT q.id FROM questions q
        JOIN packs p ON p.id = q.pack_ref WHERE p.pack_id = OLD.pack_id AND q.question_id = OLD.question_id);
END;
INSERT INTO question_search (rowid, stem, options, explanations, note) SELECT q.id, q.stem,
    (SELECT COALESCE(group_concat(text, char(10)), '') FROM options WHERE question_ref = q.id),
    q.explanation || char(10) ||
        (SELECT COALESCE(group_concat(why, char(10)), '') FROM options WHERE question_ref = q.id),
    ''
FROM questions q WHERE q.retired = 0;
)sql";

// Version 9: planning reads without the question rows. mock-plan, drill-plan, the tracker and the home screen
// read every active question's ids, domain, topic, select count, difficulty, shuffle flag and option count.
// Those columns sit in rows that also hold the stem and explanation (most of a 100,000-question database), so
// SQLite read every page of the table, and counted each question's options in the options' index. The count
// is kept in the question's row (written by the import with the options), and one index holds every column
// planning reads, in the order it reads them (exam, active, pack, question id), so a planning read walks only
// that index: at 100,000 questions 4 MB instead of the table's 120 MB, and no sort.
constexpr const char* kV9 = R"sql(
ALTER TABLE questions ADD COLUMN option_count INTEGER NOT NULL DEFAULT 0;
UPDATE questions SET option_count = (SELECT COUNT(*) FROM options o WHERE o.question_ref = questions.id);
CREATE INDEX questions_planning ON questions(exam_ref, retired, pack_ref, question_id, domain_ref,
    subtopic_ref, objective_ref, select_count, difficulty, shuffle, option_count);
)sql";

// Version 10: why the candidate misses questions. Each item keeps its first complete answer beside the final
// one, so a right answer changed to a wrong one is measured (the session sees every change; until now only
// the last was stored), and the miss reason the candidate tags in the answer review. Items stored before have
// no first answer (NULL): no change is claimed for them.
constexpr const char* kV10 = R"sql(
ALTER TABLE session_items ADD COLUMN first_chosen TEXT;
ALTER TABLE session_items ADD COLUMN miss_reason TEXT CHECK (miss_reason IN ('did-not-know', 'misread',
    'distractor', 'changed-right', 'out-of-time', 'guessed'));
)sql";

// Version 11: reserved final exams. An exam definition may hold back full forms of never-seen questions
// (exams.final_forms, pack key "final_forms"); the questions of each form are chosen once,
// blueprint-balanced, and kept in final_questions so a later pack update never moves a question the candidate
// has practised into a final form, nor releases one. A session of a final form names it (sessions.final_form,
// NULL otherwise); once it has started, the form's questions return to practice.
constexpr const char* kV11 = R"sql(
ALTER TABLE exams ADD COLUMN final_forms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN final_form INTEGER;
CREATE TABLE final_questions (
    exam_ref     INTEGER NOT NULL REFERENCES exams(id),
    form         INTEGER NOT NULL CHECK (form >= 1),
    question_ref INTEGER NOT NULL REFERENCES questions(id),
    PRIMARY KEY (exam_ref, question_ref)
);
CREATE INDEX final_questions_form ON final_questions(exam_ref, form);
)sql";

// Version 12: the full-text index without image data. A question is stored with its images' data URIs in
// place of `image:NAME` (Store::importOne), and step 8's triggers and the import indexed the stored texts, so
// the base64 of every image and the words of its URI ("data", "image", "png", "base64") were searchable: a
// search for "data" found every question with an image. certdrill now writes a question's index row itself,
// with every data URI left out (SearchIndexWriter, after each imported, updated or restored question). The
// triggers still follow an edit of a question without images (made in the sqlite3 shell, say) and no longer
// index one whose texts hold "data:image/" from its stored texts: an update or a retirement removes its row,
// an option edit leaves the row as certdrill wrote it. SQL cannot strip the URIs without an
// application-defined function, which would make every update fail in the sqlite3 shell, so the rows already
// indexed with image data are rewritten by the step's C++ part (reindexQuestionsWithImages).
constexpr const char* kV12 = R"sql(
DROP TRIGGER question_search_update;
DROP TRIGGER question_search_option_update;
DROP TRIGGER question_search_option_delete;
CREATE TRIGGER question_search_update AFTER UPDATE OF stem, explanation, retired ON questions BEGIN
    DELETE FROM question_search WHERE rowid = OLD.id;
    INSERT INTO question_search (rowid, stem, options, explanations, note) SELECT NEW.id, NEW.stem,
        (SELECT COALESCE(group_concat(text, char(10)), '') FROM options WHERE question_ref = NEW.id),
        NEW.explanation || char(10) ||
            (SELECT COALESCE(group_concat(why, char(10)), '') FROM options WHERE question_ref = NEW.id),
        (SELECT COALESCE(n.text, '') FROM notes n JOIN packs p ON p.pack_id = n.pack_id
         WHERE p.id = NEW.pack_ref AND n.question_id = NEW.question_id)
    WHERE NEW.retired = 0 AND NEW.stem NOT LIKE '%data:image/%' AND NEW.explanation NOT LIKE '%data:image/%'
        AND NOT EXISTS (SELECT 1 FROM options WHERE question_ref = NEW.id
                        AND (text LIKE '%data:image/%' OR why LIKE '%data:image/%'));
END;
CREATE TRIGGER question_search_option_update AFTER UPDATE ON options BEGIN
    UPDATE question_search SET
        options = (SELECT group_concat(text, char(10)) FROM options WHERE question_ref = NEW.question_ref),
        explanations = (SELECT explanation FROM questions WHERE id = NEW.question_ref) || char(10) ||
            (SELECT group_concat(why, char(10)) FROM options WHERE question_ref = NEW.question_ref)
    WHERE rowid = NEW.question_ref
        AND NOT EXISTS (SELECT 1 FROM questions WHERE id = NEW.question_ref
                        AND (stem LIKE '%data:image/%' OR explanation LIKE '%data:image/%'))
        AND NOT EXISTS (SELECT 1 FROM options WHERE question_ref = NEW.question_ref
                        AND (text LIKE '%data:image/%' OR why LIKE '%data:image/%'));
END;
CREATE TRIGGER question_search_option_delete AFTER DELETE ON options BEGIN
    UPDATE question_search SET
        options = (SELECT COALESCE(group_concat(text, char(10)), '') FROM options
                   WHERE question_ref = OLD.question_ref),
        explanations = (SELECT explanation FROM questions WHERE id = OLD.question_ref) || char(10) ||
            (SELECT COALESCE(group_concat(why, char(10)), '') FROM options WHERE question_ref = OLD.question_ref)
    WHERE rowid = OLD.question_ref
        AND NOT EXISTS (SELECT 1 FROM questions WHERE id = OLD.question_ref
                        AND (stem LIKE '%data:image/%' OR explanation LIKE '%data:image/%'))
        AND NOT EXISTS (SELECT 1 FROM options WHERE question_ref = OLD.question_ref
                        AND (text LIKE '%data:image/%' OR why LIKE '%data:image/%'));
END;
)sql";

// Version 13: the full-text index collects about 16 MiB of pending index data in memory (by FTS5's own count
// of its entries) before it writes them as a segment (FTS5's 'hashsize', 1 MiB by default; kept in
// question_search_config, so every connection uses it; fts5_config.c reads it though the FTS5 page does not
// list it, and an SQLite that did not know it would ignore it, as it ignores every unknown key of that
// table). An import of 100,000 questions (169 million characters of text, 20,000 to a transaction) wrote a
// small segment for every megabyte and spent much of its time merging them: with 16 MiB the index costs 36%
// less CPU (8.9 s against 13.9 s, measured with SQLite 3.40 on those rows in one transaction) and about 20-25
// MB more memory (measured), held only until the transaction commits, and searches take the same time
// (docs/benchmarks.md). 64 MiB saved 40% instead of 36%, for 84 MB more.
constexpr const char* kV13 = R"sql(
INSERT INTO question_search (question_search, rank) VALUES ('hashsize', 16777216);
)sql";

} // namespace

const std::vector<Migration>& migrations()
{
    static const std::vector<Migration> steps = {
        {1, "question content: packs, exams, domains, subtopics, questions, options", kV1},
        {2, "exam sessions and their items", kV2},
        {3, "self-ratings and settings for the tracker", kV3},
        {4, "official objectives", kV4},
        {5, "abandoned sessions and time on the review screen", kV5},
        {6, "indexes for counting a domain's and a pack's questions", kV6},
        {7, "errata reports and questions excluded from scores", kV7},
        {8, "question browser: full-text index, bookmarks, notes, reveals in the browser", kV8},
        {9, "planning reads from one index: option counts and a covering index", kV9},
        {10, "first answers and miss reasons", kV10},
        {11, "reserved final exams", kV11},
        {12, "full-text index without image data", kV12, reindexQuestionsWithImages},
        {13, "full-text index writes fewer, larger segments", kV13},
    };
    return steps;
}

int latestSchemaVersion()
{
    return migrations().back().version;
}

namespace {

[[noreturn]] void refuse(const Database& db, const std::string& why)
{
    throw notCertdrillError(db.path(), why);
}

std::string newerMessage(const Database& db, int version)
{
    return "database " + db.path() + " has schema version " + std::to_string(version) +
           ", newer than this certdrill understands (" + std::to_string(latestSchemaVersion()) +
           "); update certdrill. The file was not changed.";
}

} // namespace

DbError notCertdrillError(const std::string& path, const std::string& why)
{
    return DbError("database " + path + " is not a certdrill database (" + why +
                       "); certdrill did not change it. Pass another file with --db, or move it away",
                   0);
}

void checkCertdrillDatabase(Database& db)
{
    int applicationId = 0;
    int version = 0;
    int objects = 0;
    bool certdrillTables = false;
    try {
        // One statement, so one read of the file: read apart, another program (the app and certdrill-cli
        // started together) could create and mark the schema between the pragmas and the table count, and a
        // file with tables but user_version 0 would be refused as another application's.
        Statement st(db,
                     "SELECT (SELECT application_id FROM pragma_application_id), "
                     "(SELECT user_version FROM pragma_user_version), count(*), "
                     "count(CASE WHEN type = 'table' AND name IN ('packs', 'exams', 'questions') THEN 1 END) "
                     "FROM sqlite_master");
        st.step();
        applicationId = static_cast<int>(st.getInt(0));
        version = static_cast<int>(st.getInt(1));
        objects = static_cast<int>(st.getInt(2));
        certdrillTables = st.getInt(3) == 3;
    } catch (const DbError& e) {
        if ((e.code() & 0xFF) == SQLITE_NOTADB) {
            refuse(db, "not an SQLite file");
        }
        throw;
    }
    if (applicationId == kApplicationId) {
        if (version > latestSchemaVersion()) {
            throw DbError(newerMessage(db, version), 0);
        }
        return;
    }
    if (applicationId != 0) {
        char id[16];
        std::snprintf(id, sizeof id, "0x%08X", static_cast<unsigned>(applicationId));
        refuse(db, std::string("it belongs to another application: application_id ") + id);
    }
    if (objects == 0 && version == 0) {
        return; // a new, empty file
    }
    if (version >= 1 && certdrillTables) {
        return; // written by a certdrill from before the mark; migrate() adds it
    }
    refuse(db, objects == 0 ? "user_version " + std::to_string(version) + " and no tables"
                            : "it has other tables than certdrill's");
}

void migrate(Database& db, int target)
{
    if (target < 0) {
        target = latestSchemaVersion();
    }
    const int current = db.userVersion();
    if (current > latestSchemaVersion()) {
        throw DbError(newerMessage(db, current), 0);
    }
    const bool marked = db.applicationId() == kApplicationId;
    if (current >= target && marked) {
        return;
    }
    Transaction tx(db);
    // Read again under the write lock: another program (the app and certdrill-cli started together) may
    // have migrated and marked the file while this one waited for the lock.
    const int locked = db.userVersion();
    for (const auto& step : migrations()) {
        if (step.version > locked && step.version <= target) {
            db.exec(step.sql);
            if (step.after) {
                step.after(db);
            }
        }
    }
    if (locked < target) {
        db.setUserVersion(target);
    }
    if (db.applicationId() != kApplicationId) {
        // PRAGMA takes no bound parameters; the value is our constant.
        db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    }
    tx.commit();
}

} // namespace certdrill
