// Every screen fits a 1024-pixel-wide and 800-pixel-high screen at every text size: text wraps and panels
// scroll instead of widening the window (at 200% the drill's Check button used to leave a 1400-pixel screen)
// or making it taller (at 175% History's chart made the window 878 px high, its buttons below the screen).
#include <QChartView>
#include <QHeaderView>
#include <QLabel>
#include <QLayout>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "certdrill/exam/Retake.h"
#include "certdrill/exam/SessionHistory.h"
#include "certdrill/store/ImportPreview.h"
#include "certdrill/store/Store.h"

#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "ImportPreviewDialog.h"
#include "MainWindow.h"
#include "ResultsPage.h"
#include "RetakeDialog.h"

using namespace certdrill;

namespace {

constexpr int kScreenWidth = 1024;
/// The window's own height (MainWindow's 760), which leaves a 1280×800 screen room for its title bar.
constexpr int kWindowHeight = 760;

// The size the window cannot be made smaller than, with the current screen showing.
QSize minimumSize(QWidget* window)
{
    QApplication::processEvents();
    window->layout()->activate();
    return window->minimumSizeHint().expandedTo(window->minimumSize());
}

int minimumWidth(QWidget* window)
{
    return minimumSize(window).width();
}

// What does not fit of a shown dialog at each text size (its minimum width); a picture at 200% named
// layout-NAME-200 (spaces as dashes).
QStringList dialogFailures(QWidget* dialog, const char* name)
{
    QStringList failures;
    for (const int percent : gui::textPercents()) {
        gui::applyTextPercent(percent);
        const int width = minimumWidth(dialog);
        if (percent == 200) {
            QTest::qWait(50);
            certdrill::test::screenshot(
                dialog,
                qPrintable(QStringLiteral("layout-%1-200")
                               .arg(QString::fromLatin1(name).replace(QLatin1Char(' '), QLatin1Char('-')))));
        }
        if (width >= kScreenWidth) {
            failures << QStringLiteral("%1 at %2%: minimum width %3 px")
                            .arg(QString::fromLatin1(name))
                            .arg(percent)
                            .arg(width);
        }
    }
    gui::applyTextPercent(100);
    return failures;
}

/// The bundled bank with two exams sat on one form, so History ▸ Compare… shows both its domain and its
/// per-question tables; `two` is empty if a step failed.
struct ComparedExams
{
    QTemporaryDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store = test::bankStore(dir, clock);
    std::optional<test::TwoExams> two =
        store ? test::sitAndCompareTwoExams(*store, clock, "ncp-genl") : std::nullopt;
    ExamDef exam = two ? store->exam("ncp-genl").value() : ExamDef{};
};

} // namespace

