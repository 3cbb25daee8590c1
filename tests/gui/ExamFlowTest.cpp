// Drives the exam screen with real widgets: answer a single and a multi-select question, flag, submit,
// check the results; and let the (fake) clock run out.
#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include "ExamPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "ResultsPage.h"

using namespace certdrill;

class ExamFlowTest : public QObject
{
    Q_OBJECT

private:
    struct World
    {
        QTemporaryDir dir;
        FakeClock clock;
        std::unique_ptr<Store> store;
        std::unique_ptr<gui::MainWindow> window;
    };

    std::unique_ptr<World> makeWorld()
    {
        auto w = std::make_unique<World>();
        auto s = Store::open(w->dir.filePath(QStringLiteral("db.sqlite")).toStdString(), w->clock);
        if (!s) {
            return nullptr;
        }
        w->store = std::move(s.value());
        if (!w->store->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok()) {
            return nullptr;
        }
        w->window = std::make_unique<gui::MainWindow>(*w->store, w->clock);
        w->window->homePage()->refresh();
        w->window->show();
        return w;
    }

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

    /// Saves a picture of the window when CERTDRILL_SCREENSHOT_DIR is set (for docs and visual checks).
    static void snap(QWidget* w, const char* name)
    {
        const QString dir = qEnvironmentVariable("CERTDRILL_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            w->grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
        }
    }

private slots:
    void answerFlagSubmit()
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

        const int single = find(*s, false);
        page->showQuestion(single);
        clickCorrect(page, s->items()[static_cast<size_t>(single)]);
        QVERIFY(s->items()[static_cast<size_t>(single)].correct());

        const int multi = find(*s, true);
        page->showQuestion(multi);
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
        snap(w->window.get(), "exam");
        QVERIFY(!page->findChild<QLabel*>(QStringLiteral("optionMessage"))->text().isEmpty());

        // F flags the current question; the navigator shows it.
        page->setFocus();
        QTest::keyClick(page, Qt::Key_F);
        QVERIFY(s->items()[static_cast<size_t>(multi)].flagged);
        auto* nav = page->findChild<QListWidget*>(QStringLiteral("navigatorList"));
        QVERIFY(nav->item(multi)->text().endsWith(QStringLiteral("⚑")));
        // Right arrow moves on.
        QTest::keyClick(page, Qt::Key_Right);
        QCOMPARE(page->currentPosition(), std::min(multi + 1, 64));

        snap(w->window.get(), "exam-flagged");
        page->submitNow();
        snap(w->window.get(), "results");
        auto* verdict = w->window->resultsPage()->findChild<QLabel*>(QStringLiteral("verdictLabel"));
        QCOMPARE(verdict->text(), QStringLiteral("FAIL"));
        QVERIFY(w->window->resultsPage()
                    ->findChild<QLabel*>(QStringLiteral("resultDetailsLabel"))
                    ->text()
                    .contains(QStringLiteral("2 of 65 correct")));
        auto* table =
            w->window->resultsPage()->findChild<QTableWidget*>(QStringLiteral("resultDomainsTable"));
        QCOMPARE(table->rowCount(), 10);
        QVERIFY(w->window->resultsPage()
                    ->findChild<QTextBrowser*>(QStringLiteral("answerReview"))
                    ->toPlainText()
                    .contains(QStringLiteral("your answer")));
    }

    void timerExpiryAutoSubmits()
    {
        auto w = makeWorld();
        QVERIFY(w);
        QVERIFY(w->window->startExam(SessionMode::Exam, 7));
        gui::ExamPage* page = w->window->examPage();
        w->clock.advanceMinutes(119);
        page->updateClock();
        QVERIFY(!page->session()->finished());
        QCOMPARE(page->findChild<QLabel*>(QStringLiteral("clockLabel"))->text(), QStringLiteral("0:01:00"));
        w->clock.advanceMinutes(1);
        page->updateClock();
        QVERIFY(page->session()->finished());
        QCOMPARE(w->window->resultsPage()->findChild<QLabel*>(QStringLiteral("verdictLabel"))->text(),
                 QStringLiteral("FAIL"));
    }
};

QTEST_MAIN(ExamFlowTest)
#include "ExamFlowTest.moc"
