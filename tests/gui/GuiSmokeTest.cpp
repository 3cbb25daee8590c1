// Smoke test: the real main window opens on a temporary database and shows the blueprint.
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "certdrill/Store.h"

#include "DrillPage.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "TrackerPage.h"

using namespace certdrill;

class GuiSmokeTest : public QObject
{
    Q_OBJECT

private slots:
    void opensOnTemporaryDatabaseAndShowsTenDomains()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FakeClock clock;
        auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(store.ok());
        gui::MainWindow window(*store.value(), clock);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        auto* table = window.findChild<QTableWidget*>(QStringLiteral("domainsTable"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 0);

        QStringList files;
        for (const auto& f : packFilesIn(CERTDRILL_QUESTIONS_DIR)) {
            files << QString::fromStdString(f.string());
        }
        QString report;
        QVERIFY2(window.importFiles(files, &report), qPrintable(report));
        QCOMPARE(table->rowCount(), 10);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("Model Optimization"));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("17%"));
        QCOMPARE(table->item(9, 0)->text(), QStringLiteral("Safety, Ethics & Compliance"));
        QVERIFY(table->item(0, 3)->text().toInt() > 0);
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("examSummaryLabel"))
                    ->text()
                    .contains(QStringLiteral("65 questions")));
        QVERIFY(window.findChild<QTableWidget*>(QStringLiteral("packsTable"))->rowCount() >= 2);

        // The home screen's buttons lead to the tracker and to a drill.
        window.findChild<QPushButton*>(QStringLiteral("homeTrackerButton"))->click();
        QVERIFY(window.trackerPage()->isVisible());
        QCOMPARE(window.findChild<QTreeWidget*>(QStringLiteral("trackerTree"))->topLevelItemCount(), 10);
        window.showHome();
        window.findChild<QPushButton*>(QStringLiteral("homeDrillButton"))->click();
        QVERIFY(window.drillPage()->isVisible());
        QCOMPARE(window.drillPage()->session()->items().size(), std::size_t{20});
    }

    void failedImportIsReportedAndChangesNothing()
    {
        QTemporaryDir dir;
        FakeClock clock;
        auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(store.ok());
        gui::MainWindow window(*store.value(), clock);
        QString report;
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QVERIFY(!window.importFiles({data + "/mini-exam.json", data + "/five-errors.json"}, &report));
        QVERIFY(report.contains(QStringLiteral("unknown field \"colour\"")));
        QCOMPARE(window.findChild<QTableWidget*>(QStringLiteral("domainsTable"))->rowCount(), 0);
    }

    void giftFileImportsFromTheWindow()
    {
        QTemporaryDir dir;
        FakeClock clock;
        auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(store.ok());
        gui::MainWindow window(*store.value(), clock);
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QString report;
        QVERIFY2(window.importFiles({data + "/mini-exam.json", data + "/sample.gift"}, &report),
                 qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("gift-sample 1.0.0: 4 added")), qPrintable(report));
        // The skipped numerical question is named with its line.
        QVERIFY2(report.contains(QStringLiteral("sample.gift:24:1: warning: numerical questions")),
                 qPrintable(report));
        QCOMPARE(store.value()->candidates("mini").value().size(), std::size_t{4});
    }
};

QTEST_MAIN(GuiSmokeTest)
#include "GuiSmokeTest.moc"
