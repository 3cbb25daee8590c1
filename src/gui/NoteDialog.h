#pragma once

#include <QDialog>

class QPlainTextEdit;

namespace certdrill::gui {

/// Edits a question's personal note: plain text, stored as typed; saving an empty note removes it.
class NoteDialog : public QDialog
{
    Q_OBJECT

public:
    /// `questionName` says which question the note is on (its pack and question id).
    NoteDialog(const QString& questionName, const QString& note, QWidget* parent = nullptr);

    QString note() const;

private:
    QPlainTextEdit* m_edit;
};

} // namespace certdrill::gui
