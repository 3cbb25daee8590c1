#include "MainWindow.h"

#include <algorithm>
#include <cstdlib>

#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>

#include "certdrill/exam/FinalExams.h"
#include "certdrill/exam/ItemStatus.h"

#include "BrowserPage.h"
#include "Display.h"
#include "DrillDialog.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "ExamSettingsDialog.h"
#include "ExamStartPage.h"
#include "FileDialogs.h"
#include "FinalExamDialog.h"
#include "FocusedButtonEnter.h"
#include "HistoryPage.h"
#include "HomePage.h"
#include "ImportFlow.h"
#include "PacksPage.h"
#include "PageScroll.h"
#include "ProgressBackup.h"
#include "ResultsPage.h"
#include "ShortcutSheet.h"
#include "TrackerPage.h"
#include "UserGuideDialog.h"

namespace certdrill::gui {

MainWindow::MainWindow(Store& store, const Clock& clock, QWidget* parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_clock(clock)
    , m_stack(new QStackedWidget(this))
    , m_home(new HomePage(store, m_stack))
    , m_importFlow(new ImportFlow(store, this))
    , m_status(new QLabel)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("certdrill"));
    FocusedButtonEnter::install();
    installPageKeys();
    m_stack->addWidget(m_home);
    connect(m_home, &HomePage::mockRequested, this, &MainWindow::startMock);
    connect(m_home, &HomePage::practiceRequested, this, &MainWindow::startPractice);
    connect(m_home, &HomePage::drillRequested, this, &MainWindow::startPlannedDrill);
    connect(m_home, &HomePage::trackerRequested, this, &MainWindow::showTracker);
    connect(m_home, &HomePage::plannedDrillRequested, this,
            [this](const PlannerOptions& options) { startDrill(options, false); });
    connect(m_home, &HomePage::trackerDomainRequested, this, &MainWindow::showTrackerAt);
    connect(m_home, &HomePage::importRequested, this, &MainWindow::importPacks);
    connect(m_importFlow, &ImportFlow::imported, this,
            [this](const QStringList& packIds, const QString& summary) {
                reserveFinalFormsAfterImport();
                m_home->refresh();
                showPacks();
                if (!packIds.isEmpty()) {
                    packsPage()->selectPack(packIds.front());
                }
                packsPage()->setStatus(summary);
            });
    connect(m_importFlow, &ImportFlow::notImported, this, [this](const QString& reason) {
        showPacks();
        packsPage()->setStatus(reason);
    });
    // Pack files dropped anywhere on the window start an import (dragEnterEvent, dropEvent).
    setAcceptDrops(true);
    setCentralWidget(m_stack);
    createMenus();
    resize(1100, 760);
    // A permanent label, not showMessage(): a menu's status tip would wipe a temporary message for good.
    m_status->setObjectName(QStringLiteral("statusLabel"));
    statusBar()->addWidget(m_status, 1);
    setExamLocked(false);
    // The text size is the candidate's, kept in the database like the tracker's settings.
    if (auto stored = m_store.setting(kTextPercentKey); stored && stored.value()) {
        m_textPercent =
            std::clamp(std::atoi(stored.value()->c_str()), textPercents().front(), textPercents().back());
    }
    applyTextPercent(m_textPercent);
    const auto theme = m_store.setting(kThemeKey);
    applyTheme(theme && theme.value() && *theme.value() == "dark");
    findChild<QAction*>(QStringLiteral("darkThemeAction"))->setChecked(darkTheme());
}

MainWindow::~MainWindow() = default;

namespace {

/// The screen in `slot`, made by `make` and put on `stack` the first time it is asked for.
template <typename Page, typename Make> Page* makeOnce(Page*& slot, QStackedWidget* stack, Make make)
{
    if (!slot) {
        slot = make();
        stack->addWidget(slot);
    }
    return slot;
}

} // namespace

ExamPage* MainWindow::examPage()
{
    return makeOnce(m_exam, m_stack, [this] {
        auto* page = new ExamPage(m_stack);
        connect(page, &ExamPage::finished, this, &MainWindow::showResults);
        return page;
    });
}

