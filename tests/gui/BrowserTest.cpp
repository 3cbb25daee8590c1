// Learn ▸ Browse questions through the real widgets: a search by a word of an option, a filter that narrows,
// Show answer (revealed and recorded), a bookmark and a note from the browser, the drill and the answer
// review, and a custom drill of bookmarked questions.
#include <cstdlib>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QtTest>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/QuestionSearch.h"
#include "certdrill/store/Annotations.h"
#include "certdrill/store/Store.h"

#include "BrowserPage.h"
#include "Display.h"
#include "DrillDialog.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "NoteDialog.h"
#include "ReportProblemDialog.h"
#include "ResultsPage.h"

using namespace certdrill;

class BrowserTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeClock m_clock;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<gui::MainWindow> m_window;

    gui::BrowserPage* browser() const { return m_window->browserPage(); }
    template <typename T> T* child(const char* name) const
    {
        return m_window->findChild<T*>(QLatin1String(name));
    }
    /// The question ids the browser's list shows.
    QStringList listed() const
    {
        QStringList ids;
        auto* list = child<QTreeWidget>("browserList");
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            ids << list->topLevelItem(i)->text(0);
        }
        return ids;
    }
    /// Types `text` into the search box and presses Enter.
    void searchFor(const QString& text)
    {
        auto* box = child<QLineEdit>("browserSearch");
        box->clear();
        QTest::keyClicks(box, text);
        QTest::keyClick(box, Qt::Key_Return);
    }
    /// Writes `text` into the next note dialog and saves it.
    static void writeNextNote(const QString& text)
    {
        certdrill::test::onNextModal<gui::NoteDialog>([text](gui::NoteDialog* dialog) {
            auto* edit = dialog->findChild<QPlainTextEdit*>(QStringLiteral("noteEdit"));
            QVERIFY(edit);
            edit->selectAll();
            QTest::keyClicks(edit, text);
            QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("saveNoteButton")),
                              Qt::LeftButton);
        });
    }

