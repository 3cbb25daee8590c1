#include "SafeTextDocument.h"

#include <QImage>

namespace certdrill::gui {

SafeTextDocument::SafeTextDocument(QObject* parent)
    : QTextDocument(parent)
{
}

QVariant SafeTextDocument::loadResource(int type, const QUrl& name)
{
    Q_UNUSED(name)
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
