// Save PDF… on the results and tracker screens and File ▸ Save as PDF… (Ctrl+P), driven through the real
// buttons, shortcut and save dialog; the file is read back with poppler's pdftotext (scripts/deps).
#include <QAction>
#include <QBuffer>
#include <QFile>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "certdrill/exam/ExamAssembler.h"
#include "certdrill/store/Store.h"

#include "Display.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "PdfReport.h"
#include "ReportFixture.h"
#include "ResultsPage.h"
#include "TrackerPage.h"

using namespace certdrill;

namespace {

/// The text of `pdf` (pdftotext -layout), or empty when it cannot be read.
QString pdfText(const QString& pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(30'000) || p.exitCode() != 0) {
        qWarning("pdftotext (poppler-utils) failed on %s: %s", qPrintable(pdf),
                 p.readAllStandardError().constData());
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// With CERTDRILL_SCREENSHOT_DIR set, page `page` of `pdf` as NAME.png beside the screenshots, as a reader
/// sees it printed (for the user guide).
void renderPage(const QString& pdf, const char* name, int page = 1)
{
    const QString dir = qEnvironmentVariable("CERTDRILL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) {
        QProcess::execute(QStringLiteral("pdftoppm"),
                          {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("80"),
                           QStringLiteral("-singlefile"), QStringLiteral("-f"), QString::number(page),
                           QStringLiteral("-l"), QString::number(page), pdf,
                           dir + QLatin1Char('/') + QLatin1String(name)});
    }
}

/// A database with the report tests' finished session (ReportFixture.h); id is 0 if it could not be made.
struct Sitting
{
    QTemporaryDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    std::int64_t id = 0;

    Sitting()
    {
        auto opened = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        if (opened) {
            store = std::move(opened.value());
            id = test::sitReportSession(*store, clock, dir.path().toStdString());
        }
    }
};

/// Imports `questions` (a variant of rich-questions.json) beside mini-exam.json, answers its one question
/// wrong in an exam (so the review prints it with its options and explanation) and saves the session as a
/// PDF at `path`; false (with a test failure) if a step failed.
bool richSessionPdf(const std::filesystem::path& questions, const QString& path)
{
    QTemporaryDir dir;
    FakeClock clock;
    auto opened = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
    if (!opened.ok()) {
        return false;
    }
    Store& store = *opened.value();
    const auto imported =
        store.importFiles({std::filesystem::path(CERTDRILL_TEST_DATA_DIR) / "mini-exam.json", questions});
    const auto exam = store.exam("mini");
    const auto pool = store.candidates("mini");
    if (!imported.ok() || !exam.ok() || !pool.ok()) {
        qWarning("import failed: %s", imported.error.c_str());
        return false;
    }
    auto session = ExamSession::start(store, exam.value(), assembleForm(exam.value(), pool.value(), 1, 7),
                                      SessionMode::Exam);
    if (!session.ok() || session.value()->items().size() != 1) {
        return false;
    }
    ExamSession& s = *session.value();
    const auto& item = s.items().front();
    const int wrong = item.question.options[0].correct ? 1 : 0;
    return s.visit(0).ok() && s.choose(0, {wrong}).ok() && s.submit().ok() &&
           report::writeSessionPdf(report::sessionReport(s), path).ok();
}

} // namespace

class ReportPdfTest : public QObject
{
    Q_OBJECT

private slots:
    void resultsAndTrackerSaveAsPdf()
    {
        Sitting sitting;
        QVERIFY(sitting.id > 0);
        const QTemporaryDir& dir = sitting.dir;
        const std::int64_t id = sitting.id;
        gui::MainWindow window(*sitting.store, sitting.clock);
        QVERIFY(test::showActive(&window));
        auto* action = window.findChild<QAction*>(QStringLiteral("savePdfAction"));
        QVERIFY(action);
        QVERIFY(!action->isEnabled()); // nothing to print on the home screen

        // The results screen's button: the report with its per-domain lines and the questions to review,
        // pack text as written.
        window.showResults(id);
        QVERIFY(action->isEnabled());
        auto* button = window.resultsPage()->findChild<QPushButton*>(QStringLiteral("resultsPdfButton"));
        QVERIFY(button && button->isVisible());
        QCOMPARE(button->text(), QStringLiteral("Save &PDF…")); // Alt+P
        const QString fromButton = dir.filePath(QStringLiteral("exam report.pdf"));
        test::chooseInNextFileDialog(fromButton);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(QFile::exists(fromButton));
        const QString report = pdfText(fromButton);
        QVERIFY2(report.contains(QStringLiteral("FAIL")), qPrintable(report));
        QVERIFY(report.contains(QRegularExpression(QStringLiteral("Alpha\\s+60%\\s+0\\s*/\\s*2\\s+0%"))));
        QVERIFY(report.contains(QRegularExpression(QStringLiteral("Beta\\s+40%\\s+2\\s*/\\s*2\\s+100%"))));
        QVERIFY(report.contains(
            QStringLiteral("Tag <img src=file:///etc/passwd> stays text, and so does 100%1.")));
        QVERIFY(report.contains(QStringLiteral("<b>bold</b> %2")));
        QVERIFY(report.contains(QStringLiteral("page 2 of 2")));
        renderPage(fromButton, "report-pdf");

        // Ctrl+P (File ▸ Save as PDF…) on the tracker: the sheet.
        window.showTracker();
        QVERIFY(action->isEnabled());
        const QString fromKey = dir.filePath(QStringLiteral("tracker.pdf"));
        test::chooseInNextFileDialog(fromKey);
        // A window shortcut fires in the active window: the save dialog took that from it.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier);
        QVERIFY(QFile::exists(fromKey));
        const QString sheet = pdfText(fromKey);
        QVERIFY2(sheet.contains(QStringLiteral("Mini exam: blueprint tracker")), qPrintable(sheet));
        // Each domain's row as the screen's tracker computed it: name, weight, answers, interval, band.
        for (const TrackerRow& row : window.trackerPage()->report().domains) {
            const QString line = QStringLiteral("%1\\s+%2%\\s+%3\\s+\\S+% \\[\\S+\\]\\s+%4")
                                     .arg(QRegularExpression::escape(QString::fromStdString(row.name)),
                                          QString::number(row.weight), QString::number(row.mastery.answers),
                                          gui::bandText(row.band));
            QVERIFY2(sheet.contains(QRegularExpression(line)), qPrintable(line));
        }
        QVERIFY(sheet.contains(QStringLiteral("Alpha one")));
        renderPage(fromKey, "tracker-pdf");

        // The tracker's own button writes the same sheet.
        auto* trackerButton =
            window.trackerPage()->findChild<QPushButton*>(QStringLiteral("trackerPdfButton"));
        QVERIFY(trackerButton && trackerButton->isVisible());
        const QString again = dir.filePath(QStringLiteral("tracker-again.pdf"));
        test::chooseInNextFileDialog(again);
        QTest::mouseClick(trackerButton, Qt::LeftButton);
        QCOMPARE(pdfText(again), sheet);
    }

    void codeBlocksAndTablesSurviveInThePdf()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rich.pdf"));
        QVERIFY(richSessionPdf(std::filesystem::path(CERTDRILL_TEST_DATA_DIR) / "rich-questions.json", path));
        const QString text = pdfText(path);
        QVERIFY2(text.contains(QStringLiteral("if step % 100 == 0:")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("print(f\"step {step}: lr={lr:.2e}\")")));
        QVERIFY(text.contains(QStringLiteral("python train.py --lr 3e-4 --warmup 500")));
        // The end of the long code line: wrapped on paper, not cut off at the page's edge.
        QVERIFY(text.contains(QStringLiteral("cosine after warm-up")));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("500\\s+3×10⁻⁴"))));
        renderPage(path, "rich-pdf", 2); // the review
    }

    void aWideImageIsScaledToThePage()
    {
        // The rich question with its chart 2000 pixels wide: at 96 dpi over 20 inches, past the page's edge.
        QTemporaryDir dir;
        QImage wide(2000, 500, QImage::Format_RGB32);
        wide.fill(QColor(0x40, 0x80, 0xc0));
        QByteArray png;
        QBuffer buffer(&png);
        QVERIFY(buffer.open(QIODevice::WriteOnly) && wide.save(&buffer, "PNG"));
        QFile rich(QStringLiteral(CERTDRILL_TEST_DATA_DIR "/rich-questions.json"));
        QVERIFY(rich.open(QIODevice::ReadOnly));
        QByteArray pack = rich.readAll();
        const qsizetype uri = pack.indexOf("data:image/png;base64,");
        QVERIFY(uri > 0);
        pack.replace(uri, pack.indexOf('"', uri) - uri, "data:image/png;base64," + png.toBase64());
        const QString packPath = dir.filePath(QStringLiteral("wide.json"));
        QFile out(packPath);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(pack) == pack.size());
        out.close();
        const QString path = dir.filePath(QStringLiteral("wide.pdf"));
        QVERIFY(richSessionPdf(packPath.toStdString(), path));
        // pdfimages lists each drawn image with its resolution on the page: the 2000 pixels drawn within an
        // A4 page's width (8.27 inches) are at least 242 to the inch, where unscaled they were 96.
        QProcess list;
        list.start(QStringLiteral("pdfimages"), {QStringLiteral("-list"), path});
        QVERIFY(list.waitForFinished(30'000) && list.exitCode() == 0);
        const QStringList rows = QString::fromUtf8(list.readAllStandardOutput()).split(QLatin1Char('\n'));
        int wideImages = 0;
        for (const QString& row : rows) {
            const QStringList cells = row.simplified().split(QLatin1Char(' '));
            // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
            if (cells.size() >= 14 && cells[3] == QLatin1String("2000")) {
                ++wideImages;
                QVERIFY2(cells[12].toInt() >= 242, qPrintable(row));
            }
        }
        QVERIFY(wideImages >= 1);
        renderPage(path, "rich-wide-pdf", 2);
    }

    void aFailedSaveSaysWhyAndWritesNothing()
    {
        Sitting sitting;
        QVERIFY(sitting.id > 0);
        const QTemporaryDir& dir = sitting.dir;
        const std::int64_t id = sitting.id;
        gui::MainWindow window(*sitting.store, sitting.clock);
        QVERIFY(test::showActive(&window));
        window.showResults(id);
        // A folder that does not exist: the dialog accepts the name, the write fails, a box names the file.
        const QString nowhere = dir.filePath(QStringLiteral("missing/report.pdf"));
        QString said;
        test::chooseInNextFileDialog(nowhere, [&] {
            test::onNextModal<QMessageBox>([&](QMessageBox* box) {
                said = box->text();
                box->button(QMessageBox::Ok)->click();
            });
        });
        window.resultsPage()->savePdfInteractively();
        QVERIFY2(said.contains(QStringLiteral("cannot write")) && said.contains(nowhere), qPrintable(said));
        QVERIFY(!QFile::exists(nowhere));
        QVERIFY(window.statusBar()->currentMessage().isEmpty());

        // A save that works says so, with the file and its pages: the dialog closes without a trace.
        const QString saved = dir.filePath(QStringLiteral("report.pdf"));
        test::chooseInNextFileDialog(saved, [] {});
        window.resultsPage()->savePdfInteractively();
        QVERIFY(QFile::exists(saved));
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.startsWith(QStringLiteral("Saved ") + saved + QStringLiteral(" (PDF, ")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral(" page")), qPrintable(message));
    }
};

QTEST_MAIN(ReportPdfTest)
#include "ReportPdfTest.moc"
