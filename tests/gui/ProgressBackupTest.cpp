// File ▸ Back up progress… and File ▸ Restore progress…, driven through the real menu actions and dialogs.
#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>

#include "certdrill/store/Backup.h"
#include "certdrill/store/Store.h"

#include "GuiTestSupport.h"
#include "HomePage.h"
#include "MainWindow.h"

using namespace certdrill;

namespace {

/// Keeps the text of the next message box and presses `button`.
void answerNextBox(QString* text, QMessageBox::StandardButton button, QString* objectName = nullptr)
{
    test::onNextModal<QMessageBox>([text, button, objectName](QMessageBox* box) {
        *text = box->text() + QLatin1Char('\n') + box->informativeText();
        if (objectName) {
            *objectName = box->objectName();
        }
        box->button(button)->click();
    });
}

} // namespace

class ProgressBackupTest : public QObject
{
    Q_OBJECT

private slots:
    void backsUpAndRestoresThroughTheFileMenu()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FakeClock clock; // 2026-01-01T00:00:00Z
        const QString dbPath = dir.filePath(QStringLiteral("db.sqlite"));
        auto opened = Store::open(dbPath.toStdString(), clock);
        QVERIFY(opened.ok());
        Store& store = *opened.value();
        gui::MainWindow window(store, clock);
        QVERIFY(test::showActive(&window));
        const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
        QVERIFY(window.importFiles({data + "/mini-exam.json"}));

        // Back up: the file dialog, then where the copy went.
        const QString backup = dir.filePath(QStringLiteral("carried.db"));
        QString saved;
        test::chooseInNextFileDialog(backup, [&] { answerNextBox(&saved, QMessageBox::Ok); });
        window.findChild<QAction*>(QStringLiteral("backupAction"))->trigger();
        QVERIFY2(saved.contains(QStringLiteral("saved in ")) && saved.contains(backup), qPrintable(saved));
        QVERIFY(checkBackup(backup.toStdString()).ok());

        // Progress after the backup, which the restore takes back.
        QVERIFY(window.importFiles({data + "/mini-questions.json"}));
        QCOMPARE(store.packs().value().size(), std::size_t{2});
        window.showTracker();

        // Restore: the file dialog, the confirmation (No first: nothing changes), then the outcome.
        QString asked;
        QString askedName;
        test::chooseInNextFileDialog(backup, [&] { answerNextBox(&asked, QMessageBox::No, &askedName); });
        window.findChild<QAction*>(QStringLiteral("restoreAction"))->trigger();
        QCOMPARE(askedName, QStringLiteral("restoreConfirmation"));
        QVERIFY2(asked.contains(QStringLiteral("Replace your progress with the backup ") + backup),
                 qPrintable(asked));
        QCOMPARE(store.packs().value().size(), std::size_t{2});

        QString restored;
        test::chooseInNextFileDialog(backup, [&] {
            test::onNextModal<QMessageBox>([&](QMessageBox* box) {
                QCOMPARE(box->objectName(), QStringLiteral("restoreConfirmation"));
                answerNextBox(&restored, QMessageBox::Ok);
                box->button(QMessageBox::Yes)->click();
            });
        });
        window.findChild<QAction*>(QStringLiteral("restoreAction"))->trigger();
        const QString kept = dbPath + QStringLiteral(".2026-01-01T00-00-00.bak");
        QVERIFY2(restored.contains(QStringLiteral("restored from ") + backup) && restored.contains(kept),
                 qPrintable(restored));
        QCOMPARE(store.packs().value().size(), std::size_t{1});
        QVERIFY(QFile::exists(kept));
        QVERIFY(window.homePage()->isVisible()); // the restored progress is shown afresh

        // A file that is not a backup is refused before the question, and changes nothing.
        const QString notes = dir.filePath(QStringLiteral("notes.txt"));
        QFile f(notes);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(5000, 'x'));
        f.close();
        QString refused;
        test::chooseInNextFileDialog(notes, [&] { answerNextBox(&refused, QMessageBox::Ok); });
        window.findChild<QAction*>(QStringLiteral("restoreAction"))->trigger();
        QVERIFY2(refused.contains(notes + QStringLiteral(" is not a SQLite database")) &&
                     refused.contains(QStringLiteral("Nothing was changed")),
                 qPrintable(refused));
        QCOMPARE(store.packs().value().size(), std::size_t{1});
    }
};

QTEST_MAIN(ProgressBackupTest)
#include "ProgressBackupTest.moc"