ExamStartPage* MainWindow::examStartPage()
{
    return makeOnce(m_start, m_stack, [this] {
        auto* page = new ExamStartPage(m_stack);
        connect(page, &ExamStartPage::beginRequested, this, [this] {
            if (m_pending) {
                PendingExam pending = std::move(*m_pending);
                m_pending.reset();
                beginExam(std::move(pending));
            }
        });
        connect(page, &ExamStartPage::cancelRequested, this, [this] {
            m_pending.reset();
            showHome();
        });
        return page;
    });
}

ResultsPage* MainWindow::resultsPage()
{
    return makeOnce(m_results, m_stack, [this] { return new ResultsPage(m_store, m_stack); });
}

DrillPage* MainWindow::drillPage()
{
    return makeOnce(m_drill, m_stack, [this] {
        auto* page = new DrillPage(m_store, m_stack);
        connect(page, &DrillPage::nextDrillRequested, this, &MainWindow::startPlannedDrill);
        connect(page, &DrillPage::trackerRequested, this, &MainWindow::showTracker);
        connect(page, &DrillPage::questionRequested, this, [this](qint64 questionRow) {
            showBrowser();
            m_browser->showQuestion(questionRow);
        });
        return page;
    });
}

TrackerPage* MainWindow::trackerPage()
{
    return makeOnce(m_tracker, m_stack, [this] {
        auto* page = new TrackerPage(m_store, m_stack);
        connect(page, &TrackerPage::drillRequested, this, &MainWindow::startPlannedDrill);
        connect(page, &TrackerPage::customDrillRequested, this, &MainWindow::customDrill);
        return page;
    });
}

BrowserPage* MainWindow::browserPage()
{
    return makeOnce(m_browser, m_stack, [this] { return new BrowserPage(m_store, m_stack); });
}

PacksPage* MainWindow::packsPage()
{
    return makeOnce(m_packs, m_stack, [this] {
        auto* page = new PacksPage(m_store, m_stack);
        connect(page, &PacksPage::importRequested, this, &MainWindow::importPacks);
        connect(page, &PacksPage::packsChanged, m_home, &HomePage::refresh);
        return page;
    });
}

