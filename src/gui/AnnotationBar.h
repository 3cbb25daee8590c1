#pragma once

#include <cstdint>

#include <QWidget>

#include "certdrill/store/Store.h"

class QLabel;
class QPushButton;

namespace certdrill::gui {

/// The candidate's marks on one question, wherever it is shown (the browser, the drill): a Bookmark toggle,
/// a Note… button that edits the personal note (NoteDialog), and the note itself as plain text.
class AnnotationBar : public QWidget
{
    Q_OBJECT

public:
    explicit AnnotationBar(Store& store, QWidget* parent = nullptr);

    /// Shows the marks of the question in row `questionRow`.
    void setQuestion(std::int64_t questionRow);
    std::int64_t question() const { return m_row; }

signals:
    /// A bookmark or note of `questionRow` was stored.
    void changed(std::int64_t questionRow);

public slots:
    void toggleBookmark();
    /// Opens the note editor and stores what it returns.
    void editNote();

private:
    void render();

    Store& m_store;
    std::int64_t m_row = 0;
    QPushButton* m_bookmark;
    QPushButton* m_noteButton;
    QLabel* m_note;
};

/// Asks for the note of `questionRow` in a NoteDialog and stores it; true if it was stored. A failure is
/// said in a message box. Shared by every screen that offers a note.
bool editNoteInteractively(QWidget* parent, Store& store, std::int64_t questionRow);

} // namespace certdrill::gui
