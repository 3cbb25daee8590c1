// Drives the study tools around exams with real widgets: tagging why a question was missed in the results
// (pre-filled from a measured answer change), the breakdown and the tracker's advice; comparing two sessions
// from the history; and taking a reserved final exam.
#include <set>

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollArea>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/MissReasons.h"
#include "certdrill/exam/Retake.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/Store.h"

#include "Contrast.h"
#include "Display.h"
#include "ExamPage.h"
#include "ExamStartPage.h"
#include "GuiTestSupport.h"
#include "HistoryPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "MissReasonPanel.h"
#include "ResultsPage.h"
#include "RetakeDialog.h"
#include "TrackerPage.h"

using namespace certdrill;

class StudyToolsTest : public QObject
{
    Q_OBJECT

private:
    using World = certdrill::test::BankWorld;

    static std::unique_ptr<World> makeWorld()
    {
        auto w = certdrill::test::makeBankWorld();
        return w && certdrill::test::showActive(w->window.get()) ? std::move(w) : nullptr;
    }

    static std::vector<int> key(const Question& q) { return q.correctOptions(); }
    static std::vector<int> wrong(const Question& q)
    {
        for (int o = 0; o < static_cast<int>(q.options.size()); ++o) {
            if (!q.options[static_cast<std::size_t>(o)].correct) {
                return {o};
            }
        }
        return {};
    }

private slots:
    /// A right answer changed to a wrong one is measured and pre-filled as "changed a right answer"; five
    /// misses tagged "misread" in the review make misreads the dominant reason in the results and the
    /// tracker.
    void tagMissReasons()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        ExamSession* s = w->window->examPage()->session();
        QVERIFY(s);
        std::vector<int> singles;
        for (const auto& it : s->items()) {
            if (!it.question.isMultiSelect()) {
                singles.push_back(it.position);
            }
        }
        QVERIFY(singles.size() >= 7);
        const int changed = singles[0];
        const SessionItem& first = s->items()[static_cast<std::size_t>(changed)];
        QVERIFY(s->choose(changed, key(first.question)).ok());
        QVERIFY(s->choose(changed, wrong(first.question)).ok());
        const int right = singles[6];
        QVERIFY(s->choose(right, key(s->items()[static_cast<std::size_t>(right)].question)).ok());
        for (int k = 1; k <= 5; ++k) {
            const int p = singles[static_cast<std::size_t>(k)];
            QVERIFY(s->choose(p, wrong(s->items()[static_cast<std::size_t>(p)].question)).ok());
        }
        const std::int64_t sessionId = s->id();
        w->window->examPage()->submitNow();
        gui::ResultsPage* results = w->window->resultsPage();
        QVERIFY(results->isVisible());

        auto* panel = results->findChild<gui::MissReasonPanel*>(QStringLiteral("missReasonPanel"));
        QVERIFY(panel);
        auto* table = panel->findChild<QTableWidget*>(QStringLiteral("missReasonTable"));
        QCOMPARE(table->rowCount(), 64); // every question but the one answered right
        // The rows are even and each is tall enough for its reason box (rows sized to their text alone were
        // uneven, and a one-line row was shorter than its box).
        for (int r = 0; r < table->rowCount(); ++r) {
            QCOMPARE(table->rowHeight(r), table->rowHeight(0));
            QVERIFY(table->rowHeight(r) >= table->cellWidget(r, 2)->sizeHint().height());
        }
        QVERIFY(panel->findChild<QLabel*>(QStringLiteral("answerChangesLabel"))
                    ->text()
                    .contains(QStringLiteral("1 right to wrong")));
        auto* changedCombo = panel->findChild<QComboBox*>(QStringLiteral("missReason_%1").arg(changed));
        QVERIFY(changedCombo);
        QCOMPARE(changedCombo->currentText(), QStringLiteral("changed a right answer"));
        QVERIFY(!panel->findChild<QComboBox*>(QStringLiteral("missReason_%1").arg(right)));