HistoryPage* MainWindow::historyPage()
{
    return makeOnce(m_history, m_stack, [this] {
        auto* page = new HistoryPage(m_store, m_stack);
        connect(page, &HistoryPage::openSession, this, &MainWindow::showResults);
        return page;
    });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* import = file->addAction(tr("&Import pack…"), this, &MainWindow::importPacks);
    import->setObjectName(QStringLiteral("importAction"));
    import->setShortcut(QKeySequence(tr("Ctrl+I")));
    m_importAction = import;
    // A screen, like History and the Tracker, not a dialog: it is where an instructor works on the bank.
    QAction* packs = file->addAction(tr("&Packs"), this, &MainWindow::showPacks);
    packs->setObjectName(QStringLiteral("packsAction"));
    packs->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    packs->setStatusTip(tr("The question packs in the database: import, export and remove them"));
    QAction* backup = file->addAction(tr("&Back up progress…"), this,
                                      [this] { backUpProgressInteractively(this, m_store, m_clock); });
    backup->setObjectName(QStringLiteral("backupAction"));
    QAction* restore = file->addAction(tr("&Restore progress…"), this, [this] {
        if (restoreProgressInteractively(this, m_store, m_clock)) {
            showHome();
        }
    });
    restore->setObjectName(QStringLiteral("restoreAction"));
    // The report of the screen showing, to print: on the results and tracker screens only.
    QAction* pdf = file->addAction(tr("Save as P&DF…"), this, [this] {
        if (m_stack->currentWidget() == m_results) {
            m_results->savePdfInteractively();
        } else if (m_stack->currentWidget() == m_tracker) {
            m_tracker->savePdfInteractively();
        }
    });
    pdf->setObjectName(QStringLiteral("savePdfAction"));
    pdf->setShortcut(QKeySequence(tr("Ctrl+P")));
    const auto printable = [this, pdf] {
        pdf->setEnabled(m_stack->currentWidget() == m_results || m_stack->currentWidget() == m_tracker);
    };
    connect(m_stack, &QStackedWidget::currentChanged, pdf, printable);
    printable();
    file->addSeparator();
    // Through close(), so closeEvent can warn during a strict exam; the app ends with its last window.
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    // Spelled out: the platform's Quit binding is empty under some keyboard schemes (Windows, offscreen).
    quit->setShortcut(QKeySequence(tr("Ctrl+Q")));

    QMenu* exam = menuBar()->addMenu(tr("&Exam"));
    QAction* home = exam->addAction(tr("&Home"), this, &MainWindow::showHome);
    home->setShortcut(QKeySequence(tr("Ctrl+H")));
    QAction* mock = exam->addAction(tr("Start &mock exam"), this, &MainWindow::startMock);
    mock->setObjectName(QStringLiteral("startMockAction"));
    mock->setShortcut(QKeySequence(tr("Ctrl+M")));
    QAction* practice = exam->addAction(tr("Start &practice exam"), this, &MainWindow::startPractice);
    practice->setObjectName(QStringLiteral("startPracticeAction"));
    QAction* finalExam = exam->addAction(tr("&Final exam…"), this, &MainWindow::chooseFinalExam);
    finalExam->setObjectName(QStringLiteral("finalExamAction"));
    finalExam->setStatusTip(
        tr("An exam of reserved questions you have never seen, the last check before booking"));
    QAction* settings = exam->addAction(tr("Exam &settings…"), this, &MainWindow::examSettings);
    settings->setObjectName(QStringLiteral("examSettingsAction"));
    m_abandonAction = exam->addAction(tr("&Abandon exam…"), this, &MainWindow::abandonExam);
    m_abandonAction->setObjectName(QStringLiteral("abandonExamAction"));
    m_abandonAction->setStatusTip(
        tr("End the running exam without a score; it is kept in history as abandoned"));
    exam->addSeparator();
    QAction* history = exam->addAction(tr("His&tory"), this, &MainWindow::showHistory);
    history->setObjectName(QStringLiteral("historyAction"));
    history->setShortcut(QKeySequence(tr("Ctrl+Y")));

    QMenu* learn = menuBar()->addMenu(tr("&Learn"));
    QAction* drill = learn->addAction(tr("Start &drill"), this, &MainWindow::startPlannedDrill);
    drill->setObjectName(QStringLiteral("startDrillAction"));
    drill->setShortcut(QKeySequence(tr("Ctrl+D")));
    QAction* custom = learn->addAction(tr("&Custom drill…"), this, &MainWindow::customDrill);
    custom->setShortcut(QKeySequence(tr("Ctrl+Shift+D")));
    QAction* tracker = learn->addAction(tr("&Tracker"), this, &MainWindow::showTracker);
    tracker->setObjectName(QStringLiteral("trackerAction"));
    tracker->setShortcut(QKeySequence(tr("Ctrl+T")));
    QAction* browse = learn->addAction(tr("&Browse questions"), this, &MainWindow::showBrowser);
    browse->setObjectName(QStringLiteral("browseAction"));
    browse->setShortcut(QKeySequence(tr("Ctrl+F")));

    // The browser shows keys: like every other screen, it stays closed while an exam runs.
    m_leavingActions = {import,   packs,   restore, home,   mock,    practice, finalExam,
                        settings, history, drill,   custom, tracker, browse};

    // Reading long scenarios for two hours: the text size can change at any time, also during an exam.
    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* larger = view->addAction(tr("&Larger text"), this,
                                      [this] { setTextPercent(stepTextPercent(m_textPercent, +1)); });
    larger->setObjectName(QStringLiteral("largerTextAction"));
    larger->setShortcuts({QKeySequence::ZoomIn, QKeySequence(tr("Ctrl+="))});
    QAction* smaller = view->addAction(tr("&Smaller text"), this,
                                       [this] { setTextPercent(stepTextPercent(m_textPercent, -1)); });
    smaller->setObjectName(QStringLiteral("smallerTextAction"));
    smaller->setShortcut(QKeySequence::ZoomOut);
    QAction* normal = view->addAction(tr("&Normal text size"), this, [this] { setTextPercent(100); });
    normal->setObjectName(QStringLiteral("normalTextAction"));
    normal->setShortcut(QKeySequence(tr("Ctrl+0")));
    view->addSeparator();
    // Two hours of reading in a dim room: a dark theme, as the candidate chooses, also during an exam.
    QAction* dark = view->addAction(tr("&Dark theme"));
    dark->setObjectName(QStringLiteral("darkThemeAction"));
    dark->setCheckable(true);
    dark->setChecked(darkTheme());
    connect(dark, &QAction::toggled, this, &MainWindow::setDarkTheme);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* guide = help->addAction(tr("&User guide"), this, [this] {
        auto* dialog = new UserGuideDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show(); // not modal: the guide can stay open beside the screen it explains
    });
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* keys = help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        auto* sheet = new ShortcutSheet(menuBar(), this);
        sheet->setAttribute(Qt::WA_DeleteOnClose);
        sheet->show();
    });
    keys->setObjectName(QStringLiteral("shortcutSheetAction"));
    keys->setShortcut(QKeySequence(tr("Ctrl+/")));
    help->addSeparator();
    help->addAction(tr("&About certdrill"), this, [this] {
        QMessageBox::about(this, tr("About certdrill"),
                           tr("<b>certdrill %1</b><p>Exam practice for NVIDIA NCP-GENL: timed mock exams, "
                              "explanations for every option, and drills aimed at your weak domains.</p>"
                              "<p>MIT licence. Questions CC-BY-4.0.</p>")
                               .arg(QStringLiteral(CERTDRILL_VERSION)));
    });
}

