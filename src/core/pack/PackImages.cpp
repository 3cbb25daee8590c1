#include "certdrill/pack/PackImages.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "certdrill/pack/Limits.h"
#include "certdrill/pack/Sha256.h"

namespace certdrill {

namespace {

constexpr std::string_view kImageScheme = "image:";

/// The value of a base64 digit, or -1.
int base64Digit(char c)
{
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/// Strict base64 (RFC 4648 section 4: no white space, padding only at the end, a length that is a multiple
/// of 4); the position of the first character that breaks it on failure.
Result<std::string> decodeBase64(std::string_view text)
{
    const auto bad = [](std::size_t at) {
        return Error{"the image data is not valid base64 (at character " + std::to_string(at + 1) + ")"};
    };
    if (text.size() % 4 != 0) {
        return Error{"the image data is not valid base64 (its length, " + std::to_string(text.size()) +
                     ", is not a multiple of 4)"};
    }
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        std::array<int, 4> d{};
        int padding = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const char c = text[i + k];
            if (c == '=' && i + 4 == text.size() && k >= 2) {
                ++padding;
                d[k] = 0;
                continue;
            }
            // A digit after a '=' is as wrong as any other character.
            if (padding > 0 || (d[k] = base64Digit(c)) < 0) {
                return bad(i + k);
            }
        }
        const std::uint32_t v = (static_cast<std::uint32_t>(d[0]) << 18) |
                                (static_cast<std::uint32_t>(d[1]) << 12) |
                                (static_cast<std::uint32_t>(d[2]) << 6) | static_cast<std::uint32_t>(d[3]);
        out += static_cast<char>((v >> 16) & 0xff);
        if (padding < 2) {
            out += static_cast<char>((v >> 8) & 0xff);
        }
        if (padding < 1) {
            out += static_cast<char>(v & 0xff);
        }
    }
    return out;
}

std::uint32_t bigEndian(std::string_view bytes, std::size_t at, std::size_t count)
{
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < count; ++k) {
        v = (v << 8) | static_cast<unsigned char>(bytes[at + k]);
    }
    return v;
}

/// A PNG's size from its IHDR chunk, which the format puts first.
bool pngSize(std::string_view bytes, EmbeddedImage& out)
{
    static constexpr std::string_view kSignature("\x89PNG\r\n\x1a\n", 8);
    if (bytes.size() < 24 || bytes.substr(0, 8) != kSignature || bytes.substr(12, 4) != "IHDR") {
        return false;
    }
    out.width = static_cast<int>(std::min<std::uint32_t>(bigEndian(bytes, 16, 4), 1u << 30));
    out.height = static_cast<int>(std::min<std::uint32_t>(bigEndian(bytes, 20, 4), 1u << 30));
    return true;
}

/// A JPEG's size from its first start-of-frame segment, skipping the segments before it by their lengths.
bool jpegSize(std::string_view bytes, EmbeddedImage& out)
{
    if (bytes.size() < 4 || static_cast<unsigned char>(bytes[0]) != 0xff ||
        static_cast<unsigned char>(bytes[1]) != 0xd8) {
        return false;
    }
    std::size_t at = 2;
    while (at + 4 <= bytes.size()) {
        if (static_cast<unsigned char>(bytes[at]) != 0xff) {
            return false;
        }
        const auto marker = static_cast<unsigned char>(bytes[at + 1]);
        if (marker == 0xff) { // fill byte
            ++at;
            continue;
        }
        if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { // segments without a length
            at += 2;
            continue;
        }
        const std::size_t length = bigEndian(bytes, at + 2, 2);
        if (marker == 0xda || marker == 0xd9 || length < 2) { // scan data or the end before any frame
            return false;
        }
        // SOF0 to SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
        if (marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc) {
            if (at + 9 > bytes.size()) {
                return false;
            }
            out.height = static_cast<int>(bigEndian(bytes, at + 5, 2));
            out.width = static_cast<int>(bigEndian(bytes, at + 7, 2));
            return true;
        }
        at += 2 + length;
    }
    return false;
}

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size()) {
        return false;
    }
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        const char c = text[i];
        if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != prefix[i]) {
            return false;
        }
    }
    return true;
}

/// Calls `found(begin, end)` for each link destination in `markdown` (an inline link's or image's, also one
/// in angle brackets), where [begin, end) is its place up to the closing parenthesis, bracket or white space.
template <typename Found> void forEachDestination(std::string_view markdown, Found found)
{
    // A destination follows "](" (an inline link or image) or "](<" (one in angle brackets).
    for (std::size_t at = markdown.find("]("); at != std::string_view::npos;
         at = markdown.find("](", at + 2)) {
        std::size_t begin = at + 2;
        if (begin < markdown.size() && markdown[begin] == '<') {
            ++begin;
        }
        std::size_t end = begin;
        while (end < markdown.size() && markdown[end] != ')' && markdown[end] != '>' &&
               markdown[end] != ' ' && markdown[end] != '\t' && markdown[end] != '\n' &&
               markdown[end] != '\r') {
            ++end;
        }
        found(begin, end);
    }
}

/// Calls `found(begin, end)` for each `image:NAME` link destination in `markdown`, where [begin, end) is
/// NAME's place.
template <typename Found> void forEachReference(std::string_view markdown, Found found)
{
    forEachDestination(markdown, [&](std::size_t begin, std::size_t end) {
        if (markdown.substr(begin, kImageScheme.size()) == kImageScheme) {
            found(begin + kImageScheme.size(), end);
        }
    });
}

