// File ▸ Packs and the import preview, driven through the real screens and dialogs: the bundled packs
// without the exam definition, the preview's counts and problems (copied and saved), Cancel in the preview
// and in the import's progress leaving the database file as it was, Import then Remove (and back), Export,
// and pack files dropped on the window.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "certdrill/pack/ItemLint.h"
#include "certdrill/store/Store.h"

#include "Display.h"
#include "GuiTestSupport.h"
#include "ImportFlow.h"
#include "ImportPreviewDialog.h"
#include "MainWindow.h"
#include "MoodleImportDialog.h"
#include "PackText.h"
#include "PacksPage.h"

using namespace certdrill;

namespace {

const QString kData = QStringLiteral(CERTDRILL_TEST_DATA_DIR);

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes `bytes` to `path`; false when it cannot.
bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// Types `path` into the next file dialog, as a user would, and accepts it.
void chooseInNextFileDialog(const QString& path)
{
    test::onNextModal<QFileDialog>([path](QFileDialog* files) {
        auto* name = files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        QVERIFY(name);
        name->setText(path);
        static_cast<QDialog*>(files)->accept(); // QFileDialog::accept is protected
    });
}

/// Whether `page` is the window's current screen (also while the window is hidden).
bool shown(const gui::MainWindow& window, QWidget* page)
{
    return qobject_cast<QStackedWidget*>(window.centralWidget())->currentWidget() == page;
}

/// The texts of a table's column, top to bottom.
QStringList column(const QTableWidget* table, int col)
{
    QStringList out;
    for (int r = 0; r < table->rowCount(); ++r) {
        out << (table->item(r, col) ? table->item(r, col)->text() : QString());
    }
    return out;
}

} // namespace

/// The real main window over a database file in a temporary folder; the store can be closed and opened
/// again, so the file's bytes can be compared.
struct PacksFixture
{
    PacksFixture() { open(); }

    void open()
    {
        auto opened = Store::open(path().toStdString(), clock);
        if (dir.isValid() && opened.ok()) {
            store = std::move(opened.value());
            window = std::make_unique<gui::MainWindow>(*store, clock);
        }
    }
    /// Closes the window and the store (SQLite folds its journal into the file), so the file is complete.
    void close()
    {
        window.reset();
        store.reset();
    }
    QString path() const { return dir.filePath(QStringLiteral("db.sqlite")); }
    int candidates(const char* exam) { return static_cast<int>(store->candidates(exam).value().size()); }

    QTemporaryDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    std::unique_ptr<gui::MainWindow> window;
};