void MainWindow::setTextPercent(int percent)
{
    if (percent == m_textPercent) {
        return;
    }
    m_textPercent = percent;
    applyTextPercent(percent);
    saveDisplaySetting(kTextPercentKey, std::to_string(percent));
}

void MainWindow::saveDisplaySetting(const char* key, const std::string& value)
{
    // A preference that cannot be stored still applies for this run; the status bar says why it will not
    // last rather than interrupting an exam with a dialog.
    if (auto saved = m_store.saveSetting(key, value); !saved) {
        m_status->setText(
            tr("Display setting not saved: %1").arg(QString::fromStdString(saved.error().message)));
    }
}

void MainWindow::examSettings()
{
    auto exam = m_store.exam(m_home->examId().toStdString());
    if (!exam) {
        QMessageBox::warning(this, tr("Exam settings"), tr("Import a question pack first."));
        return;
    }
    auto current = loadMockSettings(m_store, exam.value());
    ExamSettingsDialog dialog(exam.value(), current ? current.value() : MockSettings{}, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    if (auto saved = saveMockSettings(m_store, exam.value(), dialog.settings()); !saved) {
        showPlainMessage(this, QMessageBox::Warning, tr("Exam settings"),
                         QString::fromStdString(saved.error().message));
        return;
    }
    m_home->refresh();
}

void MainWindow::setDarkTheme(bool dark)
{
    if (dark == darkTheme()) {
        return;
    }
    applyTheme(dark);
    saveDisplaySetting(kThemeKey, dark ? "dark" : "light");
    // Screens color text as they render: render the one showing again (the exam and drill screens
    // recolor from their next question on).
    QWidget* current = m_stack->currentWidget();
    if (current == m_home) {
        m_home->refresh();
    } else if (current == m_tracker) {
        m_tracker->refresh(m_home->examId());
    } else if (current == m_history) {
        m_history->refresh();
    } else if (current == m_results && m_resultsSession >= 0) {
        showResults(m_resultsSession);
    } else if (current == m_start && m_pending) {
        m_start->setExam(m_pending->exam, m_pending->mode, m_pending->form, m_pending->extraMinutes);
    }
}

void MainWindow::showHome()
{
    m_home->refresh();
    m_stack->setCurrentWidget(m_home);
}

std::optional<MainWindow::PendingExam> MainWindow::prepareExam(SessionMode mode, std::uint64_t seed)
{
    const std::string examId = m_home->examId().toStdString();
    auto exam = m_store.exam(examId);
    // Exam ▸ Exam settings…: a length within the exam's range and any extra time; defaults if unreadable.
    MockSettings mock;
    if (exam) {
        if (auto stored = loadMockSettings(m_store, exam.value())) {
            mock = stored.value();
        }
    }
    // A session is about to start: the final forms are stored first (sessionForm, through sessionBank).
    auto form = exam ? sessionForm(m_store, exam.value(), mock.questions, seed) : Result<Form>(exam.error());
    if (!exam) {
        QMessageBox::warning(this, tr("Cannot start"), tr("Import a question pack first."));
        return std::nullopt;
    }
    if (!form) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot start"), sentence(form.error().message));
        return std::nullopt;
    }
    return PendingExam{std::move(exam.value()), std::move(form.value()), mode, mock.extraMinutes};
}