        // Tag five wrong answers with the keyboard, as a candidate would: the combo box's Down key.
        for (int k = 1; k <= 5; ++k) {
            auto* combo = panel->findChild<QComboBox*>(
                QStringLiteral("missReason_%1").arg(singles[static_cast<std::size_t>(k)]));
            QVERIFY(combo);
            QCOMPARE(combo->currentIndex(), 0); // nothing measured: not tagged
            combo->setFocus();
            QTest::keyClick(combo, Qt::Key_Down); // did not know it
            QTest::keyClick(combo, Qt::Key_Down); // misread the question
            QCOMPARE(combo->currentText(), QStringLiteral("misread the question"));
        }
        // The page settles around the table fitted to its rows: the breakdown is as tall as its lines, with
        // no blank band around it.
        auto* breakdownLabel = panel->findChild<QLabel*>(QStringLiteral("missBreakdownLabel"));
        QTRY_COMPARE(breakdownLabel->height(), breakdownLabel->heightForWidth(breakdownLabel->width()));
        auto* scroll = results->findChild<QScrollArea*>(QStringLiteral("resultsScroll"));
        certdrill::test::settleForScreenshot();
        scroll->ensureWidgetVisible(breakdownLabel);
        certdrill::test::screenshot(w->window.get(), "miss-reasons");
        gui::applyTheme(true);
        QTest::qWait(50);
        certdrill::test::screenshot(w->window.get(), "miss-reasons-dark");
        gui::applyTheme(false);

        const QString breakdown = panel->findChild<QLabel*>(QStringLiteral("missBreakdownLabel"))->text();
        QVERIFY2(breakdown.contains(QStringLiteral("6 of 64 misses have one, 1 of them suggested")),
                 qPrintable(breakdown));
        QVERIFY2(breakdown.contains(QStringLiteral("misread the question 5")), qPrintable(breakdown));
        QVERIFY2(breakdown.contains(QStringLiteral("Three in four of your misses are misreads")),
                 qPrintable(breakdown));
        // Stored, and shown in the answer review.
        auto reopened = ExamSession::open(*w->store, sessionId);
        QVERIFY(reopened.ok());
        QCOMPARE(reopened.value()->items()[static_cast<std::size_t>(singles[1])].missReason,
                 std::optional<MissReason>(MissReason::Misread));
        QVERIFY(results->findChild<QWidget*>(QStringLiteral("answerReview"))
                    ->property("plainText")
                    .toString()
                    .contains(QStringLiteral("missed: misread the question")));

