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
    if (const auto written = write(path); !written) {
        // The reason names the file, which the candidate chose: plain text, never read as markup.
        QMessageBox box(QMessageBox::Warning, title, QString::fromStdString(written.error().message),
                        QMessageBox::Ok, parent);
        box.setTextFormat(Qt::PlainText);
        box.exec();
        return {};
    }
    return path;
}

} // namespace certdrill::gui