bool MainWindow::startExam(SessionMode mode, std::uint64_t seed)
{
    auto pending = prepareExam(mode, seed);
    if (!pending) {
        return false;
    }
    if (!pending->form.complete()) {
        QStringList lines;
        for (const auto& l : pending->form.shortfalls()) {
            lines << QString::fromStdString(l);
        }
        // The shortfalls name domains and objectives from the packs: plain text, and one arg() so a "%2" in
        // a name stays text.
        QMessageBox box(QMessageBox::Question, tr("The bank cannot fill the blueprint"),
                        tr("%1\n\nContinue with %2 questions?")
                            .arg(lines.join(QLatin1Char('\n')), QString::number(pending->form.items.size())),
                        QMessageBox::Yes | QMessageBox::No, this);
        box.setTextFormat(Qt::PlainText);
        if (box.exec() != QMessageBox::Yes) {
            return false;
        }
    }
    return beginExam(std::move(*pending));
}

bool MainWindow::showExamStart(SessionMode mode, std::uint64_t seed)
{
    m_pending = prepareExam(mode, seed);
    if (!m_pending) {
        return false;
    }
    // The start screen names the shortfalls itself, so Begin is the candidate's consent to a short form.
    examStartPage()->setExam(m_pending->exam, mode, m_pending->form, m_pending->extraMinutes);
    m_stack->setCurrentWidget(examStartPage());
    examStartPage()->focusBegin();
    return true;
}

bool MainWindow::beginExam(PendingExam pending)
{
    auto session =
        ExamSession::start(m_store, pending.exam, pending.form, pending.mode, pending.extraMinutes);
    if (!session) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot start"),
                         QString::fromStdString(session.error().message));
        return false;
    }
    enterExam(std::move(session.value()), QString::fromStdString(pending.exam.title));
    return true;
}

void MainWindow::enterExam(std::unique_ptr<ExamSession> session, const QString& title)
{
    examPage()->setSession(std::move(session), title);
    m_stack->setCurrentWidget(examPage());
    setExamLocked(true);
    examPage()->focusQuestion();
}

