#include "PdfExport.h"

#include <QDir>
#include <QMessageBox>

#include "FileDialogs.h"

namespace certdrill::gui {

QString savePdfInteractively(QWidget* parent, const QString& title, const QString& suggestedName,
                             const PdfWriterFunction& write)
{
    const QString path =
        saveFileName(parent, title, QDir::home().filePath(suggestedName), QObject::tr("PDF files (*.pdf)"));
    if (path.isEmpty()) {
        return {};
    }
    const auto written = write(path);
    if (!written) {
        // The reason names the file, which the candidate chose: plain text, never read as markup.
        QMessageBox box(QMessageBox::Warning, title, QString::fromStdString(written.error().message),
                        QMessageBox::Ok, parent);
        box.setTextFormat(Qt::PlainText);
        box.exec();
        return {};
    }
    const int pages = written.value();
    announceSaved(parent, path,
                  pages == 1 ? QObject::tr("PDF, 1 page") : QObject::tr("PDF, %1 pages").arg(pages));
    return path;
}

} // namespace certdrill::gui
