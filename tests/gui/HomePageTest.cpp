// The home screen through the real widgets: the next step on a new database and after weak answers, each
// button doing what it names; the domain strip opening the tracker there; the exam date counting down.
#include "HomePage.h"

#include <QCheckBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/learn/DrillSession.h"
#include "certdrill/learn/StudyPlan.h"
#include "certdrill/store/Store.h"

#include "Answers.h"
#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "ExamStartPage.h"
#include "GuiTestSupport.h"
#include "ImportFlow.h"
#include "MainWindow.h"
#include "PlanDialog.h"
#include "TrackerPage.h"

using namespace certdrill;

namespace {

/// A drill through the core of `count` questions of each domain in `domains`, answered right or wrong, a
/// minute apart; false if a step failed.
bool drill(Store& store, FakeClock& clock, const std::vector<std::string>& domains, int count, bool correct)
{
    auto exam = store.exam("ncp-genl");
    // The questions the app drills: never one held back for a final exam.
    auto pool = exam ? practiceCandidates(store, exam.value()) : Result<std::vector<Candidate>>(exam.error());
    if (!exam || !pool) {
        return false;
    }
    DrillPlan plan;
    for (const auto& domain : domains) {
        int taken = 0;
        for (const auto& c : pool.value()) {
            if (c.question.domain == domain && taken < count) {
                plan.questions.push_back({c.rowId, 0, PlannedQuestion::Reason::Unseen, -1});
                ++taken;
            }
        }
    }
    auto session = DrillSession::start(store, exam.value(), plan, pool.value(), 1, false);
    if (!session) {
        return false;
    }
    for (const auto& it : session.value()->items()) {
        clock.advanceMinutes(1);
        if (!session.value()->check(it.position, test::completeAnswer(it.question, correct), std::nullopt)) {
            return false;
        }
    }
    return session.value()->finish().ok();
}

/// A strict exam of the exam's default length through the core: the first `right` questions answered right,
/// the rest wrong, 90 seconds each; false if a step failed.
bool exam(Store& store, FakeClock& clock, int right)
{
    auto def = store.exam("ncp-genl");
    auto pool = def ? practiceCandidates(store, def.value()) : Result<std::vector<Candidate>>(def.error());
    if (!def || !pool) {
        return false;
    }
    const Form form = assembleForm(def.value(), pool.value(), def->countDefault, 7);
    auto session = ExamSession::start(store, def.value(), form, SessionMode::Exam);
    if (!session) {
        return false;
    }
    for (const auto& it : session.value()->items()) {
        clock.advanceSeconds(90);
        if (!session.value()->visit(it.position) ||
            !session.value()->choose(it.position, test::completeAnswer(it.question, it.position < right))) {
            return false;
        }
    }
    return session.value()->submit().ok();
}

} // namespace

class HomePageTest : public QObject
{
    Q_OBJECT

    /// Pictures of the home screen in both themes at 100% and 200% text (CERTDRILL_SCREENSHOT_DIR).
    static void pictures(gui::MainWindow& window, const char* what)
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            for (const int percent : {100, 200}) {
                gui::applyTextPercent(percent);
                window.showHome();
                certdrill::test::screenshot(
                    &window, qPrintable(QStringLiteral("home-%1-%2-%3")
                                            .arg(QLatin1String(what),
                                                 dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                            .arg(percent)));
            }
        }
        gui::applyTheme(false);
        gui::applyTextPercent(100);
        window.showHome();
    }

