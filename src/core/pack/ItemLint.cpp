#include "certdrill/pack/ItemLint.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <regex>
#include <set>

#include "certdrill/Text.h"

namespace certdrill {

namespace {

/// Specific determiners (Haladyna et al.'s "absolute words"): a test-wise candidate rules out options that
/// use them, so a bank where only distractors use them teaches a cue.
const std::set<std::string>& absoluteWords()
{
    static const std::set<std::string> words = {
        "always",     "never",      "only",       "all",       "none",       "every",      "completely",
        "entirely",   "totally",    "absolutely", "guarantee", "guarantees", "guaranteed", "eliminate",
        "eliminates", "eliminated", "impossible", "solely",    "invariably", "regardless",
    };
    return words;
}

/// Function words that say nothing about an option's content (for the stem-echo cue and near-duplicates).
const std::set<std::string>& stopWords()
{
    static const std::set<std::string> words = {
        "a",     "an",     "the",    "and",   "or",      "but",  "if",    "then", "else",  "of",    "to",
        "in",    "on",     "at",     "by",    "for",     "with", "from",  "into", "onto",  "over",  "under",
        "than",  "that",   "this",   "these", "those",   "is",   "are",   "was",  "were",  "be",    "been",
        "being", "it",     "its",    "as",    "so",      "such", "not",   "no",   "yes",   "can",   "could",
        "would", "should", "will",   "may",   "might",   "must", "do",    "does", "did",   "done",  "has",
        "have",  "had",    "having", "which", "what",    "when", "where", "who",  "whom",  "whose", "why",
        "how",   "there",  "their",  "they",  "them",    "you",  "your",  "we",   "our",   "us",    "he",
        "she",   "his",    "her",    "i",     "me",      "my",   "one",   "two",  "three", "four",  "five",
        "each",  "per",    "via",    "about", "also",    "more", "most",  "less", "least", "very",  "much",
        "many",  "any",    "some",   "other", "another", "same", "up",    "down", "out",   "off",   "just",
        "only",  "all",
    };
    return words;
}

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/// The words of a text: ASCII letters and digits in lower case, joined across a hyphen or an apostrophe
/// between them ("all-reduce" is one word, not "all"); every other byte separates words.
std::vector<std::string> words(const std::string& text)
{
    std::vector<std::string> out;
    std::string current;
    const auto lower = [](char c) {
        return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = lower(text[i]);
        if (isWordChar(c)) {
            current += c;
        } else if ((c == '-' || c == '\'') && !current.empty() && i + 1 < text.size() &&
                   isWordChar(lower(text[i + 1]))) {
            current += c;
        } else if (!current.empty()) {
            out.push_back(std::move(current));
            current.clear();
        }
    }
    if (!current.empty()) {
        out.push_back(std::move(current));
    }
    return out;
}

/// The content words of a text's words (words()): those of three or more characters that are not function
/// words, with a plural "s" dropped ("GPUs" and "GPU" match).
std::set<std::string> contentWords(const std::vector<std::string>& textWords)
{
    std::set<std::string> out;
    for (std::string w : textWords) {
        if (w.size() < 3 || stopWords().count(w)) {
            continue;
        }
        if (w.size() > 4 && w.back() == 's' && w[w.size() - 2] != 's') {
            w.pop_back();
        }
        out.insert(std::move(w));
    }
    return out;
}

/// An option's gist: its words in order without function words, case, punctuation or spacing, so "The
/// KV cache." and "the KV-cache" agree; a point or comma between digits is kept, so "7.5" is not "75".
std::string gistOf(const std::string& text)
{
    std::string gist, word;
    const auto flush = [&] {
        if (!word.empty() && !stopWords().count(word)) {
            gist += word;
        }
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = (text[i] >= 'A' && text[i] <= 'Z') ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
        const bool digitSeparator = (c == '.' || c == ',') && i > 0 && i + 1 < text.size() &&
                                    std::isdigit(static_cast<unsigned char>(text[i - 1])) &&
                                    std::isdigit(static_cast<unsigned char>(text[i + 1]));
        if (isWordChar(c) || digitSeparator) {
            word += c;
        } else {
            flush();
        }
    }
    flush();
    return gist;
}

std::vector<std::string> absolutesIn(const std::vector<std::string>& textWords)
{
    std::vector<std::string> found;
    for (const auto& w : textWords) {
        if (absoluteWords().count(w)) {
            found.push_back(w);
        }
    }
    return found;
}

/// How many reason clauses a text gives: "because", "since", "hence", "thus", "therefore", and "so" where it
/// joins a clause ("…, so the cache fills", "so that …") rather than in "so far", "and so on" or "do so".
/// Writers give distractors a rationale to make them plausible and state keys plainly; a candidate who
/// learns that picks the option that explains itself least.
int reasonsIn(const std::vector<std::string>& w)
{
    static const std::set<std::string> markers = {"because", "since", "hence", "thus", "therefore"};
    static const std::set<std::string> notBefore = {"far", "on", "much", "many", "called", "long"};
    static const std::set<std::string> notAfter = {"do", "doing", "did", "and", "or", "even", "not"};
    int n = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (markers.count(w[i])) {
            ++n;
        } else if (w[i] == "so") {
            const bool idiom =
                (i + 1 < w.size() && notBefore.count(w[i + 1])) || (i > 0 && notAfter.count(w[i - 1]));
            n += idiom ? 0 : 1;
        }
    }
    return n;
}

/// How many parts a text has: commas (not one between digits, as in 10,000), semicolons, colons, opening
/// brackets, and the words "and" and "or". Writers make the key the careful answer, qualified ("…, on one
/// node"), with an example in brackets, a list or a "diagnosis; remedy" shape, and hedged ("on or for the
/// L40S"), and state each distractor as one bare claim; a candidate who learns that picks the most elaborate
/// option. Measured on the bundled bank as it was on 2026-12-07, with lengths already balanced, that option
/// scored 39.0% against a chance of 20.4%.
int partsIn(const std::string& text, const std::vector<std::string>& textWords)
{
    int n = 0;
    const auto digit = [](char c) {
        return c >= '0' && c <= '9';
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ',') {
            const bool inNumber = i > 0 && i + 1 < text.size() && digit(text[i - 1]) && digit(text[i + 1]);
            n += inNumber ? 0 : 1;
        } else if (c == ';' || c == ':' || c == '(') {
            ++n;
        }
    }
    for (const auto& w : textWords) {
        n += (w == "and" || w == "or") ? 1 : 0;
    }
    return n;
}