private slots:
    void initTestCase()
    {
        // The bank is imported once; every test starts from a copy of that database.
        QVERIFY(m_dir.isValid());
        auto store = Store::open(m_dir.filePath(QStringLiteral("bank.sqlite")).toStdString(), m_clock);
        QVERIFY(store);
        QVERIFY(store.value()->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());
    }

    void init()
    {
        const QString db = m_dir.filePath(QStringLiteral("db.sqlite"));
        QFile::remove(db);
        QFile::remove(db + QStringLiteral("-wal"));
        QFile::remove(db + QStringLiteral("-shm"));
        QVERIFY(QFile::copy(m_dir.filePath(QStringLiteral("bank.sqlite")), db));
        auto store = Store::open(db.toStdString(), m_clock);
        QVERIFY(store);
        m_store = std::move(store.value());
        m_window = std::make_unique<gui::MainWindow>(*m_store, m_clock);
        QVERIFY(certdrill::test::showActive(m_window.get()));
    }

    void cleanup()
    {
        gui::applyTheme(false);
        m_window.reset();
        m_store.reset();
    }

    void searchFindsAQuestionByAWordOfAnOption()
    {
        QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier); // Learn ▸ Browse questions
        QVERIFY(browser()->isVisible());
        QVERIFY(child<QLineEdit>("browserSearch")->hasFocus());
        QCOMPARE(browser()->results().total,
                 static_cast<int>(m_store->activeQuestions("ncp-genl").value().size()));
        // A long word of some question's option that its stem does not have.
        const auto bank = m_store->activeQuestions("ncp-genl").value();
        QString word, id;
        for (const auto& q : bank) {
            for (const auto& o : q.question.options) {
                for (const QString& w : QString::fromStdString(o.text).split(QLatin1Char(' '))) {
                    if (word.isEmpty() && w.size() >= 10 &&
                        std::all_of(w.begin(), w.end(), [](QChar c) { return c.isLetter(); }) &&
                        !QString::fromStdString(q.question.stem).contains(w, Qt::CaseInsensitive)) {
                        word = w;
                        id = QString::fromStdString(q.question.id);
                    }
                }
            }
        }
        QVERIFY(!word.isEmpty());
        searchFor(word);
        QVERIFY2(listed().contains(id),
                 qPrintable(word + QStringLiteral(": ") + listed().join(QLatin1Char(','))));
        QVERIFY(listed().size() < static_cast<int>(bank.size()));
        QVERIFY(child<QLabel>("browserCount")->text().contains(QStringLiteral("of %1").arg(listed().size())));
        // Hostile text is only text: no error, nothing found.
        searchFor(QStringLiteral("NEAR( \"zzqx*"));
        QVERIFY(listed().isEmpty());
        QCOMPARE(child<QLabel>("browserCount")->text(), QStringLiteral("No question matches"));
    }

    void aFilterNarrows()
    {
        m_window->showBrowser();
        const int all = browser()->results().total;
        auto* domain = child<QComboBox>("browserDomain");
        domain->setCurrentIndex(2);
        const QString domainId = domain->currentData().toString();
        const int inDomain = browser()->results().total;
        QVERIFY(inDomain > 0 && inDomain < all);
        for (const auto& h : browser()->results().hits) {
            QCOMPARE(QString::fromStdString(h.question.domain), domainId);
        }
        auto* type = child<QComboBox>("browserType");
        type->setCurrentIndex(2); // multi-select
        QVERIFY(browser()->results().total > 0 && browser()->results().total < inDomain);
        for (const auto& h : browser()->results().hits) {
            QVERIFY(h.question.isMultiSelect());
        }
        // The objective filter offers the chosen domain's objectives only.
        auto* objective = child<QComboBox>("browserObjective");
        QVERIFY(objective->count() > 1);
        objective->setCurrentIndex(1);
        for (const auto& h : browser()->results().hits) {
            QCOMPARE(QString::fromStdString(h.question.objective), objective->currentData().toString());
        }
    }

    void showAnswerRevealsAndIsRecorded()
    {
        m_window->showBrowser();
        const std::int64_t row = browser()->currentQuestion();
        QVERIFY(row > 0);
        auto* options = child<QTextBrowser>("browserOptions");
        auto* reveal = child<QPushButton>("showAnswerButton");
        // Never seen: the options show, the key and the whys do not.
        QVERIFY(reveal->isVisible());
        QVERIFY(!options->toPlainText().contains(QStringLiteral("correct")));
        const auto hit = browseQuestion(*m_store, row).value();
        QVERIFY(!options->toPlainText().contains(QString::fromStdString(hit.question.options[0].why)));
        certdrill::test::screenshot(m_window.get(), "browser-hidden");

        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY(!reveal->isVisible());
        QVERIFY(options->toPlainText().contains(QStringLiteral("✔ correct")));
        QVERIFY(options->toPlainText().contains(QString::fromStdString(hit.question.options[0].why)));
        auto* history = child<QTableWidget>("answerHistory");
        QCOMPARE(history->rowCount(), 1);
        QCOMPARE(history->item(0, 1)->text(), QStringLiteral("Browser"));
        QCOMPARE(history->item(0, 3)->text(), QStringLiteral("Answer shown"));
        // Recorded as a revealed practice answer: the question is no longer unseen, and stays revealed.
        const auto after = answerHistory(*m_store, row).value();
        QCOMPARE(after.size(), std::size_t{1});
        QCOMPARE(after[0].mode, std::string("browser"));
        QVERIFY(!browseQuestion(*m_store, row).value().record.unseen());
        m_window->showHome();
        m_window->showBrowser();
        QCOMPARE(browser()->currentQuestion(), row);
        QVERIFY(!child<QPushButton>("showAnswerButton")->isVisible());
        QVERIFY(child<QTextBrowser>("browserOptions")->toPlainText().contains(QStringLiteral("✔ correct")));
    }

    // A drill's summary opens a missed question in the browser: the list must mark that question, not the
    // row it had, and Show answer must update that question's status, not the other row's.
    void aQuestionOpenedFromElsewhereIsTheListsCurrentRow()
    {
        m_window->showBrowser();
        auto* list = child<QTreeWidget>("browserList");
        QVERIFY(list->topLevelItemCount() > 3);
        QCOMPARE(list->currentItem(), list->topLevelItem(0));
        QTreeWidgetItem* third = list->topLevelItem(2);
        const std::int64_t row = third->data(0, Qt::UserRole).toLongLong();
        browser()->showQuestion(row);
        QCOMPARE(browser()->currentQuestion(), row);
        QCOMPARE(list->currentItem(), third);
        QCOMPARE(list->selectedItems(), QList<QTreeWidgetItem*>{third});
        const QString firstStatus = list->topLevelItem(0)->text(2);
        QTest::mouseClick(child<QPushButton>("showAnswerButton"), Qt::LeftButton);
        QCOMPARE(list->topLevelItem(0)->text(2), firstStatus);
        QCOMPARE(firstStatus, QStringLiteral("unseen"));
        QVERIFY(!browseQuestion(*m_store, row).value().record.unseen());
        QVERIFY(third->text(2) != QStringLiteral("unseen"));

        // A question the list does not hold (past its first page) leaves no row marked.
        std::int64_t outside = 0;
        for (std::int64_t candidate = 1; candidate < 100000 && outside == 0; ++candidate) {
            bool held = false;
            for (int i = 0; i < list->topLevelItemCount(); ++i) {
                held = held || list->topLevelItem(i)->data(0, Qt::UserRole).toLongLong() == candidate;
            }
            if (!held && browseQuestion(*m_store, candidate).ok()) {
                outside = candidate;
            }
        }
        QVERIFY(outside > 0);
        browser()->showQuestion(outside);
        QCOMPARE(browser()->currentQuestion(), outside);
        QVERIFY(list->selectedItems().isEmpty());
    }

    // At 200% text a question fills the page and Show answer sits below it: the user scrolls down to press
    // it, and the options, drawn again above the button with the key and every why, come into view. They
    // used to stay above the fold, the page still scrolled to where the button had been.
    void showAnswerBringsTheKeyIntoView()
    {
        m_window->resize(1100, 760);
        gui::applyTextPercent(200);
        m_window->showBrowser();
        QApplication::processEvents();
        auto* scroll = child<QScrollArea>("browserScroll");
        auto* options = child<QTextBrowser>("browserOptions");
        auto* reveal = child<QPushButton>("showAnswerButton");
        QVERIFY(reveal->isVisible());
        QScrollBar* bar = scroll->verticalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the question fits the page: nothing to scroll");
        bar->setValue(bar->maximum());
        QApplication::processEvents();
        QVERIFY(certdrill::test::hiddenInScroll(scroll, reveal, reveal->height()).isEmpty());
        QTest::mouseClick(reveal, Qt::LeftButton);
        QVERIFY(options->toPlainText().contains(QStringLiteral("✔ correct")));
        const QString hidden =
            certdrill::test::hiddenInScroll(scroll, options, 2 * options->fontMetrics().height());
        certdrill::test::screenshot(m_window.get(), "browser-revealed-200");
        gui::applyTextPercent(100);
        QVERIFY2(hidden.isEmpty(), qPrintable(hidden));
    }

    void bookmarkAndNoteFromTheBrowser()
    {
        m_window->showBrowser();
        const std::int64_t row = browser()->currentQuestion();
        QTest::mouseClick(browser()->findChild<QPushButton*>(QStringLiteral("bookmarkButton")),
                          Qt::LeftButton);
        QVERIFY(annotation(*m_store, row).value().bookmarked);
        QVERIFY(browser()
                    ->findChild<QPushButton*>(QStringLiteral("bookmarkButton"))
                    ->text()
                    .contains(QStringLiteral("Bookmarked")));
        writeNextNote(QStringLiteral("FP4 needs <Blackwell> & later; mnemonic: kestrel"));
        QTest::mouseClick(browser()->findChild<QPushButton*>(QStringLiteral("noteButton")), Qt::LeftButton);
        QCOMPARE(QString::fromStdString(annotation(*m_store, row).value().note),
                 QStringLiteral("FP4 needs <Blackwell> & later; mnemonic: kestrel"));
        // Shown as typed, never as markup.
        QVERIFY(browser()
                    ->findChild<QLabel*>(QStringLiteral("noteLabel"))
                    ->text()
                    .contains(QStringLiteral("<Blackwell> & later")));
        QCOMPARE(browser()->findChild<QLabel*>(QStringLiteral("noteLabel"))->textFormat(), Qt::PlainText);
        // Listed by the status filters and found by the note's words.
        auto* status = child<QComboBox>("browserStatus");
        status->setCurrentIndex(status->findData(static_cast<int>(QuestionStatus::Bookmarked)));
        QCOMPARE(browser()->results().total, 1);
        QCOMPARE(browser()->results().hits[0].rowId, row);
        status->setCurrentIndex(0);
        searchFor(QStringLiteral("kestrel"));
        QCOMPARE(browser()->results().total, 1);
        QCOMPARE(browser()->results().hits[0].rowId, row);
        QVERIFY(child<QTreeWidget>("browserList")->topLevelItem(0)->text(2).contains(QStringLiteral("★")));
        // The user guide's picture: the same question with its key, every why and the answer history.
        QTest::mouseClick(child<QPushButton>("showAnswerButton"), Qt::LeftButton);
        QCOMPARE(child<QTableWidget>("answerHistory")->rowCount(), 1);
        // The list has half the width, so its question column shows a stem's first line, not 40 characters.
        const QList<int> panes = child<QSplitter>("browserSplit")->sizes();
        QVERIFY2(std::abs(panes[0] - panes[1]) <= 2,
                 qPrintable(QStringLiteral("%1 | %2").arg(panes[0]).arg(panes[1])));
        certdrill::test::screenshot(m_window.get(), "browser");
        m_window->findChild<QAction*>(QStringLiteral("darkThemeAction"))->setChecked(true);
        certdrill::test::screenshot(m_window.get(), "browser-dark");
    }

    void reportAProblemFromTheBrowser()
    {
        m_window->showBrowser();
        const std::int64_t row = browser()->currentQuestion();
        QVERIFY(row > 0);
        QVERIFY(!child<QTreeWidget>("browserList")
                     ->topLevelItem(0)
                     ->text(2)
                     .contains(QStringLiteral("reported")));
        certdrill::test::onNextModal<gui::ReportProblemDialog>([](gui::ReportProblemDialog* d) {
            d->findChild<QComboBox*>(QStringLiteral("errataKind"))->setCurrentIndex(2); // outdated
            d->accept();
        });
        QTest::mouseClick(child<QPushButton>("browserReportButton"), Qt::LeftButton);
        const auto entries = errataEntries(*m_store).value();
        QCOMPARE(entries.size(), size_t(1));
        QVERIFY(entries.front().kind == ErrataKind::Outdated);
        QVERIFY(entries.front().answer.empty()); // no answer of the moment in the browser
        // The list says so at once, and the Reported status lists it.
        QVERIFY(
            child<QTreeWidget>("browserList")->topLevelItem(0)->text(2).contains(QStringLiteral("reported")));
        auto* status = child<QComboBox>("browserStatus");
        status->setCurrentIndex(status->findData(static_cast<int>(QuestionStatus::Reported)));
        QCOMPARE(browser()->results().total, 1);
        QCOMPARE(browser()->results().hits[0].rowId, row);
    }

    void bookmarkAndNoteFromTheDrillThenADrillOfBookmarks()
    {
        PlannerOptions options;
        options.seed = 11;
        QVERIFY(m_window->startDrill(options, false));
        gui::DrillPage* drill = m_window->drillPage();
        std::set<std::int64_t> marked;
        for (int p = 0; p < 3; ++p) {
            drill->showQuestion(p);
            const std::int64_t row = drill->session()->items()[static_cast<std::size_t>(p)].questionRow;
            QTest::mouseClick(drill->findChild<QPushButton*>(QStringLiteral("bookmarkButton")),
                              Qt::LeftButton);
            QVERIFY(annotation(*m_store, row).value().bookmarked);
            marked.insert(row);
        }
        writeNextNote(QStringLiteral("Check the units"));
        QTest::mouseClick(drill->findChild<QPushButton*>(QStringLiteral("noteButton")), Qt::LeftButton);
        const std::int64_t noted = drill->session()->items()[2].questionRow;
        QCOMPARE(annotation(*m_store, noted).value().note, std::string("Check the units"));
        QVERIFY(drill->findChild<QLabel*>(QStringLiteral("noteLabel"))
                    ->text()
                    .contains(QStringLiteral("Check the units")));
        drill->finishDrill();

        // Learn ▸ Custom drill… with the bookmarked pool: only those three.
        certdrill::test::onNextModal<gui::DrillDialog>([](gui::DrillDialog* dialog) {
            auto* pool = dialog->findChild<QComboBox*>(QStringLiteral("drillPool"));
            pool->setCurrentIndex(pool->findText(QStringLiteral("Questions I bookmarked")));
            QVERIFY(pool->currentIndex() > 0);
            QCOMPARE(dialog->findChild<QLabel*>(QStringLiteral("drillMatches"))->text(),
                     QStringLiteral("3 questions match, so the drill will have 3."));
            dialog->accept();
        });
        m_window->customDrill();
        std::set<std::int64_t> served;
        for (const auto& item : drill->session()->items()) {
            served.insert(item.questionRow);
        }
        QVERIFY(served == marked);
    }

    void bookmarkAndNoteFromTheAnswerReview()
    {
        QVERIFY(m_window->startExam(SessionMode::Exam, 5));
        m_window->examPage()->submitNow();
        QVERIFY(m_window->resultsPage()->isVisible());
        auto* review = child<QTextBrowser>("answerReview");
        QVERIFY(review->toPlainText().contains(QStringLiteral("☆ Bookmark")));
        const std::int64_t first = m_window->examPage()->session()->items()[0].questionRow;
        emit review->anchorClicked(QUrl(QStringLiteral("bookmark:0")));
        QVERIFY(annotation(*m_store, first).value().bookmarked);
        QVERIFY(review->toPlainText().contains(QStringLiteral("★ Bookmarked")));
        writeNextNote(QStringLiteral("Read the stem twice"));
        emit review->anchorClicked(QUrl(QStringLiteral("note:0")));
        QCOMPARE(annotation(*m_store, first).value().note, std::string("Read the stem twice"));
        QVERIFY(review->toPlainText().contains(QStringLiteral("Your note: Read the stem twice")));
        if (auto* scroll = child<QScrollArea>("resultsScroll")) {
            scroll->ensureWidgetVisible(review, 0, 0);
        }
        certdrill::test::screenshot(m_window.get(), "results-review-marks");
    }
};

QTEST_MAIN(BrowserTest)
#include "BrowserTest.moc"
