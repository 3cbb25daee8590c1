#include "NoteDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace certdrill::gui {

NoteDialog::NoteDialog(const QString& questionName, const QString& note, QWidget* parent)
    : QDialog(parent)
    , m_edit(new QPlainTextEdit(note))
{
    setObjectName(QStringLiteral("noteDialog"));
    setWindowTitle(tr("Note on %1").arg(questionName));
    m_edit->setObjectName(QStringLiteral("noteEdit"));
    m_edit->setAccessibleName(tr("Note on %1").arg(questionName));
    // Plain text: a note is the candidate's own words, shown as written wherever the question is.
    m_edit->setTabChangesFocus(true);
    auto* hint =
        new QLabel(tr("Your own note on this question. The browser's search finds it, and it shows "
                      "beside the question in drills and the answer review. An empty note is removed."));
    hint->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("saveNoteButton"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(m_edit, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(520, 320);
}

QString NoteDialog::note() const
{
    return m_edit->toPlainText();
}

} // namespace certdrill::gui