private slots:
    /// A start whose bundled import failed says so above everything, naming the file, line and column: a
    /// broken install looked like a new, empty database ("No questions yet"), with the reason only in the
    /// log.
    void aFailedBundledImportIsShownOnTheHomeScreen()
    {
        QTemporaryDir dir;
        FakeClock clock;
        auto opened = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(opened.ok());
        Store& store = *opened.value();
        const QString broken = dir.filePath(QStringLiteral("fine-tuning.json"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x = {\n  \"format\": \"certdrill-pack/1\"\n}\n");
        file.close();
        const ImportOutcome outcome = store.importFiles({broken.toStdString()});
        QVERIFY(!outcome.ok());

        gui::MainWindow window(store, clock);
        window.homePage()->setBankProblem(gui::bundledImportProblem(outcome));
        QVERIFY(certdrill::test::showActive(&window));
        auto* problem = window.findChild<QLabel*>(QStringLiteral("bankProblemLabel"));
        QVERIFY(problem && problem->isVisible());
        QVERIFY2(problem->text().contains(QStringLiteral("could not be brought up to date")),
                 qPrintable(problem->text()));
        QVERIFY2(problem->text().contains(broken + QStringLiteral(":1:1: error")),
                 qPrintable(problem->text()));
        QVERIFY(problem->y() < window.findChild<QLabel*>(QStringLiteral("examTitleLabel"))->y());
        pictures(window, "bank-problem");
        window.homePage()->setBankProblem({});
        QVERIFY(!problem->isVisible());
    }

    void theDueLineAlwaysSaysWhatIsUnseen()
    {
        QCOMPARE(gui::HomePage::dueText(1, 398, 400),
                 QStringLiteral("Due today: 1 question for review; 398 of 400 not seen yet."));
        QCOMPARE(gui::HomePage::dueText(0, 400, 400),
                 QStringLiteral("Due today: 0 questions for review; 400 of 400 not seen yet."));
        QCOMPARE(gui::HomePage::dueText(12, 0, 400),
                 QStringLiteral("Due today: 12 questions for review; 0 of 400 not seen yet."));
    }

    void newDatabaseStartsWithAPracticeExam()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        auto* next = window.findChild<QPushButton*>(QStringLiteral("nextStepButton"));
        QVERIFY(next);
        QVERIFY(
            next->accessibleName().contains(QStringLiteral("Start with a practice exam to find your level")));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("nextStepReason"))
                    ->text()
                    .contains(QStringLiteral("measures all 10 domains")));
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("homeVerdictLabel"))->text(),
                 QStringLiteral("Not measured yet: no answers so far."));
        // Ten domains, each with its band as a letter and its weight; no pack list, no blueprint table.
        const auto strip = window.homePage()->findChildren<QPushButton*>(
            QRegularExpression(QStringLiteral("^domainButton_")));
        QCOMPARE(strip.size(), 10);
        QVERIFY(strip.front()->text().startsWith(QStringLiteral("R  ")));
        QVERIFY(strip.front()->text().endsWith(QStringLiteral("%")));
        QVERIFY(!window.findChild<QWidget*>(QStringLiteral("packsTable")));
        pictures(window, "new");

        QTest::mouseClick(next, Qt::LeftButton);
        QVERIFY(window.examStartPage()->isVisible());
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("startTitleLabel"))
                    ->text()
                    .contains(QStringLiteral("Practice"), Qt::CaseInsensitive));
        QVERIFY(!window.examPage()->session()); // the start screen: nothing stored until Begin
    }

    void weakDomainsMakeTheDrillTheNextStep()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        auto exam = store->exam("ncp-genl");
        QVERIFY(exam.ok());
        QVERIFY(drill(*store, clock, {exam->domains[1].id, exam->domains[4].id}, 4, false));
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        auto* next = window.findChild<QPushButton*>(QStringLiteral("nextStepButton"));
        const StudyPlan& plan = window.homePage()->plan();
        QCOMPARE(plan.next.kind, NextStep::Kind::Drill);
        QVERIFY2(next->accessibleName().contains(QStringLiteral("Drill 20: ")),
                 qPrintable(next->accessibleName()));
        QVERIFY2(next->accessibleName().contains(QStringLiteral("(Red)")),
                 qPrintable(next->accessibleName()));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("homeVerdictLabel"))
                    ->text()
                    .startsWith(QStringLiteral("Not ready yet: 0 of 10 domains Green")));
        // The drill the button names is the drill it starts.
        auto tracker = buildTracker(*store, "ncp-genl");
        QVERIFY(tracker.ok());
        const DrillPlan expected = planDrill(tracker->planner, plan.next.drill);
        pictures(window, "drill");

        window.homePage()->setFocus();
        QTest::keyClick(window.homePage(), Qt::Key_Return); // Enter does the next step
        QVERIFY(window.drillPage()->isVisible());
        const auto& items = window.drillPage()->session()->items();
        QCOMPARE(items.size(), std::size_t{20});
        for (std::size_t i = 0; i < items.size(); ++i) {
            QCOMPARE(items[i].questionRow, expected.questions[i].id);
        }
    }

    void domainStripOpensTheTrackerThere()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        const auto exam = store->exam("ncp-genl").value();
        const QString id = QString::fromStdString(exam.domains[6].id);
        auto* button = window.findChild<QPushButton*>(QStringLiteral("domainButton_") + id);
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(window.trackerPage()->isVisible());
        auto* tree = window.findChild<QTreeWidget*>(QStringLiteral("trackerTree"));
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->indexOfTopLevelItem(tree->currentItem()), 6);
        QVERIFY(tree->currentItem()->isExpanded());
        QCOMPARE(tree->currentItem()->text(0), QString::fromStdString(exam.domains[6].name));
        // By keyboard too: Tab to a domain, Enter.
        window.showHome();
        auto* first = window.findChild<QPushButton*>(QStringLiteral("domainButton_") +
                                                     QString::fromStdString(exam.domains[0].id));
        first->setFocus();
        QTest::keyClick(first, Qt::Key_Return);
        QVERIFY(window.trackerPage()->isVisible());
        QCOMPARE(tree->indexOfTopLevelItem(tree->currentItem()), 0);
    }

    void examDateCountsDown()
    {
        QTemporaryDir dir;
        FakeClock clock; // 2026-01-01T00:00Z
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        auto* planLabel = window.findChild<QLabel*>(QStringLiteral("planLabel"));
        QVERIFY(planLabel->text().contains(QStringLiteral("No exam date set")));
        // The candidate's today, as the app counts it: the local date at the clock's time.
        const QDate today = QDateTime::fromMSecsSinceEpoch(clock.wallMs()).date();
        const QDate examDate = today.addDays(30);
        certdrill::test::onNextModal<gui::PlanDialog>([&](gui::PlanDialog* dialog) {
            dialog->findChild<QCheckBox*>(QStringLiteral("planHasDate"))->setChecked(true);
            dialog->findChild<QDateEdit*>(QStringLiteral("planExamDate"))->setDate(examDate);
            dialog->findChild<QSpinBox*>(QStringLiteral("planHoursPerWeek"))->setValue(12);
            dialog->findChild<QCheckBox*>(QStringLiteral("planRecordFailed"))->setChecked(true);
            auto* failed = dialog->findChild<QDateEdit*>(QStringLiteral("planFailedDate"));
            QCOMPARE(failed->maximumDate(), today); // no attempt in the future
            failed->setDate(today.addDays(-2));
            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
        });
        QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("setExamDateButton")),
                          Qt::LeftButton);
        const QString text = planLabel->text();
        QVERIFY2(
            text.contains(QStringLiteral("30 days left (exam on %1)").arg(examDate.toString(Qt::ISODate))),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("questions a day")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("(your budget: 12.0 h a week)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("retake from %1").arg(today.addDays(12).toString(Qt::ISODate))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("4 of 5 attempts left")), qPrintable(text));
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("setExamDateButton"))->text(),
                 QStringLiteral("Change exam &date…"));
        // A day later, one fewer.
        clock.advanceMs(86'400'000);
        window.showHome();
        QVERIFY(planLabel->text().contains(QStringLiteral("29 days left")));
        QCOMPARE(loadPlanSettings(*store)->failedAttempts.size(), std::size_t{1});

        // Some weeks of study, for the pictures: two exams and drills, strong in some domains, weak in
        // others.
        const auto domains = store->exam("ncp-genl")->domains;
        QVERIFY(exam(*store, clock, 40));
        clock.advanceMs(3 * 86'400'000);
        QVERIFY(drill(*store, clock, {domains[0].id, domains[2].id, domains[3].id}, 12, true));
        QVERIFY(drill(*store, clock, {domains[1].id, domains[5].id}, 5, false));
        clock.advanceMs(4 * 86'400'000);
        QVERIFY(exam(*store, clock, 52));
        pictures(window, "sessions");
        certdrill::test::screenshot(&window, "home"); // light, 100%: the README's and the user guide's
    }
};

QTEST_MAIN(HomePageTest)
#include "HomePageTest.moc"
