// Smoke test: the real main window opens on a temporary database and shows the blueprint.
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeWidget>
#include <QtTest>

#include "certdrill/store/Store.h"

#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "HomePage.h"
#include "ImportPreviewDialog.h"
#include "MainWindow.h"
#include "MoodleImportDialog.h"
#include "OptionRow.h"
#include "PacksPage.h"
#include "SafeTextView.h"
#include "TrackerPage.h"

using namespace certdrill;

/// The real main window over a new database in a temporary folder.
struct WindowOnTemporaryDatabase
{
    WindowOnTemporaryDatabase()
    {
        auto opened = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        if (dir.isValid() && opened.ok()) {
            store = std::move(opened.value());
            window = std::make_unique<gui::MainWindow>(*store, clock);
        }
    }

    QTemporaryDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    std::unique_ptr<gui::MainWindow> window;
};

class GuiSmokeTest : public QObject
{
    Q_OBJECT

private slots:
    void opensOnTemporaryDatabaseAndShowsTenDomains()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.homePage()->planShown()); // the plan follows the first paint

        const auto strip = [&] {
            return window.homePage()->findChildren<QPushButton*>(
                QRegularExpression(QStringLiteral("^domainButton_")));
        };
        QCOMPARE(strip().size(), 0);
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("nextStepButton"))->accessibleName(),
                 QStringLiteral("Next step: Import a question pack"));

        QStringList files;
        for (const auto& f : packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
            files << QString::fromStdString(f.string());
        }
        QString report;
        QVERIFY2(window.importFiles(files, &report), qPrintable(report));
        // The home screen's strip: the ten domains in blueprint order with their weights and bands.
        QCOMPARE(strip().size(), 10);
        QCOMPARE(strip()[0]->text(), QStringLiteral("R  Model Optimization  17%"));
        QCOMPARE(strip()[9]->text(), QStringLiteral("R  Safety, Ethics && Compliance  5%"));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("dueLabel"))
                    ->text()
                    .contains(QRegularExpression(QStringLiteral("\\d+ of \\d+ not seen yet"))));

        // The home screen's buttons lead to the tracker and to a drill.
        window.findChild<QPushButton*>(QStringLiteral("homeTrackerButton"))->click();
        QVERIFY(window.trackerPage()->isVisible());
        QCOMPARE(window.findChild<QTreeWidget*>(QStringLiteral("trackerTree"))->topLevelItemCount(), 10);
        window.showHome();
        window.findChild<QPushButton*>(QStringLiteral("homeDrillButton"))->click();
        QVERIFY(window.drillPage()->isVisible());
        QCOMPARE(window.drillPage()->session()->items().size(), std::size_t{20});
    }

    /// Every bundled stem shows every word it has on the question screens and in the results review: none is
    /// lost to Markdown reading "<tag>" as HTML or "__name__" as emphasis markers around a hidden word.
    void everyBundledStemRendersWhole()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.store);
        QVERIFY(fixture.store->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());
        auto questions = fixture.store->activeQuestions("ncp-genl");
        QVERIFY(questions.ok());
        QVERIFY(questions.value().size() > 300);
        gui::SafeTextView view;
        const QRegularExpression word(QStringLiteral("[A-Za-z0-9]+"));
        int checked = 0;
        for (const auto& q : questions.value()) {
            QString source = QString::fromStdString(q.question.stem);
            gui::showStem(&view, q.question.stem);
            // A fenced code block's info string ("```python") names its language and is not shown.
            source.replace(QRegularExpression(QStringLiteral("```[A-Za-z0-9_+-]+")), QStringLiteral("```"));
            QTextDocument review;
            review.setHtml(gui::stemHtml(q.question.stem));
            for (const QString& shown : {view.toPlainText(), review.toPlainText()}) {
                // The words, in order; Markdown may only drop punctuation (code-span backticks).
                QStringList want;
                QStringList got;
                for (auto m = word.globalMatch(source); m.hasNext();) {
                    want << m.next().captured();
                }
                for (auto m = word.globalMatch(shown); m.hasNext();) {
                    got << m.next().captured();
                }
                QVERIFY2(got == want, qPrintable(QString::fromStdString(q.question.id) + ": " + shown));
            }
            // The "__" of a Python name stays visible.
            QVERIFY2(!source.contains(QStringLiteral("__")) ||
                         view.toPlainText().contains(QStringLiteral("__")),
                     q.question.id.c_str());
            ++checked;
        }
        QCOMPARE(checked, static_cast<int>(questions.value().size()));
        // And a stem quoting HTML-like text keeps it as written.
        gui::showStem(&view, "Send <question> then </question>.");
        QCOMPARE(view.toPlainText(), QStringLiteral("Send <question> then </question>."));
    }

    /// View ▸ Larger / Smaller / Normal text resizes every screen's text, titles in proportion, is kept in
    /// the database for the next start, and stays available during an exam.
    void textSizeStepsAppliesAndPersists()
    {
        QCOMPARE(gui::stepTextPercent(100, +1), 110);
        QCOMPARE(gui::stepTextPercent(110, -1), 100);
        QCOMPARE(gui::stepTextPercent(200, +1), 200);
        QCOMPARE(gui::stepTextPercent(80, -1), 80);
        QCOMPARE(gui::stepTextPercent(115, +1), 125); // a value between steps goes to the next one
        QCOMPARE(gui::stepTextPercent(115, -1), 110);

        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        const qreal normal = QApplication::font().pointSizeF();
        auto* title = window.findChild<QLabel*>(QStringLiteral("examTitleLabel"));
        QVERIFY(title);
        QCOMPARE(title->font().pointSizeF(), normal * 1.1);
        auto* larger = window.findChild<QAction*>(QStringLiteral("largerTextAction"));
        larger->trigger();
        larger->trigger();
        QCOMPARE(QApplication::font().pointSizeF(), normal * 1.25);
        QCOMPARE(title->font().pointSizeF(), normal * 1.25 * 1.1); // the title keeps its proportion
        QVERIFY(title->font().bold());

        // Kept for the next start, in the database.
        QCOMPARE(fixture.store->setting("display.text-percent").value(), std::optional<std::string>("125"));
        fixture.window.reset();
        gui::applyTextPercent(100); // as a new process would start
        fixture.window = std::make_unique<gui::MainWindow>(*fixture.store, fixture.clock);
        QCOMPARE(QApplication::font().pointSizeF(), normal * 1.25);

        // During an exam too: the exam screen's question text follows.
        QVERIFY(fixture.store->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());
        fixture.window->homePage()->refresh();
        QVERIFY(fixture.window->startExam(SessionMode::Exam, 3));
        fixture.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(fixture.window.get()));
        test::screenshot(fixture.window.get(), "exam-larger-text");
        auto* smaller = fixture.window->findChild<QAction*>(QStringLiteral("smallerTextAction"));
        QVERIFY(smaller->isEnabled());
        smaller->trigger();
        QCOMPARE(QApplication::font().pointSizeF(), normal * 1.1);
        auto* stem = fixture.window->examPage()->findChild<QTextBrowser*>(QStringLiteral("stemView"));
        QVERIFY(stem);
        QCOMPARE(stem->font().pointSizeF(), normal * 1.1);
        fixture.window->findChild<QAction*>(QStringLiteral("normalTextAction"))->trigger();
        QCOMPARE(QApplication::font().pointSizeF(), normal);
        QCOMPARE(fixture.store->setting("display.text-percent").value(), std::optional<std::string>("100"));
    }

    /// An option's text wraps instead of widening the window, and clicking it clicks the button unless the
    /// option is locked.
    void optionTextWrapsAndClicksItsButton()
    {
        const QString text = QStringLiteral("A long option ").repeated(20);
        gui::OptionRow row(false, 1, text);
        row.resize(400, 200);
        row.show();
        QVERIFY(QTest::qWaitForWindowExposed(&row));
        QCOMPARE(row.button()->accessibleName(), QStringLiteral("B.  ") + text);
        auto* label = row.findChild<QLabel*>();
        QVERIFY(label);
        QVERIFY(row.minimumSizeHint().width() < label->fontMetrics().horizontalAdvance(text) / 4);
        QVERIFY(label->height() > 3 * label->fontMetrics().height()); // wrapped over several lines
        QTest::mouseClick(label, Qt::LeftButton);
        QVERIFY(row.button()->isChecked());
        row.button()->setEnabled(false); // a revealed practice answer
        QVERIFY(!label->isEnabled());
        QTest::mouseClick(label, Qt::LeftButton);
        QVERIFY(row.button()->isChecked());
        gui::OptionRow multi(true, 0, QStringLiteral("x"));
        QVERIFY(qobject_cast<QCheckBox*>(multi.button()));
        // `code` shows as code, as in the stems; anything else that looks like markup is text.
        gui::OptionRow code(false, 2, QStringLiteral("Set `max_batch_size` to <b>8</b>"));
        const QString shown = code.findChild<QLabel*>()->text();
        QVERIFY2(shown.contains(QStringLiteral("<code>max_batch_size</code>")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("&lt;b&gt;8&lt;/b&gt;")), qPrintable(shown));
        QCOMPARE(code.button()->accessibleName(), QStringLiteral("C.  Set max_batch_size to <b>8</b>"));
        QCOMPARE(gui::inlineHtml("a `b` c ` d"), QStringLiteral("a <code>b</code> c ` d"));
        QCOMPARE(gui::inlineHtml("100%2 `x`"), QStringLiteral("100%2 <code>x</code>"));
    }

    void failedImportIsReportedAndChangesNothing()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        QString report;
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QVERIFY(!window.importFiles({data + "/mini-exam.json", data + "/five-errors.json"}, &report));
        QVERIFY(report.contains(QStringLiteral("unknown field \"colour\"")));
        QVERIFY(window.homePage()
                    ->findChildren<QPushButton*>(QRegularExpression(QStringLiteral("^domainButton_")))
                    .isEmpty());
    }

    // A refused import's preview: Import is off, the reason is in the headline, every error is in the table
    // with its file by name (the full path only in its tooltip), and a Moodle question without a domain is
    // told what to do in the app, not given a command-line flag.
    void refusedImportPreviewNamesFilesAndReasons()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        // The preview's headline and problems, as shown; Cancel closes it.
        const auto previewOf = [&](const QStringList& files) -> QString {
            QString text;
            test::onNextModal<gui::ImportPreviewDialog>([&text](gui::ImportPreviewDialog* preview) {
                QVERIFY(
                    !preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->isEnabled());
                text = preview->findChild<QLabel*>(QStringLiteral("previewHeadline"))->text();
                auto* problems = preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable"));
                for (int r = 0; r < problems->rowCount(); ++r) {
                    text += QStringLiteral("\n%1 %2 %3")
                                .arg(problems->item(r, 0)->text(), problems->item(r, 1)->text(),
                                     problems->item(r, 3)->text());
                }
                preview->reject();
            });
            if (files.last().endsWith(QStringLiteral(".gift"))) { // first the Moodle options
                test::onNextModal<gui::MoodleImportDialog>(
                    [](gui::MoodleImportDialog* moodle) { moodle->accept(); });
            }
            if (window.importWithPreview(files)) {
                text += QStringLiteral("\nIMPORTED"); // a refused import must not run
            }
            return text;
        };
        const QString failed = previewOf({data + "/five-errors.json"});
        QVERIFY2(failed.contains(QStringLiteral("would be refused")), qPrintable(failed));
        QVERIFY2(!failed.contains(QStringLiteral("IMPORTED")), qPrintable(failed));
        QVERIFY2(failed.contains(QStringLiteral("error five-errors.json:")), qPrintable(failed));
        QVERIFY2(failed.contains(QStringLiteral("unknown field \"colour\"")), qPrintable(failed));
        QVERIFY2(!failed.contains(data), qPrintable(failed));
        QVERIFY(fixture.store->packs().value().empty());

        // A Moodle question without a domain: the reason names what to do in the app, not a CLI flag.
        const QString loose = fixture.dir.filePath(QStringLiteral("loose.gift"));
        QFile f(loose);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("::q1:: Which is prime? {=7 ~8 ~9}\n");
        f.close();
        const QString moodle = previewOf({data + "/mini-exam.json", loose});
        QVERIFY2(moodle.contains(QStringLiteral("no blueprint domain")), qPrintable(moodle));
        QVERIFY2(!moodle.contains(QStringLiteral("IMPORTED")), qPrintable(moodle));
        QVERIFY2(!moodle.contains(QStringLiteral("--domain")), qPrintable(moodle));
        QVERIFY2(!moodle.contains(QStringLiteral("--map")), qPrintable(moodle));
        QVERIFY2(moodle.contains(QStringLiteral("\"Category map\"")), qPrintable(moodle));
        QVERIFY2(moodle.contains(QStringLiteral("Uncategorised questions")), qPrintable(moodle));
    }

    void giftFileImportsFromTheWindow()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QString report;
        QVERIFY2(window.importFiles({data + "/mini-exam.json", data + "/sample.gift"}, &report),
                 qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("gift-sample 1.0.0: 4 added")), qPrintable(report));
        // The skipped numerical question is named with its line.
        QVERIFY2(report.contains(QStringLiteral("sample.gift:24:1: warning: numerical questions")),
                 qPrintable(report));
        QCOMPARE(fixture.store->candidates("mini").value().size(), std::size_t{4});
    }

    // File > Import pack... with a Moodle file asks for the Moodle options; a changed file is updated by
    // raising the version there, and a category-less question goes to the domain chosen there.
    void moodleImportAsksForExamVersionAndDomain()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QVERIFY(window.importFiles({data + "/mini-exam.json"}));
        const QString quiz = fixture.dir.filePath(QStringLiteral("quiz.gift"));
        const auto write = [&quiz](const char* text) {
            QFile f(quiz);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(text);
        };
        write("$CATEGORY: mini/alpha\n\n::q1:: Which is right?{=this ~that}\n");

        QString message;
        // Drives the modal dialogs importPacks opens, in order: the file dialog, the Moodle options, the
        // preview; the Packs screen then says what was imported.
        const auto importThroughMenu = [&](const std::function<void(gui::MoodleImportDialog*)>& fill) {
            test::onNextModal<QFileDialog>([&](QFileDialog* files) {
                // Typed as a user would: selectFile() does not always reach a dialog still reading its
                // folder.
                auto* name = files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
                QVERIFY(name);
                name->setText(quiz);
                test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
                    test::screenshot(moodle, "moodle-import");
                    fill(moodle);
                    test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                        QVERIFY(preview->findChild<QLabel*>(QStringLiteral("previewLint"))
                                    ->text()
                                    .contains(QStringLiteral("longest option: ")));
                        preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
                    });
                    moodle->accept();
                });
                static_cast<QDialog*>(files)->accept(); // QFileDialog::accept is protected
            });
            window.importPacks();
            message = window.packsPage()->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))->text();
        };

        importThroughMenu([](gui::MoodleImportDialog* d) {
            auto* state = d->findChild<QLabel*>(QStringLiteral("moodlePackState"));
            QVERIFY(state->text().contains(QStringLiteral("gift-quiz is a new pack")));
            QCOMPARE(d->findChild<QLineEdit*>(QStringLiteral("moodleVersion"))->text(),
                     QStringLiteral("1.0.0"));
        });
        QCOMPARE(fixture.store->candidates("mini").value().size(), std::size_t{1});

        // The file changes and gains a question without a category.
        write("$CATEGORY: mini/alpha\n\n::q1:: Which is right?{=this ~that ~other}\n\n"
              "$CATEGORY: elsewhere\n\n::q2:: And now?{=yes ~no}\n");
        importThroughMenu([](gui::MoodleImportDialog* d) {
            // The version starts at the imported one, and the label says to raise it.
            auto* version = d->findChild<QLineEdit*>(QStringLiteral("moodleVersion"));
            QCOMPARE(version->text(), QStringLiteral("1.0.0"));
            QVERIFY(d->findChild<QLabel*>(QStringLiteral("moodlePackState"))
                        ->text()
                        .contains(QStringLiteral("imported at version 1.0.0")));
            version->clear();
            QTest::keyClicks(version, QStringLiteral("1.1"));
            auto* domain = d->findChild<QComboBox*>(QStringLiteral("moodleDomain"));
            domain->setCurrentIndex(domain->findData(QStringLiteral("beta")));
            QCOMPARE(d->options().domain, std::string("beta"));
            QCOMPARE(d->options().version, std::string("1.1"));
        });
        QVERIFY2(message.contains(QStringLiteral("gift-quiz 1.1: 1 added, 1 updated")), qPrintable(message));
        QCOMPARE(fixture.store->candidates("mini").value().size(), std::size_t{2});
    }

    // Moodle exports GIFT as .txt: the import dialog shows .txt files and all files, and a .txt file whose
    // content is GIFT gets the Moodle options and imports as GIFT.
    void importOffersTxtAndAllFilesAndReadsGiftByContent()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        QVERIFY(window.importFiles({QStringLiteral(CERTDRILL_TEST_DATA_DIR "/mini-exam.json")}));
        const QString quiz = fixture.dir.filePath(QStringLiteral("quiz.txt"));
        QFile f(quiz);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("// exported from Moodle\n$CATEGORY: mini/alpha\n\n::q1:: Which is right?{=this ~that}\n");
        f.close();

        QStringList filters;
        QString packIdShown;
        QString message;
        test::onNextModal<QFileDialog>([&](QFileDialog* files) {
            filters = files->nameFilters();
            files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(quiz);
            test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
                packIdShown =
                    moodle->findChild<QLineEdit*>(QStringLiteral("moodlePackId"))->placeholderText();
                test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                    preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
                });
                moodle->accept();
            });
            static_cast<QDialog*>(files)->accept();
        });
        window.importPacks();
        message = window.packsPage()->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))->text();
        QVERIFY2(filters.contains(QStringLiteral("All files (*)")), qPrintable(filters.join(';')));
        QVERIFY2(filters.first().contains(QStringLiteral("*.txt")), qPrintable(filters.first()));
        QVERIFY2(filters.first().contains(QStringLiteral("*.gift")), qPrintable(filters.first()));
        QCOMPARE(packIdShown, QStringLiteral("gift-quiz"));
        QVERIFY2(message.contains(QStringLiteral("gift-quiz 1.0.0: 1 added")), qPrintable(message));
        QCOMPARE(fixture.store->candidates("mini").value().size(), std::size_t{1});
    }

    // Before an import, the preview shows the item-quality check: each pack's longest-option score against
    // chance, a cued pack flagged; Cancel imports nothing, and the Packs screen shows the same score.
    void importPreviewShowsTheLintAndPacksShowEachScore()
    {
        WindowOnTemporaryDatabase fixture;
        QVERIFY(fixture.window);
        gui::MainWindow& window = *fixture.window;
        const QString cued = QStringLiteral(CERTDRILL_TEST_DATA_DIR "/lint-cued.json");

        QString lint;
        QString score;
        test::onNextModal<QFileDialog>([&](QFileDialog* files) {
            files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->setText(cued);
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                lint = preview->findChild<QLabel*>(QStringLiteral("previewLint"))->text();
                score = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"))
                            ->item(0, 7)
                            ->text();
                test::screenshot(preview, "import-lint");
                preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
            });
            static_cast<QDialog*>(files)->accept();
        });
        window.importPacks();
        QVERIFY2(lint.contains(QStringLiteral("longest option: 100.0% (4/4), chance 21.2%")),
                 qPrintable(lint));
        QVERIFY2(lint.contains(QStringLiteral("answered from surface cues")), qPrintable(lint));
        QCOMPARE(score, QStringLiteral("100.0% (chance 21.2%): cued"));
        QVERIFY(fixture.store->packs().value().empty()); // Cancel: nothing imported

        QVERIFY(window.importFiles({cued}));
        window.showPacks();
        auto* packs = window.packsPage()->findChild<QTableWidget*>(QStringLiteral("packListTable"));
        QVERIFY(packs);
        QCOMPARE(packs->rowCount(), 1);
        QCOMPARE(packs->item(0, 4)->text(), QStringLiteral("100.0% (chance 21.2%): cued"));
        QVERIFY(packs->item(0, 4)->toolTip().contains(QStringLiteral("shortest option: 0.0% (0/4)")));
    }
};

QTEST_MAIN(GuiSmokeTest)
#include "GuiSmokeTest.moc"