/// How many hedge words a text uses: the qualifiers ("usually", "may", "typically", "probably"…) that make a
/// claim cautious. A candidate who learns that careful keys hedge and distractors do not picks the most
/// hedged option, the mirror of the absolute-word cue. "About" (an approximate number, as keys and
/// distractors alike give) and "can" (a capability) are not counted.
int hedgesIn(const std::vector<std::string>& w)
{
    static const std::set<std::string> hedges = {
        "usually", "typically", "often",      "generally", "roughly",  "approximately", "likely",
        "may",     "might",     "sometimes",  "mostly",    "probably", "largely",       "rarely",
        "seldom",  "perhaps",   "frequently", "tend",      "tends",
    };
    return static_cast<int>(
        std::count_if(w.begin(), w.end(), [](const std::string& x) { return hedges.count(x) > 0; }));
}

bool isAllNoneOfTheAbove(const std::string& text)
{
    static const std::regex pattern(
        R"(\b(all|none|both|neither) of (the )?(above|these|the options|the answers)\b|^\s*both [a-j] and [a-j]( (are|is) (correct|true|right))?\s*\.?\s*$)",
        std::regex::icase);
    return std::regex_search(text, pattern);
}

std::string letter(int index)
{
    return std::string(1, static_cast<char>('A' + index));
}

