#pragma once

#include <optional>
#include <string>

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

} // namespace certdrill
