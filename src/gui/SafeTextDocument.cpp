#include "SafeTextDocument.h"

#include <QBuffer>
#include <QImage>
#include <QImageReader>
#include <QUrl>

#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackImages.h"

namespace certdrill::gui {

SafeTextDocument::SafeTextDocument(QObject* parent)
    : QTextDocument(parent)
{
}

namespace {

/// The image a `data:` URI holds, if it passes the pack's image checks (PackImages.h) again here, since a
/// stored question may come from an older or a tampered database; a null image otherwise. Its size is read
/// from the header before any pixel is decoded, and Qt's reader is held to the same cap.
QImage embeddedImage(const QUrl& name)
{
    if (name.scheme().compare(QLatin1String("data"), Qt::CaseInsensitive) != 0) {
        return {};
    }
    const QByteArray uri = name.toEncoded();
    const auto image =
        decodeImageDataUri(std::string_view(uri.constData(), static_cast<std::size_t>(uri.size())));
    if (!image) {
        return {};
    }
    QByteArray bytes(image->bytes.data(), static_cast<qsizetype>(image->bytes.size()));
    QBuffer buffer(&bytes);
    QImageReader reader(&buffer, image->mimeType == "image/png" ? "png" : "jpeg");
    reader.setAllocationLimit(static_cast<int>((kMaxImagePixels * 4) >> 20) + 1); // in MiB, 4 bytes a pixel
    const QSize size = reader.size();
    if (!size.isValid() || size.width() > kMaxImageSide || size.height() > kMaxImageSide ||
        std::int64_t{size.width()} * size.height() > kMaxImagePixels) {
        return {};
    }
    return reader.read();
}

} // namespace

QVariant SafeTextDocument::loadResource(int type, const QUrl& name)
{
    if (type == QTextDocument::ImageResource) {
        if (QImage image = embeddedImage(name); !image.isNull()) {
            ++m_embedded;
            // Kept with the text (cleared with it), so each layout and paint does not decode it again; Qt
            // keeps only what its own loadResource loaded.
            addResource(type, name, image);
            return image;
        }
    }
    ++m_refused;
    if (type == QTextDocument::ImageResource) {
        // Not a null image: for a null one Qt's image handler would try QImage::load(name) from the working
        // folder.
        QImage blank(1, 1, QImage::Format_ARGB32);
        blank.fill(Qt::transparent);
        return blank;
    }
    // A valid (empty) value, so QTextDocument does not go on to look for the resource itself.
    return QByteArray();
}

} // namespace certdrill::gui
