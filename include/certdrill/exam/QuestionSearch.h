#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/Result.h"
#include "certdrill/store/Store.h"

namespace certdrill {

/// What the candidate has done with a question, as the browser's status filter (and `certdrill-cli search
/// --status`) names it.
enum class QuestionStatus
{
    Unseen,        ///< no answer history: never answered, and its answer never shown
    AnsweredRight, ///< the latest answer was right
    Missed,        ///< the latest answer was wrong (the custom drill's "Questions I missed")
    MissedTwice,   ///< answered wrong more than once, whatever the latest answer
    Flagged,       ///< flagged in an exam or practice exam
    Bookmarked,
    WithNote,
    Reported, ///< the candidate reported a problem with it (errata)
};

/// "unseen", "right", "missed", "missed-twice", "flagged", "bookmarked", "noted", "reported".
const char* questionStatusName(QuestionStatus status);
/// Parses questionStatusName(); empty for anything else.
std::optional<QuestionStatus> parseQuestionStatus(const std::string& name);
/// Every status, in the order the browser lists them.
const std::vector<QuestionStatus>& questionStatuses();

/// A search of the bank. Every filter narrows; an empty set means "any".
struct SearchQuery
{
    /// Words the question must contain (each also as the start of a longer word: "quant" finds
    /// "quantization"), in its stem, options, explanations or the candidate's note; "a quoted phrase" must
    /// appear as written. Punctuation and FTS5 operators are plain text. Empty: every question.
    std::string text;
    std::string examId; ///< empty: every exam
    std::set<std::string> domains;
    std::set<std::string> objectives;
    std::set<int> difficulties;
    std::optional<bool> multiSelect; ///< true: multi-select only; false: single answer only
    std::set<std::string> packs;
    std::set<QuestionStatus> statuses; ///< every one must hold
    int offset = 0;
    int limit = 0; ///< 0: no limit
};

/// What the candidate's history says about one question.
struct QuestionRecord
{
    int answers = 0; ///< final answers (the tracker's evidence)
    int wrong = 0;
    std::optional<bool> lastCorrect; ///< the latest final answer; empty without one
    int shown = 0;                   ///< answer-history entries: times its answer was shown
    bool flagged = false;
    bool bookmarked = false;
    bool noted = false;
    bool reported = false;

    bool has(QuestionStatus status) const;
    /// The browser shows the key and every option's why at once only for a question that is not unseen.
    bool unseen() const { return shown == 0; }
};

/// One question found.
struct SearchHit
{
    std::int64_t rowId = 0;
    std::string packId;
    Question question; ///< with its options
    QuestionRecord record;

    /// "PACK/QUESTION", the id certdrill-cli prints.
    std::string key() const { return packId + "/" + question.id; }
};

/// One page of results and how many matched in all.
struct SearchResults
{
    std::vector<SearchHit> hits;
    int total = 0;
};

/// The candidate's text as a safe FTS5 query: every word quoted (so `"`, `*`, `(`, `:`, `-`, AND, OR, NOT and
/// NEAR are text, never syntax) with a prefix `*`, text between a pair of double quotes as one phrase, words
/// without a letter or digit dropped. Empty when nothing searchable is left.
std::string ftsQuery(const std::string& text);

/// The active questions matching `query`: with text, the best matches first (a word in the stem weighs more
/// than in an option, an option more than an explanation), else in blueprint order; ties by pack and question
/// id, so the order is stable and pages never overlap.
Result<SearchResults> searchQuestions(Store& store, const SearchQuery& query);

/// One question by row, with its record (retired ones too); an error when there is no such row.
Result<SearchHit> browseQuestion(Store& store, std::int64_t questionRow);

/// One entry of a question's answer history: a time its answer was shown to the candidate.
struct AnswerRecord
{
    std::int64_t sessionId = 0;
    std::int64_t atMs = 0;       ///< when it was answered (or the session ended, or the answer was revealed)
    std::string mode;            ///< "exam", "practice", "drill", "cram drill" or "browser"
    std::vector<int> chosen;     ///< original option indices; empty: not answered
    std::optional<bool> correct; ///< empty: no final answer (a reveal, an unanswered exam question)
    bool answer = false;         ///< a final answer, evidence for the tracker
    bool revealed = false;       ///< shown before (or without) answering: practice or browser reveal
    std::int64_t timeMs = 0;     ///< time spent on it in an exam; 0 where not measured (drills, the browser)
};

/// Every time the question's answer was shown to the candidate, newest first: its final answers (exams
/// submitted or abandoned, checked drill questions), the questions seen but left unanswered in a finished
/// exam (its review showed the key), and reveals (practice exams, the browser).
Result<std::vector<AnswerRecord>> answerHistory(Store& store, std::int64_t questionRow);

/// Records that the browser showed the answer of a question the candidate has never seen, as a practice exam
/// would record a revealed answer: a finished one-question practice session (browser_reveal = 1) whose item
/// is revealed and unanswered. The mock assembler then counts the question as served; the tracker and the
/// planner see no answer. Returns false, writing nothing, when the question is not unseen.
Result<bool> revealInBrowser(Store& store, std::int64_t questionRow);

} // namespace certdrill
