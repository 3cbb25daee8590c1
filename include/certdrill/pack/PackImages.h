#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "certdrill/Model.h"
#include "certdrill/Result.h"

namespace certdrill {

// Images a pack embeds (docs/pack-format.md, "Images"): a pack's "images" object maps a name to a data URI,
// and its Markdown refers to one as `![alt](image:NAME)`. Nothing else a pack names is ever read, so an image
// is either in the pack file or not shown.

/// An embedded image as its data URI declares it and its header describes it (its pixels are not decoded).
struct EmbeddedImage
{
    std::string mimeType; ///< "image/png" or "image/jpeg"
    std::string bytes;    ///< the decoded file
    int width = 0;
    int height = 0;
};

/// Decodes and checks `uri`, "data:image/png;base64,…" or "data:image/jpeg;base64,…": at most
/// kMaxImageBytes once decoded (refused before decoding), strict base64, bytes that are the type declared
/// (PNG or JPEG signature) and a header whose size is within kMaxImageSide and kMaxImagePixels. The error
/// says which rule failed.
Result<EmbeddedImage> decodeImageDataUri(std::string_view uri);

/// The names `markdown` refers to as `image:NAME` link destinations (`![alt](image:NAME)`, also with a
/// title after the name), in order and as often as each is referred to. A name is what follows "image:" up
/// to the closing parenthesis or white space, so an invalid or empty one is listed as written.
std::vector<std::string> imageReferences(std::string_view markdown);

/// `markdown` with every `image:NAME` destination that names one of `images` replaced by its data URI (the
/// form in which a question is stored and shown); any other text as it is.
std::string embedImages(std::string_view markdown, const std::map<std::string, std::string>& images);

/// `markdown` with every link destination that is a data URI left out (`![alt](data:…)` becomes `![alt]()`,
/// its alt text kept): the words of a stored text without the base64 of its images, which the question
/// browser's full-text index holds.
std::string withoutDataUris(std::string_view markdown);

/// `q` with embedImages applied to its stem, options, whys and explanation.
Question withEmbeddedImages(Question q, const std::map<std::string, std::string>& images);

/// The inverse of withEmbeddedImages, for writing a stored question back out as a pack: every link
/// destination in its texts that is an image data URI passing decodeImageDataUri becomes `image:NAME`,
/// NAME being "image-" and the first 16 hex digits of the URI's SHA-256 (one name for one image), added to
/// `images`.
Question withExtractedImages(Question q, std::map<std::string, std::string>& images);

} // namespace certdrill