std::string fixed1(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

/// What the cue rules need of one question, computed once.
struct Features
{
    std::vector<double> length;  ///< characters as the candidate sees them (UTF-8 code points)
    std::vector<int> absolutes;  ///< absolute words in each option
    std::vector<int> stemShared; ///< stem content words each option repeats
    std::vector<int> reasons;    ///< reason clauses in each option
    std::vector<int> parts;      ///< each option's parts (partsIn)
    std::vector<int> shared;     ///< content words each option shares with the others, summed over them
    std::vector<int> hedges;     ///< hedge words in each option
};

Features featuresOf(const Question& q)
{
    Features f;
    std::vector<std::set<std::string>> optionWords;
    const auto stem = contentWords(words(q.stem));
    for (const auto& o : q.options) {
        // Code points, not bytes: "×" is one character on screen.
        f.length.push_back(static_cast<double>(codePointCount(o.text)));
        // Each counter below reads the option's words, split once here.
        const auto textWords = words(o.text);
        f.absolutes.push_back(static_cast<int>(absolutesIn(textWords).size()));
        optionWords.push_back(contentWords(textWords));
        int shared = 0;
        for (const auto& w : optionWords.back()) {
            shared += static_cast<int>(stem.count(w));
        }
        f.stemShared.push_back(shared);
        f.reasons.push_back(reasonsIn(textWords));
        f.parts.push_back(partsIn(o.text, textWords));
        f.hedges.push_back(hedgesIn(textWords));
    }
    // Convergence: writers build distractors as variations of the key (one element swapped, the rest kept),
    // so the key shares the most words with the others while the distractors share less with each other; a
    // candidate who learns that picks the hub. Measured on the bundled bank as it was on 2026-12-07, that
    // option scored 27.3% against a chance of 20.4%.
    for (std::size_t i = 0; i < optionWords.size(); ++i) {
        int n = 0;
        for (std::size_t j = 0; j < optionWords.size(); ++j) {
            if (j != i) {
                n += static_cast<int>(
                    std::count_if(optionWords[i].begin(), optionWords[i].end(),
                                  [&](const std::string& w) { return optionWords[j].count(w) > 0; }));
            }
        }
        f.shared.push_back(n);
    }
    return f;
}

/// Every set of `k` of `n` options, as bit masks.
std::vector<unsigned> subsets(int n, int k)
{
    std::vector<unsigned> out;
    for (unsigned m = 0; m < (1u << n); ++m) {
        if (std::popcount(m) == k) {
            out.push_back(m);
        }
    }
    return out;
}

/// The chance that picking the k highest-scoring options (ties at random) picks exactly `key`: 1 over the
/// number of k-sets that are as high as the rest, if the key is one of them, else 0. Scores are lengths or
/// counts, as Features holds them.
template <typename Score>
double strategyHit(const std::vector<Score>& score, const std::vector<unsigned>& sets, unsigned key)
{
    int consistent = 0;
    bool keyConsistent = false;
    for (unsigned m : sets) {
        double lowestIn = 1e300, highestOut = -1e300;
        for (std::size_t i = 0; i < score.size(); ++i) {
            if (m & (1u << i)) {
                lowestIn = std::min(lowestIn, static_cast<double>(score[i]));
            } else {
                highestOut = std::max(highestOut, static_cast<double>(score[i]));
            }
        }
        if (lowestIn >= highestOut) {
            ++consistent;
            keyConsistent = keyConsistent || m == key;
        }
    }
    return keyConsistent ? 1.0 / consistent : 0.0;
}

/// Where the key stands on a per-option count: the fewest any key has and the most any distractor has.
struct Spread
{
    int keyFewest = 1 << 30;
    int otherMost = -1;

    /// Every key has more than every distractor: the cue the stem-echo, elaborate, convergent and hedged
    /// rules look for.
    bool keyAloneMost() const { return keyFewest > otherMost; }
    /// "3, distractors at most 1", for a finding's message.
    std::string text(const char* keyUnit = "") const
    {
        return std::to_string(keyFewest) + keyUnit + ", distractors at most " + std::to_string(otherMost);
    }
};

Spread spreadOf(const std::vector<int>& count, unsigned key)
{
    Spread s;
    for (std::size_t i = 0; i < count.size(); ++i) {
        if (key & (1u << i)) {
            s.keyFewest = std::min(s.keyFewest, count[i]);
        } else {
            s.otherMost = std::max(s.otherMost, count[i]);
        }
    }
    return s;
}

/// Which cue rules fire if `key` were the key (bit i of the result is LintRule i).
unsigned cuesFor(const Features& f, unsigned key)
{
    double keyMin = 1e300, keyMax = -1e300, otherMax = -1e300, keySum = 0, otherSum = 0;
    int keys = 0, others = 0, keyAbs = 0, otherAbs = 0;
    int keyReasonMin = 1 << 30, keyReasonMax = 0, otherReasonMin = 1 << 30, otherReasonMax = 0;
    for (std::size_t i = 0; i < f.length.size(); ++i) {
        if (key & (1u << i)) {
            keyReasonMin = std::min(keyReasonMin, f.reasons[i]);
            keyReasonMax = std::max(keyReasonMax, f.reasons[i]);
            keyMin = std::min(keyMin, f.length[i]);
            keyMax = std::max(keyMax, f.length[i]);
            keySum += f.length[i];
            ++keys;
            keyAbs += f.absolutes[i];
        } else {
            otherMax = std::max(otherMax, f.length[i]);
            otherSum += f.length[i];
            ++others;
            otherAbs += f.absolutes[i];
            otherReasonMin = std::min(otherReasonMin, f.reasons[i]);
            otherReasonMax = std::max(otherReasonMax, f.reasons[i]);
        }
    }
    unsigned fired = 0;
    const auto set = [&](LintRule r) {
        fired |= 1u << static_cast<unsigned>(r);
    };
    if (keys == 0 || others == 0) {
        return 0;
    }
    if (keyMin > otherMax) {
        set(LintRule::LongestKey);
    }
    if (keySum / keys >= 1.5 * (otherSum / others)) {
        set(LintRule::LongKey);
    }
    if (otherAbs > 0 && keyAbs == 0) {
        set(LintRule::AbsoluteDistractor);
    }
    if (spreadOf(f.stemShared, key).keyAloneMost()) {
        set(LintRule::StemEcho);
    }
    if ((keyReasonMax == 0 && otherReasonMin > 0) || (keyReasonMin > 0 && otherReasonMax == 0)) {
        set(LintRule::ReasonCue);
    }
    if (spreadOf(f.parts, key).keyAloneMost()) {
        set(LintRule::ElaborateKey);
    }
    if (spreadOf(f.shared, key).keyAloneMost()) {
        set(LintRule::ConvergentKey);
    }
    if (spreadOf(f.hedges, key).keyAloneMost()) {
        set(LintRule::HedgedKey);
    }
    return fired;
}

/// The finding's message for a cue rule that fired on the real key.
std::string cueMessage(LintRule rule, const Question& q, const Features& f, unsigned key)
{
    const int k = q.select;
    double keySum = 0, otherSum = 0, otherMax = 0;
    int keys = 0, others = 0;
    std::string absolutes;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        if (key & (1u << i)) {
            keySum += f.length[i];
            ++keys;
        } else {
            otherSum += f.length[i];
            otherMax = std::max(otherMax, f.length[i]);
            ++others;
            for (const auto& w : absolutesIn(words(q.options[i].text))) {
                absolutes +=
                    (absolutes.empty() ? "\"" : ", \"") + w + "\" (" + letter(static_cast<int>(i)) + ")";
            }
        }
    }
    switch (rule) {
    case LintRule::LongestKey:
        return k == 1
                   ? "the key is the longest option (" + fixed1(keySum).substr(0, fixed1(keySum).size() - 2) +
                         " characters; the longest distractor has " +
                         fixed1(otherMax).substr(0, fixed1(otherMax).size() - 2) + ")"
                   : "the " + std::to_string(k) + " longest options are exactly the key";
    case LintRule::LongKey:
        return "the key is " + fixed1((keySum / keys) / (otherSum / others)) +
               " times as long as the mean distractor";
    case LintRule::AbsoluteDistractor:
        return "absolute words in distractors only: " + absolutes;
    case LintRule::StemEcho:
        return "only the key repeats the stem's words (" + spreadOf(f.stemShared, key).text(" shared") + ")";
    case LintRule::ReasonCue: {
        const bool keyReasons = f.reasons[static_cast<std::size_t>(std::countr_zero(key))] > 0;
        return keyReasons
                   ? "only the key gives a reason (\"since\", \"so\", \"because\"…); no distractor does"
                   : "every distractor gives a reason (\"since\", \"so\", \"because\"…); the key gives none";
    }
    case LintRule::ElaborateKey:
        return "the key has more parts (commas, semicolons, colons, brackets, \"and\", \"or\") than any "
               "distractor (" +
               spreadOf(f.parts, key).text() + ")";
    case LintRule::ConvergentKey:
        return "the key shares more words with the other options than any distractor does (" +
               spreadOf(f.shared, key).text() + ")";
    case LintRule::HedgedKey:
        return "the key hedges more (\"usually\", \"may\", \"typically\"…) than any distractor (" +
               spreadOf(f.hedges, key).text() + ")";
    default:
        return {};
    }
}

} // namespace

