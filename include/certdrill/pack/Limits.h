#pragma once

#include <cstddef>

namespace certdrill {

// What a pack file may hold (docs/pack-format.md, "Limits"). Packs come from strangers: every reader checks
// these before it spends time or memory on what is over them, so no file can make an import take more than
// a bounded time and memory.

/// A pack file of any format is at most 64 MiB; a larger one is refused before it is read.
inline constexpr std::size_t kMaxPackBytes = std::size_t{64} << 20;

/// A pack holds at most this many questions; a file with more is refused as soon as the reader has seen
/// one question too many, before the rest is converted or checked.
inline constexpr std::size_t kMaxQuestionsPerPack = 20000;

/// One GIFT question (a block between blank lines) is at most 1 MiB of source: far more than the largest
/// question the pack rules accept, even written in HTML, and a bound on the memory one block takes.
inline constexpr std::size_t kMaxGiftQuestionBytes = std::size_t{1} << 20;

} // namespace certdrill
