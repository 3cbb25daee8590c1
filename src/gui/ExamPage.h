#pragma once

#include <memory>

#include <QWidget>

#include "certdrill/ExamSession.h"

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;
class QTimer;
class QVBoxLayout;

namespace certdrill::gui {

/// The exam screen: one question at a time, countdown and pace, flag, navigator, submit.
class ExamPage : public QWidget
{
    Q_OBJECT

public:
    explicit ExamPage(QWidget* parent = nullptr);
    ~ExamPage() override;

    /// Takes over a running session and shows its current question.
    void setSession(std::unique_ptr<ExamSession> session, const QString& examTitle);
    ExamSession* session() const { return m_session.get(); }
    int currentPosition() const { return m_position; }

signals:
    /// The session was submitted (by the candidate or by the clock).
    void finished(qint64 sessionId);

public slots:
    void showQuestion(int position);
    void next();
    void previous();
    void toggleFlag();
    /// Asks for confirmation (naming unanswered and flagged) and submits.
    void requestSubmit();
    /// Submits without asking (used by the timer and tests).
    void submitNow();
    /// Re-reads the clock; auto-submits at zero.
    void updateClock();

private:
    void optionToggled(QAbstractButton* button, bool checked);
    void refreshNavigator();

    std::unique_ptr<ExamSession> m_session;
    int m_position = 0;
    bool m_updating = false;
    QLabel* m_titleLabel;
    QLabel* m_progressLabel;
    QLabel* m_clockLabel;
    QLabel* m_paceLabel;
    QPushButton* m_flagButton;
    QTextBrowser* m_stem;
    QLabel* m_selectHint;
    QLabel* m_message;
    QWidget* m_optionsBox;
    QVBoxLayout* m_optionsLayout;
    QButtonGroup* m_group = nullptr;
    QListWidget* m_navigator;
    QPushButton* m_prevButton;
    QPushButton* m_nextButton;
    QPushButton* m_submitButton;
    QTimer* m_timer;
};

} // namespace certdrill::gui