const char* strategyName(Strategy strategy)
{
    switch (strategy) {
    case Strategy::Longest:
        return "longest";
    case Strategy::Shortest:
        return "shortest";
    case Strategy::NoAbsolute:
        return "no-absolute";
    case Strategy::StemOverlap:
        return "stem-overlap";
    case Strategy::NoReason:
        return "no-reason";
    case Strategy::NotLongest:
        return "not-longest";
    case Strategy::NotShortest:
        return "not-shortest";
    case Strategy::MostElaborate:
        return "elaborate";
    case Strategy::Convergent:
        return "convergent";
    case Strategy::MostHedged:
        return "hedged";
    }
    return "";
}

const char* strategyLabel(Strategy strategy)
{
    switch (strategy) {
    case Strategy::Longest:
        return "longest option";
    case Strategy::Shortest:
        return "shortest option";
    case Strategy::NoAbsolute:
        return "option without absolute words";
    case Strategy::StemOverlap:
        return "most words shared with the stem";
    case Strategy::NoReason:
        return "option without a reason clause";
    case Strategy::NotLongest:
        return "any option but the longest";
    case Strategy::NotShortest:
        return "any option but the shortest";
    case Strategy::MostElaborate:
        return "most elaborate option";
    case Strategy::Convergent:
        return "option sharing the most words with the others";
    case Strategy::MostHedged:
        return "most hedged option";
    }
    return "";
}

