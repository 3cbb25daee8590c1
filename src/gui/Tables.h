#pragma once

#include <string>

#include <QStringList>

class QTableWidget;
class QTableWidgetItem;
class QWidget;

namespace certdrill::gui {

/// A read-only, row-selecting table with the given headers: the first column stretches, the rest fit their
/// contents.
QTableWidget* makeReadOnlyTable(const QStringList& headers, const QString& objectName);

/// A cell of such a table: `text`, aligned by `align`, selectable (so it can be copied) but not editable.
QTableWidgetItem* readOnlyCell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter);

/// Makes `table` exactly as tall as its header and rows (rows sized to their wrapped text), with no
/// vertical scroll bar of its own: for a table inside a page that scrolls as a whole. Call it again after
/// the rows or the font change. With `evenRows`, every row takes the height of the tallest (its wrapped text
/// or a cell widget's size hint), for a table whose rows hold controls that should line up.
void fitHeightToRows(QTableWidget* table, bool evenRows = false);
/// The height that shows every row of `table` as the rows now are: its frame, its header and its rows.
int rowsHeight(const QTableWidget* table);
/// Fits `table` again (as fitHeightToRows) whenever a column changes width, so wrapped rows are measured at
/// the widths shown: a table filled while its page was hidden kept rows measured for a width it never had.
void keepFittedToRows(QTableWidget* table, bool evenRows = false);

/// A stem (Markdown) as one line of a list: code fences and the backticks of code spans dropped, white space
/// collapsed, and cut at `maxChars` with "…" (0: not cut). Plain text, for a cell that never renders markup.
QString stemLine(const std::string& stem, int maxChars = 0);

/// Writes `csv` to `path` (replacing the file); false with a reason in `error` when it cannot.
bool saveCsv(const QString& path, const std::string& csv, QString* error = nullptr);

/// Asks where to save `csv` (suggesting `suggestedName`), saves it, and warns in a message box on failure.
void exportCsvInteractively(QWidget* parent, const QString& title, const QString& suggestedName,
                            const std::string& csv);

} // namespace certdrill::gui
