#include "certdrill/Confidence.h"

namespace certdrill {

const char* confidenceName(Confidence confidence)
{
    switch (confidence) {
    case Confidence::Sure:
        return "sure";
    case Confidence::Unsure:
        return "unsure";
    case Confidence::Guess:
        return "guess";
    }
    return "guess";
}

std::optional<Confidence> parseConfidence(const std::string& text)
{
    for (Confidence c : {Confidence::Sure, Confidence::Unsure, Confidence::Guess}) {
        if (text == confidenceName(c)) {
            return c;
        }
    }
    return std::nullopt;
}

} // namespace certdrill
