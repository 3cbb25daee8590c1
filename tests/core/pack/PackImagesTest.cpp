#include "certdrill/pack/PackImages.h"

#include <catch2/catch.hpp>

#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/pack/PackWriter.h"

#include "TestSupport.h"

using namespace certdrill;

namespace {

// A 4×3 PNG, the header of a 40×30 JPEG, and PNG headers claiming 5000×5000 and 2000×1000 pixels (made with
// Python's zlib and struct).
const std::string kPng =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR42mM4IScHRww"
    "4OQD1xwwx7+oCFgAAAABJRU5ErkJggg==";
const std::string kJpegBase64 = "/9j/4AAQSkZJRgABAQAAAQABAAD/wAALCAAeACgBAREA/9k=";
const std::string kHugeSide = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAE4gAABOICAIAAAAAAAAA";
const std::string kTooManyPixels = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAB9AAAAPoCAIAAAAAAAAA";

std::string errorOf(const std::string& uri)
{
    const auto image = decodeImageDataUri(uri);
    REQUIRE_FALSE(image.ok());
    return image.error().message;
}

/// A pack of one question whose stem is `stem`, with `images` as its "images" member (JSON) unless empty.
std::string pack(const std::string& stem, const std::string& images)
{
    return R"J({
  "format": "certdrill-pack/1",
  "pack": {"id": "p", "title": "T", "version": "1.0.0", "authors": ["a"], "license": "MIT"},
  "exams": [{"id": "x", "title": "X", "version": "1", "duration_minutes": 10,
             "question_count": {"min": 1, "max": 3, "default": 2}, "pass_percent": 70, "multi_select_share": 0,
             "domains": [{"id": "d", "name": "D", "weight": 100}]}],
  "questions": [
    {"id": "q1", "exam": "x", "domain": "d", "stem": ")J" +
           stem + R"J(", "select": 1,
     "options": [{"text": "A", "correct": true, "why": "a"}, {"text": "B", "correct": false, "why": "b"}]}
  ])J" + (images.empty() ? std::string() : ",\n  \"images\": " + images) +
           "\n}\n";
}

std::vector<Diagnostic> errorsOf(const LoadedPack& lp)
{
    std::vector<Diagnostic> errors;
    for (const auto& d : lp.diagnostics) {
        if (d.isError()) {
            errors.push_back(d);
        }
    }
    return errors;
}

} // namespace

TEST_CASE("an embedded PNG or JPEG is decoded and its size read from its header", "[images]")
{
    const auto png = decodeImageDataUri(kPng);
    REQUIRE(png.ok());
    CHECK(png->mimeType == "image/png");
    CHECK(png->width == 4);
    CHECK(png->height == 3);
    CHECK(png->bytes.substr(1, 3) == "PNG");

    const auto jpeg = decodeImageDataUri("data:image/jpeg;base64," + kJpegBase64);
    REQUIRE(jpeg.ok());
    CHECK(jpeg->mimeType == "image/jpeg");
    CHECK(jpeg->width == 40);
    CHECK(jpeg->height == 30);
}

TEST_CASE("an image is refused for its type, its place, its base64, its bytes or its size", "[images]")
{
    CHECK_THAT(errorOf("data:image/gif;base64,R0lGODlhAQABAAAAADs="),
               Catch::Contains("only PNG and JPEG images are allowed"));
    CHECK_THAT(errorOf("data:image/svg+xml;base64,PHN2Zy8+"), Catch::Contains("only PNG and JPEG"));
    // Nothing outside the pack: a URL or a path is not an image of the pack.
    CHECK_THAT(errorOf("file:///etc/passwd"), Catch::Contains("nothing outside the pack file is ever read"));
    CHECK_THAT(errorOf("https://example.com/a.png"), Catch::Contains("must be a data URI"));
    CHECK_THAT(errorOf("diagram.png"), Catch::Contains("must be a data URI"));
    CHECK_THAT(errorOf("data:image/png,rawbytes"), Catch::Contains("must be a data URI"));
    // Bad base64: a character outside the alphabet, a length that is no multiple of 4, a digit after '='.
    CHECK_THAT(errorOf("data:image/png;base64,iVBO*w0K"),
               Catch::Contains("not valid base64 (at character 5)"));
    CHECK_THAT(errorOf("data:image/png;base64,iVBORw0"), Catch::Contains("not a multiple of 4"));
    CHECK_THAT(errorOf("data:image/png;base64,iV=A"), Catch::Contains("not valid base64"));
    // Bytes that are not the type the URI declares.
    CHECK_THAT(errorOf("data:image/png;base64," + kJpegBase64), Catch::Contains("not a PNG file"));
    CHECK_THAT(errorOf(std::string("data:image/jpeg;base64,") + kPng.substr(22)),
               Catch::Contains("not a JPEG file"));
    // Over the byte cap, refused before decoding (the text is not even base64 of a PNG).
    const std::string big = "data:image/png;base64," + std::string((kMaxImageBytes / 3 + 1) * 4, 'A');
    CHECK_THAT(errorOf(big), Catch::Contains("may be at most 524288 bytes (512 KiB)"));
    // Over the pixel caps, read from the header alone.
    CHECK_THAT(errorOf(kHugeSide), Catch::Contains("is 5000×5000 pixels"));
    CHECK_THAT(errorOf(kTooManyPixels),
               Catch::Contains("2000×1000 pixels; an image may be at most 4096 on a side "
                               "and 1048576 pixels in all"));
}

