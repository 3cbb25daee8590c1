// Drives the exam screen with real widgets: answer a single and a multi-select question, flag, filter the
// navigator, review, submit from the review screen, check the results and the history; let the (fake) clock
// run out through the 30- and 5-minute warnings; pause and reveal in practice mode.
#include <QAction>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolTip>
#include <QtTest>

#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/SessionHistory.h"

#include "Display.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "HistoryPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "ResultsPage.h"

using namespace certdrill;

class ExamFlowTest : public QObject
{
    Q_OBJECT

private:
    using World = certdrill::test::BankWorld;

    static std::unique_ptr<World> makeWorld() { return certdrill::test::makeBankWorld(); }

    /// Position of the first item with the wanted kind of question.
    static int find(const ExamSession& s, bool multi)
    {
        for (const auto& it : s.items()) {
            if (it.question.isMultiSelect() == multi) {
                return it.position;
            }
        }
        return -1;
    }

    /// Clicks the display buttons of the item's correct options.
    static void clickCorrect(gui::ExamPage* page, const SessionItem& item)
    {
        for (size_t d = 0; d < item.optionOrder.size(); ++d) {
            if (item.question.options[static_cast<size_t>(item.optionOrder[d])].correct) {
                auto* b = page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d));
                QVERIFY(b);
                QTest::mouseClick(b, Qt::LeftButton);
            }
        }
    }

    /// Positions whose navigator cells are showing.
    static QList<int> shownCells(QListWidget* nav)
    {
        QList<int> shown;
        for (int i = 0; i < nav->count(); ++i) {
            if (!nav->item(i)->isHidden()) {
                shown << i;
            }
        }
        return shown;
    }

