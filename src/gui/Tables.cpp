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

int rowsHeight(const QTableWidget* table)
{
    int height = 2 * table->frameWidth() + table->horizontalHeader()->sizeHint().height();
    for (int r = 0; r < table->rowCount(); ++r) {
        height += table->rowHeight(r);
    }
    return height;
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
    int height = rowsHeight(table);
    if (table->horizontalScrollBar()->isVisible()) {
        height += table->horizontalScrollBar()->sizeHint().height();
    }
    table->setFixedHeight(height);
}

namespace {

/// Refits a table's rows (fitHeightToRows) after it shows and after its viewport or a column changes width;
/// queued, so the header has stretched its columns first, and once however many events came.
class RowFitter final : public QObject
{
public:
    RowFitter(QTableWidget* table, bool evenRows)
        : QObject(table)
        , m_table(table)
        , m_viewport(table->viewport())
        , m_evenRows(evenRows)
    {
        table->installEventFilter(this);
        table->viewport()->installEventFilter(this);
        connect(table->horizontalHeader(), &QHeaderView::sectionResized, this, &RowFitter::schedule);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        // Pointers compared only: a viewport event also comes while the table is being destroyed.
        if ((watched == m_table && event->type() == QEvent::Show) ||
            (watched == m_viewport && event->type() == QEvent::Resize)) {
            schedule();
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void schedule()
    {
        if (m_pending) {
            return;
        }
        m_pending = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_pending = false;
                fitHeightToRows(m_table, m_evenRows);
            },
            Qt::QueuedConnection);
    }

    QTableWidget* m_table;
    const QObject* m_viewport;
    bool m_evenRows;
    bool m_pending = false;
};

} // namespace

void keepFittedToRows(QTableWidget* table, bool evenRows)
{
    // A stretched column takes its width without a sectionResized signal, and a table filled while its page
    // was hidden shows again at the viewport size it had, without a resize: rows measured at another width
    // (or left at the default height) kept it.
    new RowFitter(table, evenRows);
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
    if (path.isEmpty()) {
        return;
    }
    if (!saveCsv(path, csv, &error)) {
        showPlainMessage(parent, QMessageBox::Warning, QCoreApplication::translate("Tables", "Export failed"),
                         error);
        return;
    }
    announceSaved(parent, path, QCoreApplication::translate("Tables", "CSV"));
}

} // namespace certdrill::gui