void MainWindow::abandonExam()
{
    ExamSession* session = m_exam ? m_exam->session() : nullptr;
    if (!session || session->finished() || m_stack->currentWidget() != m_exam) {
        return;
    }
    // A practice exam never counts for readiness, so only the simulation's dialog says it will not.
    QMessageBox box(QMessageBox::Warning, tr("Abandon exam"),
                    session->mode() == SessionMode::Exam
                        ? tr("Abandon this exam? It ends now without a verdict, and it does not count as an "
                             "exam simulation for readiness.")
                        : tr("Abandon this practice exam? It ends now without a score."),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setInformativeText(tr("It is kept in your history as abandoned. The answers you gave still count as "
                              "evidence in the tracker; the questions you left unanswered do not."));
    box.setObjectName(QStringLiteral("abandonConfirmation"));
    box.setDefaultButton(QMessageBox::No); // ending an exam is final: Enter must not do it
    if (box.exec() == QMessageBox::Yes) {
        m_exam->abandonNow();
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    const ExamSession* session = m_exam ? m_exam->session() : nullptr;
    if (session && !session->finished() && session->mode() == SessionMode::Exam &&
        m_stack->currentWidget() == m_exam) {
        QMessageBox box(QMessageBox::Warning, tr("Quit certdrill"),
                        tr("Quit during the exam simulation? Its clock keeps running while certdrill is "
                           "closed, as the real exam's would."),
                        QMessageBox::Yes | QMessageBox::No, this);
        box.setInformativeText(
            tr("%1 left now. Your answers are saved; at the next start certdrill offers to resume with the "
               "time that is really left, and at zero the exam is submitted as it stands.")
                .arg(QString::fromStdString(countdownText(session->remainingMs()))));
        box.setObjectName(QStringLiteral("quitConfirmation"));
        box.setDefaultButton(QMessageBox::No);
        if (box.exec() != QMessageBox::Yes) {
            event->ignore();
            return;
        }
    }
    event->accept();
}

void MainWindow::setExamLocked(bool locked)
{
    for (QAction* a : std::as_const(m_leavingActions)) {
        a->setEnabled(!locked);
    }
    m_abandonAction->setEnabled(locked);
    if (locked) {
        m_status->setText(tr("Exam in progress: the other screens open again after you submit."));
    } else {
        m_status->setText(tr("Database: %1").arg(QString::fromStdString(m_store.database().path())));
    }
}

void MainWindow::startMock()
{
    showExamStart(SessionMode::Exam, static_cast<std::uint64_t>(m_clock.wallMs()));
}

void MainWindow::startPractice()
{
    showExamStart(SessionMode::Practice, static_cast<std::uint64_t>(m_clock.wallMs()));
}

void MainWindow::chooseFinalExam()
{
    auto exam = m_store.exam(m_home->examId().toStdString());
    auto forms = exam ? finalForms(m_store, exam.value()) : Result<std::vector<FinalForm>>(exam.error());
    if (!forms) {
        QMessageBox::warning(this, tr("Final exam"), sentence(forms.error().message));
        return;
    }
    FinalExamDialog dialog(exam.value(), forms.value(), this);
    if (dialog.exec() == QDialog::Accepted && dialog.chosenForm() > 0) {
        showFinalExamStart(dialog.chosenForm());
    }
}

bool MainWindow::showFinalExamStart(int number)
{
    auto exam = m_store.exam(m_home->examId().toStdString());
    auto form =
        exam ? finalExamForm(m_store, exam.value(), number, static_cast<std::uint64_t>(m_clock.wallMs()))
             : Result<Form>(exam.error());
    if (!form) {
        QMessageBox::warning(this, tr("Final exam"), sentence(form.error().message));
        return false;
    }
    // A final exam is a strict simulation with the candidate's extra time, as every mock.
    MockSettings mock;
    if (auto stored = loadMockSettings(m_store, exam.value())) {
        mock = stored.value();
    }
    m_pending =
        PendingExam{std::move(exam.value()), std::move(form.value()), SessionMode::Exam, mock.extraMinutes};
    examStartPage()->setExam(m_pending->exam, m_pending->mode, m_pending->form, m_pending->extraMinutes);
    m_stack->setCurrentWidget(examStartPage());
    examStartPage()->focusBegin();
    return true;
}

void MainWindow::offerResume()
{
    auto open = ExamSession::unfinished(m_store);
    if (!open || !open.value()) {
        offerDrillResume();
        return;
    }
    auto session = ExamSession::open(m_store, *open.value());
    if (!session) {
        return;
    }
    if (session.value()->finished()) {
        QMessageBox::information(
            this, tr("Exam submitted"),
            tr("Time ran out while certdrill was closed; the exam was submitted as it stood "
               "at the deadline."));
        resultsPage()->showSession(*session.value());
        m_stack->setCurrentWidget(resultsPage());
        return;
    }
    const ExamSession& unfinished = *session.value();
    int answered = 0;
    for (const auto& it : unfinished.items()) {
        answered += it.complete();
    }
    const bool strict = unfinished.mode() == SessionMode::Exam;
    const QString clock = QString::fromStdString(countdownText(unfinished.remainingMs()));
    const auto answer = QMessageBox::question(
        this, tr("Resume exam"),
        tr("You have an unfinished %1: %2 of %3 answered, %4 flagged, %5 left (%6).\n\n"
           "Resume it at question %7?\n\n"
           "No leaves it unfinished and certdrill asks again at the next start. %8")
            .arg(strict ? tr("exam simulation") : tr("practice exam"))
            .arg(answered)
            .arg(unfinished.items().size())
            .arg(reviewCounts(unfinished.items()).flagged)
            .arg(clock)
            .arg(strict ? tr("its clock kept running while certdrill was closed")
                        : tr("its clock stopped while certdrill was closed"))
            .arg(unfinished.lastPosition() + 1)
            .arg(strict ? tr("Its clock keeps running meanwhile and submits it at zero; to end it without a "
                             "score, resume it and choose Exam ▸ Abandon exam.")
                        : tr("Its clock stays stopped; to end it without a score, resume it and choose "
                             "Exam ▸ Abandon exam.")));
    if (answer == QMessageBox::Yes) {
        const QString title = QString::fromStdString(session.value()->exam().title);
        enterExam(std::move(session.value()), title);
    }
}

void MainWindow::offerDrillResume()
{
    auto open = DrillSession::unfinished(m_store);
    if (!open || !open.value()) {
        return;
    }
    auto drill = DrillSession::open(m_store, *open.value());
    if (!drill) {
        return;
    }
    const auto& items = drill.value()->items();
    const int checked = drill.value()->nextUnchecked();
    const auto answer =
        QMessageBox::question(this, tr("Resume drill"),
                              tr("You have an unfinished drill: %1 of %2 questions checked. Resume it?\n\n"
                                 "No closes it; the answers you checked still count.")
                                  .arg(checked)
                                  .arg(items.size()));
    if (answer != QMessageBox::Yes) {
        (void)drill.value()->finish();
        return;
    }
    auto before = buildTracker(m_store, drill.value()->exam().id);
    if (!before) {
        return;
    }
    drillPage()->setSession(std::move(drill.value()), std::move(before.value()));
    m_stack->setCurrentWidget(drillPage());
}

void MainWindow::showResults(qint64 sessionId)
{
    setExamLocked(false); // the exam is over, even if its results cannot be read
    auto session = ExamSession::open(m_store, sessionId);
    if (!session) {
        return;
    }
    resultsPage()->showSession(*session.value());
    m_resultsSession = sessionId;
    m_stack->setCurrentWidget(resultsPage());
}

std::optional<MainWindow::DrillBasis> MainWindow::drillBasis()
{
    auto exam = m_store.exam(m_home->examId().toStdString());
    if (!exam) {
        QMessageBox::warning(this, tr("Cannot start"), tr("Import a question pack first."));
        return std::nullopt;
    }
    auto settings = loadTrackerSettings(m_store);
    auto report = settings ? DrillSession::planningReport(m_store, exam.value(), settings.value())
                           : Result<TrackerReport>(settings.error());
    if (!report) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot start"),
                         QString::fromStdString(report.error().message));
        return std::nullopt;
    }
    return DrillBasis{std::move(exam.value()), std::move(report.value())};
}

