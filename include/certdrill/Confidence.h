#pragma once

#include <optional>
#include <string>

#include "certdrill/Fsrs.h"

namespace certdrill {

/// How sure the candidate was of an answer (the tag beside each answer).
enum class Confidence
{
    Sure,
    Unsure,
    Guess
};

/// "sure", "unsure", "guess": the values stored in session_items.confidence.
const char* confidenceName(Confidence confidence);
/// Parses confidenceName(); empty on anything else (including an untagged answer).
std::optional<Confidence> parseConfidence(const std::string& text);

/// The FSRS grade of an answer: a miss is Again; a right answer is Good, except a right guess, which is
/// Hard, because a lucky guess is weak evidence that the question is remembered.
Rating ratingFor(bool correct, std::optional<Confidence> confidence);

} // namespace certdrill
