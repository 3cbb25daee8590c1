#pragma once

#include <QWidget>

#include "certdrill/exam/ExamSession.h"

class QLabel;
class QPushButton;

namespace certdrill::gui {

/// The start screen of a mock or practice exam, as a test centre shows one before the clock starts: the
/// exam, the number of questions, the time with the candidate's extra time, the rules of the mode, the
/// keyboard shortcuts, and Begin / Cancel. It only shows: nothing is stored and no clock runs until the
/// window acts on beginRequested.
class ExamStartPage : public QWidget
{
    Q_OBJECT

public:
    explicit ExamStartPage(QWidget* parent = nullptr);
    ~ExamStartPage() override;

    /// Shows the exam about to start: `form` as assembled (with the blueprint's shortfalls, if the bank
    /// could not fill it), in `mode`, with `extraMinutes` on top of the exam's own limit.
    void setExam(const ExamDef& exam, SessionMode mode, const Form& form, int extraMinutes);
    /// Gives Begin the keyboard focus, so Enter begins (call once the page shows).
    void focusBegin();

signals:
    void beginRequested();
    void cancelRequested();

private:
    QLabel* m_title;
    QLabel* m_summary;
    QLabel* m_shortfalls;
    QLabel* m_rules;
    QLabel* m_shortcuts;
    QPushButton* m_begin;
    QPushButton* m_cancel;
};

} // namespace certdrill::gui