bool MainWindow::backToOpenDrill()
{
    DrillSession* open = m_drill ? m_drill->session() : nullptr;
    if (!open || open->finished() || m_stack->currentWidget() == m_drill) {
        return false;
    }
    const auto checked = std::count_if(open->items().begin(), open->items().end(),
                                       [](const DrillItem& item) { return item.checked; });
    const auto answer =
        QMessageBox::question(this, tr("Drill in progress"),
                              tr("You left a drill unfinished: %1 of %2 questions checked. Go back to it?\n\n"
                                 "No ends it (the answers you checked count) and starts the new one.")
                                  .arg(checked)
                                  .arg(open->items().size()));
    if (answer == QMessageBox::Yes) {
        m_stack->setCurrentWidget(m_drill);
        return true;
    }
    (void)open->finish();
    return false;
}

bool MainWindow::startDrill(PlannerOptions options, bool cram)
{
    if (backToOpenDrill()) {
        return false;
    }
    auto basis = drillBasis();
    return basis && startDrillFrom(std::move(*basis), options, cram);
}

bool MainWindow::startDrillFrom(DrillBasis basis, const PlannerOptions& options, bool cram)
{
    auto started = DrillSession::startPlanned(m_store, basis.exam, std::move(basis.report), options, cram);
    if (!started) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot start"),
                         QString::fromStdString(started.error().message));
        return false;
    }
    if (!started->session) {
        QMessageBox::information(this, tr("No drill"),
                                 tr("The drill has no questions: nothing in the bank matches."));
        return false;
    }
    drillPage()->setSession(std::move(started->session), std::move(started->before));
    m_stack->setCurrentWidget(drillPage());
    return true;
}

void MainWindow::startPlannedDrill()
{
    PlannerOptions options;
    options.seed = static_cast<std::uint64_t>(m_clock.wallMs());
    startDrill(options, false);
}

