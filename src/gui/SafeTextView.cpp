#include "SafeTextView.h"

#include <QDesktopServices>
#include <QMessageBox>

#include "SafeTextDocument.h"

namespace certdrill::gui {

namespace {

SafeTextView::UrlOpener& urlOpener()
{
    static SafeTextView::UrlOpener opener;
    return opener;
}

} // namespace

SafeTextView::SafeTextView(QWidget* parent)
    : QTextBrowser(parent)
    , m_document(new SafeTextDocument(this))
{
    setDocument(m_document);
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    connect(this, &QTextBrowser::anchorClicked, this, &SafeTextView::linkClicked);
}

void SafeTextView::setUrlOpener(UrlOpener opener)
{
    urlOpener() = std::move(opener);
}

void SafeTextView::resizeEvent(QResizeEvent* event)
{
    QTextBrowser::resizeEvent(event); // lays the text out at the new width
    m_document->fitImages();
}

QVariant SafeTextView::loadResource(int type, const QUrl& name)
{
    Q_UNUSED(type)
    Q_UNUSED(name)
    return {};
}

void SafeTextView::linkClicked(const QUrl& url)
{
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https")) {
        return; // a local file, a relative path or another scheme: never opened
    }
    QMessageBox box(QMessageBox::Question, tr("Open link"),
                    tr("This question links to a web page outside certdrill:\n\n%1\n\nOpen it in your web "
                       "browser?")
                        .arg(url.toString()),
                    QMessageBox::Open | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("openLinkConfirmation"));
    box.setTextFormat(Qt::PlainText);
    box.setDefaultButton(QMessageBox::Cancel);
    if (box.exec() != QMessageBox::Open) {
        return;
    }
    if (const UrlOpener& opener = urlOpener()) {
        opener(url);
    } else {
        QDesktopServices::openUrl(url);
    }
}

} // namespace certdrill::gui
