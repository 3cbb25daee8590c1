// The keyboard as a candidate who works without the mouse meets it: Enter on a focused button presses that
// button on every screen (it began a strict exam from a focused Cancel, and checked a drill answer from a
// focused End drill), and the exam's keys keep working after a question change from a focused option.
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTextCursor>
#include <QtTest>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/SessionHistory.h"

#include "BrowserPage.h"
#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "ExamStartPage.h"
#include "GuiTestSupport.h"
#include "HistoryPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "NoteDialog.h"
#include "PacksPage.h"
#include "PlanDialog.h"
#include "ResultsPage.h"
#include "TextPane.h"

using namespace certdrill;

namespace {

template <typename T> T* child(QWidget* parent, const char* name)
{
    return parent->findChild<T*>(QString::fromLatin1(name));
}

/// The bundled bank's main window, shown and active, with a drill of seed 11 started; null if a step failed.
std::unique_ptr<test::BankWorld> drillWorld()
{
    auto w = test::makeBankWorld();
    PlannerOptions options;
    options.seed = 11;
    if (!w || !test::showActive(w->window.get()) || !w->window->startDrill(options, false)) {
        return nullptr;
    }
    return w;
}

/// Enter as the keyboard sends it: to the widget with the focus.
void pressEnter()
{
    QWidget* focus = QApplication::focusWidget();
    QVERIFY(focus);
    QTest::keyClick(focus, Qt::Key_Return);
}

} // namespace

class KeyboardTest : public QObject
{
    Q_OBJECT

private slots:
    /// On the start screen Enter begins wherever the focus is, except on a focused button: there it presses
    /// that button, so a focused Cancel cancels and no clock starts.
    void enterOnTheStartScreenPressesTheFocusedButton()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        w->window->startMock();
        auto* start = w->window->examStartPage();
        QVERIFY(start->isVisible());
        auto* cancel = child<QPushButton>(start, "startCancelButton");
        cancel->setFocus(Qt::TabFocusReason);
        QVERIFY(cancel->hasFocus());
        pressEnter();
        QVERIFY(w->window->homePage()->isVisible());
        QVERIFY(!ExamSession::unfinished(*w->store).value().has_value()); // no exam began

