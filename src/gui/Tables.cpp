#include "Tables.h"

#include <QHeaderView>
#include <QTableWidget>

namespace certdrill::gui {

QTableWidget* makeReadOnlyTable(const QStringList& headers, const QString& objectName)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setObjectName(objectName);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < headers.size(); ++c) {
        t->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    }
    return t;
}

} // namespace certdrill::gui