class PacksTest : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { gui::applyTheme(false); }

    // File ▸ Packs lists the fourteen bundled packs that hold questions; the exam definition is named apart,
    // never as a pack of 0 questions. The selected pack shows its details, questions per domain and lint.
    /// The score cell names the cue --strict would refuse a pack for: a pack whose shortest option is the key
    /// read "0.0% (chance 21.2%): cued", as if the longest option gave it away.
    void lintScoreNamesTheCue()
    {
        LintSummary s;
        s.questions = 4;
        s.chanceRight = 0.85; // 21.2%
        QCOMPARE(gui::lintScoreText(s), QStringLiteral("0.0% (chance 21.2%)"));
        s.strategyRight[static_cast<std::size_t>(Strategy::Shortest)] = 3;
        QCOMPARE(gui::lintScoreText(s),
                 QStringLiteral("0.0% (chance 21.2%); cued: shortest option scores 75.0%"));
        s.strategyRight[static_cast<std::size_t>(Strategy::Longest)] = 4;
        QCOMPARE(gui::lintScoreText(s), QStringLiteral("100.0% (chance 21.2%): cued"));
        LintSummary flawed;
        flawed.questions = 4;
        flawed.chanceRight = 0.85;
        flawed.fired[static_cast<std::size_t>(LintRule::StatedCount)] = 1;
        QCOMPARE(gui::lintScoreText(flawed), QStringLiteral("0.0% (chance 21.2%); item-writing flaws"));
    }

    void listsTheBundledPacksWithoutTheExamDefinition()
    {
        PacksFixture f;
        QVERIFY(f.window);
        // From a copy of the bank, so the pictures show a neutral source path.
        const std::filesystem::path bank = f.dir.filePath(QStringLiteral("questions")).toStdString();
        std::filesystem::create_directories(bank);
        for (const auto& file : packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
            std::filesystem::copy_file(file, bank / file.filename());
        }
        QVERIFY(f.store->importFiles(packFilesIn(bank)).ok());
        gui::MainWindow& window = *f.window;
        QVERIFY(test::showActive(&window));
        window.findChild<QAction*>(QStringLiteral("packsAction"))->trigger();
        gui::PacksPage* page = window.packsPage();
        QVERIFY(page->isVisible());
        auto* table = page->findChild<QTableWidget*>(QStringLiteral("packListTable"));
        QCOMPARE(table->rowCount(), 14);
        for (int r = 0; r < table->rowCount(); ++r) {
            QVERIFY2(table->item(r, 0)->toolTip() != QStringLiteral("ncp-genl-exam"),
                     qPrintable(column(table, 0).join(',')));
            QVERIFY(table->item(r, 2)->text().toInt() > 0);
            QVERIFY2(table->item(r, 4)->text().contains(QStringLiteral("(chance ")),
                     qPrintable(table->item(r, 4)->text()));
        }
        auto* definitions = page->findChild<QLabel*>(QStringLiteral("examDefinitionsLabel"));
        QVERIFY(definitions->isVisible());
        QVERIFY2(definitions->text().contains(QStringLiteral("from pack ncp-genl-exam 2.1.0")),
                 qPrintable(definitions->text()));

        // The first pack in detail: its domain counts add up to its questions.
        table->selectRow(0);
        QCOMPARE(page->selectedPackId(), QStringLiteral("ncp-genl-data-preparation"));
        const QString details = page->findChild<QLabel*>(QStringLiteral("packDetailsLabel"))->text();
        QVERIFY2(details.contains(QStringLiteral("Licence: ")) &&
                     details.contains(QStringLiteral("Authors: ")) &&
                     details.contains(QStringLiteral("Source: ")) &&
                     details.contains(QStringLiteral("data-preparation.json")) &&
                     details.contains(QStringLiteral("Imported: ")),
                 qPrintable(details));
        auto* domains = page->findChild<QTableWidget*>(QStringLiteral("packDomainsTable"));
        int sum = 0;
        for (const QString& n : column(domains, 1)) {
            sum += n.toInt();
        }
        QCOMPARE(sum, table->item(0, 2)->text().toInt());
        QVERIFY(page->findChild<QLabel*>(QStringLiteral("packLintLabel"))
                    ->text()
                    .contains(QStringLiteral("longest option: ")));

        test::screenshot(&window, "packs-screen");
        gui::applyTextPercent(200);
        test::screenshot(&window, "packs-screen-200");
        // At 200% the names are cut to the column: the two GPU packs, which differ only in the "(2)" at the
        // end, still read as two packs.
        QApplication::processEvents();
        QVERIFY(!table->wordWrap()); // one line per name, as cut below
        QStringList shown;
        for (int r = 0; r < table->rowCount(); ++r) {
            shown << table->fontMetrics().elidedText(table->item(r, 0)->text(), table->textElideMode(),
                                                     table->columnWidth(0) - 8);
        }
        QStringList distinct = shown;
        QVERIFY2(distinct.removeDuplicates() == 0, qPrintable(shown.join(QStringLiteral(" | "))));
        // The whole name is one hover away.
        for (int r = 0; r < table->rowCount(); ++r) {
            QVERIFY2(table->item(r, 0)->toolTip().contains(table->item(r, 0)->text().toHtmlEscaped()),
                     qPrintable(table->item(r, 0)->toolTip()));
        }
        gui::applyTheme(true);
        test::screenshot(&window, "packs-screen-dark-200");
        gui::applyTextPercent(100);
    }

    // The preview of a GIFT file: 4 questions added, the skipped numerical question as a warning at its
    // line in the problems table, which copies (Ctrl+C, Copy all) and saves as CSV.
    void previewShowsCountsAndEveryProblem()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        gui::MainWindow& window = *f.window;
        QVERIFY(test::showActive(&window));
        const QString csv = f.dir.filePath(QStringLiteral("problems.csv"));
        bool previewed = false;
        test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                previewed = true;
                auto* packs = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"));
                QCOMPARE(packs->rowCount(), 1);
                QCOMPARE(packs->item(0, 0)->text(), QStringLiteral("gift-sample"));
                QCOMPARE(packs->item(0, 1)->text(), QStringLiteral("1.0.0 (new)"));
                QCOMPARE(packs->item(0, 2)->text(), QStringLiteral("4")); // added
                QCOMPARE(packs->item(0, 3)->text(), QStringLiteral("0")); // updated
                auto* problems = preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable"));
                int warning = -1;
                for (int r = 0; r < problems->rowCount(); ++r) {
                    if (problems->item(r, 0)->text() == QStringLiteral("warning") &&
                        problems->item(r, 3)->text().contains(QStringLiteral("numerical"))) {
                        warning = r;
                    }
                }
                QVERIFY2(warning >= 0, qPrintable(column(problems, 3).join('\n')));
                QCOMPARE(problems->item(warning, 1)->text(), QStringLiteral("sample.gift:24:1"));
                QVERIFY(preview->findChild<QLabel*>(QStringLiteral("previewLint"))
                            ->text()
                            .contains(QStringLiteral("longest option: ")));
                QVERIFY(preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->isEnabled());

                // Ctrl+C copies the selected row in the compilers' form, with the file's full path.
                QApplication::clipboard()->clear();
                problems->setFocus();
                problems->selectRow(warning);
                QTest::keySequence(problems, QKeySequence::Copy);
                const QString copied = QApplication::clipboard()->text();
                QVERIFY2(copied.startsWith(kData + "/sample.gift:24:1: warning: ") && copied.count('\n') == 1,
                         qPrintable(copied));
                preview->findChild<QPushButton*>(QStringLiteral("previewCopyAllButton"))->click();
                QCOMPARE(QApplication::clipboard()->text().count('\n'), problems->rowCount());
                QVERIFY(QApplication::clipboard()->text().contains(copied));
                chooseInNextFileDialog(csv);
                preview->findChild<QPushButton*>(QStringLiteral("previewSaveButton"))->click();
                test::screenshot(preview, "import-preview");
                preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
            });
            moodle->accept();
        });
        QVERIFY(!window.importWithPreview({kData + "/sample.gift"}));
        QVERIFY(previewed);
        QCOMPARE(f.candidates("mini"), 0); // Cancel: nothing imported
        const QByteArray saved = fileBytes(csv);
        QVERIFY2(saved.startsWith("severity,file,line,column,question,pointer,message\n"), saved.constData());
        QVERIFY2(saved.contains(("\nwarning," + kData + "/sample.gift,24,1,").toUtf8()), saved.constData());
    }

    // Cancel in the preview, or in the import's progress dialog, leaves the database file byte for byte as
    // it was: the preview is a rolled-back transaction, and so is a cancelled import.
    void cancelLeavesTheDatabaseFileAsItWas()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        f.close();
        const QByteArray before = fileBytes(f.path());
        QVERIFY(!before.isEmpty());

        f.open();
        test::onNextModal<gui::ImportPreviewDialog>([](gui::ImportPreviewDialog* preview) {
            preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
        });
        QVERIFY(!f.window->importWithPreview({kData + "/mini-questions.json"}));
        f.close();
        QVERIFY(fileBytes(f.path()) == before);

        // The whole bundled bank, cancelled in its progress dialog once it shows (at once, here).
        f.open();
        f.window->importFlow()->setProgressDelay(0);
        QStringList bank;
        for (const auto& p : packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
            bank << QString::fromStdString(p.string());
        }
        bool cancelled = false;
        test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
            test::onNextModal<QProgressDialog>(
                [&](QProgressDialog* progress) {
                    QCOMPARE(progress->objectName(), QStringLiteral("importProgress"));
                    QVERIFY(progress->value() < progress->maximum());
                    cancelled = true;
                    progress->cancel();
                },
                5000);
            preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
        });
        QVERIFY(!f.window->importWithPreview(bank));
        QVERIFY(cancelled);
        QVERIFY(shown(*f.window, f.window->packsPage()));
        QVERIFY(f.window->packsPage()
                    ->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))
                    ->text()
                    .contains(QStringLiteral("Import cancelled")));
        QCOMPARE(f.store->packs().value().size(), std::size_t{1});
        f.close();
        QVERIFY(fileBytes(f.path()) == before);
    }

    // Import through the preview, then Remove: its questions are retired, kept, and restored by importing
    // the pack again; Export writes the pack as a file that loads again.
    void importRemoveAndImportAgain()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        gui::MainWindow& window = *f.window;
        const auto importThroughPreview = [&](const QString& file, int restored) {
            test::onNextModal<gui::ImportPreviewDialog>([restored](gui::ImportPreviewDialog* preview) {
                auto* packs = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"));
                QCOMPARE(packs->item(0, 4)->text(), QString::number(restored));
                preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
            });
            return window.importWithPreview({file});
        };
        QVERIFY(importThroughPreview(kData + "/mini-questions.json", 0));
        QCOMPARE(f.candidates("mini"), 4);
        gui::PacksPage* page = window.packsPage();
        QVERIFY(shown(window, page));
        QCOMPARE(page->selectedPackId(), QStringLiteral("mini-questions"));
        QVERIFY2(page->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))
                     ->text()
                     .contains(QStringLiteral("mini-questions 1.0.0: 4 added")),
                 qPrintable(page->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))->text()));
        auto* table = page->findChild<QTableWidget*>(QStringLiteral("packListTable"));
        QCOMPARE(table->rowCount(), 1); // the mini exam's definition is not a pack row

        // Export writes a pack file that loads without errors, with the same questions.
        const QString exported = f.dir.filePath(QStringLiteral("exported.json"));
        chooseInNextFileDialog(exported);
        page->findChild<QPushButton*>(QStringLiteral("packExportButton"))->click();
        auto catalog = f.store->examCatalog();
        const auto loaded = loadPacks({exported.toStdString()}, catalog.value());
        QVERIFY(loaded.size() == 1 && loaded[0].ok());
        QCOMPARE(loaded[0].pack.questions.size(), std::size_t{4});

        QString confirmation;
        test::onNextModal<QMessageBox>([&](QMessageBox* box) {
            QCOMPARE(box->objectName(), QStringLiteral("removePackConfirmation"));
            QCOMPARE(box->defaultButton(), box->button(QMessageBox::No));
            confirmation = box->text() + QLatin1Char('\n') + box->informativeText();
            test::screenshot(box, "remove-pack");
            box->button(QMessageBox::Yes)->click();
        });
        page->findChild<QPushButton*>(QStringLiteral("packRemoveButton"))->click();
        QVERIFY2(
            confirmation.contains(QStringLiteral("\"Mini questions\" (mini-questions, version 1.0.0)")) &&
                confirmation.contains(QStringLiteral("4 questions will be retired")) &&
                confirmation.contains(QStringLiteral("history")) &&
                confirmation.contains(QStringLiteral("importing the pack again restores them")),
            qPrintable(confirmation));
        QCOMPARE(f.candidates("mini"), 0);
        const auto packs = f.store->packs().value();
        const auto removed = std::find_if(packs.begin(), packs.end(),
                                          [](const StoredPack& p) { return p.id == "mini-questions"; });
        QVERIFY(removed != packs.end() && removed->removed && removed->retiredQuestions == 4);
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("removed"));
        QVERIFY(!page->findChild<QPushButton*>(QStringLiteral("packRemoveButton"))->isEnabled());

        QVERIFY(importThroughPreview(kData + "/mini-questions.json", 4));
        QCOMPARE(f.candidates("mini"), 4);
    }

    // Several Moodle files keep each pack's imported version unless one is typed, as certdrill-cli import
    // does: importing them again unchanged changes nothing, where a version of 1.0.0 for all was refused
    // for the pack at 1.1.0.
    void severalMoodleFilesKeepTheirImportedVersions()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        const QString a = f.dir.filePath(QStringLiteral("week-a.gift"));
        const QString b = f.dir.filePath(QStringLiteral("week-b.gift"));
        for (const QString& file : {a, b}) {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write("$CATEGORY: mini/alpha\n\n::q1:: Which is right?{=this#Yes. ~that#No.}\n");
        }
        ImportOptions newer;
        newer.version = "1.1.0";
        QVERIFY(f.store->importFiles({a.toStdString()}, newer).ok());
        QVERIFY(f.store->importFiles({b.toStdString()}).ok());

        bool previewed = false;
        test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
            auto* version = moodle->findChild<QLineEdit*>(QStringLiteral("moodleVersion"));
            QCOMPARE(version->text(), QString());
            QVERIFY(!version->placeholderText().isEmpty());
            const QString state = moodle->findChild<QLabel*>(QStringLiteral("moodlePackState"))->text();
            QVERIFY2(state.contains(QStringLiteral("gift-week-a is imported at version 1.1.0")) &&
                         state.contains(QStringLiteral("gift-week-b is imported at version 1.0.0")),
                     qPrintable(state));
            QCOMPARE(moodle->options().version, std::string());
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                previewed = true;
                QVERIFY(preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->isEnabled());
                auto* packs = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"));
                QCOMPARE(column(packs, 1), QStringList({QStringLiteral("1.1.0 (imported already)"),
                                                        QStringLiteral("1.0.0 (imported already)")}));
                preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
            });
            moodle->accept();
        });
        QVERIFY(!f.window->importWithPreview({a, b}));
        QVERIFY(previewed);
    }

    // An import the store refuses (a version older than the imported one) is an error in the problems, with
    // its file and line, and counted; the item-quality check does not offer to import what cannot be.
    void aRefusedImportIsAnErrorInTheProblems()
    {
        PacksFixture f;
        QVERIFY(f.window);
        const QString newer = f.dir.filePath(QStringLiteral("lint-cued.json"));
        QByteArray text = fileBytes(kData + "/lint-cued.json");
        text.replace("\"version\": \"1.0.0\"", "\"version\": \"1.1.0\"");
        QFile out(newer);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        QVERIFY(f.store->importFiles({newer.toStdString()}).ok());

        bool previewed = false;
        test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
            previewed = true;
            QVERIFY(!preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->isEnabled());
            auto* problems = preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable"));
            QVERIFY(problems->isVisibleTo(preview));
            QCOMPARE(problems->item(0, 0)->text(), QStringLiteral("error"));
            QCOMPARE(problems->item(0, 1)->text(), QStringLiteral("lint-cued.json:6:16"));
            QVERIFY2(problems->item(0, 3)->text().contains(
                         QStringLiteral("version 1.0.0 is older than the imported version 1.1.0")),
                     qPrintable(problems->item(0, 3)->text()));
            const QString count = preview->findChild<QLabel*>(QStringLiteral("previewProblemCount"))->text();
            QVERIFY2(count.startsWith(QStringLiteral("1 error, ")), qPrintable(count));
            const QString lint = preview->findChild<QLabel*>(QStringLiteral("previewLint"))->text();
            QVERIFY2(lint.contains(QStringLiteral("surface cues")), qPrintable(lint));
            QVERIFY2(!lint.contains(QStringLiteral("anyway")), qPrintable(lint));
            preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
        });
        QVERIFY(!f.window->importWithPreview({kData + "/lint-cued.json"}));
        QVERIFY(previewed);
    }

    // The Moodle options have a category map field, with Browse…, that means what certdrill-cli's --map
    // means: the course's week categories land in the blueprint's domains and objectives. Without it, the
    // error names the dialog's fields, never a command-line option.
    void moodleImportTakesACategoryMap()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam-objectives.json"}));
        gui::MainWindow& window = *f.window;
        QVERIFY(test::showActive(&window));

        QString refusal;
        test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
            auto* map = moodle->findChild<QLineEdit*>(QStringLiteral("moodleMap"));
            QVERIFY(map && map->isVisibleTo(moodle) && map->text().isEmpty());
            QCOMPARE(moodle->options().map, std::filesystem::path());
            // The field's label names it with its Alt letter (a label made by addRow beside a layout has no
            // buddy and showed "Category &map:").
            bool labelled = false;
            for (QLabel* label : moodle->findChildren<QLabel*>()) {
                labelled =
                    labelled || (label->buddy() == map && label->text() == QStringLiteral("Category &map:"));
            }
            QVERIFY(labelled);
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                QVERIFY(
                    !preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->isEnabled());
                refusal = column(preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable")), 3)
                              .join('\n');
                preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
            });
            moodle->accept();
        });
        QVERIFY(!window.importWithPreview({kData + "/course.gift"}));
        QVERIFY2(refusal.contains(QStringLiteral("no blueprint domain")), qPrintable(refusal));
        QVERIFY2(refusal.contains(QStringLiteral("chosen under \"Category map\" when you import the file")),
                 qPrintable(refusal));
        QVERIFY2(!refusal.contains(QStringLiteral("--map")), qPrintable(refusal));

        bool previewed = false;
        test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
            // Browse… picks the file, as a user would.
            chooseInNextFileDialog(kData + "/course-map.json");
            QTest::mouseClick(moodle->findChild<QPushButton*>(QStringLiteral("moodleMapBrowse")),
                              Qt::LeftButton);
            QCOMPARE(moodle->findChild<QLineEdit*>(QStringLiteral("moodleMap"))->text(),
                     kData + "/course-map.json");
            QCOMPARE(moodle->options().map,
                     std::filesystem::path((kData + "/course-map.json").toStdString()));
            test::screenshot(moodle, "moodle-import-map");
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                previewed = true;
                auto* packs = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"));
                QCOMPARE(packs->item(0, 0)->text(), QStringLiteral("gift-course"));
                QCOMPARE(packs->item(0, 2)->text(), QStringLiteral("4")); // added
                preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
            });
            moodle->accept();
        });
        QVERIFY(window.importWithPreview({kData + "/course.gift"}));
        QVERIFY(previewed);
        // Placed by the map: the category of "primes" names no domain, the map's rule puts it in alpha, 1.1.
        const auto questions = f.store->activeQuestions("mini").value();
        const auto primes = std::find_if(questions.begin(), questions.end(),
                                         [](const StoredQuestion& q) { return q.question.id == "primes"; });
        QVERIFY(primes != questions.end());
        QCOMPARE(primes->question.domain, std::string("alpha"));
        QCOMPARE(primes->question.objective, std::string("1.1"));
    }

    // A version the loader would refuse is the field's mistake: the dialog says so and offers no Import,
    // where the preview reported it at the file's first line as if the file were wrong.
    void moodleImportRefusesABadVersionInItsField()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        bool checked = false;
        test::onNextModal<gui::MoodleImportDialog>([&](gui::MoodleImportDialog* moodle) {
            auto* version = moodle->findChild<QLineEdit*>(QStringLiteral("moodleVersion"));
            auto* import = moodle->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
            auto* state = moodle->findChild<QLabel*>(QStringLiteral("moodlePackState"));
            QVERIFY(import->isEnabled());
            version->clear();
            QTest::keyClicks(version, QStringLiteral("banana"));
            QVERIFY(!import->isEnabled());
            QVERIFY2(state->text().contains(QStringLiteral("\"banana\" is not a pack version")),
                     qPrintable(state->text()));
            version->clear();
            QTest::keyClicks(version, QStringLiteral("1.2"));
            QVERIFY(import->isEnabled());
            QVERIFY2(state->text().contains(QStringLiteral("gift-sample is a new pack")),
                     qPrintable(state->text()));
            checked = true;
            moodle->reject();
        });
        QVERIFY(!f.window->importWithPreview({kData + "/sample.gift"}));
        QVERIFY(checked);
    }

    // A new version of a stored pack: the preview names the questions it adds, changes and retires (a long
    // list cut with "and N more"), readable at 100% and 200% text, and the Packs screen's status says them
    // again after the import. The same file changed at the same version is refused with the field to raise.
    void previewNamesTheQuestionsANewVersionChanges()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json", kData + "/mini-questions.json"}));
        QByteArray text = fileBytes(kData + "/mini-questions.json");
        text.replace("Which is first?", "Which one is first?");
        text.replace("\"id\": \"q4\"", "\"id\": \"q5\"");
        const QString sameVersion = f.dir.filePath(QStringLiteral("edited.json"));
        QVERIFY(writeBytes(sameVersion, text));
        text.replace("\"version\": \"1.0.0\"", "\"version\": \"1.1.0\"");
        const QString newer = f.dir.filePath(QStringLiteral("newer.json"));
        QVERIFY(writeBytes(newer, text));

        QString refusal;
        test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
            refusal =
                preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable"))->item(0, 3)->text();
            preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
        });
        QVERIFY(!f.window->importWithPreview({sameVersion}));
        QVERIFY2(
            refusal.contains(QStringLiteral("raise \"version\" in the file's \"pack\" object from 1.0.0 to "
                                            "a higher one such as 1.0.1")),
            qPrintable(refusal));

        for (const int percent : {100, 200}) {
            gui::applyTextPercent(percent);
            bool previewed = false;
            test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
                previewed = true;
                QVERIFY(test::showActive(preview));
                auto* changed = preview->findChild<QLabel*>(QStringLiteral("previewChangedQuestions"));
                QVERIFY(changed->isVisibleTo(preview));
                QVERIFY2(changed->text().endsWith(
                             QStringLiteral("mini-questions: new: q5; changed: q1; removed: q4")),
                         qPrintable(changed->text()));
                // Wrapped, never cut: the label is as tall as its text at its width.
                QVERIFY(changed->wordWrap());
                QVERIFY2(changed->height() >= changed->heightForWidth(changed->width()),
                         qPrintable(QStringLiteral("%1 < %2")
                                        .arg(changed->height())
                                        .arg(changed->heightForWidth(changed->width()))));
                // The place and question columns are as wide as their headings and texts, within a quarter of
                // the table, at both text sizes: they were fitted to a stale, narrow table and wrapped at
                // 200%.
                auto* problems = preview->findChild<QTableWidget*>(QStringLiteral("previewProblemsTable"));
                QVERIFY(problems);
                for (const int c : {1, 2}) {
                    int needed = problems->horizontalHeader()->sectionSizeHint(c);
                    for (int r = 0; r < problems->rowCount(); ++r) {
                        needed = std::max(
                            needed, problems->fontMetrics().horizontalAdvance(problems->item(r, c)->text()));
                    }
                    // At most a quarter of the table each (fitColumns), as on a small screen.
                    needed = std::min(needed, problems->viewport()->width() / 4);
                    QVERIFY2(problems->columnWidth(c) >= needed,
                             qPrintable(QStringLiteral("column %1 at %2%: %3 < %4")
                                            .arg(c)
                                            .arg(percent)
                                            .arg(problems->columnWidth(c))
                                            .arg(needed)));
                }
                // A message that fits its column takes one line: rows are measured once the message column
                // has stretched (the longest messages kept the two-line height of a narrower column).
                QApplication::processEvents();
                int shortest = problems->rowHeight(0);
                for (int r = 0; r < problems->rowCount(); ++r) {
                    shortest = std::min(shortest, problems->rowHeight(r));
                }
                for (int r = 0; r < problems->rowCount(); ++r) {
                    const QString message = problems->item(r, 3)->text();
                    if (problems->fontMetrics().horizontalAdvance(message) + 16 <= problems->columnWidth(3)) {
                        QVERIFY2(problems->rowHeight(r) == shortest,
                                 qPrintable(QStringLiteral("row %1 at %2%: %3 px, one line %4 px")
                                                .arg(r)
                                                .arg(percent)
                                                .arg(problems->rowHeight(r))
                                                .arg(shortest)));
                    }
                }
                test::screenshot(preview,
                                 percent == 100 ? "import-preview-changes" : "import-preview-changes-200");
                if (percent == 100) {
                    preview->findChild<QPushButton*>(QStringLiteral("previewCancelButton"))->click();
                } else {
                    preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
                }
            });
            QCOMPARE(f.window->importWithPreview({newer}), percent == 200);
            QVERIFY(previewed);
        }
        gui::applyTextPercent(100);
        const QString status =
            f.window->packsPage()->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))->text();
        QVERIFY2(status.contains(QStringLiteral("(new: q5; changed: q1; removed: q4)")), qPrintable(status));
    }

    // Remove after a new version dropped a question: the confirmation, the status and the removed pack's
    // details all count the questions the removal retires (3), not every retired question of the pack (4).
    void removeCountsTheQuestionsItRetires()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json", kData + "/mini-questions.json"}));
        QByteArray text = fileBytes(kData + "/mini-questions.json");
        text.replace("\"version\": \"1.0.0\"", "\"version\": \"1.1.0\"");
        const int q4 = text.indexOf("    {\"id\": \"q4\"");
        text.remove(q4 - 2,
                    text.indexOf("\"shuffle\": false}") + 17 - (q4 - 2)); // q4 and the comma before it
        const QString newer = f.dir.filePath(QStringLiteral("newer.json"));
        QVERIFY(writeBytes(newer, text));
        QVERIFY(f.window->importFiles({newer}));
        gui::MainWindow& window = *f.window;
        window.showPacks();
        gui::PacksPage* page = window.packsPage();
        page->selectPack(QStringLiteral("mini-questions"));
        QCOMPARE(page->selectedPackId(), QStringLiteral("mini-questions"));

        QString confirmation;
        test::answerNextMessageBox(&confirmation);
        QTest::mouseClick(page->findChild<QPushButton*>(QStringLiteral("packRemoveButton")), Qt::LeftButton);
        QVERIFY2(confirmation.contains(QStringLiteral("Its 3 questions will be retired")),
                 qPrintable(confirmation));
        const QString status = page->findChild<QLabel*>(QStringLiteral("packsStatusLabel"))->text();
        QVERIFY2(status.contains(QStringLiteral("3 questions retired")), qPrintable(status));
        page->selectPack(QStringLiteral("mini-questions"));
        const QString details = page->findChild<QLabel*>(QStringLiteral("packDetailsLabel"))->text();
        QVERIFY2(details.contains(QStringLiteral("Removed: its 3 questions are retired")),
                 qPrintable(details));
    }

    // Pack files dropped on the window start the same preview; other files are refused at the door.
    void droppedPackFilesAreImportedThroughThePreview()
    {
        PacksFixture f;
        QVERIFY(f.window);
        QVERIFY(f.window->importFiles({kData + "/mini-exam.json"}));
        gui::MainWindow& window = *f.window;
        QVERIFY(test::showActive(&window));
        const auto drag = [&](const QString& file) {
            QMimeData data;
            data.setUrls({QUrl::fromLocalFile(file)});
            QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&window, &enter);
            if (!enter.isAccepted()) {
                return false;
            }
            QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&window, &drop);
            return drop.isAccepted();
        };
        QVERIFY(!drag(QStringLiteral(CERTDRILL_TEST_DATA_DIR "/../../docs/images/home.png")));
        QVERIFY(!drag(kData + "/no-such-file.json"));

        bool previewed = false;
        test::onNextModal<gui::ImportPreviewDialog>([&](gui::ImportPreviewDialog* preview) {
            previewed = true;
            auto* packs = preview->findChild<QTableWidget*>(QStringLiteral("previewPacksTable"));
            QCOMPARE(packs->item(0, 2)->text(), QStringLiteral("4"));
            preview->findChild<QPushButton*>(QStringLiteral("previewImportButton"))->click();
        });
        QVERIFY(drag(kData + "/mini-questions.json"));
        QTRY_COMPARE(f.candidates("mini"), 4); // the import runs once the drop has returned
        QVERIFY(previewed);
        QVERIFY(shown(window, window.packsPage()));
    }
};

QTEST_MAIN(PacksTest)
#include "PacksTest.moc"