/// `markdown` with every link destination that is an image data URI replaced by `image:NAME` (added to
/// `images`).
std::string extractImages(std::string_view markdown, std::map<std::string, std::string>& images)
{
    std::string out;
    std::size_t copied = 0;
    forEachDestination(markdown, [&](std::size_t begin, std::size_t end) {
        const std::string_view uri = markdown.substr(begin, end - begin);
        if (!startsWithNoCase(uri, "data:image/") || !decodeImageDataUri(uri)) {
            return; // not an image the pack could have held: left as written
        }
        const std::string name = "image-" + sha256Hex(std::string(uri)).substr(0, 16);
        images.emplace(name, uri);
        out.append(markdown.substr(copied, begin - copied));
        out += kImageScheme;
        out += name;
        copied = end;
    });
    out.append(markdown.substr(copied));
    return out;
}

} // namespace

Result<EmbeddedImage> decodeImageDataUri(std::string_view uri)
{
    static constexpr std::string_view kForm =
        "an image must be a data URI, \"data:image/png;base64,…\" or \"data:image/jpeg;base64,…\"";
    if (!startsWithNoCase(uri, "data:")) {
        return Error{std::string(kForm) + "; nothing outside the pack file is ever read"};
    }
    const std::size_t comma = uri.find(',');
    if (comma == std::string_view::npos) {
        return Error{std::string(kForm)};
    }
    const std::string_view header = uri.substr(5, comma - 5);
    EmbeddedImage image;
    if (startsWithNoCase(header, "image/png")) {
        image.mimeType = "image/png";
    } else if (startsWithNoCase(header, "image/jpeg")) {
        image.mimeType = "image/jpeg";
    } else {
        return Error{"only PNG and JPEG images are allowed (\"data:image/png;base64,…\" or "
                     "\"data:image/jpeg;base64,…\")"};
    }
    if (header.size() != image.mimeType.size() + 7 ||
        !startsWithNoCase(header.substr(image.mimeType.size()), ";base64")) {
        return Error{std::string(kForm)};
    }
    const std::string_view data = uri.substr(comma + 1);
    // Refused before decoding: 4 characters of base64 hold 3 bytes.
    if (const std::size_t decoded = data.size() / 4 * 3; decoded > kMaxImageBytes + 2) {
        return Error{"the image is about " + std::to_string(decoded) + " bytes; an image may be at most " +
                     std::to_string(kMaxImageBytes) + " bytes (" + std::to_string(kMaxImageBytes >> 10) +
                     " KiB)"};
    }
    auto bytes = decodeBase64(data);
    if (!bytes) {
        return bytes.error();
    }
    image.bytes = std::move(bytes.value());
    if (image.bytes.size() > kMaxImageBytes) {
        return Error{"the image is " + std::to_string(image.bytes.size()) +
                     " bytes; an image may be at most " + std::to_string(kMaxImageBytes) + " bytes (" +
                     std::to_string(kMaxImageBytes >> 10) + " KiB)"};
    }
    const bool png = image.mimeType == "image/png";
    if (!(png ? pngSize(image.bytes, image) : jpegSize(image.bytes, image))) {
        return Error{std::string("the image data is not a ") + (png ? "PNG" : "JPEG") +
                     " file (its data URI says " + image.mimeType + ")"};
    }
    const std::int64_t pixels = std::int64_t{image.width} * image.height;
    if (image.width < 1 || image.height < 1 || image.width > kMaxImageSide || image.height > kMaxImageSide ||
        pixels > kMaxImagePixels) {
        return Error{"the image is " + std::to_string(image.width) + "×" + std::to_string(image.height) +
                     " pixels; an image may be at most " + std::to_string(kMaxImageSide) + " on a side and " +
                     std::to_string(kMaxImagePixels) + " pixels in all"};
    }
    return image;
}

std::vector<std::string> imageReferences(std::string_view markdown)
{
    std::vector<std::string> names;
    forEachReference(markdown, [&](std::size_t begin, std::size_t end) {
        names.emplace_back(markdown.substr(begin, end - begin));
    });
    return names;
}

std::string embedImages(std::string_view markdown, const std::map<std::string, std::string>& images)
{
    std::string out;
    std::size_t copied = 0;
    forEachReference(markdown, [&](std::size_t begin, std::size_t end) {
        const auto image = images.find(std::string(markdown.substr(begin, end - begin)));
        if (image == images.end()) {
            return; // left as written: shown as an empty placeholder
        }
        out.append(markdown.substr(copied, begin - kImageScheme.size() - copied));
        out += image->second;
        copied = end;
    });
    out.append(markdown.substr(copied));
    return out;
}

std::string withoutDataUris(std::string_view markdown)
{
    std::string out;
    std::size_t copied = 0;
    forEachDestination(markdown, [&](std::size_t begin, std::size_t end) {
        if (startsWithNoCase(markdown.substr(begin, end - begin), "data:")) {
            out.append(markdown.substr(copied, begin - copied));
            copied = end;
        }
    });
    out.append(markdown.substr(copied));
    return out;
}

Question withEmbeddedImages(Question q, const std::map<std::string, std::string>& images)
{
    for (std::string* text : {&q.stem, &q.explanation}) {
        *text = embedImages(*text, images);
    }
    for (Option& o : q.options) {
        o.text = embedImages(o.text, images);
        o.why = embedImages(o.why, images);
    }
    return q;
}

Question withExtractedImages(Question q, std::map<std::string, std::string>& images)
{
    for (std::string* text : {&q.stem, &q.explanation}) {
        *text = extractImages(*text, images);
    }
    for (Option& o : q.options) {
        o.text = extractImages(o.text, images);
        o.why = extractImages(o.why, images);
    }
    return q;
}

} // namespace certdrill
