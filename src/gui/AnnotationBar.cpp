#include "AnnotationBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>

#include "certdrill/store/Annotations.h"

#include "Display.h"
#include "NoteDialog.h"

namespace certdrill::gui {

bool editNoteInteractively(QWidget* parent, Store& store, std::int64_t questionRow)
{
    const auto key = questionKey(store, questionRow);
    const auto current = annotation(store, questionRow);
    if (!key || !current) {
        return false;
    }
    NoteDialog dialog(QString::fromStdString(key->text()), QString::fromStdString(current->note), parent);
    if (dialog.exec() != QDialog::Accepted) {
        return false;
    }
    if (auto saved = setNote(store, questionRow, dialog.note().toStdString()); !saved) {
        QMessageBox::warning(parent, AnnotationBar::tr("Note not saved"),
                             sentence(QString::fromStdString(saved.error().message)));
        return false;
    }
    return true;
}

AnnotationBar::AnnotationBar(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_bookmark(new QPushButton)
    , m_noteButton(new QPushButton)
    , m_note(new QLabel)
{
    setObjectName(QStringLiteral("annotationBar"));
    m_bookmark->setObjectName(QStringLiteral("bookmarkButton"));
    m_bookmark->setCheckable(true);
    m_bookmark->setToolTip(tr("Bookmarked questions are listed in the browser (Learn ▸ Browse questions) and "
                              "can make up a custom drill"));
    styleToggle(m_bookmark);
    m_noteButton->setObjectName(QStringLiteral("noteButton"));
    m_note->setObjectName(QStringLiteral("noteLabel"));
    m_note->setTextFormat(Qt::PlainText); // the candidate's words, never markup
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bookmark, 0, Qt::AlignTop);
    layout->addWidget(m_noteButton, 0, Qt::AlignTop);
    layout->addWidget(m_note, 3);
    layout->addStretch(1); // without a note, the buttons keep their size at the left
    // clicked, not toggled: setChecked() while rendering must not store anything.
    connect(m_bookmark, &QPushButton::clicked, this, &AnnotationBar::toggleBookmark);
    connect(m_noteButton, &QPushButton::clicked, this, &AnnotationBar::editNote);
    render();
}

void AnnotationBar::setQuestion(std::int64_t questionRow)
{
    m_row = questionRow;
    render();
}

void AnnotationBar::toggleBookmark()
{
    const auto current = annotation(m_store, m_row);
    if (!current) {
        render();
        return;
    }
    if (auto saved = setBookmark(m_store, m_row, !current->bookmarked); !saved) {
        QMessageBox::warning(this, tr("Bookmark not saved"),
                             sentence(QString::fromStdString(saved.error().message)));
    } else {
        emit changed(m_row);
    }
    render();
}

void AnnotationBar::editNote()
{
    if (editNoteInteractively(this, m_store, m_row)) {
        emit changed(m_row);
    }
    render();
}

void AnnotationBar::render()
{
    const auto a = m_row > 0 ? annotation(m_store, m_row) : Result<Annotation>(Error{"no question"});
    setEnabled(a.ok());
    const bool bookmarked = a && a->bookmarked;
    const QString note = a ? QString::fromStdString(a->note) : QString();
    m_bookmark->setChecked(bookmarked);
    m_bookmark->setText(bookmarked ? tr("★ &Bookmarked") : tr("☆ &Bookmark"));
    m_noteButton->setText(note.isEmpty() ? tr("✎ Add &note…") : tr("✎ Edit &note…"));
    m_note->setText(note.isEmpty() ? QString() : tr("Your note: %1").arg(note));
    m_note->setVisible(!note.isEmpty());
}

} // namespace certdrill::gui