class LayoutTest : public QObject
{
    Q_OBJECT

private slots:
    void everyScreenFitsAtEveryTextSize()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        gui::MainWindow window(*store, clock);
        QVERIFY(certdrill::test::showActive(&window));
        QStringList failures;
        const auto check = [&](const char* screen) {
            for (const int percent : gui::textPercents()) {
                gui::applyTextPercent(percent);
                const int width = minimumWidth(&window);
                const int height = minimumSize(&window).height();
                if (percent == 100 || percent == 200) {
                    QTest::qWait(50);
                    certdrill::test::screenshot(
                        &window, qPrintable(QStringLiteral("layout-%1-%2")
                                                .arg(QString::fromLatin1(screen).replace(QLatin1Char(' '),
                                                                                         QLatin1Char('-')))
                                                .arg(percent)));
                }
                if (width >= kScreenWidth) {
                    // Name the widest widgets of the screen showing, to say what holds the window open.
                    auto* stack = qobject_cast<QStackedWidget*>(window.centralWidget());
                    // Every page counts: the stack is as wide as its widest page, shown or not.
                    for (QWidget* w : stack->findChildren<QWidget*>()) {
                        const int min = std::max(w->minimumSizeHint().width(), w->minimumWidth());
                        if (!w->isWindow() && min > kScreenWidth / 2) {
                            qInfo("%s %s '%s' in %s: %d", screen, w->metaObject()->className(),
                                  qPrintable(w->objectName()),
                                  w->parentWidget() ? w->parentWidget()->metaObject()->className() : "", min);
                        }
                    }
                }
                if (width >= kScreenWidth) {
                    failures << QStringLiteral("%1 at %2%: minimum width %3 px")
                                    .arg(QLatin1String(screen))
                                    .arg(percent)
                                    .arg(width);
                }
                // The stack is as tall as its tallest page too, so one page too tall keeps every screen
                // cut off afterwards.
                if (height > kWindowHeight) {
                    failures << QStringLiteral("%1 at %2%: minimum height %3 px")
                                    .arg(QLatin1String(screen))
                                    .arg(percent)
                                    .arg(height);
                }
            }
            gui::applyTextPercent(100);
        };
        check("home");
        PlannerOptions options;
        options.seed = 5;
        QVERIFY(window.startDrill(options, false));
        check("drill question");
        gui::DrillPage* drill = window.drillPage();
        // The longest question of the drill, checked: stem, options and every option's explanation.
        QTest::keyClick(drill, Qt::Key_A);
        if (drill->session()->items()[0].question.isMultiSelect()) {
            QTest::keyClick(drill, Qt::Key_B);
        }
        QTest::keyClick(drill, Qt::Key_Return);
        check("drill checked");
        drill->finishDrill();
        check("drill summary");
        window.showTracker();
        check("tracker");
        // The band is in view without scrolling sideways at every text size, in a window as wide as a
        // 1280-pixel screen leaves: the domain's name, then Measured.
        {
            auto* tree = window.findChild<QTreeWidget*>(QStringLiteral("trackerTree"));
            QVERIFY(tree);
            const QSize before = window.size();
            window.resize(1100, kWindowHeight);
            for (const int percent : gui::textPercents()) {
                gui::applyTextPercent(percent);
                QApplication::processEvents();
                int measured = -1;
                for (int c = 0; c < tree->columnCount() && measured < 0; ++c) {
                    measured = tree->headerItem()->text(c) == QStringLiteral("Measured") ? c : -1;
                }
                QVERIFY(measured > 0);
                const int right =
                    tree->header()->sectionViewportPosition(measured) + tree->header()->sectionSize(measured);
                QVERIFY2(right <= tree->viewport()->width(),
                         qPrintable(QStringLiteral("at %1%: Measured ends at %2 px of %3")
                                        .arg(percent)
                                        .arg(right)
                                        .arg(tree->viewport()->width())));
            }
            gui::applyTextPercent(100);
            window.resize(before);
        }
        window.showHistory();
        check("history");
        window.showPacks();
        check("packs");
        // The browser with a question that shows its key, every why and an answer history.
        window.showBrowser();
        check("browser");
        QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("showAnswerButton")), Qt::LeftButton);
        check("browser revealed");

        // The exam day: the start screen, a question, the review screen, the results.
        window.startMock();
        check("exam start screen");
        QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("startBeginButton")), Qt::LeftButton);
        gui::ExamPage* exam = window.examPage();
        QVERIFY(exam->isVisible());
        QTest::keyClick(exam, Qt::Key_A);
        exam->toggleFlag();
        check("exam question");
        // The navigator's flagged cell ("1⚑") shows its number at every text size, not "…".
        auto* navigator = exam->findChild<QListWidget*>(QStringLiteral("navigatorList"));
        QVERIFY(navigator && navigator->item(0)->text().contains(QStringLiteral("⚑")));
        for (const int percent : gui::textPercents()) {
            gui::applyTextPercent(percent);
            QApplication::processEvents();
            const int text = navigator->fontMetrics().horizontalAdvance(navigator->item(0)->text());
            const QRect cell = navigator->visualItemRect(navigator->item(0)); // its text is elided to this
            QVERIFY2(text + 4 <= cell.width(),
                     qPrintable(QStringLiteral("at %1%: \"%2\" is %3 px in a %4 px cell")
                                    .arg(percent)
                                    .arg(navigator->item(0)->text())
                                    .arg(text)
                                    .arg(cell.width())));
        }
        gui::applyTextPercent(100);
        exam->openReview();
        check("review screen");
        exam->submitNow();
        QVERIFY(window.resultsPage()->isVisible());
        // The results hold the miss-reason panel: one row per missed question, each with its reason box.
        auto* missTable = window.resultsPage()->findChild<QWidget*>(QStringLiteral("missReasonTable"));
        QVERIFY(missTable && missTable->isVisible());
        check("results");
        // The objectives' domain column wraps names between words: no word is cut at any text size.
        QTest::mouseClick(window.findChild<QPushButton*>(QStringLiteral("topicToggle")), Qt::LeftButton);
        auto* topics = window.resultsPage()->findChild<QTableWidget*>(QStringLiteral("topicTable"));
        QVERIFY(topics && topics->isVisible() && topics->rowCount() > 0);
        for (const int percent : gui::textPercents()) {
            gui::applyTextPercent(percent);
            QApplication::processEvents();
            const QFontMetrics metrics(topics->font());
            for (int row = 0; row < topics->rowCount(); ++row) {
                for (const QString& word : topics->item(row, 1)->text().split(QLatin1Char(' '))) {
                    QVERIFY2(metrics.horizontalAdvance(word) + 8 <= topics->columnWidth(1),
                             qPrintable(QStringLiteral("at %1%: \"%2\" is %3 px in a %4 px column")
                                            .arg(percent)
                                            .arg(word)
                                            .arg(metrics.horizontalAdvance(word))
                                            .arg(topics->columnWidth(1))));
                }
            }
        }
        gui::applyTextPercent(100);
        check("results with objectives");
        // History with that exam plotted: the chart keeps a readable plot at every text size.
        window.showHistory();
        auto* chart = window.findChild<QChartView*>(QStringLiteral("historyChart"));
        QVERIFY(chart && chart->isVisible());
        for (const bool reopened : {false, true}) {
            for (const int percent : gui::textPercents()) {
                gui::applyTextPercent(percent);
                if (reopened) {
                    window.showHistory(); // the chart drawn anew at this size, not resized from 100%
                }
                QTest::qWait(50);
                // The labels follow the text size, and the plot keeps room for the y axis's six labels (0% to
                // 100%) with a gap between each, so none is elided.
                const QFont labels = chart->chart()->axes(Qt::Vertical).front()->labelsFont();
                const int line = QFontMetrics(labels).height();
                QVERIFY2(line >= chart->fontMetrics().height(),
                         qPrintable(QStringLiteral("at %1%: labels %2 px high, text %3 px")
                                        .arg(percent)
                                        .arg(line)
                                        .arg(chart->fontMetrics().height())));
                QVERIFY2(chart->chart()->plotArea().height() >= 9 * line,
                         qPrintable(QStringLiteral("at %1%: plot %2 px high, label line %3 px")
                                        .arg(percent)
                                        .arg(chart->chart()->plotArea().height())
                                        .arg(line)));
            }
        }
        gui::applyTextPercent(100);
        check("history plotted");
        // A reserved final exam's start screen (its title names the form and says the questions are new).
        QVERIFY(window.showFinalExamStart(1));
        check("final exam start screen");
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("\n"))));
    }

    // The import preview, with three packs of which one is a Moodle file, warnings and lint findings.
    void importPreviewFitsAtEveryTextSize()
    {
        QTemporaryDir dir;
        FakeClock clock;
        const auto store = test::bankStore(dir, clock);
        QVERIFY(store);
        const std::filesystem::path data = CERTDRILL_TEST_DATA_DIR;
        ImportOptions moodle;
        moodle.exam = "mini";
        const ImportPreview preview = previewImport(
            *store, {data / "mini-exam.json", data / "mini-questions.json", data / "sample.gift"}, moodle);
        QVERIFY(preview.importable());
        gui::ImportPreviewDialog dialog(preview);
        QVERIFY(certdrill::test::showActive(&dialog));
        const QStringList failures = dialogFailures(&dialog, "import preview");
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("\n"))));
    }

    // History ▸ Compare…: two exams on one form, so both the domain and the per-question tables show.
    void retakeDialogFitsAtEveryTextSize()
    {
        const ComparedExams compared;
        QVERIFY(compared.two);
        const auto& two = compared.two;
        const ExamDef& exam = compared.exam;
        gui::RetakeDialog dialog(exam, two->comparison, two->before, two->after);
        QVERIFY(certdrill::test::showActive(&dialog));
        QStringList failures = dialogFailures(&dialog, "retake compare");
        // Opened at each text size and made 600 px wide (beside another window on a small screen), every
        // table shows all its columns: no sideways scroll (at 200% the question table's domain column pushed
        // the outcome out of view).
        for (const int percent : gui::textPercents()) {
            gui::applyTextPercent(percent);
            gui::RetakeDialog opened(exam, two->comparison, two->before, two->after);
            opened.resize(600, std::min(opened.height(), 768));
            QVERIFY(certdrill::test::showActive(&opened));
            QApplication::processEvents();
            for (const QTableWidget* table : opened.findChildren<QTableWidget*>()) {
                if (table->horizontalScrollBar()->isVisible()) {
                    failures << QStringLiteral("retake compare at %1%: %2 scrolls sideways")
                                    .arg(percent)
                                    .arg(table->objectName());
                }
            }
            // The ten domains are shown whole (they needed a scroll bar beside the question list); on a
            // small screen at large text the table may scroll rather than push the dialog off the screen.
            auto* domains = opened.findChild<QTableWidget*>(QStringLiteral("retakeDomainTable"));
            if (percent == 100 && domains->verticalScrollBar()->isVisible()) {
                failures << QStringLiteral("retake compare at 100%: the domain table scrolls");
            }
            if (percent == 200) {
                certdrill::test::screenshot(&opened, "layout-retake-compare-opened-200");
            }
        }
        gui::applyTextPercent(100);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("\n"))));
    }

    // History ▸ Compare… as it opens, at 100% and 200% text: within the screen (at 200% on a 1280×800 screen
    // it opened 1400 px wide and taller than the screen, Close out of reach), as wide as its tables' content
    // where the screen has the room, and its Before and After columns say which session they are.
    void retakeDialogOpensToItsContentWithinTheScreen()
    {
        const ComparedExams compared;
        QVERIFY(compared.two);
        const auto& two = compared.two;
        const ExamDef& exam = compared.exam;
        QStringList failures;
        for (const int percent : {100, 200}) {
            gui::applyTextPercent(percent);
            gui::RetakeDialog dialog(exam, two->comparison, two->before, two->after);
            QVERIFY(certdrill::test::showActive(&dialog));
            QApplication::processEvents();
            const QRect area = dialog.screen()->availableGeometry();
            const QString at =
                QStringLiteral("at %1% on a %2×%3 screen").arg(percent).arg(area.width()).arg(area.height());
            if (dialog.width() > area.width() || dialog.height() > area.height()) {
                failures << QStringLiteral("%1: the dialog is %2×%3")
                                .arg(at)
                                .arg(dialog.width())
                                .arg(dialog.height());
            }
            auto* domains = dialog.findChild<QTableWidget*>(QStringLiteral("retakeDomainTable"));
            const QString before = domains->horizontalHeaderItem(1)->text();
            const QString after = domains->horizontalHeaderItem(2)->text();
            if (!before.startsWith(QStringLiteral("Before")) ||
                !before.contains(QStringLiteral("01-01 00:00")) ||
                !after.startsWith(QStringLiteral("After")) ||
                !after.contains(QStringLiteral("01-01 01:00"))) {
                failures
                    << QStringLiteral("%1: the columns are headed \"%2\" and \"%3\"").arg(at, before, after);
            }
            // Where the screen has the room, every domain's name shows whole beside its figures.
            if (dialog.width() + 4 * dialog.fontMetrics().height() < area.width()) {
                if (domains->columnWidth(0) <
                        static_cast<const QAbstractItemView*>(domains)->sizeHintForColumn(0) ||
                    domains->horizontalScrollBar()->isVisible()) {
                    failures << QStringLiteral("%1: the domain names are cut (%2 of %3 px)")
                                    .arg(at)
                                    .arg(domains->columnWidth(0))
                                    .arg(
                                        static_cast<const QAbstractItemView*>(domains)->sizeHintForColumn(0));
                }
            }
            if (percent == 200) {
                certdrill::test::screenshot(&dialog, "layout-retake-compare-200");
            } else {
                certdrill::test::screenshot(&dialog, "layout-retake-compare-100");
            }
        }
        gui::applyTextPercent(100);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("\n"))));
    }
};

QTEST_MAIN(LayoutTest)
#include "LayoutTest.moc"