        w->window->showTracker();
        const QString tracker =
            w->window->trackerPage()->findChild<QLabel*>(QStringLiteral("readinessLabel"))->text();
        QVERIFY2(tracker.contains(QStringLiteral("Why you miss:")) &&
                     tracker.contains(QStringLiteral("are misreads: slow down on long stems")),
                 qPrintable(tracker));
        // The home screen says it too, under the verdict, beside what the verdict rests on.
        w->window->showHome();
        auto* advice = w->window->homePage()->findChild<QLabel*>(QStringLiteral("homeAdviceLabel"));
        QVERIFY(advice);
        QVERIFY(advice->isVisible());
        QVERIFY2(advice->text().contains(QStringLiteral("are misreads: slow down on long stems")) &&
                     advice->text().contains(QStringLiteral("This verdict rests only on questions")),
                 qPrintable(advice->text()));
        certdrill::test::screenshot(w->window.get(), "home-miss-advice");
    }

    /// Exam ▸ Final exam… lists the two reserved forms; Start shows the start screen of form 1, Begin sits
    /// it on reserved questions only; afterwards the dialog says it was taken and offers form 2.
    void takeFinalExam()
    {
        auto w = makeWorld();
        QVERIFY(w);
        const ExamDef exam = w->store->exam("ncp-genl").value();
        auto* action = w->window->findChild<QAction*>(QStringLiteral("finalExamAction"));
        QVERIFY(action);
        certdrill::test::onNextModal<QDialog>([](QDialog* dialog) {
            auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("finalFormsTable"));
            QVERIFY(table);
            QCOMPARE(table->rowCount(), 2);
            QCOMPARE(table->item(0, 2)->text(), QStringLiteral("not taken"));
            certdrill::test::screenshot(dialog, "final-exam-dialog");
            QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("finalStartButton")),
                              Qt::LeftButton);
        });
        action->trigger();
        const std::set<std::int64_t> reserved = w->store->reservedQuestions(exam.id).value();
        QCOMPARE(reserved.size(), std::size_t{130});
        QVERIFY(w->window->examStartPage()->isVisible());
        QVERIFY(w->window->examStartPage()
                    ->findChild<QLabel*>(QStringLiteral("startTitleLabel"))
                    ->text()
                    .contains(QStringLiteral("final exam 1")));
        certdrill::test::screenshot(w->window.get(), "final-exam-start");
        QTest::mouseClick(w->window->findChild<QPushButton*>(QStringLiteral("startBeginButton")),
                          Qt::LeftButton);
        ExamSession* s = w->window->examPage()->session();
        QVERIFY(s);
        QCOMPARE(s->finalForm(), 1);
        QCOMPARE(s->mode(), SessionMode::Exam);
        QCOMPARE(static_cast<int>(s->items().size()), 65);
        for (const auto& item : s->items()) {
            QVERIFY(reserved.count(item.questionRow) == 1);
        }
        QVERIFY(!action->isEnabled()); // no second exam over the first
        w->window->examPage()->submitNow();
        QVERIFY(w->window->resultsPage()->isVisible());
        QCOMPARE(w->store->reservedQuestions(exam.id).value().size(), std::size_t{65});

        bool sawTaken = false;
        certdrill::test::onNextModal<QDialog>([&sawTaken](QDialog* dialog) {
            auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("finalFormsTable"));
            sawTaken = table->item(0, 2)->text().startsWith(QStringLiteral("taken: 0.0%")) &&
                       table->item(1, 2)->text() == QStringLiteral("not taken") && table->currentRow() == 1;
            dialog->reject();
        });
        action->trigger();
        QVERIFY(sawTaken);
        w->window->showTracker();
        QVERIFY(w->window->trackerPage()
                    ->findChild<QLabel*>(QStringLiteral("readinessLabel"))
                    ->text()
                    .contains(QStringLiteral("rests on 1 final exam of never-seen questions")));
    }

    /// Enter in the Final exam dialog starts the selected form, as the dialog's default button says, with
    /// the focus where the dialog opens it (on the forms list) and after the arrows moved the selection.
    void finalExamDialogEnterStarts()
    {
        auto w = makeWorld();
        QVERIFY(w);
        auto* action = w->window->findChild<QAction*>(QStringLiteral("finalExamAction"));
        QVERIFY(action);
        QString focused;
        certdrill::test::onNextModal<QDialog>([&focused](QDialog* dialog) {
            auto* table = dialog->findChild<QTableWidget*>(QStringLiteral("finalFormsTable"));
            QVERIFY(table);
            QApplication::setActiveWindow(dialog);
            QVERIFY(QTest::qWaitForWindowActive(dialog));
            QWidget* focus = QApplication::focusWidget();
            focused = focus ? focus->objectName() : QStringLiteral("none");
            QTest::keyClick(table, Qt::Key_Down);
            QCOMPARE(table->currentRow(), 1);
            QTest::keyClick(focus ? focus : dialog, Qt::Key_Return);
            if (dialog->isVisible()) {
                dialog->reject();
            }
        });
        action->trigger();
        QCOMPARE(focused, QStringLiteral("finalFormsTable"));
        QVERIFY2(w->window->examStartPage()->isVisible(), "Enter did not start the final exam");
        QVERIFY(w->window->examStartPage()
                    ->findChild<QLabel*>(QStringLiteral("startTitleLabel"))
                    ->text()
                    .contains(QStringLiteral("final exam 2")));
    }

    /// Two exams sat on one form, some answers right in the first and wrong in the second and the other way
    /// round: History ▸ Compare… is enabled only with both selected and shows compareSessions' counts and
    /// each domain's change.
    void compareTwoExams()
    {
        auto w = makeWorld();
        QVERIFY(w);
        const ExamDef exam = w->store->exam("ncp-genl").value();
        const auto two = certdrill::test::sitAndCompareTwoExams(*w->store, w->clock, exam.id);
        QVERIFY(two);
        const RetakeComparison& expected = two->comparison;
        QCOMPARE(expected.slipped, 4);
        QCOMPARE(expected.fixed, 8);

        w->window->showHistory();
        gui::HistoryPage* history = w->window->historyPage();
        QVERIFY(history->isVisible());
        auto* table = history->findChild<QTableWidget*>(QStringLiteral("historyTable"));
        auto* compare = history->findChild<QPushButton*>(QStringLiteral("historyCompareButton"));
        QVERIFY(table && compare);
        QCOMPARE(table->rowCount(), 2);
        QVERIFY(!compare->isEnabled()); // one row current, none selected by hand yet
        QVERIFY(compare->toolTip().contains(QStringLiteral("Select two")));
        const auto rowCentre = [table](int row) {
            return table->visualItemRect(table->item(row, 1)).center();
        };
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, rowCentre(0));
        QVERIFY(!compare->isEnabled());
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, rowCentre(1));
        QVERIFY(compare->isEnabled());
        QCOMPARE(table->currentRow(), 1); // Open results still acts on the current row

        bool checked = false;
        certdrill::test::onNextModal<QDialog>([&](QDialog* dialog) {
            auto finish = qScopeGuard([dialog] { dialog->reject(); });
            QCOMPARE(dialog->objectName(), QStringLiteral("retakeDialog"));
            const QString counts = dialog->findChild<QLabel*>(QStringLiteral("retakeCountsLabel"))->text();
            QVERIFY2(
                counts.contains(QStringLiteral("%1 shared questions: %2 fixed, %3 slipped, %4 still missed, "
                                               "%5 right both times")
                                    .arg(expected.questions.size())
                                    .arg(expected.fixed)
                                    .arg(expected.slipped)
                                    .arg(expected.stillMissed)
                                    .arg(expected.rightBoth)),
                qPrintable(counts));
            const QString sessions =
                dialog->findChild<QLabel*>(QStringLiteral("retakeSessionsLabel"))->text();
            QVERIFY2(sessions.startsWith(QStringLiteral("Before: 2026-01-01")) &&
                         sessions.contains(QStringLiteral("60.0% (12/20)")) &&
                         sessions.contains(QStringLiteral("80.0% (16/20)")),
                     qPrintable(sessions));
            auto* domains = dialog->findChild<QTableWidget*>(QStringLiteral("retakeDomainTable"));
            QVERIFY(domains);
            QCOMPARE(domains->rowCount(), static_cast<int>(expected.domains.size()));
            const RetakeRow& d = expected.domains.front();
            QCOMPARE(domains->item(0, 0)->text(), QString::fromStdString(exam.findDomain(d.id)->name));
            QVERIFY(domains->item(0, 1)->text().endsWith(
                QStringLiteral("(%1/%2)").arg(d.beforeCorrect).arg(d.beforeTotal)));
            QVERIFY(domains->item(0, 2)->text().endsWith(
                QStringLiteral("(%1/%2)").arg(d.afterCorrect).arg(d.afterTotal)));
            const long points = std::lround(d.change());
            QCOMPARE(domains->item(0, 3)->text(),
                     points > 0 ? QStringLiteral("+%1").arg(points) : QString::number(points));
            auto* questions = dialog->findChild<QTableWidget*>(QStringLiteral("retakeQuestionTable"));
            QVERIFY(questions);
            QCOMPARE(questions->rowCount(), 20);
            QCOMPARE(questions->item(0, 2)->text(), QStringLiteral("slipped"));
            QCOMPARE(questions->item(19, 2)->text(), QStringLiteral("fixed"));
            QVERIFY(!dialog->findChild<QTableWidget*>(QStringLiteral("retakeObjectiveTable")));
            certdrill::test::screenshot(dialog, "retake-compare");
            checked = true;
        });
        QTest::mouseClick(compare, Qt::LeftButton);
        QVERIFY(checked);
    }

    // The comparison's coloured words (fixed, slipped, signed changes) reach WCAG AA on the rows they sit on,
    // plain and alternate, in both themes.
    void retakeDialogReadsInBothThemes()
    {
        auto w = makeWorld();
        QVERIFY(w);
        const ExamDef exam = w->store->exam("ncp-genl").value();
        const auto two = certdrill::test::sitAndCompareTwoExams(*w->store, w->clock, exam.id);
        QVERIFY(two);
        auto lightAgain = qScopeGuard([] { gui::applyTheme(false); });
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            gui::RetakeDialog dialog(exam, two->comparison, two->before, two->after);
            QVERIFY(certdrill::test::showActive(&dialog));
            int coloured = 0;
            for (const QTableWidget* table : dialog.findChildren<QTableWidget*>()) {
                for (int r = 0; r < table->rowCount(); ++r) {
                    const QColor row =
                        table->palette().color(r % 2 ? QPalette::AlternateBase : QPalette::Base);
                    for (int c = 0; c < table->columnCount(); ++c) {
                        const QTableWidgetItem* item = table->item(r, c);
                        if (!item || !item->data(Qt::ForegroundRole).isValid()) {
                            continue;
                        }
                        ++coloured;
                        const QColor text = item->foreground().color();
                        QVERIFY2(gui::contrastRatio(text, row) >= gui::kTextContrast,
                                 qPrintable(QStringLiteral("%1 theme, %2 row %3: %4 on %5 is %6:1")
                                                .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                                .arg(table->objectName())
                                                .arg(r)
                                                .arg(text.name(), row.name())
                                                .arg(gui::contrastRatio(text, row), 0, 'f', 2)));
                    }
                }
            }
            QVERIFY(coloured >= 12); // 8 fixed and 4 slipped questions, and the domains' changes
            if (dark) {
                certdrill::test::screenshot(&dialog, "retake-compare-dark");
            }
        }
    }
};

QTEST_MAIN(StudyToolsTest)
#include "StudyToolsTest.moc"
