#pragma once

#include <cstddef>
#include <cstdint>

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

/// An image a pack embeds (docs/pack-format.md, "Images") is at most 512 KiB once decoded from base64: a
/// diagram or a screenshot of a terminal, not a photo album. Its data URI is refused before it is decoded.
inline constexpr std::size_t kMaxImageBytes = std::size_t{512} << 10;

/// An embedded image is at most 4096 pixels on a side and 1,048,576 pixels in all (1024×1024, or 1280×800),
/// read from its PNG or JPEG header before any pixel is decoded: decoded, such an image takes 4 MiB, where a
/// 512 KiB PNG of one colour could otherwise claim gigabytes.
inline constexpr int kMaxImageSide = 4096;
inline constexpr std::int64_t kMaxImagePixels = std::int64_t{1} << 20;

/// A pack defines at most 500 images, of at most 16 MiB of data URIs in all.
inline constexpr std::size_t kMaxImagesPerPack = 500;
inline constexpr std::size_t kMaxPackImageBytes = std::size_t{16} << 20;

/// The stored copies of a pack's images: every reference stores the image's data URI with the question
/// (docs/pack-format.md), and all of a pack's references together store at most 64 MiB, so a small image
/// referenced 20,000 times cannot fill the database.
inline constexpr std::size_t kMaxEmbeddedImageBytes = std::size_t{64} << 20;

} // namespace certdrill
