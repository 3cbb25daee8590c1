#pragma once

#include <functional>

#include <QTextBrowser>
#include <QUrl>

namespace certdrill::gui {

class SafeTextDocument;

/// The read-only view of every text that comes from a pack (stems, options, whys, explanations, the results
/// review). Its document is a SafeTextDocument, so nothing the text names is ever read; links are never
/// followed inside the view (a pack's `file:` link would otherwise replace the question with that file).
/// Clicking an http(s) link asks, showing the whole address, whether to open it in the system's browser;
/// every other link (file:, a relative path, any other scheme) does nothing. Long words wrap anywhere, so
/// one unbroken word cannot widen the window.
class SafeTextView : public QTextBrowser
{
    Q_OBJECT

public:
    explicit SafeTextView(QWidget* parent = nullptr);

    /// The document, for tests that count refused loads.
    SafeTextDocument* safeDocument() const { return m_document; }

    /// What opens a confirmed http(s) link: QDesktopServices::openUrl, unless a test replaces it (an empty
    /// function restores the default).
    using UrlOpener = std::function<void(const QUrl&)>;
    static void setUrlOpener(UrlOpener opener);

protected:
    /// Fits the images to the new width (SafeTextDocument::fitImages).
    void resizeEvent(QResizeEvent* event) override;
    /// QTextBrowser reads files here (for setSource and its history); nothing is read.
    QVariant loadResource(int type, const QUrl& name) override;

private:
    void linkClicked(const QUrl& url);

    SafeTextDocument* m_document;
};

} // namespace certdrill::gui