private slots:
    void answerFlagReviewSubmit()
    {
        auto w = makeWorld();
        QVERIFY(w);
        w->window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        QCOMPARE(static_cast<int>(s->items().size()), 65);
        QCOMPARE(page->findChild<QLabel*>(QStringLiteral("progressLabel"))->text(),
                 QStringLiteral("Question 1 of 65"));
        QVERIFY(!page->findChild<QPushButton*>(QStringLiteral("revealButton"))->isVisible()); // exam mode
        QVERIFY(!page->findChild<QPushButton*>(QStringLiteral("pauseButton"))->isVisible());

        const int single = find(*s, false);
        page->showQuestion(single);
        clickCorrect(page, s->items()[static_cast<size_t>(single)]);
        QVERIFY(s->items()[static_cast<size_t>(single)].correct());
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("confidenceSure")), Qt::LeftButton);
        QCOMPARE(s->items()[static_cast<size_t>(single)].confidence, std::optional(Confidence::Sure));
        w->clock.advanceSeconds(80); // time on the question, for the results' minutes per question

        const int multi = find(*s, true);
        page->showQuestion(multi);
        w->clock.advanceSeconds(150);
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("selectHint"))
                    ->text()
                    .startsWith(QStringLiteral("Select ")));
        clickCorrect(page, s->items()[static_cast<size_t>(multi)]);
        QVERIFY(s->items()[static_cast<size_t>(multi)].correct());
        // One more than allowed is refused with a message.
        const auto& item = s->items()[static_cast<size_t>(multi)];
        for (size_t d = 0; d < item.optionOrder.size(); ++d) {
            if (!item.question.options[static_cast<size_t>(item.optionOrder[d])].correct) {
                QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d)),
                                  Qt::LeftButton);
                break;
            }
        }
        QVERIFY(s->items()[static_cast<size_t>(multi)].correct());
        QVERIFY(!page->findChild<QLabel*>(QStringLiteral("optionMessage"))->text().isEmpty());
        // Guess, then Guess again clears the tag; Unsure stays.
        auto* guess = page->findChild<QPushButton*>(QStringLiteral("confidenceGuess"));
        QTest::mouseClick(guess, Qt::LeftButton);
        QCOMPARE(s->items()[static_cast<size_t>(multi)].confidence, std::optional(Confidence::Guess));
        QTest::mouseClick(guess, Qt::LeftButton);
        QVERIFY(!s->items()[static_cast<size_t>(multi)].confidence);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("confidenceUnsure")), Qt::LeftButton);
        certdrill::test::screenshot(w->window.get(), "exam");

        // F flags the current question; the navigator shows it, and the "Flagged" filter shows only it.
        page->setFocus();
        QTest::keyClick(page, Qt::Key_F);
        QVERIFY(s->items()[static_cast<size_t>(multi)].flagged);
        auto* nav = page->findChild<QListWidget*>(QStringLiteral("navigatorList"));
        QVERIFY(nav->item(multi)->text().endsWith(QStringLiteral("⚑")));
        auto* filter = page->findChild<QComboBox*>(QStringLiteral("navigatorFilter"));
        QVERIFY(filter);
        filter->setCurrentText(QStringLiteral("Flagged"));
        QCOMPARE(shownCells(nav), QList<int>{multi});
        certdrill::test::screenshot(w->window.get(), "exam-navigator");
        filter->setCurrentText(QStringLiteral("Complete"));
        QCOMPARE(shownCells(nav), (QList<int>{std::min(single, multi), std::max(single, multi)}));
        filter->setCurrentText(QStringLiteral("All"));
        QCOMPARE(shownCells(nav).size(), 65);

        // Ctrl+G puts the keyboard in the navigator.
        page->setFocus();
        QTest::keyClick(page, Qt::Key_G, Qt::ControlModifier);
        QVERIFY(nav->hasFocus());
        // Right arrow moves on (from the page).
        page->setFocus();
        QTest::keyClick(page, Qt::Key_Right);
        QCOMPARE(page->currentPosition(), std::min(multi + 1, 64));
        // An unanswered question flagged too: it must be listed with the incomplete ones, first.
        const int other = (multi + 1 == single) ? multi + 2 : multi + 1;
        page->showQuestion(other);
        page->setFocus();
        QTest::keyClick(page, Qt::Key_F);
        certdrill::test::screenshot(w->window.get(), "exam-flagged");

        // Ctrl+Enter opens the review screen instead of submitting.
        QTest::keyClick(page, Qt::Key_Return, Qt::ControlModifier);
        auto* review = page->findChild<QWidget*>(QStringLiteral("reviewPage"));
        QVERIFY(review && review->isVisible());
        QVERIFY(!s->finished());
        auto* table = review->findChild<QTableWidget*>(QStringLiteral("reviewTable"));
        QCOMPARE(table->rowCount(), 65);
        // 63 not complete first (flagged ones leading, then exam order), then the flagged complete one, then
        // the rest.
        for (int r = 0; r < 63; ++r) {
            QVERIFY(table->item(r, 1)->text() != QStringLiteral("Complete"));
        }
        QVERIFY(table->item(63, 0)->text().startsWith(QStringLiteral("Question %1: ").arg(multi + 1)));
        QVERIFY(review->findChild<QPushButton*>(QStringLiteral("reviewFlag%1").arg(multi))->isChecked());
        QVERIFY(table->item(64, 0)->text().startsWith(QStringLiteral("Question %1: ").arg(single + 1)));
        int otherRow = -1;
        for (int r = 0; r < 63; ++r) {
            if (table->item(r, 0)->text().startsWith(QStringLiteral("Question %1: ").arg(other + 1))) {
                otherRow = r;
            }
        }
        QCOMPARE(otherRow, 0); // flagged and not complete: first
        QCOMPARE(table->item(otherRow, 1)->text(), QStringLiteral("Incomplete"));
        QVERIFY(review->findChild<QPushButton*>(QStringLiteral("reviewFlag%1").arg(other))->isChecked());
        certdrill::test::screenshot(w->window.get(), "review-order");

        // A row is a link back to its question.
        const QRect rect = table->visualItemRect(table->item(otherRow, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        QVERIFY(!review->isVisible());
        QCOMPARE(page->currentPosition(), other);

        // The Submit button opens the review too; from there, Submit asks, naming unanswered and flagged.
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("submitButton")), Qt::LeftButton);
        QVERIFY(review->isVisible());
        QString question;
        certdrill::test::answerNextMessageBox(&question);
        QTest::mouseClick(review->findChild<QPushButton*>(QStringLiteral("reviewSubmitButton")),
                          Qt::LeftButton);
        QVERIFY(
            question.contains(QStringLiteral("63 incomplete (unanswered or partly answered) and 2 flagged")));
        QVERIFY(s->finished());
        certdrill::test::screenshot(w->window.get(), "results-unanswered");

        gui::ResultsPage* results = w->window->resultsPage();
        QVERIFY(results->isVisible());
        QCOMPARE(results->findChild<QLabel*>(QStringLiteral("verdictLabel"))->text(), QStringLiteral("FAIL"));
        QVERIFY(results->findChild<QLabel*>(QStringLiteral("resultDetailsLabel"))
                    ->text()
                    .contains(QStringLiteral("2 of 65 correct")));
        auto* domains = results->findChild<QTableWidget*>(QStringLiteral("resultDomainsTable"));
        QCOMPARE(domains->rowCount(), 10);
        const SessionScore score = s->score();
        for (int r = 0; r < 10; ++r) {
            const Tally& t = score.domains[static_cast<size_t>(r)];
            QCOMPARE(domains->item(r, 0)->text(),
                     QString::fromStdString(s->exam().domains[static_cast<size_t>(r)].name));
            QCOMPARE(domains->item(r, 2)->text(), QStringLiteral("%1 / %2").arg(t.correct).arg(t.total));
            QCOMPARE(domains->item(r, 4)->text(), certdrill::test::expectedPace(t));
        }
        // Pacing against the real exam's 120 minutes for 65 questions.
        QVERIFY(results->findChild<QLabel*>(QStringLiteral("resultDetailsLabel"))
                    ->text()
                    .contains(QStringLiteral("(the exam allows 1:51)")));
        auto* chartView = results->findChild<QChartView*>(QStringLiteral("domainChart"));
        QVERIFY(chartView && chartView->chart());
        QHorizontalStackedBarSeries* bars = nullptr;
        for (QAbstractSeries* series : chartView->chart()->series()) {
            bars = bars ? bars : qobject_cast<QHorizontalStackedBarSeries*>(series);
        }
        QVERIFY(bars);
        QCOMPARE(bars->count(), 2); // pass color and fail color
        QCOMPARE(bars->barSets()[0]->count(), 10);
        QCOMPARE(bars->barSets()[1]->count(), 10);
        auto* axis = qobject_cast<QBarCategoryAxis*>(chartView->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QCOMPARE(axis->count(), 10);
        QVERIFY(axis->categories().last().startsWith(
            QString::fromStdString(s->exam().domains[0].name))); // blueprint order from the top
        // Subtopics on demand.
        auto* topics = results->findChild<QTableWidget*>(QStringLiteral("topicTable"));
        QVERIFY(!topics->isVisible());
        QTest::mouseClick(results->findChild<QPushButton*>(QStringLiteral("topicToggle")), Qt::LeftButton);
        QVERIFY(topics->isVisible());
        QCOMPARE(topics->rowCount(), static_cast<int>(score.topics.size()));
        certdrill::test::screenshot(w->window.get(), "results-objectives");
        const QString reviewText =
            results->findChild<QTextBrowser*>(QStringLiteral("answerReview"))->toPlainText();
        QVERIFY(reviewText.contains(QStringLiteral("your answer")));
        QVERIFY(reviewText.contains(QStringLiteral("you were: Sure")));
        QVERIFY(reviewText.contains(QStringLiteral("you were: Unsure")));
        // Each reviewed question carries its pack id, which stays the same in every shuffled form.
        QVERIFY(reviewText.contains(
            QStringLiteral("1. %1 · %2")
                .arg(gui::verdictText(s->items()[0]), QString::fromStdString(s->items()[0].question.id))));
        // As in the printed report: where the question sits, the time spent on it, and the answer against
        // the key in letters.
        const SessionItem& first = s->items()[0];
        const Domain* firstDomain = s->exam().findDomain(first.question.domain);
        QVERIFY(firstDomain);
        QVERIFY2(reviewText.contains(QString::fromStdString(first.question.id) + QStringLiteral(" · ") +
                                     QString::fromStdString(firstDomain->name) + QStringLiteral(" › ")),
                 qPrintable(reviewText.left(300)));
        QVERIFY(reviewText.contains(
            QStringLiteral("%1 on it").arg(QString::fromStdString(minutesSecondsText(first.timeMs)))));
        const AnswerLetters letters = answerLetters(first);
        QVERIFY2(reviewText.contains(QStringLiteral("Your answer: %1 · Key: %2")
                                         .arg(QString::fromStdString(letters.chosen),
                                              QString::fromStdString(letters.correct))),
                 qPrintable(reviewText.left(600)));
        // Export: every question, one CSV line each, behind a header.
        const QString csvPath = w->dir.filePath(QStringLiteral("answers.csv"));
        QVERIFY(results->exportCsv(csvPath));
        QFile csvFile(csvPath);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QString csv = QString::fromUtf8(csvFile.readAll());
        QVERIFY(csv.startsWith(QStringLiteral("position,question_id,domain,")));
        QVERIFY(
            csv.contains(QStringLiteral("\n1,%1,").arg(QString::fromStdString(s->items()[0].question.id))));
        QCOMPARE(csv.count(QStringLiteral(",correct,")), 2);
        QVERIFY(results->findChild<QPushButton*>(QStringLiteral("resultsExportButton"))->isVisible());

        // History lists the finished session and opens its results again.
        w->window->findChild<QAction*>(QStringLiteral("historyAction"))->trigger();
        auto* history = w->window->historyPage()->findChild<QTableWidget*>(QStringLiteral("historyTable"));
        QVERIFY(history->isVisible());
        QCOMPARE(history->rowCount(), 1);
        QCOMPARE(history->item(0, 2)->text(), QStringLiteral("3.1% (2/65, 63 unanswered)"));
        QCOMPARE(history->item(0, 3)->text(), QStringLiteral("FAIL"));
        w->window->findChild<QAction*>(QStringLiteral("startMockAction")); // menu stays intact
        QTest::mouseClick(
            w->window->historyPage()->findChild<QPushButton*>(QStringLiteral("historyOpenButton")),
            Qt::LeftButton);
        QVERIFY(results->isVisible());
        QVERIFY(results->findChild<QLabel*>(QStringLiteral("resultDetailsLabel"))
                    ->text()
                    .contains(QStringLiteral("2 of 65 correct")));
    }

    /// Sits and submits a short session, answering every question right or leaving all blank.
    static void sitSession(World& w, SessionMode mode, bool allRight, std::uint64_t seed)
    {
        const ExamDef exam = w.store->exams().value().front();
        const Form form = assembleForm(exam, w.store->candidates(exam.id).value(), 5, seed);
        auto s = std::move(ExamSession::start(*w.store, exam, form, mode).value());
        for (const auto& it : s->items()) {
            std::vector<int> right;
            for (size_t o = 0; o < it.question.options.size(); ++o) {
                if (it.question.options[o].correct) {
                    right.push_back(static_cast<int>(o));
                }
            }
            if (allRight) {
                QVERIFY(s->choose(it.position, right).ok());
            }
        }
        w.clock.advanceMinutes(10);
        QVERIFY(s->submit().ok());
        w.clock.advanceMinutes(60);
    }

    /// The history chart plots every finished session of the exam against the pass mark and the readiness
    /// score, and says whether the last exam simulations meet the readiness rule.
    void historyTrend()
    {
        auto w = makeWorld();
        QVERIFY(w);
        auto* action = w->window->findChild<QAction*>(QStringLiteral("historyAction"));
        gui::HistoryPage* page = w->window->historyPage();
        auto* chart = page->findChild<QChartView*>(QStringLiteral("historyChart"));
        auto* readiness = page->findChild<QLabel*>(QStringLiteral("historyReadiness"));
        action->trigger();
        QVERIFY(!chart->isVisible()); // nothing to plot yet
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("historySummary"))->text().startsWith("No finished"));

        sitSession(*w, SessionMode::Exam, false, 1);
        sitSession(*w, SessionMode::Practice, true, 2);
        sitSession(*w, SessionMode::Exam, true, 3);
        action->trigger();
        QVERIFY(chart->isVisible());
        QVERIFY(readiness->text().startsWith(QStringLiteral("Not ready")));
        QVERIFY2(readiness->text().contains(QStringLiteral("2 taken so far (100%, 0%), 1 more to take")),
                 qPrintable(readiness->text()));

        sitSession(*w, SessionMode::Exam, true, 4);
        sitSession(*w, SessionMode::Exam, true, 5);
        action->trigger();
        QVERIFY2(readiness->text().startsWith(
                     QStringLiteral("The last 3 exam simulations each scored at least 80%")),
                 qPrintable(readiness->text()));
        QLineSeries* exams = nullptr;
        QScatterSeries* practice = nullptr;
        QList<QLineSeries*> marks;
        for (QAbstractSeries* series : chart->chart()->series()) {
            if (auto* scatter = qobject_cast<QScatterSeries*>(series)) {
                practice = scatter;
            } else if (auto* line = qobject_cast<QLineSeries*>(series)) {
                if (line->name() == QStringLiteral("exam simulation")) {
                    exams = line;
                } else {
                    marks << line;
                }
            }
        }
        QVERIFY(exams && practice);
        // Oldest first on the x axis: exam 0%, practice 100%, then three exams at 100%.
        QCOMPARE(exams->points(), (QList<QPointF>{{1, 0}, {3, 100}, {4, 100}, {5, 100}}));
        QCOMPARE(practice->points(), (QList<QPointF>{{2, 100}}));
        QCOMPARE(marks.size(), 2);
        QCOMPARE(marks[0]->name(), QStringLiteral("pass mark 70%"));
        QCOMPARE(marks[0]->at(0).y(), 70.0);
        QVERIFY(marks[1]->name().startsWith(QStringLiteral("readiness 80%")));
        QCOMPARE(marks[1]->at(1), QPointF(5.5, 80));
        QCOMPARE(page->findChild<QTableWidget*>(QStringLiteral("historyTable"))->rowCount(), 5);
        emit practice->hovered(QPointF(2, 100), true); // hovering a point names its session
        QVERIFY2(QToolTip::text().contains(QStringLiteral("practice: 100.0% (5/5), PASS")),
                 qPrintable(QToolTip::text()));
        certdrill::test::screenshot(w->window.get(), "history");
    }

    void keyboardShortcuts()
    {
        auto w = makeWorld();
        QVERIFY(w);
        w->window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 5));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        const int single = find(*s, false);
        page->showQuestion(single);
        page->setFocus();
        QTest::keyClick(page, Qt::Key_B); // second option
        const auto& item = s->items()[static_cast<size_t>(single)];
        QCOMPARE(item.chosen, std::vector<int>{item.optionOrder[1]});
        QTest::keyClick(page, Qt::Key_1); // first option replaces it
        QCOMPARE(item.chosen, std::vector<int>{item.optionOrder[0]});
        QTest::keyClick(page, Qt::Key_F);
        QVERIFY(item.flagged);
        const int multi = find(*s, true);
        page->showQuestion(multi);
        page->setFocus();
        QTest::keyClick(page, Qt::Key_A);
        QTest::keyClick(page, Qt::Key_C);
        QCOMPARE(static_cast<int>(s->items()[static_cast<size_t>(multi)].chosen.size()), 2);
        page->showQuestion(10);
        page->setFocus();
        QTest::keyClick(page, Qt::Key_Right);
        QCOMPARE(page->currentPosition(), 11);
        QTest::keyClick(page, Qt::Key_N);
        QCOMPARE(page->currentPosition(), 12);
        QTest::keyClick(page, Qt::Key_Left);
        QTest::keyClick(page, Qt::Key_P);
        QCOMPARE(page->currentPosition(), 10);
        QTest::keyClick(page, Qt::Key_G, Qt::ControlModifier);
        QVERIFY(page->findChild<QListWidget*>(QStringLiteral("navigatorList"))->hasFocus());
        QTest::keyClick(page, Qt::Key_Enter, Qt::ControlModifier);
        auto* review = page->findChild<QWidget*>(QStringLiteral("reviewPage"));
        QVERIFY(review->isVisible());
        // Question keys do nothing behind the review screen; Ctrl+G goes back to the navigator.
        QTest::keyClick(page, Qt::Key_Right);
        QCOMPARE(page->currentPosition(), 10);
        QTest::keyClick(page, Qt::Key_G, Qt::ControlModifier);
        QVERIFY(!review->isVisible());
        QVERIFY(!s->finished());
    }

    void timerWarningsAndExpiry()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 7));
        gui::ExamPage* page = w->window->examPage();
        // While it runs, nothing leaves the exam screen or starts a second exam over it.
        auto* history = w->window->findChild<QAction*>(QStringLiteral("historyAction"));
        auto* mock = w->window->findChild<QAction*>(QStringLiteral("startMockAction"));
        QVERIFY(!history->isEnabled());
        QVERIFY(!mock->isEnabled());
        QVERIFY(!w->window->findChild<QAction*>(QStringLiteral("importAction"))->isEnabled());
        history->trigger();
        QVERIFY(page->isVisible());
        QVERIFY(w->window->findChild<QLabel*>(QStringLiteral("statusLabel"))
                    ->text()
                    .startsWith("Exam in progress"));
        auto* clock = page->findChild<QLabel*>(QStringLiteral("clockLabel"));
        auto* toggle = page->findChild<QPushButton*>(QStringLiteral("clockToggle"));
        auto* warning = page->findChild<QLabel*>(QStringLiteral("timeWarning"));
        QVERIFY(!warning->isVisible());
        QTest::mouseClick(toggle, Qt::LeftButton);
        QVERIFY(!clock->isVisible()); // hidden by choice
        w->clock.advanceMinutes(89);
        page->updateClock();
        QVERIFY(!warning->isVisible());
        w->clock.advanceMinutes(1);
        page->updateClock();
        QVERIFY(warning->isVisible());
        QVERIFY(warning->text().contains(QStringLiteral("30 minutes")));
        QVERIFY(!clock->isVisible()); // still hidden at 30 minutes
        certdrill::test::screenshot(w->window.get(), "exam-warning");
        w->clock.advanceMinutes(2);
        page->updateClock();
        QVERIFY(!warning->isVisible()); // a banner goes by itself after a minute, and is not shown again
        w->clock.advanceMinutes(23);
        page->updateClock();
        QVERIFY(warning->isVisible());
        QVERIFY(warning->text().contains(QStringLiteral("5 minutes")));
        QVERIFY(clock->isVisible()); // back by itself at 5 minutes
        QVERIFY(!toggle->isEnabled());
        QCOMPARE(clock->text(), QStringLiteral("0:05:00"));
        w->clock.advanceMinutes(4);
        page->updateClock();
        QVERIFY(!page->session()->finished());
        QCOMPARE(clock->text(), QStringLiteral("0:01:00"));
        // Time runs out while "Submit now?" is open: the box goes, and the exam is submitted once, by time.
        page->openReview();
        bool defaultIsNo = false;
        certdrill::test::onNextModal<QMessageBox>([&](QMessageBox* box) {
            defaultIsNo = box->defaultButton() == box->button(QMessageBox::No); // Enter must not submit
            w->clock.advanceMinutes(1);
            page->updateClock();
        });
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("reviewSubmitButton")),
                          Qt::LeftButton);
        QVERIFY(defaultIsNo);
        QVERIFY(!QApplication::activeModalWidget());
        QVERIFY(page->session()->finished());
        const auto sessions = sessionHistory(*w->store).value();
        QCOMPARE(sessions.size(), std::size_t{1});
        QCOMPARE(sessions.front().finishReason, std::string("timeout"));
        QVERIFY(w->window->resultsPage()->isVisible());
        QCOMPARE(w->window->resultsPage()->findChild<QLabel*>(QStringLiteral("verdictLabel"))->text(),
                 QStringLiteral("FAIL"));
        QVERIFY(history->isEnabled()); // finished: the rest of the app is open again
        QVERIFY(mock->isEnabled());
    }

    /// Exam ▸ Exam settings… sets the next mock's length and extra time; the home screen and the exam's
    /// clock and pace follow, and out-of-range values cannot be entered.
    void examSettingsLengthAndExtraTime()
    {
        auto w = makeWorld();
        QVERIFY(w);
        certdrill::test::onNextModal<QDialog>([&](QDialog* dialog) {
            auto* questions = dialog->findChild<QSpinBox*>(QStringLiteral("examQuestions"));
            auto* extra = dialog->findChild<QSpinBox*>(QStringLiteral("examExtraMinutes"));
            QCOMPARE(questions->value(), 65);
            QCOMPARE(questions->minimum(), 60);
            QCOMPARE(questions->maximum(), 70);
            QCOMPARE(extra->maximum(), 120);
            questions->setValue(60);
            extra->setValue(30);
            certdrill::test::screenshot(dialog, "exam-settings");
            dialog->accept();
        });
        w->window->findChild<QAction*>(QStringLiteral("examSettingsAction"))->trigger();
        w->window->startMock(); // the start screen says what the next mock is
        QVERIFY(w->window->findChild<QLabel*>(QStringLiteral("startSummaryLabel"))
                    ->text()
                    .contains(QStringLiteral("60 questions in 150 minutes (120 + 30 extra time)")));
        w->window->showHome();

        QVERIFY(w->window->startExam(SessionMode::Exam, 11));
        gui::ExamPage* page = w->window->examPage();
        QCOMPARE(page->session()->items().size(), std::size_t{60});
        QCOMPARE(page->findChild<QLabel*>(QStringLiteral("clockLabel"))->text(), QStringLiteral("2:30:00"));
        QVERIFY(!w->window->findChild<QAction*>(QStringLiteral("examSettingsAction"))->isEnabled());
        // 150 minutes for 60 questions: results measure pace against 2.5 minutes a question, not 1.85.
        QCOMPARE(page->session()->score().minutesAllowedPerQuestion, 2.5);
    }

    /// View ▸ Dark theme: a dark palette everywhere, readable colors for pass/fail text, dark text on the
    /// pastel cells, kept for the next start, and off again.
    void darkThemeEverywhere()
    {
        auto w = makeWorld();
        QVERIFY(w);
        auto* dark = w->window->findChild<QAction*>(QStringLiteral("darkThemeAction"));
        QVERIFY(dark && !dark->isChecked());
        QVERIFY(!gui::darkTheme());
        const QColor lightFail = gui::failColor();
        dark->trigger();
        QVERIFY(gui::darkTheme());
        QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 64);
        QVERIFY(gui::failColor().lightness() > lightFail.lightness()); // readable on a dark background
        QCOMPARE(w->store->setting("display.theme").value(), std::optional<std::string>("dark"));
        certdrill::test::screenshot(w->window.get(), "dark-home");

        QVERIFY(w->window->startExam(SessionMode::Exam, 5));
        gui::ExamPage* page = w->window->examPage();
        clickCorrect(page, page->session()->items()[0]);
        auto* nav = page->findChild<QListWidget*>(QStringLiteral("navigatorList"));
        QVERIFY(nav);
        QCOMPARE(nav->item(0)->foreground().color(), gui::cellTextColor()); // dark on the light green
        certdrill::test::screenshot(w->window.get(), "dark-exam");
        page->submitNow();
        QVERIFY(w->window->resultsPage()->isVisible());
        certdrill::test::screenshot(w->window.get(), "dark-results");
        QCOMPARE(w->window->resultsPage()->findChild<QLabel*>(QStringLiteral("verdictLabel"))->styleSheet(),
                 QStringLiteral("color: %1").arg(gui::failColor().name()));

        // The next start opens dark.
        w->window.reset();
        w->window = std::make_unique<gui::MainWindow>(*w->store, w->clock);
        QVERIFY(gui::darkTheme());
        auto* again = w->window->findChild<QAction*>(QStringLiteral("darkThemeAction"));
        QVERIFY(again->isChecked());
        w->window->showTracker();
        certdrill::test::screenshot(w->window.get(), "dark-tracker");
        again->trigger();
        QVERIFY(!gui::darkTheme());
        QCOMPARE(gui::failColor(), lightFail);
        QCOMPARE(w->store->setting("display.theme").value(), std::optional<std::string>("light"));
    }

    void practicePauseAndReveal()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Practice, 9));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        auto* stem = page->findChild<QTextBrowser*>(QStringLiteral("stemView"));
        auto* pause = page->findChild<QPushButton*>(QStringLiteral("pauseButton"));
        QVERIFY(pause->isVisible());
        QVERIFY(stem->isVisible());
        QTest::mouseClick(pause, Qt::LeftButton);
        QVERIFY(s->paused());
        QVERIFY(!stem->isVisible()); // the question is hidden while paused
        QVERIFY(page->findChild<QWidget*>(QStringLiteral("pausedPanel"))->isVisible());
        const auto left = s->remainingMs();
        w->clock.advanceMinutes(10);
        page->updateClock();
        QCOMPARE(s->remainingMs(), left);
        certdrill::test::screenshot(w->window.get(), "practice-paused");
        QTest::mouseClick(pause, Qt::LeftButton);
        QVERIFY(!s->paused());
        QVERIFY(stem->isVisible());

        // Reveal: right or wrong, and every option's why.
        auto* reveal = page->findChild<QPushButton*>(QStringLiteral("revealButton"));
        auto* view = page->findChild<QTextBrowser*>(QStringLiteral("revealView"));
        QVERIFY(!view->isVisible());
        const SessionItem& item = s->items()[0];
        QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option0")), Qt::LeftButton);
        QString asked;
        if (item.incomplete()) {
            certdrill::test::answerNextMessageBox(&asked); // a Select TWO with one tick asks first
        }
        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY(item.revealed);
        QVERIFY(view->isVisible());
        const QString text = view->toPlainText();
        // One tick on a Select TWO is named for what it is, not just wrong.
        QVERIFY2(text.startsWith(item.correct()      ? QStringLiteral("✔ Correct")
                                 : item.incomplete() ? QStringLiteral("✘ Partly answered")
                                                     : QStringLiteral("✘ Wrong")),
                 qPrintable(text.left(40)));
        for (const auto& o : item.question.options) {
            // As shown: a `code` span loses its backticks.
            QVERIFY2(text.contains(QString::fromStdString(o.why).remove(QLatin1Char('`')).left(40)),
                     o.why.c_str());
        }
        certdrill::test::screenshot(w->window.get(), "practice-reveal");
        // The revealed answer is final: the options are disabled and a click or a key changes nothing.
        const auto chosen = item.chosen;
        auto* other = page->findChild<QAbstractButton*>(QStringLiteral("option1"));
        QVERIFY(!other->isEnabled());
        QVERIFY(!reveal->isEnabled());
        QTest::mouseClick(other, Qt::LeftButton);
        QTest::keyClick(page, Qt::Key_B);
        QCOMPARE(item.chosen, chosen);
        // How sure the candidate was is locked with it: Sure after seeing the key would measure the key.
        auto* sure = page->findChild<QPushButton*>(QStringLiteral("confidenceSure"));
        QVERIFY(!sure->isEnabled());
        QTest::mouseClick(sure, Qt::LeftButton);
        QTest::keyClick(page, Qt::Key_S, Qt::AltModifier);
        QVERIFY(!item.confidence.has_value());
        QVERIFY(!sure->isChecked());
        page->next();
        QVERIFY(!view->isVisible()); // not revealed yet
        QVERIFY(reveal->isEnabled());
        QVERIFY(page->findChild<QAbstractButton*>(QStringLiteral("option0"))->isEnabled());
        QVERIFY(sure->isEnabled());
        page->previous();
        QVERIFY(view->isVisible()); // revealed stays revealed
        QVERIFY(!page->findChild<QAbstractButton*>(QStringLiteral("option0"))->isEnabled());
    }

    /// At 200% text the stem and options fill the question's page: Reveal brings the verdict and the whys
    /// into view, instead of leaving them below the fold where nothing says they appeared.
    void practiceRevealShowsAtLargeText()
    {
        auto w = makeWorld();
        QVERIFY(w);
        w->window->resize(1100, 760);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        gui::applyTextPercent(200);
        QVERIFY(w->window->startExam(SessionMode::Practice, 9));
        gui::ExamPage* page = w->window->examPage();
        QApplication::processEvents();
        auto* view = page->findChild<QTextBrowser*>(QStringLiteral("revealView"));
        auto* scroll = page->findChild<QScrollArea*>(QStringLiteral("questionScroll"));
        QVERIFY(view && scroll);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("revealButton")), Qt::LeftButton);
        QApplication::processEvents();
        QVERIFY(page->session()->items()[0].revealed);
        certdrill::test::screenshot(w->window.get(), "practice-reveal-200");
        // The verdict heading, the pane's first two lines, shows.
        const QString hidden =
            certdrill::test::hiddenInScroll(scroll, view, 2 * view->fontMetrics().height());
        gui::applyTextPercent(100);
        QVERIFY2(hidden.isEmpty(), qPrintable(hidden));
    }

    /// Revealing a multi-select with fewer ticks than it asks for makes the answer final as it stands, so
    /// the page asks first; No leaves the question open, Yes reveals it as incomplete. Nothing chosen asks
    /// nothing: that is a deliberate "show me".
    void practiceRevealAsksBeforeAnIncompleteAnswer()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Practice, 9));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        auto* reveal = page->findChild<QPushButton*>(QStringLiteral("revealButton"));
        auto* view = page->findChild<QTextBrowser*>(QStringLiteral("revealView"));
        const int multi = find(*s, true);
        page->showQuestion(multi);
        const SessionItem& item = s->items()[static_cast<size_t>(multi)];
        QVERIFY(item.question.select > 1);
        QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option0")), Qt::LeftButton);
        QVERIFY(item.incomplete());

        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::No);
        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY2(asked.startsWith(QStringLiteral("You chose 1 of the %1 options").arg(item.question.select)),
                 qPrintable(asked));
        QVERIFY(!item.revealed);
        QVERIFY(!view->isVisible());
        QVERIFY(reveal->isEnabled());
        QVERIFY(page->findChild<QAbstractButton*>(QStringLiteral("option1"))->isEnabled()); // still open

        asked.clear();
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::Yes);
        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY(!asked.isEmpty());
        QVERIFY(item.revealed);
        QVERIFY2(view->toPlainText().startsWith(QStringLiteral("✘ Partly answered")),
                 qPrintable(view->toPlainText().left(40)));

        // Nothing chosen: revealed at once, with no dialog (none is answered here, so one would block).
        const int single = find(*s, false);
        page->showQuestion(single);
        QVERIFY(!s->items()[static_cast<size_t>(single)].answered());
        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY(s->items()[static_cast<size_t>(single)].revealed);
        QVERIFY2(view->toPlainText().startsWith(QStringLiteral("✘ Unanswered")),
                 qPrintable(view->toPlainText().left(40)));
    }
};

QTEST_MAIN(ExamFlowTest)
#include "ExamFlowTest.moc"
