#pragma once

#include <QList>
#include <QWidget>

#include "certdrill/learn/StudyPlan.h"
#include "certdrill/store/Store.h"

class QGridLayout;
class QLabel;
class QPushButton;

namespace certdrill::gui {

/// The daily screen, on the model of Anki's deck list: the readiness verdict in one line, the one recommended
/// next step as a button that does it, the ten domains as a Red/Yellow/Green strip (each opens the tracker
/// there), the questions due, the last exam scores against the pass mark and the readiness line, and the plan
/// to the exam date. Everything it shows is computed by the core (buildStudyPlan).
class HomePage : public QWidget
{
    Q_OBJECT

public:
    explicit HomePage(Store& store, QWidget* parent = nullptr);
    ~HomePage() override;

    /// The exam shown (the first in the database), empty if none.
    QString examId() const;
    /// False until the plan is first shown: the page is made with a placeholder, and the plan follows right
    /// after the window's first paint (or any refresh()).
    bool planShown() const { return !m_planPending; }
    /// The plan as last computed.
    const StudyPlan& plan() const { return m_plan; }
    /// Shows `text` above everything else, as a warning (why the bundled bank could not be brought up to
    /// date at this start); an empty text hides it.
    void setBankProblem(const QString& text);
    /// The line under the next step: "Due today: 3 questions for review; 398 of 400 not seen yet."
    static QString dueText(int due, int unseen, int bankItems);

signals:
    void mockRequested();
    void practiceRequested();
    void drillRequested();
    void trackerRequested();
    /// The next step's drill or review: start exactly this drill.
    void plannedDrillRequested(const certdrill::PlannerOptions& options);
    /// A domain of the strip: the tracker, at that domain.
    void trackerDomainRequested(const QString& domainId);
    void importRequested();

public slots:
    /// Recomputes the plan from the store and shows it.
    void refresh();
    /// Does the recommended next step.
    void runNextStep();
    /// Asks for the exam date, the weekly hours and a failed attempt, and stores them.
    void editPlan();

protected:
    /// Enter on the home screen does the next step, as Anki's deck list studies the selected deck.
    void keyPressEvent(QKeyEvent* event) override;

    /// Lays the domain strip out in two columns, or in one when two do not fit the width.
    void resizeEvent(QResizeEvent* event) override;
    /// The first paint of the verdict line computes the plan, right after it (see the constructor).
    bool eventFilter(QObject* watched, QEvent* event) override;

    /// Coming back to the home screen puts the keyboard on the next step, so that Enter does it.
    void showEvent(QShowEvent* event) override;

private:
    /// The exam's title and id: cheap, so shown before the first paint.
    void showExam();
    void showDomains();
    void arrangeDomains();
    void showScores();

    Store& m_store;
    QString m_examId;
    StudyPlan m_plan;
    QLabel* m_bankProblem;
    QLabel* m_titleLabel;
    QLabel* m_verdictLabel;
    QPushButton* m_nextButton;
    QLabel* m_nextText;
    QLabel* m_reasonLabel;
    QGridLayout* m_domainGrid;
    QList<QPushButton*> m_domainButtons;
    int m_columns = 2;
    bool m_planPending = true; ///< the plan has not been computed since the page was made
    QLabel* m_dueLabel;
    QLabel* m_scoresLabel;
    QLabel* m_adviceLabel; ///< the verdict's basis (final exams) and the miss advice, when there are any
    QLabel* m_planLabel;
    QPushButton* m_planButton;
};

} // namespace certdrill::gui
