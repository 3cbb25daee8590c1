#pragma once

#include <QTextDocument>

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

protected:
    QVariant loadResource(int type, const QUrl& name) override;

private:
    int m_refused = 0;
    int m_embedded = 0;
};

} // namespace certdrill::gui
