#pragma once

#include <memory>

#include <QWidget>

#include "certdrill/learn/DrillSession.h"
#include "certdrill/learn/Tracker.h"

#include "SafeTextView.h"

class QAbstractButton;
class QButtonGroup;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QVBoxLayout;

namespace certdrill::gui {

class AnnotationBar;

/// The drill screen: one question at a time; Check shows right or wrong and the `why` of every option; a
/// Sure / Unsure / Guess tag per answer; a summary at the end with accuracy per domain and band changes.
class DrillPage : public QWidget
{
    Q_OBJECT

public:
    explicit DrillPage(Store& store, QWidget* parent = nullptr);
    ~DrillPage() override;

    /// Takes over a drill; `before` is the tracker as it stood when the drill was planned.
    void setSession(std::unique_ptr<DrillSession> session, TrackerReport before);
    DrillSession* session() const { return m_session.get(); }
    int currentPosition() const { return m_position; }

signals:
    void nextDrillRequested();
    void trackerRequested();
    /// A missed question's link in the summary: to read it again in the question browser.
    void questionRequested(qint64 questionRow);

public slots:
    void showQuestion(int position);
    /// Checks the chosen answer (Enter); on a checked question, moves on.
    void checkOrNext();
    /// Ends the drill (after the last question or early) and shows the summary.
    void finishDrill();

protected:
    /// Recolors the question on a theme switch: its colors are picked for the theme when it is shown.
    void changeEvent(QEvent* event) override;

private:
    void toggleOption(int displayIndex);
    std::vector<int> chosenOptions() const;
    /// Report a problem… on the question shown, with the answer chosen so far.
    void reportProblem();
    void showFeedback(const DrillItem& item);
    /// The summary's list of the questions answered wrong, each a link to read it again; empty if none.
    QString missedQuestionsHtml() const;

    Store& m_store;
    std::unique_ptr<DrillSession> m_session;
    TrackerReport m_before;
    int m_position = 0;
    QStackedWidget* m_stack;
    QLabel* m_progress;
    QLabel* m_reason;
    AnnotationBar* m_marks; ///< the question's bookmark and note
    SafeTextView* m_stem;
    QLabel* m_selectHint;
    QWidget* m_optionsBox;
    QVBoxLayout* m_optionsLayout;
    QButtonGroup* m_options = nullptr;
    QButtonGroup* m_confidence;
    QLabel* m_verdict;
    SafeTextView* m_feedback;
    QScrollArea* m_scroll = nullptr; ///< the question, its options and, once checked, the explanations
    QPushButton* m_checkButton;
    QPushButton* m_endButton;
    QPushButton* m_reportButton;
    QLabel* m_summary;
};

} // namespace certdrill::gui
