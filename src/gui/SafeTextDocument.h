#pragma once

#include <map>
#include <utility>

#include <QTextDocument>
#include <QUrl>
#include <QVariant>

namespace certdrill::gui {

/// A QTextDocument for text that comes from a pack (a stem's Markdown, an option, a why, an explanation, an
/// exam or domain name): it never reads a file or a URL that the text names. QTextDocument's own
/// loadResource reads `file:` URLs and paths relative to the working folder, and Qt's image handler loads a
/// relative image name itself when it gets no image, so a stem's `![x](file:///dev/zero)` or
/// `<img src="notes.png">` would be read from disk. The only images shown are those a pack embeds, which
/// come as data URIs (a PNG or JPEG within the caps of Limits.h, checked on its header before its pixels
/// are decoded); every other image is a 1×1 transparent placeholder, every other resource (a style sheet, a
/// linked document) empty: nothing outside the pack is ever read (docs/reliability.md).
class SafeTextDocument : public QTextDocument
{
    Q_OBJECT

public:
    explicit SafeTextDocument(QObject* parent = nullptr);

    /// How many resources were asked for and refused since construction (for tests).
    int refusedLoads() const { return m_refused; }
    /// How many embedded images were decoded and shown since construction (for tests).
    int embeddedLoads() const { return m_embedded; }

    /// Scales every image wider than the text width down to it (keeping its aspect ratio, never up, so a
    /// narrow image keeps its own size), so a wide image never widens the text: done after every change of
    /// the content, and again by the view when its width changes. The width is the page's (textWidth) less
    /// the document's margin and the margins and indents of the image's paragraph and list.
    void fitImages();

protected:
    QVariant loadResource(int type, const QUrl& name) override;

private:
    /// What loadResource gave for each (type, URL) since the document was last emptied, which setHtml,
    /// setMarkdown, setPlainText and clear do first: replace a text with one of them (every view does), not
    /// by editing it with a cursor, or what the old text loaded stays.
    std::map<std::pair<int, QUrl>, QVariant> m_loaded;
    int m_refused = 0;
    int m_embedded = 0;
    bool m_fitting = false;
};

} // namespace certdrill::gui