const char* ruleName(LintRule rule)
{
    switch (rule) {
    case LintRule::LongestKey:
        return "longest-key";
    case LintRule::LongKey:
        return "long-key";
    case LintRule::AbsoluteDistractor:
        return "absolute-distractor";
    case LintRule::StemEcho:
        return "stem-echo";
    case LintRule::ReasonCue:
        return "reason-cue";
    case LintRule::ElaborateKey:
        return "elaborate-key";
    case LintRule::ConvergentKey:
        return "convergent-key";
    case LintRule::HedgedKey:
        return "hedged-key";
    case LintRule::AllNoneAbove:
        return "all-none-above";
    case LintRule::NearDuplicate:
        return "near-duplicate";
    case LintRule::StatedCount:
        return "stated-count";
    }
    return "";
}

const char* ruleLabel(LintRule rule)
{
    switch (rule) {
    case LintRule::LongestKey:
        return "key is the longest option";
    case LintRule::LongKey:
        return "key 1.5 times the mean distractor";
    case LintRule::AbsoluteDistractor:
        return "absolute words only in distractors";
    case LintRule::StemEcho:
        return "key alone repeats the stem";
    case LintRule::ReasonCue:
        return "reason clauses tell the key apart";
    case LintRule::ElaborateKey:
        return "key alone is the most elaborate";
    case LintRule::ConvergentKey:
        return "key alone shares the most words with the others";
    case LintRule::HedgedKey:
        return "key alone hedges the most";
    case LintRule::AllNoneAbove:
        return "all/none of the above";
    case LintRule::NearDuplicate:
        return "near-duplicate options";
    case LintRule::StatedCount:
        return "stated count differs from select";
    }
    return "";
}

std::string percentText(double share)
{
    return fixed1(100.0 * share) + "%";
}

void LintSummary::add(const LintSummary& other)
{
    questions += other.questions;
    chanceRight += other.chanceRight;
    for (std::size_t s = 0; s < kStrategyCount; ++s) {
        strategyRight[s] += other.strategyRight[s];
    }
    for (std::size_t r = 0; r < kRuleCount; ++r) {
        fired[r] += other.fired[r];
        chanceFired[r] += other.chanceFired[r];
    }
}

