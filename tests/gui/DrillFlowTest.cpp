// A whole drill through the real widgets (answers by keyboard, Check, confidence, summary), then the
// tracker screen: measured bands, a self-rating edit, the CSV export, and the next drill's targeting.
#include <cmath>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QTreeWidget>
#include <QtTest>

#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Tracker.h"
#include "certdrill/store/Store.h"

#include "Answers.h"
#include "BrowserPage.h"
#include "Display.h"
#include "DrillDialog.h"
#include "DrillPage.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "TrackerPage.h"

using namespace certdrill;

class DrillFlowTest : public QObject
{
    Q_OBJECT

    // Display indices (0 = A) of a complete answer: the correct options, or (for a wrong answer) the first
    // wrong option with as many correct ones as make up the count the question asks for.
    static std::vector<int> displayed(const DrillItem& item, bool correct)
    {
        std::vector<int> right, wrong;
        for (std::size_t d = 0; d < item.optionOrder.size(); ++d) {
            const bool isRight = item.question.options[static_cast<std::size_t>(item.optionOrder[d])].correct;
            (isRight ? right : wrong).push_back(static_cast<int>(d));
        }
        if (correct) {
            return right;
        }
        std::vector<int> out = {wrong.front()};
        out.insert(out.end(), right.begin(), right.begin() + (item.question.select - 1));
        return out;
    }

private slots:
    void unfinishedDrillResumesAtStartup()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        std::int64_t first = 0;
        {
            gui::MainWindow window(*store, clock);
            QVERIFY(certdrill::test::showActive(&window));
            PlannerOptions options;
            options.seed = 3;
            QVERIFY(window.startDrill(options, false));
            gui::DrillPage* page = window.drillPage();
            first = page->session()->id();
            for (int p = 0; p < 2; ++p) {
                for (int d : displayed(page->session()->items()[static_cast<std::size_t>(p)], true)) {
                    QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + d));
                }
                QTest::keyClick(page, Qt::Key_Return); // Check
                QTest::keyClick(page, Qt::Key_Return); // Next
            }
            QVERIFY(page->session()->items()[1].checked);
        } // the app is closed mid-drill

        // Start-up offers the drill; Yes goes on at the third question with the two answers kept.
        {
            gui::MainWindow window(*store, clock);
            window.show();
            QString text;
            certdrill::test::answerNextMessageBox(&text, QMessageBox::Yes);
            window.offerResume();
            QVERIFY2(text.contains(QStringLiteral("2 of 20 questions checked")), qPrintable(text));
            gui::DrillPage* page = window.drillPage();
            QVERIFY(page->isVisible());
            QCOMPARE(page->session()->id(), first);
            QCOMPARE(page->currentPosition(), 2);
            QCOMPARE(page->findChild<QLabel*>(QStringLiteral("drillProgress"))->text(),
                     QStringLiteral("Drill: question 3 of 20"));
            // A fresh bank has nothing due, so every question was picked for its level, and the resumed
            // drill still says how hard the planner expected it to be.
            const certdrill::DrillItem& third = page->session()->items()[2];
            QVERIFY(third.solve >= 0 && third.solve <= 1);
            const QString reason = page->findChild<QLabel*>(QStringLiteral("drillReason"))->text();
            QVERIFY2(
                reason.contains(
                    QStringLiteral("about a %1% chance you work it out").arg(std::lround(100 * third.solve))),
                qPrintable(reason));
            QVERIFY(page->session()->items()[1].checked);
            certdrill::test::screenshot(&window, "drill-resumed");
        }

        // No closes it: the next start-up offers nothing.
        {
            gui::MainWindow window(*store, clock);
            QString text;
            certdrill::test::answerNextMessageBox(&text, QMessageBox::No);
            window.offerResume();
            QVERIFY(!text.isEmpty());
            QVERIFY(!DrillSession::unfinished(*store).value().has_value());
        }
    }

    // A drill ended before any check says that nothing was recorded, not "0 of 0 right" over empty tables.
    void aDrillEndedBeforeAnyCheckSaysSo()
    {
        const auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        PlannerOptions options;
        options.seed = 11;
        QVERIFY(w->window->startDrill(options, false));
        gui::DrillPage* page = w->window->drillPage();
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("endDrillButton")), Qt::LeftButton);
        const QString summary = page->findChild<QLabel*>(QStringLiteral("drillSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("No question was checked")), qPrintable(summary));
        QVERIFY2(!summary.contains(QStringLiteral("0 of 0")) && !summary.contains(QStringLiteral("<table")),
                 qPrintable(summary));
        certdrill::test::screenshot(w->window.get(), "drill-ended-empty");
    }

    // A drill left through the menus stays open: starting another offers to go back to it (it was replaced
    // without a word, its unchecked questions dropped); declining ends it with its checked answers.
    void aDrillLeftThroughTheMenusIsOfferedBack()
    {
        const auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        PlannerOptions options;
        options.seed = 11;
        QVERIFY(w->window->startDrill(options, false));
        gui::DrillPage* page = w->window->drillPage();
        DrillSession* first = page->session();
        const std::int64_t firstId = first->id();
        QVERIFY(first->check(0, test::completeAnswer(first->items()[0].question, true), std::nullopt).ok());
        w->window->showHome(); // Go ▸ Home, in the middle of the drill

        QString text;
        certdrill::test::answerNextMessageBox(&text, QMessageBox::Yes);
        w->window->startPlannedDrill();
        QVERIFY2(text.contains(QStringLiteral("1 of %1 questions checked").arg(first->items().size())),
                 qPrintable(text));
        QVERIFY(page->isVisible());
        QCOMPARE(page->session()->id(), firstId);
        QVERIFY(!page->session()->finished());

        w->window->showHome();
        certdrill::test::answerNextMessageBox(&text, QMessageBox::No);
        w->window->startPlannedDrill();
        QVERIFY(page->isVisible());
        QVERIFY(page->session()->id() != firstId);
        QVERIFY(!DrillSession::open(*w->store, firstId).value()->items()[1].checked);
        QCOMPARE(DrillSession::unfinished(*w->store).value(),
                 std::optional<std::int64_t>(page->session()->id()));
    }

    // At 200% text the options fill the page: Check brings the verdict into view, not just below the fold
    // (it used to be scrolled to before the layout had made room for it, and stayed out of sight), and so
    // does its refusal of an incomplete answer.
    void checkShowsTheVerdictAtLargeText()
    {
        const auto w = test::makeBankWorld();
        QVERIFY(w);
        w->window->resize(1100, 760);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        gui::applyTextPercent(200);
        PlannerOptions options;
        options.seed = 5;
        QVERIFY(w->window->startDrill(options, false));
        gui::DrillPage* page = w->window->drillPage();
        QApplication::processEvents();
        const DrillItem& item = page->session()->items()[0];
        auto* verdict = page->findChild<QLabel*>(QStringLiteral("drillVerdict"));
        auto* scroll = page->findChild<QScrollArea*>(QStringLiteral("drillScroll"));
        QVERIFY(verdict && scroll);
        // First one tick on this "Select TWO": the refusal that says why Check did nothing shows too.
        QVERIFY(item.question.select == 2);
        const int first = displayed(item, false).front();
        QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + first));
        QTest::keyClick(page, Qt::Key_Return);
        QApplication::processEvents();
        QVERIFY(!item.checked);
        const QString refusalHidden = certdrill::test::hiddenInScroll(scroll, verdict, verdict->height());
        QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + first)); // undone, to answer it whole below
        for (int d : displayed(item, false)) {
            QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + d));
        }
        QTest::keyClick(page, Qt::Key_Return); // Check
        QApplication::processEvents();
        QVERIFY(item.checked);
        certdrill::test::screenshot(w->window.get(), "drill-checked-200");
        const QString hidden = certdrill::test::hiddenInScroll(scroll, verdict, verdict->height());
        gui::applyTextPercent(100);
        QVERIFY2(refusalHidden.isEmpty(), qPrintable(refusalHidden));
        QVERIFY2(hidden.isEmpty(), qPrintable(hidden));
    }

    // A one-question drill speaks in the singular and says what the planner's chance means.
    void oneQuestionSummaryReadsRight()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        PlannerOptions options;
        options.seed = 11;
        options.count = 1;
        QVERIFY(window.startDrill(options, false));
        gui::DrillPage* page = window.drillPage();
        const DrillItem item = page->session()->items()[0];
        QVERIFY(item.solve >= 0);
        const QString reason = page->findChild<QLabel*>(QStringLiteral("drillReason"))->text();
        QVERIFY2(reason.contains(QStringLiteral("guessing aside")), qPrintable(reason));
        QVERIFY(!page->findChild<QLabel*>(QStringLiteral("drillReason"))->toolTip().isEmpty());
        for (int d : displayed(item, false)) {
            QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + d));
        }
        QTest::keyClick(page, Qt::Key_Return); // Check
        QTest::keyClick(page, Qt::Key_Return); // Finish
        const QString summary = page->findChild<QLabel*>(QStringLiteral("drillSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("Drill finished: 0 of 1 right")), qPrintable(summary));
        QVERIFY2(!summary.contains(QStringLiteral("1 of the 1")) &&
                     !summary.contains(QStringLiteral("1 questions")),
                 qPrintable(summary));
        const double chance = 0.25 + 0.75 * item.solve; // four options: a lucky guess is one in four
        QVERIFY2(
            summary.contains(QStringLiteral("The question picked for your level was wrong. From your level "
                                            "the planner gave it about a %1% chance: the chance you work "
                                            "it out, plus a lucky guess")
                                 .arg(std::lround(100 * chance))),
            qPrintable(summary));
    }

    void wholeDrillThenTracker()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));

        PlannerOptions options;
        options.seed = 7;
        QVERIFY(window.startDrill(options, false));
        gui::DrillPage* page = window.drillPage();
        QVERIFY(page->isVisible());
        DrillSession* drill = page->session();
        QCOMPARE(drill->items().size(), std::size_t{20});
        auto* progress = page->findChild<QLabel*>(QStringLiteral("drillProgress"));
        auto* verdict = page->findChild<QLabel*>(QStringLiteral("drillVerdict"));
        auto* feedback = page->findChild<QTextBrowser*>(QStringLiteral("drillFeedback"));
        QCOMPARE(progress->text(), QStringLiteral("Drill: question 1 of 20"));

        // Miss every Model Optimization question, answer the rest right; tag the first answer Sure.
        int expectedRight = 0;
        bool triedIncomplete = false;
        for (std::size_t p = 0; p < drill->items().size(); ++p) {
            const DrillItem& item = drill->items()[p];
            QCOMPARE(page->currentPosition(), static_cast<int>(p));
            const bool answerRight = item.question.domain != "model-optimization";
            const QString hint = page->findChild<QLabel*>(QStringLiteral("drillSelectHint"))->text();
            QCOMPARE(hint, item.question.select == 2   ? QStringLiteral("Select TWO.")
                           : item.question.select == 3 ? QStringLiteral("Select THREE.")
                                                       : QString());
            const std::vector<int> keys = displayed(item, answerRight);
            if (item.question.select > 1 && !triedIncomplete) {
                // One of the answers only: Check refuses, grades nothing, and says why beside the options.
                triedIncomplete = true;
                QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + displayed(item, true).front()));
                QTest::keyClick(page, Qt::Key_Return);
                QVERIFY(!item.checked);
                QCOMPARE(verdict->text(),
                         QStringLiteral("This question asks for %1 answers; choose %1 before "
                                        "checking")
                             .arg(item.question.select));
                QVERIFY(!feedback->isVisible());
                QTest::keyClick(page,
                                static_cast<Qt::Key>(Qt::Key_A + displayed(item, true).front())); // undo
                QVERIFY2(verdict->text().isEmpty(), qPrintable(verdict->text())); // a changed answer: it goes
            }
            for (int d : keys) {
                QTest::keyClick(page, static_cast<Qt::Key>(Qt::Key_A + d));
            }
            if (p == 0) {
                page->findChild<QRadioButton*>(QStringLiteral("confidence_sure"))->click();
                certdrill::test::screenshot(&window, "drill");
            }
            QTest::keyClick(page, Qt::Key_Return); // Check
            QVERIFY(item.checked);
            QCOMPARE(item.correct, answerRight);
            expectedRight += answerRight;
            QCOMPARE(verdict->text(), answerRight ? QStringLiteral("✔ Correct") : QStringLiteral("✘ Wrong"));
            QVERIFY(feedback->isVisible());
            QVERIFY(feedback->toPlainText().contains(QStringLiteral("✔ correct")));
            if (p == 0) {
                QCOMPARE(item.confidence, std::optional<Confidence>(Confidence::Sure));
                certdrill::test::screenshot(&window, "drill-checked");
            }
            // A checked answer's tag is shown as stored and locked: another one would look saved but was not.
            auto* guess = page->findChild<QRadioButton*>(QStringLiteral("confidence_guess"));
            QVERIFY(!guess->isEnabled());
            QCOMPARE(guess->isChecked(), item.confidence == std::optional<Confidence>(Confidence::Guess));
            QTest::keyClick(page, Qt::Key_Return); // Next, or Finish after the last
        }
        QVERIFY(triedIncomplete); // the drill had a multi-select question to try it on
        auto* summary = page->findChild<QLabel*>(QStringLiteral("drillSummary"));
        QVERIFY(summary->isVisible());
        QVERIFY2(
            summary->text().contains(QStringLiteral("Drill finished: %1 of 20 right").arg(expectedRight)),
            qPrintable(summary->text()));
        QVERIFY(summary->text().contains(QStringLiteral("Band changes")));
        // The questions pitched at the learner's level, against what the planner expected of them.
        int pitched = 0;
        int pitchedRight = 0;
        double expected = 0;
        for (const DrillItem& item : drill->items()) {
            if (item.solve >= 0 && item.reason != PlannedQuestion::Reason::Due) {
                ++pitched;
                pitchedRight += item.correct;
                expected += 0.25 + 0.75 * item.solve;
            }
        }
        QVERIFY(pitched > 0); // a first drill has no due reviews: every question is pitched
        QVERIFY2(
            summary->text().contains(
                QStringLiteral("%1 of the %2 questions picked for your level were right. From your level "
                               "the planner expected about %3 of them")
                    .arg(pitchedRight)
                    .arg(pitched)
                    .arg(expected, 0, 'f', 1)),
            qPrintable(summary->text()));
        certdrill::test::screenshot(&window, "drill-summary");
        // Every question missed, with the answer against the key, and nothing answered right.
        const QString text = summary->text();
        QVERIFY2(text.contains(QStringLiteral("Questions you missed")), qPrintable(text));
        const QString plain = QTextDocumentFragment::fromHtml(text).toPlainText();
        const DrillItem* missed = nullptr;
        for (const DrillItem& item : drill->items()) {
            const QString link = QStringLiteral("<a href='question:%1'>Question %2</a>")
                                     .arg(item.questionRow)
                                     .arg(item.position + 1);
            QCOMPARE(text.contains(link), !item.correct);
            if (!item.correct) {
                const AnswerLetters letters = answerLetters(item.question, item.optionOrder, item.chosen);
                QVERIFY(!letters.chosen.empty() && letters.chosen != letters.correct);
                // As the review pages say it, with the count a multi-select asked for.
                const QString line =
                    QStringLiteral("Your answer: %1 · Key: %2%3")
                        .arg(QString::fromStdString(letters.chosen), QString::fromStdString(letters.correct),
                             item.question.isMultiSelect()
                                 ? QStringLiteral(" (select %1)").arg(item.question.select)
                                 : QString());
                QVERIFY2(plain.contains(line), qPrintable(plain));
                missed = missed ? missed : &item;
            }
        }
        QVERIFY(missed); // every Model Optimization question was answered wrong
        // Its link opens the question in the browser.
        QVERIFY(QMetaObject::invokeMethod(
            summary, "linkActivated",
            Q_ARG(QString, QStringLiteral("question:%1").arg(missed->questionRow))));
        QVERIFY(window.browserPage()->isVisible());
        QVERIFY2(
            window.browserPage()
                ->findChild<QLabel*>(QStringLiteral("browserHeading"))
                ->text()
                .contains(QString::fromStdString(missed->question.id)),
            qPrintable(window.browserPage()->findChild<QLabel*>(QStringLiteral("browserHeading"))->text()));

        // The tracker shows the evidence.
        page->findChild<QPushButton*>(QStringLiteral("openTrackerButton"))->click();
        gui::TrackerPage* tracker = window.trackerPage();
        QVERIFY(tracker->isVisible());
        auto* tree = tracker->findChild<QTreeWidget*>(QStringLiteral("trackerTree"));
        QCOMPARE(tree->topLevelItemCount(), 10);
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("Model Optimization"));
        QVERIFY(tree->topLevelItem(0)->childCount() > 0);
        QCOMPARE(tracker->report().answers, 20);
        QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("Red"));
        QVERIFY(tracker->findChild<QLabel*>(QStringLiteral("readinessLabel"))
                    ->text()
                    .contains(QStringLiteral("Not ready to schedule")));

        // Self-rating: the candidate thinks Model Optimization is Green; the sheet says otherwise. The domain
        // they had opened to rate stays open after the tracker is rebuilt with the rating.
        tree->topLevelItem(0)->setExpanded(true);
        tree->topLevelItem(2)->setExpanded(true);
        auto* combo = tracker->findChild<QComboBox*>(QStringLiteral("selfRating_model-optimization"));
        QVERIFY(combo);
        combo->setCurrentIndex(3);
        emit combo->activated(3);
        QTRY_COMPARE(tree->topLevelItem(0)->text(7),
                     QStringLiteral("You rate Green; the evidence says Red."));
        QVERIFY(tree->topLevelItem(0)->isExpanded());
        QVERIFY(!tree->topLevelItem(1)->isExpanded());
        QVERIFY(tree->topLevelItem(2)->isExpanded());
        auto stored = buildTracker(*store, "ncp-genl");
        QVERIFY(stored.ok());
        QCOMPARE(stored->domains[0].selfRating, std::optional<Band>(Band::Green));
        certdrill::test::screenshot(&window, "tracker");

        const QString csv = dir.filePath(QStringLiteral("tracker.csv"));
        QVERIFY(tracker->exportCsv(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readLine().startsWith("domain,topic,name,weight"));
        const bool firstRight = drill->items()[0].correct;
        QVERIFY(tracker->calibrationText().contains(
            QStringLiteral("Sure: %1 of 1 right").arg(firstRight ? 1 : 0)));

        // The next drill leans on the weak, heavy domain.
        options.seed = 8;
        const DrillPlan next = planDrill(stored->planner, options);
        int most = 0;
        for (int n : next.perDomain) {
            most = std::max(most, n);
        }
        QCOMPARE(next.perDomain[0], most);
        QVERIFY(next.perDomain[0] >= 4);
    }

    // Learn ▸ Custom drill… says how many questions the choice matches as it changes, says why when none
    // does (a new learner's "Questions I missed") and offers no start then; the count is what the drill
    // serves.
    void customDrillCountsWhatMatches()
    {
        const auto world = certdrill::test::makeBankWorld();
        QVERIFY(world);
        gui::MainWindow& window = *world->window;
        QVERIFY(certdrill::test::showActive(&window));
        const auto exam = world->store->exam("ncp-genl");
        QVERIFY(exam);
        const std::string objective = exam->domains[0].topics()[0].id;

        int matched = -1;
        certdrill::test::onNextModal<gui::DrillDialog>([&](gui::DrillDialog* dialog) {
            auto* pool = dialog->findChild<QComboBox*>(QStringLiteral("drillPool"));
            auto* matches = dialog->findChild<QLabel*>(QStringLiteral("drillMatches"));
            QPushButton* start = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
            QVERIFY(matches->isVisible());
            QVERIFY(start->isEnabled());

            pool->setCurrentIndex(pool->findText(QStringLiteral("Questions I missed")));
            QCOMPARE(matches->text(),
                     QStringLiteral("No question to drill: none of these was answered wrong the "
                                    "last time you answered it."));
            QVERIFY(!start->isEnabled());
            certdrill::test::screenshot(dialog, "drill-dialog-none");
            QTest::mouseClick(start, Qt::LeftButton);
            QVERIFY(dialog->isVisible());

            // Nothing is answered yet, so every question is unseen.
            pool->setCurrentIndex(pool->findText(QStringLiteral("Questions I have not seen")));
            const QString unseen = matches->text();
            QVERIFY2(QRegularExpression(QStringLiteral("^\\d+ questions match\\.$")).match(unseen).hasMatch(),
                     qPrintable(unseen));
            pool->setCurrentIndex(0);
            QCOMPARE(matches->text(), unseen);
            QVERIFY(start->isEnabled());

            // One objective, with more questions asked for than it has.
            dialog->findChild<QSpinBox*>(QStringLiteral("drillCount"))->setValue(200);
            dialog->findChild<QTreeWidget*>(QStringLiteral("drillScope"))
                ->topLevelItem(0)
                ->child(0)
                ->setCheckState(0, Qt::Checked);
            const auto m =
                QRegularExpression(QStringLiteral("^(\\d+) questions match, so the drill will have "
                                                  "\\1\\.$"))
                    .match(matches->text());
            QVERIFY2(m.hasMatch(), qPrintable(matches->text()));
            matched = m.captured(1).toInt();
            certdrill::test::screenshot(dialog, "drill-dialog");
            QTest::mouseClick(start, Qt::LeftButton);
        });
        window.customDrill();
        QVERIFY(matched > 0);
        DrillSession* drill = window.drillPage()->session();
        QVERIFY(window.drillPage()->isVisible() && drill);
        QCOMPARE(static_cast<int>(drill->items().size()), matched);
        for (const auto& item : drill->items()) {
            QCOMPARE(item.question.objective, objective);
        }

        // Dark, with larger text: the reason wraps inside the dialog.
        window.findChild<QAction*>(QStringLiteral("darkThemeAction"))->setChecked(true);
        auto* larger = window.findChild<QAction*>(QStringLiteral("largerTextAction"));
        larger->trigger();
        larger->trigger();
        certdrill::test::onNextModal<gui::DrillDialog>([](gui::DrillDialog* dialog) {
            auto* pool = dialog->findChild<QComboBox*>(QStringLiteral("drillPool"));
            pool->setCurrentIndex(pool->findText(QStringLiteral("Questions I bookmarked")));
            auto* matches = dialog->findChild<QLabel*>(QStringLiteral("drillMatches"));
            QVERIFY(
                matches->text().startsWith(QStringLiteral("No question to drill: you have not bookmarked")));
            QVERIFY(matches->geometry().right() <= dialog->contentsRect().right());
            certdrill::test::screenshot(dialog, "drill-dialog-dark-large");
            dialog->reject();
        });
        window.customDrill();
        gui::applyTheme(false);
    }
};

QTEST_MAIN(DrillFlowTest)
#include "DrillFlowTest.moc"