        w->window->startMock();
        QVERIFY(start->isVisible());
        child<QPushButton>(start, "startBeginButton")->setFocus(Qt::TabFocusReason);
        pressEnter();
        QVERIFY(w->window->examPage()->isVisible());
        QVERIFY(ExamSession::unfinished(*w->store).value().has_value());
    }

    /// In a drill Enter checks the answer, then moves on; on a focused End drill it ends the drill instead.
    void enterInADrillPressesTheFocusedButton()
    {
        auto w = drillWorld();
        QVERIFY(w);
        gui::DrillPage* page = w->window->drillPage();
        QTest::keyClick(page, Qt::Key_A);
        auto* end = child<QPushButton>(page, "endDrillButton");
        end->setFocus(Qt::TabFocusReason);
        pressEnter();
        QVERIFY2(!page->session()->items()[0].checked, "Enter on End drill checked the answer");
        const QString summary = child<QLabel>(page, "drillSummary")->text();
        QVERIFY2(summary.contains(QStringLiteral("No question was checked")), qPrintable(summary));
        QVERIFY(child<QLabel>(page, "drillSummary")->isVisible());
    }

    /// Tab reaches a drill question's options right after its stem, before the buttons that end it.
    void drillOptionsComeBeforeItsButtonsInTabOrder()
    {
        auto w = drillWorld();
        QVERIFY(w);
        gui::DrillPage* page = w->window->drillPage();
        QStringList order;
        QWidget* start = child<QWidget>(page, "drillStem");
        for (QWidget* x = start->nextInFocusChain(); x != start; x = x->nextInFocusChain()) {
            order << x->objectName();
        }
        const auto at = [&](const char* name) {
            return order.indexOf(QString::fromLatin1(name));
        };
        QVERIFY2(at("drillOption0") >= 0 && at("checkButton") >= 0, qPrintable(order.join(u' ')));
        QVERIFY2(at("drillOption0") < at("endDrillButton") && at("drillOption0") < at("checkButton"),
                 qPrintable(order.join(u' ')));
    }

    /// History opens with the focus on Open results; Enter there opens the results.
    void enterOnHistoryOpensTheResults()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(!test::sitTwoExams(*w->store, w->clock, "ncp-genl").empty());
        QVERIFY(test::showActive(w->window.get()));
        w->window->showHistory();
        auto* open = child<QPushButton>(w->window.get(), "historyOpenButton");
        QVERIFY(open && open->isEnabled());
        open->setFocus(Qt::TabFocusReason);
        pressEnter();
        QVERIFY(w->window->resultsPage()->isVisible());
    }

    /// A focused answer option goes with its question when N moves on; the focus stays on the exam page, so
    /// the next keys still answer, flag and move.
    void examKeysWorkAfterMovingOnFromAFocusedOption()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        QVERIFY(w->window->startExam(SessionMode::Exam, 5));
        gui::ExamPage* page = w->window->examPage();
        ExamSession* s = page->session();
        page->showQuestion(3);
        auto* option = child<QAbstractButton>(page, "option0");
        option->setFocus(Qt::TabFocusReason);
        QVERIFY(option->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_N);
        QCOMPARE(page->currentPosition(), 4);
        QWidget* focus = QApplication::focusWidget();
        QVERIFY2(focus && (focus == page || page->isAncestorOf(focus)), "the focus left the exam page");
        QTest::keyClick(focus, Qt::Key_B);
        const SessionItem& item = s->items()[4];
        QCOMPARE(item.chosen.size(), std::size_t{1});
        QCOMPARE(item.chosen.front(), item.optionOrder[1]);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_N);
        QCOMPARE(page->currentPosition(), 5);
    }

    /// Alt+letter keys: no visible control of a screen takes a letter the menu bar or another control of the
    /// same screen takes (Alt+E opened the Exam menu instead of the browser's Report a problem and the Packs
    /// screen's Export), and no menu gives two of its items one letter (Home and History were both H).
    void mnemonicsDoNotClash()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        const auto mnemonic = [](const QString& text) -> QChar {
            for (int i = 0; i + 1 < text.size(); ++i) {
                if (text[i] == u'&') {
                    if (text[i + 1] != u'&') {
                        return text[i + 1].toLower();
                    }
                    ++i;
                }
            }
            return {};
        };
        QMap<QChar, QString> menuBar;
        for (QAction* a : w->window->menuBar()->actions()) {
            menuBar.insert(mnemonic(a->text()), a->text());
            QMap<QChar, QString> items;
            for (QAction* item : a->menu()->actions()) {
                const QChar m = mnemonic(item->text());
                QVERIFY2(m.isNull() || !items.contains(m),
                         qPrintable(QStringLiteral("%1 and %2").arg(items.value(m), item->text())));
                items.insert(m, item->text());
            }
        }
        const auto checkScreen = [&](QWidget* screen) {
            QMap<QChar, QString> taken = menuBar;
            for (QAbstractButton* b : screen->findChildren<QAbstractButton*>()) {
                const QChar m = mnemonic(b->text());
                if (m.isNull() || !b->isVisibleTo(w->window.get())) {
                    continue;
                }
                QVERIFY2(!taken.contains(m),
                         qPrintable(QStringLiteral("%1 on %2 and %3")
                                        .arg(b->text(), screen->objectName(), taken.value(m))));
                taken.insert(m, b->text());
            }
        };
        w->window->showBrowser();
        checkScreen(w->window->browserPage());
        w->window->showPacks();
        checkScreen(w->window->packsPage());
    }

    /// At 200% text the exam page has the focus after Begin and Next: Page Down pages the question there (the
    /// key went nowhere, and options below the fold could only be reached with Tab), Page Up goes back.
    void pageDownPagesTheQuestion()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        w->window->resize(1100, 760);
        QVERIFY(test::showActive(w->window.get()));
        gui::applyTextPercent(200);
        QVERIFY(w->window->startExam(SessionMode::Exam, 5));
        gui::ExamPage* page = w->window->examPage();
        auto* scroll = child<QScrollArea>(page, "questionScroll");
        int position = 0;
        while (scroll->verticalScrollBar()->maximum() == 0 && position < 60) {
            page->showQuestion(++position);
            QApplication::processEvents();
        }
        QVERIFY2(scroll->verticalScrollBar()->maximum() > 0, "no question taller than the page");
        page->focusQuestion();
        QVERIFY(page->hasFocus());
        QTest::keyClick(page, Qt::Key_PageDown);
        QVERIFY(scroll->verticalScrollBar()->value() > 0);
        QTest::keyClick(page, Qt::Key_PageUp);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        gui::applyTextPercent(100);
    }

    /// Tab never stops on a page's scroll area, which shows no focus (the user thought the focus lost).
    void tabSkipsPageScrollAreas()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        w->window->startMock(); // the start screen: Begin, then its scroll area came next
        child<QPushButton>(w->window->examStartPage(), "startBeginButton")->setFocus(Qt::TabFocusReason);
        for (int i = 0; i < 6; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QWidget* focus = QApplication::focusWidget();
            QVERIFY(focus);
            QVERIFY2(!qobject_cast<QScrollArea*>(focus), qPrintable(focus->objectName()));
        }
    }

    /// The results' and History's charts are pictures: Tab never stops on them (it did, showing no focus,
    /// so the focus seemed lost until the next Tab).
    void tabSkipsTheCharts()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        const auto sessions = test::sitTwoExams(*w->store, w->clock, "ncp-genl");
        QVERIFY(!sessions.empty());
        QVERIFY(test::showActive(w->window.get()));
        const auto walk = [&](QWidget* page) {
            QVERIFY(!page->findChildren<QChartView*>().isEmpty());
            QWidget* first = nullptr;
            for (int i = 0; i < 200; ++i) {
                QWidget* focus = QApplication::focusWidget();
                QVERIFY(focus);
                if (page->isAncestorOf(focus)) {
                    QVERIFY2(!qobject_cast<QChartView*>(focus), qPrintable(focus->objectName()));
                }
                if (focus == first) {
                    break; // round the whole chain
                }
                first = first ? first : focus;
                QTest::keyClick(focus, Qt::Key_Tab);
            }
        };
        w->window->showResults(sessions.back());
        walk(w->window->resultsPage());
        w->window->showHistory();
        walk(w->window->historyPage());
    }

    /// Controls a screen reader would announce without saying what they are for: every input of the tracker,
    /// the plan dialog and the note dialog has a name of its own (the tracker's rating boxes said "—").
    void inputsHaveAccessibleNames()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        w->window->showTracker();
        int ratings = 0;
        for (QComboBox* combo : w->window->findChildren<QComboBox*>()) {
            if (combo->objectName().startsWith(QStringLiteral("selfRating_"))) {
                QVERIFY2(!combo->accessibleName().isEmpty(), qPrintable(combo->objectName()));
                ++ratings;
            }
        }
        QVERIFY(ratings >= 10);
        gui::PlanDialog plan(PlanSettings{}, 20000);
        for (QDateEdit* date : plan.findChildren<QDateEdit*>()) {
            QVERIFY2(!date->accessibleName().isEmpty(), qPrintable(date->objectName()));
        }
        gui::NoteDialog note(QStringLiteral("ncp-genl-evaluation/ev-004"), QString());
        QVERIFY(!note.findChild<QPlainTextEdit*>()->accessibleName().isEmpty());
    }

    /// Rating a domain from the keyboard rebuilds the tracker's rows: the focus stays on that row's rating,
    /// so the next arrow key rates again and Tab goes on to the next row (it fell to nowhere).
    void ratingKeepsTheFocusOnTheRating()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        QVERIFY(test::showActive(w->window.get()));
        w->window->showTracker();
        auto* combo = w->window->findChild<QComboBox*>(QStringLiteral("selfRating_model-optimization"));
        QVERIFY(combo);
        combo->setFocus(Qt::TabFocusReason);
        QTest::keyClick(combo, Qt::Key_Down);              // "—" to Red
        QTRY_VERIFY(QApplication::focusWidget() != combo); // the row was rebuilt: a new combo box
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus);
        QCOMPARE(focus->objectName(), QStringLiteral("selfRating_model-optimization"));
        QCOMPARE(qobject_cast<QComboBox*>(focus)->currentText(), QStringLiteral("Red"));
        QTest::keyClick(focus, Qt::Key_Down);
        QTRY_COMPARE(qobject_cast<QComboBox*>(QApplication::focusWidget())->currentText(),
                     QStringLiteral("Yellow"));
    }

    /// The results' answer review from the keyboard: the page follows the link Tab reaches, Page Down pages
    /// the page with the focus in the review, and a link used with Enter keeps the focus (it went back to
    /// question 1's first link).
    void resultsReviewFollowsTheKeyboard()
    {
        auto w = test::makeBankWorld();
        QVERIFY(w);
        const auto sessions = test::sitTwoExams(*w->store, w->clock, "ncp-genl");
        QVERIFY(!sessions.empty());
        w->window->resize(1100, 760);
        QVERIFY(test::showActive(w->window.get()));
        w->window->showResults(sessions.back());
        auto* review = child<gui::TextPane>(w->window->resultsPage(), "answerReview");
        auto* scroll = child<QScrollArea>(w->window->resultsPage(), "resultsScroll");
        QVERIFY(review && scroll);
        QApplication::processEvents();
        review->setFocus(Qt::TabFocusReason);
        const auto focusedHref = [&] {
            QTextCursor at(review->document());
            at.setPosition(review->textCursor().selectionStart() + 1);
            return at.charFormat().anchorHref();
        };
        const auto linkInView = [&] {
            const QRect r = review->cursorRect();
            return scroll->viewport()->rect().contains(
                review->viewport()->mapTo(scroll->viewport(), r.center()));
        };
        for (int i = 0; i < 12; ++i) {
            QTest::keyClick(review, Qt::Key_Tab);
            QVERIFY(review->hasFocus());
            QVERIFY2(!focusedHref().isEmpty(), qPrintable(QString::number(i)));
            QVERIFY2(linkInView(),
                     qPrintable(QStringLiteral("link %1 (%2) out of view").arg(i).arg(focusedHref())));
        }
        const int before = scroll->verticalScrollBar()->value();
        QTest::keyClick(review, Qt::Key_PageDown);
        QVERIFY(scroll->verticalScrollBar()->value() > before);
        QTest::keyClick(review, Qt::Key_PageUp);
        QCOMPARE(scroll->verticalScrollBar()->value(), before);
        // A bookmark link, used with Enter: the question is bookmarked and the focus stays on its link.
        while (!focusedHref().startsWith(QStringLiteral("bookmark:"))) {
            QTest::keyClick(review, Qt::Key_Tab);
        }
        const QString href = focusedHref();
        QTest::keyClick(review, Qt::Key_Return);
        QCOMPARE(focusedHref(), href);
        QVERIFY(linkInView());
    }
};

QTEST_MAIN(KeyboardTest)
#include "KeyboardTest.moc"