std::string LintSummary::strategyLine(Strategy strategy) const
{
    const double right = strategyRight[static_cast<std::size_t>(strategy)];
    // A tie broken at random gives fractions of a question; whole counts print without a decimal.
    const std::string count = std::abs(right - std::round(right)) < 0.05
                                  ? std::to_string(static_cast<long long>(std::round(right)))
                                  : fixed1(right);
    return std::string(strategyLabel(strategy)) + ": " + fixed1(100.0 * share(right)) + "% (" + count + "/" +
           std::to_string(questions) + "), chance " + fixed1(100.0 * share(chanceRight)) + "%";
}

bool LintSummary::cued(Strategy strategy) const
{
    return 100.0 * share(strategyRight[static_cast<std::size_t>(strategy)]) >
           100.0 * share(chanceRight) + kStrictMarginPoints;
}

std::vector<std::string> LintSummary::strictFailures() const
{
    std::vector<std::string> out;
    if (questions == 0) {
        return out;
    }
    const double chance = 100.0 * share(chanceRight);
    for (std::size_t s = 0; s < kStrategyCount; ++s) {
        const double got = 100.0 * share(strategyRight[s]);
        if (cued(static_cast<Strategy>(s))) {
            out.push_back(std::string(strategyLabel(static_cast<Strategy>(s))) + " scores " + fixed1(got) +
                          "%, " + fixed1(got - chance) + " points over chance (" + fixed1(chance) +
                          "%); at most " + fixed1(kStrictMarginPoints) + " allowed");
        }
    }
    for (std::size_t r = 0; r < kRuleCount; ++r) {
        const auto rule = static_cast<LintRule>(r);
        const double got = 100.0 * share(fired[r]);
        if (r < kCueRuleCount) {
            const double expected = 100.0 * share(chanceFired[r]);
            if (got > expected + kStrictMarginPoints) {
                out.push_back(std::string(ruleLabel(rule)) + ": " + fixed1(got) + "% of questions, " +
                              fixed1(got - expected) + " points over its chance (" + fixed1(expected) +
                              "%); at most " + fixed1(kStrictMarginPoints) + " allowed");
            }
        } else if (fired[r] > 0) {
            out.push_back(std::string(ruleLabel(rule)) + ": " + std::to_string(fired[r]) +
                          (fired[r] == 1 ? " question" : " questions") + "; none allowed");
        }
    }
    return out;
}

Diagnostic LintFinding::diagnostic() const
{
    Diagnostic d{Diagnostic::Severity::Warning, file, pos, pointer,
                 (place.empty() ? questionId + ": " : "") + "[" + ruleName(rule) + "] " + message};
    d.place = place;
    return d;
}

