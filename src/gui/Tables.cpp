#include "Tables.h"

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QHeaderView>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableWidget>

#include "Display.h"
#include "FileDialogs.h"

namespace certdrill::gui {

QString stemLine(const std::string& stem, int maxChars)
{
    QString line = QString::fromStdString(stem);
    // A fence's line ("```python") says where code starts, not what the question asks; a span's backticks
    // are how Markdown marks code, which a plain cell cannot show.
    static const QRegularExpression fence(QStringLiteral("^[ \\t]*(```|~~~)[^\\n]*$"),
                                          QRegularExpression::MultilineOption);
    line.remove(fence);
    line.remove(QLatin1Char('`'));
    line = line.simplified();
    if (maxChars > 1 && line.size() > maxChars) {
        line = line.left(maxChars - 1).trimmed() + QStringLiteral("…");
    }
    return line;
}

QTableWidgetItem* readOnlyCell(const QString& text, Qt::Alignment align)
{
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment(align);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return it;
}

QTableWidget* makeReadOnlyTable(const QStringList& headers, const QString& objectName)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setObjectName(objectName);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    // The arrows move between rows; Tab goes on to the next control, as in every other list. Walking the
    // cells took three Tabs a row (195 on a 65-question review screen) before Submit.
    t->setTabKeyNavigation(false);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < headers.size(); ++c) {
        t->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
    return t;
}

void fitHeightToRows(QTableWidget* table, bool evenRows)
{
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setWordWrap(true);
    table->resizeRowsToContents();
    if (evenRows) {
        // resizeRowsToContents sizes a row by its text only: a row of one short line was shorter than the
        // combo box beside it, so rows of controls came out uneven.
        int tallest = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            tallest = std::max(tallest, table->rowHeight(r));
            for (int c = 0; c < table->columnCount(); ++c) {
                if (const QWidget* w = table->cellWidget(r, c)) {
                    tallest = std::max(tallest, w->sizeHint().height() + (table->showGrid() ? 1 : 0));
                }
            }
        }
        for (int r = 0; r < table->rowCount(); ++r) {
            table->setRowHeight(r, tallest);
        }
    }
    int height = 2 * table->frameWidth() + table->horizontalHeader()->sizeHint().height();
    for (int r = 0; r < table->rowCount(); ++r) {
        height += table->rowHeight(r);
    }
    if (table->horizontalScrollBar()->isVisible()) {
        height += table->horizontalScrollBar()->sizeHint().height();
    }
    table->setFixedHeight(height);
}

bool saveCsv(const QString& path, const std::string& csv, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(csv.data(), static_cast<qint64>(csv.size())) != static_cast<qint64>(csv.size())) {
        if (error) {
            *error =
                QCoreApplication::translate("Tables", "Cannot write %1: %2").arg(path, file.errorString());
        }
        return false;
    }
    return true;
}

void exportCsvInteractively(QWidget* parent, const QString& title, const QString& suggestedName,
                            const std::string& csv)
{
    const QString path = saveFileName(parent, title, suggestedName,
                                      QCoreApplication::translate("Tables", "CSV files (*.csv)"));
    QString error;
    if (!path.isEmpty() && !saveCsv(path, csv, &error)) {
        showPlainMessage(parent, QMessageBox::Warning, QCoreApplication::translate("Tables", "Export failed"),
                         error);
    }
}

} // namespace certdrill::gui