void MainWindow::customDrill()
{
    if (backToOpenDrill()) {
        return;
    }
    // The dialog counts what each choice matches from the report the drill is then planned from: the dialog
    // is modal, so nothing is answered in between.
    auto basis = drillBasis();
    if (!basis) {
        return;
    }
    DrillDialog dialog(basis->exam, basis->report.planner, this);
    if (dialog.exec() == QDialog::Accepted) {
        PlannerOptions options = dialog.options();
        options.seed = static_cast<std::uint64_t>(m_clock.wallMs());
        startDrillFrom(std::move(*basis), options, dialog.cram());
    }
}

void MainWindow::showTracker()
{
    trackerPage()->refresh(m_home->examId());
    m_stack->setCurrentWidget(trackerPage());
}

void MainWindow::showTrackerAt(const QString& domainId)
{
    showTracker();
    trackerPage()->showDomain(domainId);
}

void MainWindow::showHistory()
{
    historyPage()->refresh();
    m_stack->setCurrentWidget(historyPage());
}

void MainWindow::showBrowser()
{
    browserPage()->setExam(m_home->examId());
    m_stack->setCurrentWidget(browserPage());
    m_browser->focusSearch();
}

QString MainWindow::importFileFilters()
{
    // Moodle exports GIFT as *.txt, and a file of any other name is read by its content (packFormatOf), so
    // every dialog entry shows .txt files and "All files" shows the rest.
    return tr("Question packs (*.json *.gift *.txt *.xml);;certdrill packs (*.json);;Moodle GIFT (*.gift "
              "*.txt);;Moodle XML (*.xml);;All files (*)");
}

void MainWindow::importPacks()
{
    const QStringList files =
        openFileNames(this, tr("Import question packs"), QString(), importFileFilters());
    importWithPreview(files);
}

bool MainWindow::importWithPreview(const QStringList& files)
{
    return m_importFlow->run(files);
}

void MainWindow::showPacks()
{
    packsPage()->refresh();
    m_stack->setCurrentWidget(packsPage());
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    // Only pack files, and never during an exam: its screen must not be left, nor the bank change under it.
    if (!m_importAction->isEnabled() || !event->mimeData()->hasUrls()) {
        return;
    }
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile() || !ImportFlow::isImportable(url.toLocalFile())) {
            return;
        }
    }
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    if (!m_importAction->isEnabled() || !event->mimeData()->hasUrls()) {
        return;
    }
    QStringList files;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile() || !ImportFlow::isImportable(url.toLocalFile())) {
            return;
        }
        files << url.toLocalFile();
    }
    event->acceptProposedAction();
    // After the drop returns: the drag source (a file manager) must not wait while the preview is open.
    QTimer::singleShot(0, this, [this, files] { importWithPreview(files); });
}

bool MainWindow::importFiles(const QStringList& files, QString* report, const ImportOptions& moodle)
{
    std::vector<std::filesystem::path> paths;
    for (const QString& f : files) {
        paths.emplace_back(f.toStdString());
    }
    const ImportOutcome outcome = m_store.importFiles(paths, ImportFlow::withAppHints(moodle));
    // What happened first, then why: the summary of every pack, then the errors and warnings, each file
    // by its name (the absolute path is noise in a dialog, and the file was just picked).
    QStringList lines;
    for (const PackImportSummary& s : outcome.summaries) {
        lines << importSummaryText(s);
    }
    if (!outcome.ok()) {
        lines << QString::fromStdString(outcome.error);
    }
    for (Diagnostic d : outcome.diagnostics) {
        d.file = std::filesystem::path(d.file).filename().string();
        lines << QString::fromStdString(d.format());
    }
    if (report) {
        *report = lines.join(QLatin1Char('\n'));
    }
    if (outcome.ok()) {
        reserveFinalFormsAfterImport();
    }
    m_home->refresh();
    if (m_packs) {
        m_packs->refresh(); // else it reads the packs when first shown
    }
    return outcome.ok();
}

void MainWindow::reserveFinalFormsAfterImport()
{
    // An import may bring an exam that reserves final forms, or the questions to fill them: they are chosen
    // now, while nothing has been served from the new questions yet. A failure only delays the choice (plans
    // hold the same questions back in memory until then), so it is a status line, not a dialog.
    if (auto reserved = reserveAllFinalForms(m_store); !reserved) {
        statusBar()->showMessage(
            tr("Final exams not reserved yet: %1").arg(QString::fromStdString(reserved.error().message)));
    }
}

} // namespace certdrill::gui
