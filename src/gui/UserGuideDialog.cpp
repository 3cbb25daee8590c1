#include "UserGuideDialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

namespace certdrill::gui {

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent)
    , m_view(new QTextBrowser)
{
    setObjectName(QStringLiteral("userGuide"));
    setWindowTitle(tr("certdrill user guide"));
    m_view->setObjectName(QStringLiteral("userGuideView"));
    // Links are handled here: the browser would otherwise try to open other docs as resources.
    m_view->setOpenLinks(false);
    connect(m_view, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) {
            QDesktopServices::openUrl(url);
        } else if (url.hasFragment()) {
            m_view->scrollToAnchor(url.fragment());
        }
    });
    // Relative image paths ("images/drill.png") resolve against the guide's own resource folder.
    m_view->setSource(QUrl(QStringLiteral("qrc:/doc/user-guide.md")), QTextDocument::MarkdownResource);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(900, 700);
}

} // namespace certdrill::gui
