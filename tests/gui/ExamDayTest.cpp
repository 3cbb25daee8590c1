// Exam day as a candidate meets it, driven through the real widgets: the start screen before the clock,
// abandoning an exam, the review screen's per-row flags and review passes, honest time in the results and
// the history, resuming where the candidate was, the keyboard from the first second, Ctrl+Q's warning, the
// flag and confidence buttons' state, and refusals next to the options.
#include <map>
#include <numeric>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "certdrill/exam/SessionHistory.h"
#include "certdrill/learn/Tracker.h"

#include "Display.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "HistoryPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "ResultsPage.h"

using namespace certdrill;

class ExamDayTest : public QObject
{
    Q_OBJECT

private:
    using World = certdrill::test::BankWorld;

    static std::unique_ptr<World> makeWorld() { return certdrill::test::makeBankWorld(); }

    template <typename T> static T* child(QObject* parent, const char* name)
    {
        auto* found = parent->findChild<T*>(QLatin1String(name));
        if (!found) {
            qWarning("no child %s", name);
        }
        return found;
    }

    /// The Alt+letter keys that `page`'s visible buttons and the window's menus share ("L: Learn, Review
    /// flagged"), empty when each letter has one owner: a shared one opens the menu, not the button.
    static QString sharedMnemonics(QWidget* window, QWidget* page)
    {
        QMap<QString, QStringList> owners;
        for (QAction* menu : window->findChild<QMenuBar*>()->actions()) {
            owners[QKeySequence::mnemonic(menu->text()).toString()] << menu->text();
        }
        for (QAbstractButton* button : page->findChildren<QAbstractButton*>()) {
            if (button->isVisible()) {
                owners[QKeySequence::mnemonic(button->text()).toString()] << button->text();
            }
        }
        QString shared;
        for (auto it = owners.cbegin(); it != owners.cend(); ++it) {
            if (!it.key().isEmpty() && it.value().size() > 1) {
                shared += it.key() + QStringLiteral(": ") + it.value().join(QStringLiteral(", ")) + u'\n';
            }
        }
        return shared;
    }

    /// Clicks the display buttons of the item's correct options.
    static void clickCorrect(gui::ExamPage* page, const SessionItem& item)
    {
        for (size_t d = 0; d < item.optionOrder.size(); ++d) {
            if (item.question.options[static_cast<size_t>(item.optionOrder[d])].correct) {
                QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d)),
                                  Qt::LeftButton);
            }
        }
    }

    /// Clicks one wrong option of the item.
    static void clickWrong(gui::ExamPage* page, const SessionItem& item)
    {
        for (size_t d = 0; d < item.optionOrder.size(); ++d) {
            if (!item.question.options[static_cast<size_t>(item.optionOrder[d])].correct) {
                QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d)),
                                  Qt::LeftButton);
                return;
            }
        }
    }

    /// The mean lightness (0-255) of what `w` shows.
    static double meanLightness(QWidget* w)
    {
        const QImage image = w->grab().toImage();
        double sum = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                sum += image.pixelColor(x, y).lightness();
            }
        }
        return sum / std::max(1, image.width() * image.height());
    }

    /// The row of the review table that lists `position`.
    static int reviewRow(QTableWidget* table, int position)
    {
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->data(Qt::UserRole).toInt() == position) {
                return r;
            }
        }
        return -1;
    }

