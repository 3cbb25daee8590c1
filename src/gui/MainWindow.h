#pragma once

#include <optional>

#include <QMainWindow>

#include "certdrill/Clock.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/DrillPlanner.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

class QLabel;
class QStackedWidget;

namespace certdrill::gui {

class BrowserPage;
class DrillPage;
class ExamPage;
class ExamStartPage;
class HistoryPage;
class HomePage;
class ImportFlow;
class PacksPage;
class ResultsPage;
class TrackerPage;

/// The application window: a stack of screens (home, exam, results, history) under one menu bar.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(Store& store, const Clock& clock, QWidget* parent = nullptr);
    ~MainWindow() override;

    HomePage* homePage() const { return m_home; }
    // The other screens are made when first shown (or asked for here), not before the window's first paint.
    ExamPage* examPage();
    ExamStartPage* examStartPage();
    ResultsPage* resultsPage();
    DrillPage* drillPage();
    TrackerPage* trackerPage();
    HistoryPage* historyPage();
    BrowserPage* browserPage();
    PacksPage* packsPage();
    ImportFlow* importFlow() const { return m_importFlow; }
    /// The file types File ▸ Import pack… offers: every supported extension (also *.txt, as Moodle names
    /// GIFT exports), each format, and all files.
    static QString importFileFilters();

public slots:
    /// File ▸ Import pack…: asks for pack files, then imports them through the preview (importWithPreview).
    void importPacks();
    /// The import flow for `files` (ImportFlow: Moodle options, preview, import with progress), as the
    /// menu, the Packs screen and a drop start it; on success the Packs screen shows what was imported.
    bool importWithPreview(const QStringList& files);
    /// Imports the given files at once, without preview or dialogs (setting up a database, tests); `moodle`
    /// applies to the Moodle GIFT and XML files among them. `report`: one line per pack, then the
    /// diagnostics.
    bool importFiles(const QStringList& files, QString* report = nullptr, const ImportOptions& moodle = {});
    /// File ▸ Packs: the packs in the database, to import, export and remove.
    void showPacks();
    void showHome();
    /// Assembles a form from the bank and starts a session at once, without the start screen; warns first if
    /// the bank cannot fill the blueprint.
    bool startExam(SessionMode mode, std::uint64_t seed);
    /// Assembles a form and shows the start screen (the exam, its length and time, the rules, the keys);
    /// the clock starts only on its Begin.
    bool showExamStart(SessionMode mode, std::uint64_t seed);
    /// The start screen of a strict mock exam, or of a practice exam, seeded by the clock (Ctrl+M, the home
    /// screen's buttons).
    void startMock();
    void startPractice();
    /// Exam ▸ Final exam…: lists the reserved final forms and shows the start screen of the one chosen.
    void chooseFinalExam();
    /// The start screen of reserved final form `number`; false, said in a dialog, when it cannot be taken.
    bool showFinalExamStart(int number);
    /// Exam ▸ Abandon exam: asks, then ends the running exam as abandoned and shows what it recorded.
    void abandonExam();
    /// Offers to resume an unfinished exam, or else an unfinished drill (called at start-up).
    void offerResume();
    void showResults(qint64 sessionId);
    /// Plans a drill with the tracker's planner and starts it.
    bool startDrill(PlannerOptions options, bool cram);
    /// The next drill of 20, as the planner chooses it.
    void startPlannedDrill();
    /// Asks for custom drill settings, then starts it.
    void customDrill();
    /// Asks for the length and extra time of the next mock and practice exams, and stores them.
    void examSettings();
    void showTracker();
    /// The tracker with one domain's row selected and opened (the home screen's domain strip).
    void showTrackerAt(const QString& domainId);
    /// The list of finished exams.
    void showHistory();
    /// Learn ▸ Browse questions: search and filter the bank of the home screen's exam.
    void showBrowser();

protected:
    /// Closing during a strict exam (Ctrl+Q, the window's close button) first says that its clock keeps
    /// running while certdrill is closed.
    void closeEvent(QCloseEvent* event) override;
    /// Pack files dragged over the window are accepted (not during an exam), and a drop imports them
    /// through the same preview as File ▸ Import pack….
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// Stores the final forms of every exam after an import (reserveAllFinalForms).
    void reserveFinalFormsAfterImport();
    /// An exam assembled for the start screen, started by its Begin.
    struct PendingExam
    {
        ExamDef exam;
        Form form;
        SessionMode mode = SessionMode::Exam;
        int extraMinutes = 0;
    };
    /// Reads the bank and the candidate's mock settings and assembles a form; nullopt, said in a dialog, when
    /// there is no bank.
    std::optional<PendingExam> prepareExam(SessionMode mode, std::uint64_t seed);
    /// Starts the prepared exam's session and shows it.
    bool beginExam(PendingExam pending);
    /// Offers the newest unfinished drill; declining finishes it.
    void offerDrillResume();
    /// A drill left through the menus (Home, Tracker…) is still open on the drill page: before another
    /// starts, offers to go back to it; declining ends it, its checked answers counting. True when the user
    /// went back to it.
    bool backToOpenDrill();
    /// The home screen's exam and the report a drill of it is planned from (DrillSession::planningReport).
    struct DrillBasis
    {
        ExamDef exam;
        TrackerReport report;
    };
    /// Reads the basis of a drill; nullopt, said in a dialog, when there is no bank or it cannot be read.
    std::optional<DrillBasis> drillBasis();
    /// Plans and starts a drill from `basis` and shows it; false, said in a dialog, when none starts.
    bool startDrillFrom(DrillBasis basis, const PlannerOptions& options, bool cram);
    void createMenus();
    /// Sets the application's text size (percent of the system font) and stores it.
    void setTextPercent(int percent);
    /// Switches the dark theme on or off, stores the choice, and renders the current screen again.
    void setDarkTheme(bool dark);
    /// Stores a display preference; a failure is said in the status bar, not in a dialog.
    void saveDisplaySetting(const char* key, const std::string& value);
    /// Shows a session on the exam screen and keeps the candidate there until it is finished.
    void enterExam(std::unique_ptr<ExamSession> session, const QString& title);
    /// While an exam runs, every action that would leave its screen is off, as in a real test centre: the
    /// clock keeps running, and a second exam must not start over the first.
    void setExamLocked(bool locked);

    Store& m_store;
    const Clock& m_clock;
    QStackedWidget* m_stack;
    HomePage* m_home;
    // Null until first shown (examPage() and the others make them).
    ExamPage* m_exam = nullptr;
    ExamStartPage* m_start = nullptr;
    std::optional<PendingExam> m_pending; ///< what the start screen shows
    ResultsPage* m_results = nullptr;
    DrillPage* m_drill = nullptr;
    TrackerPage* m_tracker = nullptr;
    HistoryPage* m_history = nullptr;
    BrowserPage* m_browser = nullptr;
    PacksPage* m_packs = nullptr;
    ImportFlow* m_importFlow;
    QAction* m_importAction = nullptr; ///< off during an exam, and so are drops
    QLabel* m_status;
    int m_textPercent = 100; ///< View ▸ text size, in percent of the system font
    static constexpr const char* kTextPercentKey = "display.text-percent";
    static constexpr const char* kThemeKey = "display.theme"; ///< "dark" or "light"
    qint64 m_resultsSession = -1;       ///< the session the results screen shows, to render it again
    QList<QAction*> m_leavingActions;   ///< everything in the menus that leaves the exam screen
    QAction* m_abandonAction = nullptr; ///< on only while an exam runs
};

} // namespace certdrill::gui
