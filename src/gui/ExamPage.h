#pragma once

#include <memory>
#include <optional>

#include <QWidget>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/ItemStatus.h"

#include "SafeTextView.h"

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QMessageBox;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTimer;
class QVBoxLayout;

namespace certdrill::gui {

class ReviewPage;

/// The exam screen: one question at a time, countdown and pace, flag, confidence, navigator, review screen
/// (with passes through all, the incomplete or the flagged questions) and submit; in practice mode also pause
/// and reveal.
class ExamPage : public QWidget
{
    Q_OBJECT

public:
    explicit ExamPage(QWidget* parent = nullptr);
    ~ExamPage() override;

    /// Takes over a running session and shows the question last viewed (the first, for a new one).
    void setSession(std::unique_ptr<ExamSession> session, const QString& examTitle);
    /// Gives the page the keyboard focus, so the exam's keys work without a click (call once it shows).
    void focusQuestion();
    ExamSession* session() const { return m_session.get(); }
    int currentPosition() const { return m_position; }
    /// Tags the current question (nullopt clears the tag).
    void setConfidence(std::optional<Confidence> confidence);

signals:
    /// The session was submitted (by the candidate or by the clock).
    void finished(qint64 sessionId);

public slots:
    void showQuestion(int position);
    void next();
    void previous();
    /// Flags or unflags the question showing, or on the review screen the selected row's question.
    void toggleFlag();
    /// Focuses the navigator (back from the review screen first), so arrows and a click pick a question.
    void openNavigator();
    /// Shows the review screen: every question's status, incomplete and flagged first.
    void openReview();
    /// Back from the review screen to the current question.
    void closeReview();
    /// From the review screen, steps through only the questions of `set`, in exam order: Next moves to the
    /// next of them and, after the last, back to the review screen.
    void startReviewPass(certdrill::ReviewSet set);
    /// Asks for confirmation (naming unanswered and flagged) and submits.
    void requestSubmit();
    /// Practice mode: pauses (hiding the question) or resumes.
    void togglePause();
    /// Practice mode: shows whether the answer is right and every option's why.
    void revealAnswer();
    /// Submits without asking (used by the timer and tests).
    void submitNow();
    /// Ends the session as abandoned without asking (the window asks first; see ExamSession::abandon).
    void abandonNow();
    /// Re-reads the clock; auto-submits at zero.
    void updateClock();

protected:
    void changeEvent(QEvent* event) override;

private:
    /// The navigator's cells (and so its width, five cells across) follow the text size, so "65⚑" fits.
    void fitNavigatorToText();
    void optionToggled(QAbstractButton* button, bool checked);
    /// Sets one question's flag and shows it wherever it is shown (flag button, navigator, review rows).
    void setFlag(int position, bool flagged);
    /// Leaves the review screen for the question at `position`.
    void leaveReview(int position);
    /// "Question 14 of 65", and in a review pass "· flagged 1 of 2".
    QString progressText() const;
    /// Shows a refusal (too many options, a locked answer) under the options, in the theme's red.
    void showMessage(const std::string& message);
    void refreshNavigator();
    void refreshConfidence();
    /// Pause button, enabled buttons and the paused screen as the session stands.
    void showPauseState();
    /// Shows or hides the item's revealed answer and locks or unlocks its options to match.
    void applyReveal(const SessionItem& item);
    void showReveal(const SessionItem& item);
    /// The 30- and 5-minute banners, each once; the hidden clock comes back at 5 minutes.
    void updateWarnings(std::int64_t remainingMs);
    /// True while a question (not the review screen or the pause screen) is showing.
    bool questionShowing() const;

    std::unique_ptr<ExamSession> m_session;
    int m_position = 0;
    std::vector<int> m_pass; ///< the review pass's positions; empty when not in one
    QString m_passName;      ///< "flagged", "incomplete", "all"
    bool m_updating = false;
    QLabel* m_titleLabel;
    QLabel* m_progressLabel;
    QLabel* m_clockLabel;
    QLabel* m_paceLabel;
    QPushButton* m_clockToggle;
    QPushButton* m_pauseButton;
    QPushButton* m_flagButton;
    QLabel* m_timeWarning;
    std::int64_t m_warningShownAt = 0; ///< remaining ms when the banner appeared
    bool m_warned30 = false;
    bool m_warned5 = false;
    QStackedWidget* m_panels;
    QWidget* m_questionPanel;
    QWidget* m_pausedPanel;
    ReviewPage* m_review;
    SafeTextView* m_stem;
    QLabel* m_selectHint;
    QLabel* m_message;
    SafeTextView* m_revealView;
    QPushButton* m_revealButton;
    QScrollArea* m_scroll = nullptr; ///< the stem, the options and a revealed answer
    QWidget* m_confidenceBox;
    QButtonGroup* m_confidence;
    QWidget* m_optionsBox;
    QVBoxLayout* m_optionsLayout;
    QButtonGroup* m_group = nullptr;
    QComboBox* m_navigatorFilter;
    QListWidget* m_navigator;
    QWidget* m_navigatorBox;
    QPushButton* m_prevButton;
    QPushButton* m_nextButton;
    QPushButton* m_submitButton;
    QTimer* m_timer;
    QMessageBox* m_confirm = nullptr; ///< the open "Submit now?" question, if any
};

} // namespace certdrill::gui