TEST_CASE("image references are found in Markdown and replaced by the image's data", "[images]")
{
    const std::string text = "See ![a chart](image:chart) and ![x](image:other \"title\") but not [image:no] "
                             "or ![y](https://e.com/image:z) <image:w>";
    CHECK(imageReferences(text) == std::vector<std::string>{"chart", "other"});
    CHECK(imageReferences("![a](<image:angle>)") == std::vector<std::string>{"angle"});
    const std::map<std::string, std::string> images{{"chart", kPng}};
    CHECK(embedImages(text, images) == "See ![a chart](" + kPng +
                                           ") and ![x](image:other \"title\") but not [image:no] "
                                           "or ![y](https://e.com/image:z) <image:w>");

    Question q;
    q.stem = "![s](image:chart)";
    q.explanation = "![e](image:chart)";
    q.options = {{"![o](image:chart)", true, "![w](image:chart)"}};
    const Question embedded = withEmbeddedImages(q, images);
    for (const std::string* t :
         {&embedded.stem, &embedded.explanation, &embedded.options[0].text, &embedded.options[0].why}) {
        CHECK_THAT(*t, Catch::Contains(kPng) && !Catch::Contains("image:chart"));
    }
}

TEST_CASE("a pack's images are checked where they are written, and every reference must resolve",
          "[images][loader]")
{
    SECTION("a valid image and its reference load, the reference kept as written")
    {
        const LoadedPack lp =
            loadPackText(pack("A chart: ![c](image:chart)", "{\"chart\": \"" + kPng + "\"}"), "p.json", {});
        INFO((lp.diagnostics.empty() ? std::string() : lp.diagnostics.front().format()));
        REQUIRE(lp.ok());
        CHECK(lp.pack.images.at("chart") == kPng);
        CHECK(lp.pack.questions.at(0).stem == "A chart: ![c](image:chart)");
    }
    SECTION("an unknown reference is an error at the stem")
    {
        const LoadedPack lp =
            loadPackText(pack("![c](image:missing)", "{\"chart\": \"" + kPng + "\"}"), "p.json", {});
        const auto errors = errorsOf(lp);
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].pointer == "/questions/0/stem");
        CHECK(errors[0].pos.line == 8);
        CHECK_THAT(errors[0].message, Catch::Contains("unknown image \"missing\""));
        // Without any "images", too.
        CHECK(errorsOf(loadPackText(pack("![c](image:chart)", ""), "p.json", {})).size() == 1);
    }
    SECTION("a bad image is an error at its own line and column, not again at its references")
    {
        const LoadedPack lp = loadPackText(
            pack("![c](image:chart)", "{\"chart\": \"data:image/gif;base64,R0lGODlhAQABAAAAADs=\"}"),
            "p.json", {});
        const auto errors = errorsOf(lp);
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].pointer == "/images/chart");
        CHECK(errors[0].pos.line == 11);
        CHECK(errors[0].pos.column > 1);
        CHECK_THAT(errors[0].format(),
                   Catch::StartsWith("p.json:11:") && Catch::Contains("only PNG and JPEG"));
    }
    SECTION("images must be an object of strings with id names")
    {
        CHECK_THAT(errorsOf(loadPackText(pack("s", "[\"" + kPng + "\"]"), "p.json", {})).at(0).message,
                   Catch::Contains("\"images\" must be an object"));
        CHECK_THAT(errorsOf(loadPackText(pack("s", "{\"chart\": 3}"), "p.json", {})).at(0).message,
                   Catch::Contains("must be a data URI string"));
        CHECK_THAT(
            errorsOf(loadPackText(pack("s", "{\"Bad Name\": \"" + kPng + "\"}"), "p.json", {})).at(0).message,
            Catch::Contains("image name \"Bad Name\""));
    }
}

TEST_CASE("a stored question's images are written back as the pack's images and load to the same content",
          "[images][writer]")
{
    const LoadedPack first = loadPackText(
        pack("A chart: ![c](image:chart) and again ![d](image:chart)", "{\"chart\": \"" + kPng + "\"}"),
        "p.json", {});
    REQUIRE(first.ok());
    // As the store keeps it, and as export reads it back.
    Pack stored = first.pack;
    stored.images.clear();
    for (Question& q : stored.questions) {
        q = withEmbeddedImages(q, first.pack.images);
    }
    const std::string written = packToJson(stored);
    CHECK_THAT(written, !Catch::Contains("](data:"));
    const LoadedPack again = loadPackText(written, "again.json", {});
    INFO(written.substr(0, 2000));
    REQUIRE(again.ok());
    REQUIRE(again.pack.images.size() == 1);
    CHECK(again.pack.images.begin()->second == kPng);
    CHECK(withEmbeddedImages(again.pack.questions.at(0), again.pack.images).stem ==
          stored.questions.at(0).stem);
}
