#pragma once

#include <functional>

#include <QString>

#include "certdrill/Result.h"

class QWidget;

namespace certdrill::gui {

/// What writes a report to a path: the number of pages, or why not (report::writeSessionPdf and
/// writeTrackerPdf).
using PdfWriterFunction = std::function<Result<int>(const QString& path)>;

/// Asks where to save a PDF report (a save dialog in the home folder suggesting `suggestedName`), writes it,
/// and says why in a message box when it could not. Returns the path written, or empty (cancelled or failed).
QString savePdfInteractively(QWidget* parent, const QString& title, const QString& suggestedName,
                             const PdfWriterFunction& write);

} // namespace certdrill::gui
