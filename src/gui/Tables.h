#pragma once

#include <QStringList>

class QTableWidget;

namespace certdrill::gui {

/// A read-only, row-selecting table with the given headers: the first column stretches, the rest fit their
/// contents.
QTableWidget* makeReadOnlyTable(const QStringList& headers, const QString& objectName);

} // namespace certdrill::gui
