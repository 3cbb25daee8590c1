// Report a problem… from the exam's answer review: the dialog driven with real widgets, the report filed,
// the excluded question leaving the score at once, and the review marking it.
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include "certdrill/exam/Errata.h"
#include "certdrill/exam/ExamAssembler.h"

#include "GuiTestSupport.h"
#include "HistoryPage.h"
#include "ReportProblemDialog.h"
#include "ResultsPage.h"

using namespace certdrill;

class ReportProblemTest : public QObject
{
    Q_OBJECT

private slots:
    void reportAndExcludeFromTheReview();
};

void ReportProblemTest::reportAndExcludeFromTheReview()
{
    QTemporaryDir dir;
    FakeClock clock;
    auto opened = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
    QVERIFY(opened.ok());
    Store& store = *opened.value();
    const QString data = QStringLiteral(CERTDRILL_TEST_DATA_DIR);
    QVERIFY(store
                .importFiles({(data + QStringLiteral("/mini-exam.json")).toStdString(),
                              (data + QStringLiteral("/mini-questions.json")).toStdString()})
                .ok());
    const ExamDef exam = store.exam("mini").value();
    const Form form = assembleForm(exam, store.candidates("mini").value(), 4, 1);
    auto session = std::move(ExamSession::start(store, exam, form, SessionMode::Exam).value());
    // Everything right but q2, answered wrong: 3 of 4, 75%.
    int q2 = -1;
    for (const SessionItem& it : session->items()) {
        std::vector<int> chosen = it.question.correctOptions();
        if (it.question.id == "q2") {
            q2 = it.position;
            chosen = {0, 2}; // 2 and 5: wrong
        }
        QVERIFY(session->choose(it.position, chosen).ok());
    }
    QVERIFY(q2 >= 0);
    QVERIFY(session->submit().ok());

    gui::ResultsPage page(store);
    page.resize(900, 700);
    page.showSession(*session);
    QVERIFY(test::showActive(&page));
    auto* details = page.findChild<QLabel*>(QStringLiteral("resultDetailsLabel"));
    auto* review = page.findChild<QTextBrowser*>(QStringLiteral("answerReview"));
    QVERIFY(details && review);
    QVERIFY2(details->text().contains(QStringLiteral("3 of 4 correct")), qPrintable(details->text()));
    QVERIFY(review->toHtml().contains(QStringLiteral("report:%1").arg(q2)));

    // Cancel files nothing.
    test::onNextModal<gui::ReportProblemDialog>([](gui::ReportProblemDialog* d) { d->reject(); });
    page.reportProblem(q2);
    QVERIFY(errataEntries(store)->empty());

    // Wrong key, a note, excluded; the keyboard reaches every field.
    test::onNextModal<gui::ReportProblemDialog>([](gui::ReportProblemDialog* d) {
        auto closeOnFailure = qScopeGuard([d] { d->reject(); }); // a failed check must not leave it open
        d->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(d));
        auto* kind = d->findChild<QComboBox*>(QStringLiteral("errataKind"));
        auto* note = d->findChild<QPlainTextEdit*>(QStringLiteral("errataNote"));
        auto* exclude = d->findChild<QCheckBox*>(QStringLiteral("excludeFromScores"));
        QVERIFY(kind && note && exclude);
        QCOMPARE(kind->count(), 5);
        QVERIFY(!exclude->isChecked());
        kind->setCurrentIndex(0); // wrong key
        note->setFocus();
        QTest::keyClicks(note, QStringLiteral("B is also right: see the NCCL docs"));
        QTest::keyClick(note, Qt::Key_Tab); // Tab leaves the note rather than typing a tab
        QVERIFY(exclude->hasFocus());
        QTest::keyClick(exclude, Qt::Key_Space);
        QVERIFY(exclude->isChecked());
        test::screenshot(d, "report-problem");
        closeOnFailure.dismiss();
        d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    });
    page.reportProblem(q2);
    const auto entries = errataEntries(store).value();
    QCOMPARE(entries.size(), size_t(1));
    QCOMPARE(entries.front().questionId, std::string("q2"));
    QVERIFY(entries.front().kind == ErrataKind::WrongKey);
    QCOMPARE(entries.front().note, std::string("B is also right: see the NCCL docs"));
    QCOMPARE(entries.front().answer, std::string("AC"));
    QVERIFY(entries.front().excluded);
    // The score without q2: 3 of 3, and said so; the review marks it.
    QVERIFY2(details->text().contains(QStringLiteral("3 of 3 correct")), qPrintable(details->text()));
    QVERIFY2(details->text().contains(QStringLiteral("1 question excluded")), qPrintable(details->text()));
    QVERIFY(review->toPlainText().contains(QStringLiteral("excluded from your scores")));
    test::screenshot(&page, "results-reported");
    // History lists the session with the same score, and says a question is left out of it.
    const auto historyScore = [&store] {
        gui::HistoryPage history(store);
        history.refresh();
        const QTableWidgetItem* cell =
            history.findChild<QTableWidget*>(QStringLiteral("historyTable"))->item(0, 2);
        return cell->text() + QStringLiteral(" | ") + cell->toolTip();
    };
    QString listed = historyScore();
    QVERIFY2(listed.startsWith(QStringLiteral("100.0% (3/3, 1 excluded)")), qPrintable(listed));
    QVERIFY2(listed.contains(QStringLiteral("1 question excluded from your scores")), qPrintable(listed));

    // Reported again with the box cleared: counted again, 3 of 4; both reports kept.
    test::onNextModal<gui::ReportProblemDialog>([](gui::ReportProblemDialog* d) {
        auto closeOnFailure = qScopeGuard([d] { d->reject(); });
        auto* exclude = d->findChild<QCheckBox*>(QStringLiteral("excludeFromScores"));
        QVERIFY(exclude->isChecked()); // shows that it is excluded now
        closeOnFailure.dismiss();
        exclude->setChecked(false);
        d->findChild<QComboBox*>(QStringLiteral("errataKind"))->setCurrentIndex(3); // typo
        d->accept();
    });
    page.reportProblem(q2);
    QCOMPARE(errataEntries(store)->size(), size_t(2));
    QVERIFY(excludedQuestions(store)->empty());
    QVERIFY2(details->text().contains(QStringLiteral("3 of 4 correct")), qPrintable(details->text()));
    QVERIFY(review->toPlainText().contains(QStringLiteral("· reported")));
    listed = historyScore();
    QVERIFY2(listed.startsWith(QStringLiteral("75.0% (3/4) | ")), qPrintable(listed));
}

QTEST_MAIN(ReportProblemTest)
#include "ReportProblemTest.moc"
