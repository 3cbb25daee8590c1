#include "SafeTextDocument.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QImage>
#include <QImageReader>
#include <QPaintDevice>
#include <QScopedValueRollback>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextList>
#include <QTextTable>
#include <QUrl>

#include "certdrill/pack/Limits.h"
#include "certdrill/pack/PackImages.h"

namespace certdrill::gui {

SafeTextDocument::SafeTextDocument(QObject* parent)
    : QTextDocument(parent)
{
    // Pack text is shown, never edited: no undo stack to keep every change of a stem's tidying in memory.
    setUndoRedoEnabled(false);
    // What was loaded goes with the text it was loaded for. setHtml, setMarkdown, setPlainText and clear all
    // empty the document first (a change that leaves only the final paragraph mark), and an empty document
    // shows no image; edits of a text (showStem's tidying, fitImages' sizes) never empty it.
    connect(this, &QTextDocument::contentsChange, this, [this] {
        if (characterCount() <= 1) {
            m_loaded.clear();
        }
    });
    connect(this, &QTextDocument::contentsChanged, this, &SafeTextDocument::fitImages);
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

void SafeTextDocument::fitImages()
{
    if (m_fitting || textWidth() <= 0) {
        return; // its own change of a format, or a document not laid out to a width
    }
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    // An image's size is in pixels at 96 dpi, which the layout scales to its paint device's resolution (a
    // PDF writer's); the text width is in the device's pixels.
    qreal scale = 1;
    if (const QPaintDevice* device = documentLayout()->paintDevice()) {
        scale = device->logicalDpiY() / 96.0;
    }
    struct Fit
    {
        int position;
        QSizeF size; // empty: the image's own size
    };
    std::vector<Fit> fits; // collected first: a format set under the iterator may merge fragments
    for (QTextBlock b = begin(); b.isValid(); b = b.next()) {
        const QTextBlockFormat block = b.blockFormat();
        qreal width = textWidth() - 2 * documentMargin();
        if (const QTextTable* table = QTextCursor(b).currentTable()) {
            // In a table cell: an equal share of the table's width, less the table's and the cell's frame.
            // The layout sizes columns by their content, so an image left at its own size would widen the
            // table past the view.
            const QTextTableFormat t = table->format();
            const int columns = std::max(1, table->columns());
            width = (width - 2 * (t.margin() + t.border() + t.padding()) - (columns + 1) * t.cellSpacing()) /
                        columns -
                    2 * (t.cellPadding() + t.border());
        }
        qreal available =
            width - block.leftMargin() - block.rightMargin() -
            (block.indent() + (b.textList() ? b.textList()->format().indent() : 0)) * indentWidth();
        available = std::max<qreal>(1, std::floor(available / scale));
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat()) {
                continue;
            }
            const QTextImageFormat format = fragment.charFormat().toImageFormat();
            const QImage image = resource(ImageResource, QUrl(format.name())).value<QImage>();
            if (image.isNull()) {
                continue;
            }
            const QSizeF size = image.width() <= available
                                    ? QSizeF()
                                    : QSizeF(available, image.height() * available / image.width());
            const QSizeF now(format.hasProperty(QTextFormat::ImageWidth) ? format.width() : 0,
                             format.hasProperty(QTextFormat::ImageHeight) ? format.height() : 0);
            if (now != (size.isEmpty() ? QSizeF(0, 0) : size)) {
                // An image is one character; a fragment of several holds the same image several times.
                for (int i = 0; i < fragment.length(); ++i) {
                    fits.push_back({fragment.position() + i, size});
                }
            }
        }
    }
    QTextCursor cursor(this);
    for (const Fit& fit : fits) {
        cursor.setPosition(fit.position);
        cursor.setPosition(fit.position + 1, QTextCursor::KeepAnchor);
        QTextImageFormat format = cursor.charFormat().toImageFormat();
        if (fit.size.isEmpty()) {
            format.clearProperty(QTextFormat::ImageWidth);
            format.clearProperty(QTextFormat::ImageHeight);
        } else {
            format.setWidth(fit.size.width());
            format.setHeight(fit.size.height());
        }
        cursor.setCharFormat(format);
    }
}

QVariant SafeTextDocument::loadResource(int type, const QUrl& name)
{
    // Every layout and paint asks for each image again, so what was loaded (or refused) is kept: a broken
    // embedded PNG was otherwise decoded, and libpng printed its error, thousands of times for one stem.
    // Kept here rather than with addResource, for two reasons: setHtml (the review, the browser's options)
    // keeps what addResource was given across texts, so the images of every question shown would pile up; and
    // Qt names resources by URL alone, so a style sheet refused as empty bytes would be handed to an <img> of
    // the same URL, and Qt's image handler, given no image, loads the name from the working folder itself.
    const auto key = std::make_pair(type, name);
    if (const auto found = m_loaded.find(key); found != m_loaded.end()) {
        return found->second;
    }
    QVariant loaded;
    if (type == QTextDocument::ImageResource) {
        if (QImage image = embeddedImage(name); !image.isNull()) {
            ++m_embedded;
            loaded = image;
        } else {
            ++m_refused;
            // Not a null image: for a null one Qt's image handler would try QImage::load(name) from the
            // working folder. One image serves every refusal (QImage is shared).
            static const QImage blank = [] {
                QImage transparent(1, 1, QImage::Format_ARGB32);
                transparent.fill(Qt::transparent);
                return transparent;
            }();
            loaded = blank;
        }
    } else {
        ++m_refused;
        // A valid (empty) value, so QTextDocument does not go on to look for the resource itself.
        loaded = QByteArray();
    }
    m_loaded.emplace(key, loaded);
    return loaded;
}

} // namespace certdrill::gui
