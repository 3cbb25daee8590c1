#pragma once

#include <functional>
#include <optional>

#include <QAbstractButton>
#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QScrollArea>
#include <QString>
#include <QTemporaryDir>
#include <QTimer>
#include <QWidget>
#include <QtTest>

#include "certdrill/Clock.h"
#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/exam/FinalExams.h"
#include "certdrill/exam/Retake.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/Store.h"

#include "HomePage.h"
#include "MainWindow.h"

namespace certdrill::test {

/// A store in `dir` (db.sqlite) with the bundled bank imported; null if either step failed.
inline std::unique_ptr<Store> bankStore(const QTemporaryDir& dir, FakeClock& clock)
{
    auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
    if (!store || !store.value()->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok()) {
        return nullptr;
    }
    return std::move(store.value());
}

/// The bundled bank in a temporary database and the app's main window on it.
struct BankWorld
{
    QTemporaryDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    std::unique_ptr<gui::MainWindow> window;

    /// A new main window on the database with its plan computed, as the next start of the app opens it.
    void openWindow()
    {
        window.reset();
        window = std::make_unique<gui::MainWindow>(*store, clock);
        window->homePage()->refresh();
    }
};

/// Sits two exam simulations of `examId` on one 20-question form, an hour apart: the first with positions 0
/// to 11 answered right, the second with 4 to 19 (so 4 questions slip and 8 are fixed), the rest wrong. Their
/// ids, earlier first; empty if a step failed.
inline std::vector<std::int64_t> sitTwoExams(Store& store, FakeClock& clock, const std::string& examId)
{
    const auto exam = store.exam(examId);
    // What the app serves: never a question held back for a final exam.
    const auto pool =
        exam ? practiceCandidates(store, exam.value()) : Result<std::vector<Candidate>>(exam.error());
    if (!exam || !pool) {
        return {};
    }
    const Form form = assembleForm(exam.value(), pool.value(), 20, 23);
    std::vector<std::int64_t> ids;
    for (int k = 0; k < 2; ++k) {
        auto s = ExamSession::start(store, exam.value(), form, SessionMode::Exam);
        if (!s) {
            return {};
        }
        for (const auto& it : s.value()->items()) {
            const bool right = k == 0 ? it.position < 12 : it.position >= 4;
            std::vector<int> answer = it.question.correctOptions();
            for (int o = 0; !right && o < static_cast<int>(it.question.options.size()); ++o) {
                if (!it.question.options[static_cast<std::size_t>(o)].correct) {
                    answer = {o};
                }
            }
            if (!s.value()->choose(it.position, answer).ok()) {
                return {};
            }
        }
        if (!s.value()->submit().ok()) {
            return {};
        }
        ids.push_back(s.value()->id());
        clock.advanceMinutes(60);
    }
    return ids;
}

/// Two exam simulations sat on one form (sitTwoExams) and what History ▸ Compare… shows of them.
struct TwoExams
{
    RetakeComparison comparison;
    SessionSummary before; ///< the earlier, as the history lists it
    SessionSummary after;
};

/// TwoExams of `examId`; empty if a step failed.
inline std::optional<TwoExams> sitAndCompareTwoExams(Store& store, FakeClock& clock,
                                                     const std::string& examId)
{
    const auto ids = sitTwoExams(store, clock, examId);
    if (ids.size() != 2) {
        return std::nullopt;
    }
    auto comparison = compareSessions(store, ids[0], ids[1]);
    const auto history = sessionHistory(store); // newest first
    if (!comparison || !history || history.value().size() != 2) {
        return std::nullopt;
    }
    return TwoExams{std::move(comparison.value()), history.value()[1], history.value()[0]};
}

/// A BankWorld with its window shown; null if the bank could not be imported.
inline std::unique_ptr<BankWorld> makeBankWorld()
{
    auto w = std::make_unique<BankWorld>();
    w->store = bankStore(w->dir, w->clock);
    if (!w->store) {
        return nullptr;
    }
    w->openWindow();
    w->window->show();
    return w;
}

/// When CERTDRILL_SCREENSHOT_DIR is set, waits for pending layout changes: a wrapped text settles in two
/// passes, and a table fitted to its rows (queued) then resizes the page around it, which on a loaded
/// machine under ASan takes more than one 50 ms pass over a results page with its whole answer review.
/// Before scrolling to what a picture shows, and before taking it.
inline void settleForScreenshot()
{
    if (!qEnvironmentVariableIsEmpty("CERTDRILL_SCREENSHOT_DIR")) {
        QTest::qWait(500);
    }
}

/// Saves a picture of `w` as NAME.png when CERTDRILL_SCREENSHOT_DIR is set (for docs and visual checks).
inline void screenshot(QWidget* w, const char* name)
{
    const QString dir = qEnvironmentVariable("CERTDRILL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        settleForScreenshot();
        w->grab().save(dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png"));
    }
}

/// Empty when the top `height` pixels of `w` show inside `scroll`'s viewport; else where they are, for a
/// test's failure message.
inline QString hiddenInScroll(QScrollArea* scroll, QWidget* w, int height)
{
    const QRect shown = scroll->viewport()->rect();
    const QRect at(w->mapTo(scroll->viewport(), QPoint(0, 0)), QSize(w->width(), height));
    return shown.contains(at) ? QString()
                              : QStringLiteral("%1 at y %2-%3, viewport 0-%4")
                                    .arg(w->objectName())
                                    .arg(at.top())
                                    .arg(at.bottom())
                                    .arg(shown.bottom());
}

/// Shows `w` and waits until it is exposed and active, and until its home screen (if it has one) shows its
/// plan, which follows the first paint. Window shortcuts (a drill's keys) fire only in the
/// active window: offscreen activates a shown window by itself, a real X server without a window manager
/// does not. False if either wait times out.
inline bool showActive(QWidget* w)
{
    w->show();
    if (!QTest::qWaitForWindowExposed(w)) {
        return false;
    }
    w->activateWindow();
    if (!QTest::qWaitForWindowActive(w)) {
        return false;
    }
    // The home screen computes its plan right after its first paint: wait for it, as a candidate would.
    const auto* home = w->findChild<gui::HomePage*>();
    return !home || QTest::qWaitFor([&] { return !home->isVisible() || home->planShown(); });
}

/// From the first call on, closes every modal dialog that is open or opens while the running test function
/// has failed a check. A QVERIFY inside a dialog's handler returns from the handler only: the dialog stayed
/// open, the code under test waited in its exec(), and the test ended at ctest's timeout (300 s) instead of
/// reporting the failure at once.
inline void closeModalsAfterFailure()
{
    static QTimer* watchdog = nullptr;
    if (watchdog) {
        return;
    }
    watchdog = new QTimer(qApp);
    QObject::connect(watchdog, &QTimer::timeout, [] {
        if (!QTest::currentTestFailed()) {
            return;
        }
        // Dialogs opened from a dialog close one by one, the top one first.
        for (int left = 16; left > 0; --left) {
            QWidget* open = QApplication::activeModalWidget();
            if (!open) {
                break;
            }
            if (auto* dialog = qobject_cast<QDialog*>(open)) {
                dialog->reject();
            } else {
                open->close();
            }
        }
    });
    watchdog->start(100);
}

/// Calls `act` with the next modal widget of type T once it is showing (polled, up to 5 s), so a test can
/// drive a modal dialog that the code under test opens and waits on.
template <typename T> void onNextModal(std::function<void(T*)> act, int triesLeft = 250)
{
    closeModalsAfterFailure();
    QTimer::singleShot(20, [act = std::move(act), triesLeft]() mutable {
        if (auto* w = qobject_cast<T*>(QApplication::activeModalWidget())) {
            act(w);
        } else if (triesLeft > 0) {
            onNextModal<T>(std::move(act), triesLeft - 1);
        } else {
            const QWidget* open = QApplication::activeModalWidget();
            qWarning("expected modal %s, found %s", T::staticMetaObject.className(),
                     open ? open->metaObject()->className() : "none");
            QFAIL("the expected modal dialog did not open");
        }
    });
}

/// Types `path` into the next file dialog, as a user would, and accepts it; then `next` (the message boxes
/// that follow it).
inline void chooseInNextFileDialog(
    const QString& path, std::function<void()> next = [] {})
{
    onNextModal<QFileDialog>([path, next = std::move(next)](QFileDialog* files) {
        auto* name = files->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
        QVERIFY(name);
        name->setText(path);
        next();
        static_cast<QDialog*>(files)->accept(); // QFileDialog::accept is protected
    });
}

/// Answers the next modal message box with `button`, keeping its text (and its informative text, after a
/// line break, when it has one).
inline void answerNextMessageBox(QString* text, QMessageBox::StandardButton button = QMessageBox::Yes)
{
    closeModalsAfterFailure();
    QTimer::singleShot(0, [text, button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY(box);
        *text = box->text() + (box->informativeText().isEmpty() ? QString() : "\n" + box->informativeText());
        box->button(button)->click();
    });
}

/// What a domain row's "Time / question" cell reads: the clock's m:ss of a tally's pace, rounded to the
/// second, or "not reached". Written here from the tally, apart from the code under test.
inline QString expectedPace(const Tally& t)
{
    const int seconds = qRound(t.minutesPerQuestion() * 60);
    return t.seen == 0 ? QStringLiteral("not reached")
                       : QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

} // namespace certdrill::test