LintSummary lintQuestions(const std::vector<Question>& questions, std::vector<LintFinding>* findings)
{
    LintSummary sum;
    for (std::size_t qi = 0; qi < questions.size(); ++qi) {
        const Question& q = questions[qi];
        const int n = static_cast<int>(q.options.size());
        const int k = q.select;
        // The loader refuses these; a question the lint cannot judge is not counted rather than guessed at.
        if (n < 2 || n > 16 || k < 1 || k >= n) {
            continue;
        }
        unsigned key = 0;
        for (int i : q.correctOptions()) {
            key |= 1u << i;
        }
        if (std::popcount(key) != k) {
            continue;
        }
        ++sum.questions;
        const auto sets = subsets(n, k);
        sum.chanceRight += 1.0 / static_cast<double>(sets.size());
        const Features f = featuresOf(q);

        std::vector<double> shortest, fewestAbsolutes, fewestReasons, notLongest, notShortest;
        const double maxLength = *std::max_element(f.length.begin(), f.length.end());
        const double minLength = *std::min_element(f.length.begin(), f.length.end());
        for (int i = 0; i < n; ++i) {
            shortest.push_back(-f.length[i]);
            fewestAbsolutes.push_back(-f.absolutes[i]);
            fewestReasons.push_back(-f.reasons[i]);
            // A candidate who has learnt that the key is rarely the longest (or shortest) option guesses
            // among the others: every option but the extreme ones ties.
            notLongest.push_back(f.length[i] == maxLength ? -1.0 : 0.0);
            notShortest.push_back(f.length[i] == minLength ? -1.0 : 0.0);
        }
        const auto right = [&](Strategy s) -> double& {
            return sum.strategyRight[static_cast<std::size_t>(s)];
        };
        right(Strategy::Longest) += strategyHit(f.length, sets, key);
        right(Strategy::Shortest) += strategyHit(shortest, sets, key);
        right(Strategy::NoAbsolute) += strategyHit(fewestAbsolutes, sets, key);
        right(Strategy::StemOverlap) += strategyHit(f.stemShared, sets, key);
        right(Strategy::NoReason) += strategyHit(fewestReasons, sets, key);
        right(Strategy::NotLongest) += strategyHit(notLongest, sets, key);
        right(Strategy::NotShortest) += strategyHit(notShortest, sets, key);
        right(Strategy::MostElaborate) += strategyHit(f.parts, sets, key);
        right(Strategy::Convergent) += strategyHit(f.shared, sets, key);
        right(Strategy::MostHedged) += strategyHit(f.hedges, sets, key);

        // The permutation chance: how often each cue would fire if the key were any k options of this
        // question.
        for (unsigned m : sets) {
            const unsigned cues = cuesFor(f, m);
            for (std::size_t r = 0; r < kCueRuleCount; ++r) {
                if (cues & (1u << r)) {
                    sum.chanceFired[r] += 1.0 / static_cast<double>(sets.size());
                }
            }
        }

        std::vector<std::pair<LintRule, std::string>> found;
        const unsigned cues = cuesFor(f, key);
        for (std::size_t r = 0; r < kCueRuleCount; ++r) {
            if (cues & (1u << r)) {
                found.emplace_back(static_cast<LintRule>(r), cueMessage(static_cast<LintRule>(r), q, f, key));
            }
        }
        for (int i = 0; i < n; ++i) {
            if (isAllNoneOfTheAbove(q.options[i].text)) {
                found.emplace_back(LintRule::AllNoneAbove, "option " + letter(i) + " is \"" +
                                                               q.options[i].text +
                                                               "\": it can be answered by elimination");
                break;
            }
        }
        // Near-duplicates: the same words in the same order once case, punctuation and function words are
        // set aside ("The KV cache." and "the KV-cache"), which the loader's exact-text check lets through.
        // Order matters ("SFT, then PPO" is not "PPO, then SFT"), and so does every number.
        std::vector<std::string> gist;
        bool duplicate = false;
        for (int i = 0; i < n && !duplicate; ++i) {
            gist.push_back(gistOf(q.options[i].text));
            for (int j = 0; j < i && !duplicate; ++j) {
                if (!gist.back().empty() && gist.back() == gist[static_cast<std::size_t>(j)]) {
                    duplicate = true;
                    found.emplace_back(LintRule::NearDuplicate, "options " + letter(j) + " and " + letter(i) +
                                                                    " say the same words");
                }
            }
        }
        if (auto problem = statedCountProblem(q.stem, k)) {
            found.emplace_back(LintRule::StatedCount, std::move(*problem));
        }
        for (auto& [rule, message] : found) {
            ++sum.fired[static_cast<std::size_t>(rule)];
            if (findings) {
                findings->push_back(
                    LintFinding{{}, {}, "/questions/" + std::to_string(qi), q.id, rule, message});
            }
        }
    }
    return sum;
}

LintReport lintPacks(const std::vector<LoadedPack>& packs)
{
    LintReport report;
    for (const LoadedPack& lp : packs) {
        if (!lp.ok()) {
            continue;
        }
        std::vector<LintFinding> found;
        PackLint pl{lp.pack.info.id, lp.pack.sourcePath, lintQuestions(lp.pack.questions, &found)};
        for (auto& f : found) {
            f.file = lp.pack.sourcePath;
            f.pos = lp.positionOf(f.pointer);
            f.place = lp.placeOf(f.pointer);
            report.findings.push_back(std::move(f));
        }
        report.total.add(pl.summary);
        report.packs.push_back(std::move(pl));
    }
    return report;
}

} // namespace certdrill