private slots:
    void init()
    {
        gui::applyTheme(false); // a test that switched to dark must not leave it on for the next
    }

    /// Ctrl+M and the home screen's buttons open a start screen; nothing is stored and no clock runs until
    /// Begin; Cancel goes home; the exam page has the keyboard the moment it starts.
    void startScreenBeforeTheClock()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QTest::keyClick(w->window.get(), Qt::Key_M, Qt::ControlModifier);
        auto* start = child<QWidget>(w->window.get(), "examStartPage");
        QVERIFY(start);
        QVERIFY(start->isVisible());
        QVERIFY(!w->window->examPage()->isVisible());
        QVERIFY(!ExamSession::unfinished(*w->store).value().has_value()); // nothing stored yet
        const QString summary = child<QLabel>(start, "startSummaryLabel")->text();
        QVERIFY2(summary.contains(QStringLiteral("65 questions")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("120 minutes")), qPrintable(summary));
        const QString rules = child<QLabel>(start, "startRulesLabel")->text();
        QVERIFY2(rules.contains(QStringLiteral("cannot be paused")), qPrintable(rules));
        QVERIFY2(rules.contains(QStringLiteral("keeps running while certdrill is closed")),
                 qPrintable(rules));
        QVERIFY2(rules.contains(QStringLiteral("Abandon exam")), qPrintable(rules));
        const QString keys = child<QLabel>(start, "startShortcutsLabel")->text();
        for (const char* key : {"1–9", "A–J", "Ctrl+G", "Ctrl+Enter"}) {
            QVERIFY2(keys.contains(QString::fromUtf8(key)), key);
        }
        certdrill::test::screenshot(w->window.get(), "exam-start");

        // Cancel: back home, and still nothing stored.
        QTest::mouseClick(child<QPushButton>(start, "startCancelButton"), Qt::LeftButton);
        QVERIFY(w->window->homePage()->isVisible());
        QVERIFY(!ExamSession::unfinished(*w->store).value().has_value());
        QVERIFY(sessionHistory(*w->store).value().empty());

        // The home screen's practice button: the practice rules, and the candidate's extra time.
        const ExamDef exam = w->store->exam("ncp-genl").value();
        QVERIFY(saveMockSettings(*w->store, exam, {60, 30}).ok());
        QTest::mouseClick(child<QPushButton>(w->window.get(), "homePracticeButton"), Qt::LeftButton);
        QVERIFY(start->isVisible());
        const QString practice = child<QLabel>(start, "startSummaryLabel")->text();
        QVERIFY2(practice.contains(QStringLiteral("60 questions")), qPrintable(practice));
        QVERIFY2(practice.contains(QStringLiteral("150 minutes (120 + 30 extra time)")),
                 qPrintable(practice));
        const QString practiceRules = child<QLabel>(start, "startRulesLabel")->text();
        QVERIFY2(practiceRules.contains(QStringLiteral("Pause")), qPrintable(practiceRules));
        QVERIFY2(practiceRules.contains(QStringLiteral("Reveal answer")), qPrintable(practiceRules));
        certdrill::test::screenshot(w->window.get(), "exam-start-practice");

        // The home screen's mock button, then Begin: the clock starts now, with the extra time.
        QTest::mouseClick(child<QPushButton>(start, "startCancelButton"), Qt::LeftButton);
        QTest::mouseClick(child<QPushButton>(w->window.get(), "homeMockButton"), Qt::LeftButton);
        QVERIFY(start->isVisible());
        w->clock.advanceMinutes(5); // reading the rules takes no exam time
        QTest::mouseClick(child<QPushButton>(start, "startBeginButton"), Qt::LeftButton);
        gui::ExamPage* page = w->window->examPage();
        QVERIFY(page->isVisible());
        QVERIFY(page->session());
        QCOMPARE(page->session()->mode(), SessionMode::Exam);
        QCOMPARE(page->session()->items().size(), std::size_t{60});
        QCOMPARE(child<QLabel>(page, "clockLabel")->text(), QStringLiteral("2:30:00"));
        // The keyboard works at once: the first option of the first question, without a click.
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus && (focus == page || page->isAncestorOf(focus)));
        QTest::keyClick(focus, Qt::Key_1);
        QVERIFY(page->session()->items()[0].answered());
    }

    /// Exam ▸ Abandon exam asks first; it ends the exam as abandoned: in history as such, its answers
    /// evidence for the tracker, never one of the exam simulations readiness reads.
    void abandonIsConfirmedKeptAndNeverCountedForReadiness()
    {
        auto w = makeWorld();
        QVERIFY(w);
        auto* abandon = child<QAction>(w->window.get(), "abandonExamAction");
        QVERIFY(abandon);
        QVERIFY(!abandon->isEnabled()); // no exam running
        QVERIFY(w->window->startExam(SessionMode::Exam, 21));
        QVERIFY(abandon->isEnabled());
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        for (const auto& it : s->items()) { // every answer right: a pass, were it submitted
            QVERIFY(s->choose(it.position, it.question.correctOptions()).ok());
        }
        w->clock.advanceMinutes(3);

        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::No);
        abandon->trigger();
        QVERIFY2(asked.contains(QStringLiteral("Abandon this exam?")), qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("not count")), qPrintable(asked));
        QVERIFY(!s->finished()); // No: the exam goes on
        QVERIFY(page->isVisible());

        certdrill::test::answerNextMessageBox(&asked, QMessageBox::Yes);
        abandon->trigger();
        QVERIFY(w->window->resultsPage()->isVisible());
        QCOMPARE(child<QLabel>(w->window->resultsPage(), "verdictLabel")->text(),
                 QStringLiteral("ABANDONED"));
        QVERIFY(!abandon->isEnabled());

        w->window->showHistory();
        auto* table = child<QTableWidget>(w->window->historyPage(), "historyTable");
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("ABANDONED"));
        QCOMPARE(table->item(0, 4)->text(), QStringLiteral("abandoned"));
        const QString readiness = child<QLabel>(w->window->historyPage(), "historyReadiness")->text();
        QVERIFY2(readiness.contains(QStringLiteral("none taken yet")), qPrintable(readiness));
        QVERIFY(!child<QWidget>(w->window->historyPage(), "historyChart")->isVisible()); // no score to plot
        certdrill::test::screenshot(w->window.get(), "history-abandoned");

        auto tracker = buildTracker(*w->store, "ncp-genl");
        QVERIFY(tracker.ok());
        QCOMPARE(tracker->answers, 65);             // its answers are evidence
        QVERIFY(tracker->recentExamScores.empty()); // but it is no exam simulation
    }

    /// An abandoned exam's "Why you missed them" lists the questions the candidate saw, not the ones never
    /// reached: it asked why 59 untouched questions were missed.
    void abandonedExamAsksOnlyAboutTheQuestionsSeen()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 21));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        const SessionItem& first = s->items()[0];
        std::vector<int> wrong;
        for (int o = 0; o < static_cast<int>(first.question.options.size()) &&
                        static_cast<int>(wrong.size()) < first.question.select;
             ++o) {
            if (!first.question.options[static_cast<std::size_t>(o)].correct) {
                wrong.push_back(o);
            }
        }
        QVERIFY(s->choose(0, wrong).ok());
        page->showQuestion(1); // seen, left unanswered
        page->showQuestion(2);
        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::Yes);
        child<QAction>(w->window.get(), "abandonExamAction")->trigger();
        QVERIFY(w->window->resultsPage()->isVisible());
        int seenMisses = 0;
        for (const auto& it : s->items()) {
            seenMisses += it.seen() && !it.correct();
        }
        QCOMPARE(seenMisses, 3);
        auto* misses = child<QTableWidget>(w->window->resultsPage(), "missReasonTable");
        QCOMPARE(misses->rowCount(), seenMisses);
        QVERIFY(misses->item(0, 0)->text().startsWith(QStringLiteral("1. ")));
        QVERIFY(misses->item(2, 0)->text().startsWith(QStringLiteral("3. ")));
        const QString breakdown = child<QLabel>(w->window->resultsPage(), "missBreakdownLabel")->text();
        QVERIFY2(breakdown.contains(QStringLiteral("of 3 misses")), qPrintable(breakdown));
    }

    /// Another session's results open at their top, with the verdict in view; the same session shown again
    /// (after a question is excluded) keeps its place.
    void anotherSessionsResultsOpenAtTheTop()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        std::vector<qint64> ids;
        for (int n = 0; n < 2; ++n) {
            QVERIFY(w->window->startExam(SessionMode::Exam, 42 + n));
            ids.push_back(w->window->examPage()->session()->id());
            w->window->examPage()->submitNow();
        }
        auto* results = w->window->resultsPage();
        auto* scroll = child<QScrollArea>(results, "resultsScroll")->verticalScrollBar();
        w->window->showResults(ids[0]);
        QTRY_VERIFY(scroll->maximum() > 0);
        scroll->setValue(scroll->maximum());
        w->window->showResults(ids[0]);
        QCOMPARE(scroll->value(), scroll->maximum());
        w->window->showResults(ids[1]);
        QCOMPARE(scroll->value(), 0);
    }

    /// On the review screen the top bar names no question and has no Flag button; each row has its own
    /// flag; Review flagged / incomplete / all step through only those questions.
    void reviewScreenFlagsPerRowAndStepsThroughSets()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        clickCorrect(page, s->items()[0]); // 0 complete
        page->showQuestion(13);
        page->toggleFlag(); // 13 flagged, unanswered
        page->showQuestion(20);
        clickCorrect(page, s->items()[20]);
        page->toggleFlag(); // 20 flagged, complete
        auto* flag = child<QPushButton>(page, "flagButton");
        auto* progress = child<QLabel>(page, "progressLabel");

        page->openReview();
        auto* review = child<QWidget>(page, "reviewPage");
        QVERIFY(review->isVisible());
        QVERIFY2(!progress->text().contains(QStringLiteral("Question")), qPrintable(progress->text()));
        QVERIFY(!flag->isVisible()); // no live flag for a question that is not showing
        auto* table = child<QTableWidget>(review, "reviewTable");
        auto* summary = child<QLabel>(review, "reviewSummary");
        QVERIFY2(summary->text().contains(QStringLiteral("2 flagged")), qPrintable(summary->text()));
        const int row13 = reviewRow(table, 13);
        QVERIFY(row13 >= 0);
        auto* rowFlag = child<QPushButton>(review, "reviewFlag13");
        QVERIFY(rowFlag && rowFlag->isChecked());
        QTest::mouseClick(rowFlag, Qt::LeftButton);
        QVERIFY(!s->items()[13].flagged); // the row's own question, not a hidden one
        QVERIFY(s->items()[20].flagged);
        QVERIFY2(summary->text().contains(QStringLiteral("1 flagged")), qPrintable(summary->text()));
        QCOMPARE(reviewRow(table, 13), row13); // the row stays under the pointer
        QTest::mouseClick(rowFlag, Qt::LeftButton);
        QVERIFY(s->items()[13].flagged);
        // F flags the selected row too.
        const int row5 = reviewRow(table, 5);
        table->setCurrentCell(row5, 0);
        table->setFocus();
        QTest::keyClick(table, Qt::Key_F);
        QVERIFY(s->items()[5].flagged);
        QVERIFY(child<QPushButton>(review, "reviewFlag5")->isChecked());
        QTest::keyClick(table, Qt::Key_F);
        QVERIFY(!s->items()[5].flagged);
        certdrill::test::screenshot(w->window.get(), "review");
        // Every Alt key of the screen has one owner (Alt+L opened the Learn menu, not Review flagged).
        const QString shared = sharedMnemonics(w->window.get(), review);
        QVERIFY2(shared.isEmpty(), qPrintable(shared));
        // Tab leaves the list at once: it used to walk its cells, three a row, 195 presses for 65 questions.
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Tab);
        QWidget* next = QApplication::focusWidget();
        QVERIFY(next && next != table && !table->isAncestorOf(next));

        // Review flagged: 13, then 20, then back to the review screen.
        QTest::mouseClick(child<QPushButton>(review, "reviewFlaggedButton"), Qt::LeftButton);
        QVERIFY(!review->isVisible());
        QCOMPARE(page->currentPosition(), 13);
        QVERIFY(flag->isVisible());
        QVERIFY2(progress->text().contains(QStringLiteral("reviewing flagged: 1 of 2")),
                 qPrintable(progress->text()));
        QVERIFY(!child<QPushButton>(page, "previousButton")->isEnabled());
        certdrill::test::screenshot(w->window.get(), "review-flagged-pass");
        page->next();
        QCOMPARE(page->currentPosition(), 20);
        page->next();
        QVERIFY(review->isVisible());

        // Review incomplete: every question but the complete 0 and 20, in order.
        QTest::mouseClick(child<QPushButton>(review, "reviewIncompleteButton"), Qt::LeftButton);
        QCOMPARE(page->currentPosition(), 1);
        QList<int> visited{1};
        while (!review->isVisible() && visited.size() < 100) {
            page->next();
            if (!review->isVisible()) {
                visited << page->currentPosition();
            }
        }
        QCOMPARE(visited.size(), 63);
        QVERIFY(!visited.contains(0));
        QVERIFY(!visited.contains(20));
        // Review all, and Previous inside the pass.
        QTest::mouseClick(child<QPushButton>(review, "reviewAllButton"), Qt::LeftButton);
        QCOMPARE(page->currentPosition(), 0);
        page->next();
        page->previous();
        QCOMPARE(page->currentPosition(), 0);
        QVERIFY(!s->finished());
    }

    /// Results and history show the clock's time in minutes and seconds, the pace per answered question, the
    /// review screen's time and the unanswered count; per domain the pace is over the questions seen, and a
    /// domain not reached is never the weakest.
    void resultsAndHistoryShowHonestTime()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        clickCorrect(page, s->items()[0]);
        w->clock.advanceSeconds(120);
        page->showQuestion(1);
        clickWrong(page, s->items()[1]);
        w->clock.advanceSeconds(120);
        page->openReview();
        w->clock.advanceSeconds(14);
        page->submitNow();

        auto* results = w->window->resultsPage();
        QVERIFY(results->isVisible());
        const QString details = child<QLabel>(results, "resultDetailsLabel")->text();
        QVERIFY2(details.contains(QStringLiteral("Time used 4 min 14 s of 120 min")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("2:07 per answered question")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("14 s of it on the review screen")), qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("63 unanswered")), qPrintable(details));
        // Per domain, over the questions seen: a domain with none seen was not reached.
        auto* domains = child<QTableWidget>(results, "resultDomainsTable");
        const SessionScore score = s->score();
        int notReached = 0;
        for (int r = 0; r < domains->rowCount(); ++r) {
            const Tally& t = score.domains[static_cast<size_t>(r)];
            const QString pace = domains->item(r, 4)->text();
            QCOMPARE(pace, certdrill::test::expectedPace(t));
            notReached += t.seen == 0;
        }
        QVERIFY(notReached >= 8);
        certdrill::test::screenshot(w->window.get(), "results");

        w->window->showHistory();
        auto* table = child<QTableWidget>(w->window->historyPage(), "historyTable");
        QCOMPARE(table->rowCount(), 1);
        QVERIFY2(table->item(0, 2)->text().contains(QStringLiteral("63 unanswered")),
                 qPrintable(table->item(0, 2)->text()));
        QCOMPARE(table->item(0, 5)->text(), QStringLiteral("4 min 14 s"));
        // The weakest domain is the wrong answer's, never one of the domains nobody reached.
        const Domain* wrong = s->exam().findDomain(s->items()[1].question.domain);
        QVERIFY(wrong);
        const QString weakest = table->item(0, 6)->text();
        QVERIFY2(weakest.startsWith(QString::fromStdString(wrong->name)), qPrintable(weakest));
        // As many not reached as the results said.
        QVERIFY2(weakest.contains(QStringLiteral("; %1 not reached").arg(notReached)), qPrintable(weakest));
        certdrill::test::screenshot(w->window.get(), "history-time");
    }

    /// When the clock runs out while the app is open, the results say so first: the exam did not just close.
    /// An exam submitted by the candidate says nothing of the kind.
    void timeRunningOutIsNamedOnTheResults()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        clickCorrect(page, page->session()->items()[0]);
        w->clock.advanceMinutes(119);
        page->updateClock();
        QVERIFY(!page->session()->finished());
        w->clock.advanceMinutes(1);
        page->updateClock(); // the clock's own tick at zero
        auto* results = w->window->resultsPage();
        QVERIFY(results->isVisible());
        auto* notice = child<QLabel>(results, "timeUpNotice");
        QVERIFY(notice->isVisible());
        QVERIFY2(notice->text().startsWith(QStringLiteral("Time ran out")) &&
                     notice->text().contains(QStringLiteral("your answers were submitted")),
                 qPrintable(notice->text()));
        // It is the first thing on the page, above the verdict.
        QVERIFY(notice->mapTo(results, QPoint(0, 0)).y() <
                child<QLabel>(results, "verdictLabel")->mapTo(results, QPoint(0, 0)).y());
        certdrill::test::screenshot(w->window.get(), "results-time-up");

        QVERIFY(w->window->startExam(SessionMode::Exam, 43));
        w->window->examPage()->submitNow();
        QVERIFY(results->isVisible());
        QVERIFY(!notice->isVisible());
    }

    /// History's weakest domain scores an incomplete multi-select (fewer options ticked than asked for) as
    /// the results do: answered, and wrong. Left out, a domain with one right answer and an incomplete one
    /// read "every answer right" in History and 50% on the results page.
    void weakestDomainCountsAnIncompleteAnswerAsTheResultsDo()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        // A domain with a multi-select and another question (x), and another domain with three questions (y).
        std::map<std::string, std::vector<int>> byDomain;
        for (const SessionItem& it : s->items()) {
            byDomain[it.question.domain].push_back(it.position);
        }
        int multi = -1;
        for (const SessionItem& it : s->items()) {
            if (multi < 0 && it.question.isMultiSelect() && byDomain[it.question.domain].size() >= 2) {
                multi = it.position;
            }
        }
        QVERIFY(multi >= 0);
        const std::string x = s->items()[static_cast<size_t>(multi)].question.domain;
        std::string y;
        for (const auto& [domain, positions] : byDomain) {
            y = y.empty() && domain != x && positions.size() >= 3 ? domain : y;
        }
        QVERIFY(!y.empty());
        const auto show = [&](int position) -> const SessionItem& {
            page->showQuestion(position);
            return s->items()[static_cast<size_t>(position)];
        };
        // x: the multi-select with one of its correct options ticked, one question right.
        const SessionItem& partial = show(multi);
        for (size_t d = 0; d < partial.optionOrder.size(); ++d) {
            if (partial.question.options[static_cast<size_t>(partial.optionOrder[d])].correct) {
                QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d)),
                                  Qt::LeftButton);
                break;
            }
        }
        QVERIFY(s->items()[static_cast<size_t>(multi)].incomplete());
        const int other = byDomain[x][0] == multi ? byDomain[x][1] : byDomain[x][0];
        clickCorrect(page, show(other));
        // y: two right and one wrong, 67%.
        clickCorrect(page, show(byDomain[y][0]));
        clickCorrect(page, show(byDomain[y][1]));
        clickWrong(page, show(byDomain[y][2]));
        page->submitNow();
        const SessionScore score = s->score();
        const auto tally = [&](const std::string& id) {
            return *std::find_if(score.domains.begin(), score.domains.end(),
                                 [&](const Tally& t) { return t.id == id; });
        };
        // The results: x has 1 right of 2 answered, below y's 2 of 3.
        QCOMPARE(tally(x).correct, 1);
        QCOMPARE(tally(x).attempted(), 2);
        QCOMPARE(tally(x).incomplete, 1);

        w->window->showHistory();
        auto* table = child<QTableWidget>(w->window->historyPage(), "historyTable");
        QCOMPARE(table->rowCount(), 1);
        const QString weakest = table->item(0, 6)->text();
        const QString name = QString::fromStdString(s->exam().findDomain(x)->name);
        QVERIFY2(weakest.startsWith(name + QStringLiteral(" (1 of 2 answered right)")), qPrintable(weakest));
        // The score names the answer for what it is: partly answered. "Incomplete" is the navigator's word
        // for any question not answered in full, nothing chosen included.
        const QString listed = table->item(0, 2)->text();
        QVERIFY2(listed.contains(QStringLiteral(", 1 partly answered)")) &&
                     !listed.contains(QStringLiteral("incomplete")),
                 qPrintable(listed));
    }

    /// A session's time used reads the same on the results, in History, in Compare… and in the PDF report,
    /// in minutes and seconds with their units: "1:47 of 120 minutes" read as an hour and 47 minutes, and
    /// screens that each formatted it could differ by a second. 107 min 35.4 s is the limit less the 0:12:24
    /// the countdown last showed: 107 min 36 s everywhere.
    void timeUsedReadsTheSameOnEveryScreen()
    {
        auto w = makeWorld();
        QVERIFY(w);
        for (const std::int64_t used : {std::int64_t{107 * 60'000 + 35'400}, std::int64_t{107'000}}) {
            QVERIFY(w->window->startExam(SessionMode::Exam, 42));
            gui::ExamPage* page = w->window->examPage();
            ExamSession* s = page->session();
            clickCorrect(page, s->items()[0]);
            w->clock.advanceMs(used);
            page->submitNow();
            w->clock.advanceMinutes(60);
        }
        auto* results = w->window->resultsPage();
        QVERIFY(results->isVisible());
        const QString details = child<QLabel>(results, "resultDetailsLabel")->text();
        QVERIFY2(details.contains(QStringLiteral("Time used 1 min 47 s of 120 min")), qPrintable(details));

        w->window->showHistory();
        auto* table = child<QTableWidget>(w->window->historyPage(), "historyTable");
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 5)->text(), QStringLiteral("1 min 47 s"));
        QCOMPARE(table->item(1, 5)->text(), QStringLiteral("107 min 36 s"));

        // The older session's results, opened from History, and its PDF report.
        w->window->historyPage()->openSession(table->item(1, 0)->data(Qt::UserRole).toLongLong());
        QVERIFY(results->isVisible());
        const QString older = child<QLabel>(results, "resultDetailsLabel")->text();
        QVERIFY2(older.contains(QStringLiteral("Time used 107 min 36 s of 120 min")), qPrintable(older));
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        QVERIFY(results->savePdf(pdf).ok());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30'000));
        const QString printed = QString::fromUtf8(text.readAllStandardOutput()).simplified();
        QVERIFY2(printed.contains(QStringLiteral("107 min 36 s of 120 min used")), qPrintable(printed));

        // Compare… names each session's time used the same way.
        w->window->showHistory();
        const auto rowCentre = [table](int row) {
            return table->visualItemRect(table->item(row, 1)).center();
        };
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, rowCentre(0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::ControlModifier, rowCentre(1));
        bool checked = false;
        certdrill::test::onNextModal<QDialog>([&](QDialog* dialog) {
            auto finish = qScopeGuard([dialog] { dialog->reject(); });
            const QString sessions = child<QLabel>(dialog, "retakeSessionsLabel")->text();
            QVERIFY2(sessions.contains(QStringLiteral("time used 107 min 36 s")) &&
                         sessions.contains(QStringLiteral("time used 1 min 47 s")),
                     qPrintable(sessions));
            checked = true;
        });
        QTest::mouseClick(child<QPushButton>(w->window->historyPage(), "historyCompareButton"),
                          Qt::LeftButton);
        QVERIFY(checked);
    }

    /// Table rows are as tall on every visit: the review screen's were about 29 px on the first visit and 23
    /// on later ones; the results' "Why you missed them" rows 43 px (two lines' height for one line) the
    /// first time, and the objectives' rows all 30 px (the default) when the results showed again.
    void tableRowsKeepTheirHeightBetweenVisits()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 7));
        gui::ExamPage* page = w->window->examPage();
        auto* table = child<QTableWidget>(page, "reviewTable");
        QVERIFY(table);
        const auto heights = [&] {
            QApplication::processEvents();
            QList<int> rows;
            for (int r = 0; r < table->rowCount(); ++r) {
                rows << table->rowHeight(r);
                const QWidget* flag = table->cellWidget(r, 2);
                if (!flag || flag->height() < flag->sizeHint().height() ||
                    table->rowHeight(r) < flag->sizeHint().height()) {
                    qWarning("row %d: %d px, its Flag button %d px of %d", r, table->rowHeight(r),
                             flag ? flag->height() : -1, flag ? flag->sizeHint().height() : -1);
                    return QList<int>();
                }
            }
            return rows;
        };
        page->openReview();
        const QList<int> first = heights();
        QCOMPARE(first.size(), 65);
        for (int visit = 2; visit <= 3; ++visit) {
            page->closeReview();
            page->showQuestion(visit);
            QVERIFY(!table->isVisible());
            page->toggleFlag();
            page->openReview();
            QCOMPARE(heights(), first);
        }
        certdrill::test::screenshot(w->window.get(), "review-rows");

        // The results' tables likewise, on their first showing and after another screen.
        const qint64 id = page->session()->id();
        page->submitNow();
        auto* results = w->window->resultsPage();
        const auto rowHeights = [&](const char* name) {
            QApplication::processEvents();
            QList<int> rows;
            auto* t = child<QTableWidget>(results, name);
            for (int r = 0; t && r < t->rowCount(); ++r) {
                rows << t->rowHeight(r);
            }
            return rows;
        };
        QTest::mouseClick(child<QPushButton>(results, "topicToggle"), Qt::LeftButton);
        const QList<int> misses = rowHeights("missReasonTable");
        const QList<int> topics = rowHeights("topicTable");
        QVERIFY(!misses.isEmpty() && !topics.isEmpty());
        w->window->showHistory();
        w->window->showResults(id);
        QCOMPARE(rowHeights("missReasonTable"), misses);
        QCOMPARE(rowHeights("topicTable"), topics);

        // A narrower window wraps the objectives onto more lines: their rows grow, with the table, and shrink
        // back when the window is wide again.
        auto* topicTable = child<QTableWidget>(results, "topicTable");
        const auto rowsFit = [&] {
            int sum = 0;
            for (int r = 0; r < topicTable->rowCount(); ++r) {
                sum += topicTable->rowHeight(r);
            }
            return topicTable->viewport()->height() >= sum;
        };
        const QSize wide = w->window->size();
        w->window->resize(std::max(w->window->minimumSizeHint().width(), wide.width() / 2), wide.height());
        QTRY_VERIFY(rowHeights("topicTable") != topics);
        const QList<int> narrow = rowHeights("topicTable");
        QVERIFY(std::accumulate(narrow.begin(), narrow.end(), 0) >
                std::accumulate(topics.begin(), topics.end(), 0));
        QVERIFY(rowsFit());
        w->window->resize(wide);
        QTRY_COMPARE(rowHeights("topicTable"), topics);
        QVERIFY(rowsFit());
    }

    /// Resume reopens at the question last viewed; the question says how far the candidate was and what No
    /// does; the exam page has the keyboard as soon as the dialog closes.
    void resumeReopensWhereTheCandidateWas()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        clickCorrect(page, page->session()->items()[0]);
        page->showQuestion(3);
        page->toggleFlag();
        page->showQuestion(7);
        w->clock.advanceMinutes(10);
        w->openWindow(); // the app closed (or crashed) and starts again
        QVERIFY(certdrill::test::showActive(w->window.get()));
        w->clock.advanceMinutes(5); // the strict clock ran while it was closed

        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::Yes);
        w->window->offerResume();
        QVERIFY2(asked.contains(QStringLiteral("1 of 65 answered, 1 flagged, 1:45:00 left")),
                 qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("question 8")), qPrintable(asked));
        QVERIFY2(asked.contains(QStringLiteral("No leaves it unfinished")), qPrintable(asked));
        page = w->window->examPage();
        QVERIFY(page->isVisible());
        QCOMPARE(page->currentPosition(), 7);
        QCOMPARE(child<QLabel>(page, "progressLabel")->text(), QStringLiteral("Question 8 of 65"));
        // Keys work without a click after the dialog: the window is active again and the page has the focus
        // (without a window manager, as on Xvfb, nothing reactivates the window once the dialog closes).
        QTRY_VERIFY(QApplication::activeWindow() == w->window.get());
        QTRY_VERIFY(QApplication::focusWidget() &&
                    (QApplication::focusWidget() == page || page->isAncestorOf(QApplication::focusWidget())));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_A);
        QVERIFY(page->session()->items()[7].answered());
    }

    /// Ctrl+Q during a strict exam says that its clock keeps running, and No stays.
    void quitDuringAStrictExamWarnsThatTheClockRuns()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 8));
        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::No);
        QTest::keyClick(w->window.get(), Qt::Key_Q, Qt::ControlModifier);
        QVERIFY2(asked.contains(QStringLiteral("clock keeps running")), qPrintable(asked));
        // The time left reads as the clock on screen does (h:mm:ss), not as a count of minutes.
        const QString clock = child<QLabel>(w->window->examPage(), "clockLabel")->text();
        QVERIFY2(clock.count(QLatin1Char(':')) == 2, qPrintable(clock));
        QVERIFY2(asked.contains(clock + QStringLiteral(" left now")), qPrintable(asked + " / " + clock));
        QVERIFY(w->window->isVisible());
        QVERIFY(w->window->examPage()->isVisible());
        QVERIFY(!w->window->examPage()->session()->finished());
    }

    /// The app closes (or crashes) and starts again, and the candidate answers Yes to the resume question:
    /// the exam page it resumes on.
    static gui::ExamPage* restartAndResume(World& w)
    {
        w.openWindow();
        if (!certdrill::test::showActive(w.window.get())) {
            return nullptr;
        }
        QString asked;
        certdrill::test::answerNextMessageBox(&asked, QMessageBox::Yes);
        w.window->offerResume();
        return w.window->examPage()->isVisible() ? w.window->examPage() : nullptr;
    }

    /// Resumed with less than 30 minutes left, the banner says what is left, not "30 minutes"; resumed with
    /// less than 5 minutes left, the same (the clock ran while the app was closed).
    void resumedLateTheBannerSaysWhatIsLeft()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        QCOMPARE(w->window->examPage()->session()->exam().durationMinutes, 120);
        w->clock.advanceSeconds(107 * 60 + 40); // 12:20 left
        gui::ExamPage* page = restartAndResume(*w);
        QVERIFY(page);
        auto* warning = child<QLabel>(page, "timeWarning");
        QVERIFY(warning->isVisible());
        QVERIFY2(warning->text().startsWith(QStringLiteral("12 minutes remaining")),
                 qPrintable(warning->text()));
        certdrill::test::screenshot(w->window.get(), "exam-resumed-late");
        w->clock.advanceSeconds(9 * 60 + 10); // 3:10 left, the app closed again over the 5-minute mark
        page = restartAndResume(*w);
        QVERIFY(page);
        warning = child<QLabel>(page, "timeWarning");
        QVERIFY(warning->isVisible());
        QVERIFY2(warning->text().startsWith(QStringLiteral("3 minutes remaining. Unanswered questions")),
                 qPrintable(warning->text()));
    }

    /// Hide clock is the candidate's choice for that exam: it stays after a restart, and a new exam starts
    /// with the clock showing.
    void hiddenClockStaysHiddenAfterAResume()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        QTest::mouseClick(child<QPushButton>(w->window->examPage(), "clockToggle"), Qt::LeftButton);
        QVERIFY(!child<QLabel>(w->window->examPage(), "clockLabel")->isVisible());
        w->clock.advanceMinutes(10);
        gui::ExamPage* page = restartAndResume(*w);
        QVERIFY(page);
        QVERIFY(child<QPushButton>(page, "clockToggle")->isChecked());
        QVERIFY(!child<QLabel>(page, "clockLabel")->isVisible());
        // Shown again by choice, it stays shown at the next resume.
        QTest::mouseClick(child<QPushButton>(page, "clockToggle"), Qt::LeftButton);
        page = restartAndResume(*w);
        QVERIFY(page);
        QVERIFY(!child<QPushButton>(page, "clockToggle")->isChecked());
        QVERIFY(child<QLabel>(page, "clockLabel")->isVisible());
        QTest::mouseClick(child<QPushButton>(page, "clockToggle"), Qt::LeftButton);
        page->abandonNow();
        QVERIFY(w->window->startExam(SessionMode::Exam, 43));
        QVERIFY(!child<QPushButton>(w->window->examPage(), "clockToggle")->isChecked());
        QVERIFY(child<QLabel>(w->window->examPage(), "clockLabel")->isVisible());
    }

    /// A practice exam resumed while paused still says which question the candidate is on.
    void resumedPausedPracticeNamesTheQuestion()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Practice, 42));
        w->window->examPage()->showQuestion(1);
        w->window->examPage()->togglePause();
        QVERIFY(w->window->examPage()->session()->paused());
        gui::ExamPage* page = restartAndResume(*w);
        QVERIFY(page);
        QVERIFY(page->session()->paused());
        QCOMPARE(child<QLabel>(page, "progressLabel")->text(),
                 QStringLiteral("Question 2 of %1").arg(page->session()->items().size()));
    }

    /// The pace counts complete answers, as every other count does: one option of a "Select TWO" is not an
    /// answered question.
    void paceCountsCompleteAnswersOnly()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        int multi = -1;
        for (const auto& it : s->items()) {
            multi = multi < 0 && it.question.isMultiSelect() ? it.position : multi;
        }
        QVERIFY(multi >= 0);
        page->showQuestion(multi);
        clickWrong(page, s->items()[static_cast<size_t>(multi)]);
        QVERIFY(s->items()[static_cast<size_t>(multi)].incomplete());
        // 3 minutes used, nothing complete: 3 minutes behind (counted as answered, it was 1.15).
        w->clock.advanceMinutes(3);
        page->updateClock();
        QCOMPARE(child<QLabel>(page, "paceLabel")->text(), QStringLiteral("3 min behind"));
    }

    /// Tab reaches the options in reading order: right after the stem, before the confidence tag, Next and
    /// the navigator, on every question shown (a new question's options are new widgets). Radio buttons are
    /// one stop, moved through with the arrows, as everywhere.
    void tabReachesTheOptionsAfterTheStem()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Practice, 42));
        gui::ExamPage* page = w->window->examPage();
        for (const int position : {0, 1}) {
            page->showQuestion(position);
            child<QPushButton>(page, "clockToggle")->setFocus(Qt::TabFocusReason);
            QStringList order;
            for (int i = 0; i < 12; ++i) {
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
                order << QApplication::focusWidget()->objectName();
            }
            const auto firstOption = order.indexOf(QStringLiteral("option0"));
            QVERIFY2(firstOption > 0 && order.value(firstOption - 1) == QStringLiteral("stemView") &&
                         firstOption < order.indexOf(QStringLiteral("nextButton")),
                     qPrintable(order.join(QStringLiteral(", "))));
        }
    }

    /// The Flag and Sure/Unsure/Guess buttons look clearly different when on, and Flag says "Flagged".
    void flagAndConfidenceShowTheirState()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 8));
        gui::ExamPage* page = w->window->examPage();
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            page->showQuestion(dark ? 2 : 1);
            auto* flag = child<QPushButton>(page, "flagButton");
            QCOMPARE(flag->text(), QStringLiteral("Flag for review"));
            const double off = meanLightness(flag);
            // Off, the button follows the theme (a style sheet must not pin the palette it was made with).
            QVERIFY2(dark ? off < 110 : off > 150, qPrintable(QStringLiteral("off: %1").arg(off)));
            QTest::mouseClick(flag, Qt::LeftButton);
            QVERIFY(flag->isChecked());
            QVERIFY2(flag->text().contains(QStringLiteral("Flagged")), qPrintable(flag->text()));
            const double on = meanLightness(flag);
            QVERIFY2(std::abs(on - off) > 40, qPrintable(QStringLiteral("%1 vs %2").arg(on).arg(off)));
            auto* sure = child<QPushButton>(page, "confidenceSure");
            const double sureOff = meanLightness(sure);
            QTest::mouseClick(sure, Qt::LeftButton);
            QVERIFY(sure->isChecked());
            const double sureOn = meanLightness(sure);
            QVERIFY2(std::abs(sureOn - sureOff) > 40,
                     qPrintable(QStringLiteral("%1 vs %2").arg(sureOn).arg(sureOff)));
            certdrill::test::screenshot(w->window.get(), dark ? "exam-flagged-dark" : "exam-flagged-light");
        }
        gui::applyTheme(false);
    }

    /// A refused choice is explained right under the options, as a sentence.
    void refusalShowsNextToTheOptions()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(certdrill::test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 42));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        int multi = -1;
        for (const auto& it : s->items()) {
            multi = multi < 0 && it.question.isMultiSelect() ? it.position : multi;
        }
        QVERIFY(multi >= 0);
        page->showQuestion(multi);
        const SessionItem& item = s->items()[static_cast<size_t>(multi)];
        clickCorrect(page, item);
        clickWrong(page, item); // one more than the question asks for
        auto* message = child<QLabel>(page, "optionMessage");
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().startsWith(QStringLiteral("This question asks for 2 answers")),
                 qPrintable(message->text()));
        // Right under the last option, not at the foot of the page.
        QAbstractButton* last = nullptr;
        for (size_t d = 0; d < item.optionOrder.size(); ++d) {
            last = page->findChild<QAbstractButton*>(QStringLiteral("option%1").arg(d));
        }
        QVERIFY(last);
        // Measured once the page has laid the message out (the label grows the option panel on the next
        // layout pass, as a candidate sees it a moment later).
        int lastBottom = 0;
        int messageTop = 0;
        const auto underTheOptions = [&] {
            lastBottom = last->parentWidget()->mapTo(page, QPoint(0, last->parentWidget()->height())).y();
            messageTop = message->mapTo(page, QPoint(0, 0)).y();
            return messageTop >= lastBottom && messageTop - lastBottom < 2 * message->fontMetrics().height();
        };
        QTRY_VERIFY2(
            underTheOptions(),
            qPrintable(
                QStringLiteral("option ends at %1, message starts at %2").arg(lastBottom).arg(messageTop)));
        certdrill::test::screenshot(w->window.get(), "exam-refusal");
        // The refusal is about that click: the next thing the candidate does (flag, tag) clears it.
        page->toggleFlag();
        QVERIFY2(message->text().isEmpty(), qPrintable(message->text()));
        clickWrong(page, item);
        QVERIFY(!message->text().isEmpty());
        page->setConfidence(Confidence::Unsure);
        QVERIFY2(message->text().isEmpty(), qPrintable(message->text()));
    }

    /// The screens of this flow in the light and dark theme and at 200% text, for the user guide and a look.
    void screenshotsInEveryLook()
    {
        if (qEnvironmentVariableIsEmpty("CERTDRILL_SCREENSHOT_DIR")) {
            QSKIP("pictures only: set CERTDRILL_SCREENSHOT_DIR");
        }
        for (const char* look : {"light", "dark", "large"}) {
            auto w = makeWorld();
            QVERIFY(w);
            QVERIFY(certdrill::test::showActive(w->window.get()));
            if (QLatin1String(look) == QLatin1String("dark")) {
                child<QAction>(w->window.get(), "darkThemeAction")->trigger();
            }
            if (QLatin1String(look) == QLatin1String("large")) {
                for (int i = 0; i < 8; ++i) {
                    child<QAction>(w->window.get(), "largerTextAction")->trigger();
                }
            }
            const QByteArray suffix = QByteArray("-") + look;
            w->window->startMock();
            certdrill::test::screenshot(w->window.get(), ("exam-start" + suffix).constData());
            QTest::mouseClick(child<QPushButton>(w->window.get(), "startBeginButton"), Qt::LeftButton);
            gui::ExamPage* page = w->window->examPage();
            ExamSession* s = page->session();
            clickCorrect(page, s->items()[0]);
            page->toggleFlag();
            w->clock.advanceSeconds(95);
            page->showQuestion(1);
            clickWrong(page, s->items()[1]);
            w->clock.advanceSeconds(80);
            page->showQuestion(2);
            page->toggleFlag();
            certdrill::test::screenshot(w->window.get(), ("exam" + suffix).constData());
            page->openReview();
            w->clock.advanceSeconds(20);
            certdrill::test::screenshot(w->window.get(), ("review" + suffix).constData());
            page->submitNow();
            certdrill::test::screenshot(w->window.get(), ("results" + suffix).constData());
            w->window->showHistory();
            certdrill::test::screenshot(w->window.get(), ("history" + suffix).constData());
            gui::applyTheme(false);
            gui::applyTextPercent(100);
        }
    }
};

QTEST_MAIN(ExamDayTest)
#include "ExamDayTest.moc"
