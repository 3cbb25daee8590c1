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

/// The POSIX advisory locks this process holds (/proc/locks), SQLite's among them.
int locksHeld()
{
    QFile file(QStringLiteral("/proc/locks"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        return -1;
    }
    const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid());
    int held = 0;
    for (const QByteArray& line : file.readAll().split('\n')) {
        // "1: POSIX  ADVISORY  READ 4242 fe:01:1234 128 128": the fifth field is the holder.
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() > 4 && fields.at(1) == "POSIX" && fields.at(4) == pid) {
            ++held;
        }
    }
    return held;
}

} // namespace

class ProgressBackupTest : public QObject
{
    Q_OBJECT

private slots:
    // POSIX locks belong to the process and the file: closing any descriptor of the file drops all of them.
    // A file dialog that opened the database (or its -shm) to guess its type silently left the app's open
    // connection unlocked, and a certdrill-cli command run beside it then took the app's WAL for its own and
    // deleted it: answers given after that were lost at the next kill.
    void aFileDialogShowingTheDatabasesFolderLeavesItsLocksAlone()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        FakeClock clock;
        auto opened = Store::open(dir.filePath(QStringLiteral("certdrill.db")).toStdString(), clock);
        QVERIFY(opened.ok());
        gui::MainWindow window(*opened.value(), clock);
        QVERIFY(test::showActive(&window));
        QVERIFY(window.importFiles({QStringLiteral(CERTDRILL_TEST_DATA_DIR "/mini-exam.json")}));
        const int before = locksHeld();
        QVERIFY2(before > 0, "SQLite holds no lock to watch");

        int during = -1;
        test::onNextModal<QFileDialog>([&](QFileDialog* files) {
            files->setDirectory(dir.path());
            // The dialog lists the folder and fetches each file's icon and type on a thread of its own.
            QTest::qWait(1500);
            during = locksHeld();
            test::screenshot(files, "file-dialog");
            files->reject();
        });
        window.findChild<QAction*>(QStringLiteral("backupAction"))->trigger();
        QTRY_VERIFY(during != -1);
        QCOMPARE(during, before);
        QCOMPARE(locksHeld(), before);
    }

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
