// Rich question content through the real widgets (docs/pack-format.md, "Rich content"): a fenced code block
// shows in monospace, keeps its lines and their indentation, never wraps them and scrolls sideways in a
// narrow view; a table shows as a table; an image the pack embeds is shown. The pack of
// tests/data/rich-questions.json goes through the exam, the practice reveal, the drill and the results, in
// both themes and at the largest text size (CERTDRILL_SCREENSHOT_DIR saves what each shows).
#include <algorithm>
#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QLabel>
#include <QPdfWriter>
#include <QScrollBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QtTest>

#include "certdrill/store/Store.h"

#include "Contrast.h"
#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "OptionRow.h"
#include "ResultsPage.h"
#include "SafeTextDocument.h"
#include "TextPane.h"

using namespace certdrill;

namespace {

const std::string kLongLine =
    "lr = base_lr * min(1.0, step / warmup_steps) * (0.5 * (1 + math.cos(math.pi * step / "
    "total_steps)))  # cosine after warm-up";
const std::string kCodeStem =
    "A training loop:\n\n```python\n" + kLongLine +
    "\nif step % 100 == 0:\n    print(lr)\n```\n\n| step | lr |\n|---|---|\n| 0 | 0 |\n"
    "| 500 | 3×10⁻⁴ |\n\nWhich line sets the rate?";

/// The first block of `doc` whose text starts with `start`; invalid if none.
QTextBlock blockStarting(QTextDocument* doc, const QString& start)
{
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        if (b.text().startsWith(start)) {
            return b;
        }
    }
    return {};
}

/// The first table of `doc`, or null.
QTextTable* firstTable(QTextDocument* doc)
{
    for (QTextFrame* frame : doc->rootFrame()->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(frame)) {
            return table;
        }
    }
    return nullptr;
}

/// Whether `view` shows a code block with the long line on one line, in a fixed-pitch font, scrolling
/// sideways; a message saying what is wrong otherwise (empty when all is right).
QString codeBlockProblem(gui::SafeTextView* view)
{
    const QTextBlock code = blockStarting(view->document(), QStringLiteral("lr = base_lr"));
    if (!code.isValid()) {
        return QStringLiteral("no code line");
    }
    if (!code.blockFormat().nonBreakableLines()) {
        return QStringLiteral("the code line may wrap");
    }
    if (code.layout()->lineCount() != 1) {
        return QStringLiteral("the code line wrapped into %1 lines").arg(code.layout()->lineCount());
    }
    // Columns line up: every character as wide as the next. Not QFontInfo::fixedPitch(), which fontconfig
    // denies Noto Sans Mono (a monospace font with a few double-width glyphs, often the system's monospace).
    const QFontMetricsF metrics(code.charFormat().font());
    if (metrics.horizontalAdvance(QLatin1Char('i')) != metrics.horizontalAdvance(QLatin1Char('W')) ||
        metrics.horizontalAdvance(QLatin1Char('.')) != metrics.horizontalAdvance(QLatin1Char('m'))) {
        return QStringLiteral("the code is in %1, whose letters differ in width")
            .arg(QFontInfo(code.charFormat().font()).family());
    }
    // No point size of its own: code follows View ▸ Larger text with the rest.
    if (code.begin().fragment().charFormat().hasProperty(QTextFormat::FontPointSize)) {
        return QStringLiteral("the code has a fixed point size");
    }
    if (view->horizontalScrollBar()->maximum() <= 0 || !view->horizontalScrollBar()->isVisible()) {
        return QStringLiteral("no horizontal scroll bar at width %1").arg(view->width());
    }
    return {};
}

/// `color` as it shows over the opaque `below` (source-over).
QColor composited(const QColor& color, const QColor& below)
{
    const qreal a = color.alphaF();
    return QColor::fromRgbF(color.redF() * a + below.redF() * (1 - a),
                            color.greenF() * a + below.greenF() * (1 - a),
                            color.blueF() * a + below.blueF() * (1 - a));
}

/// A stem with a PNG `width` pixels wide and a quarter as high, embedded as the store embeds a pack's image.
std::string wideImageStem(int width)
{
    QImage image(width, width / 4, QImage::Format_RGB32);
    image.fill(QColor(0x40, 0x80, 0xc0));
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return "A wide chart:\n\n![Wide chart](data:image/png;base64," + png.toBase64().toStdString() +
           ")\n\nWhat does it show?";
}

/// The format of the first image in `doc`; an invalid one if none.
QTextImageFormat firstImage(QTextDocument* doc)
{
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            if (it.fragment().charFormat().isImageFormat()) {
                return it.fragment().charFormat().toImageFormat();
            }
        }
    }
    return {};
}

} // namespace

class RichContentTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    FakeClock m_clock;
    std::unique_ptr<Store> m_store;

    /// A practice exam that serves the rich question ("r1"), and its position; -1 if none did.
    int startWithRichQuestion(gui::MainWindow& window)
    {
        for (std::uint64_t seed = 1; seed < 40; ++seed) {
            if (!window.startExam(SessionMode::Practice, seed)) {
                return -1;
            }
            for (const auto& it : window.examPage()->session()->items()) {
                if (it.question.id == "r1") {
                    return it.position;
                }
            }
            window.examPage()->submitNow();
        }
        return -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto opened = Store::open(m_dir.filePath(QStringLiteral("db.sqlite")).toStdString(), m_clock);
        QVERIFY(opened.ok());
        m_store = std::move(opened.value());
        const std::filesystem::path data(CERTDRILL_TEST_DATA_DIR);
        const auto outcome = m_store->importFiles(
            {data / "mini-exam.json", data / "mini-questions.json", data / "rich-questions.json"});
        QVERIFY2(outcome.ok(), outcome.error.c_str());
    }

    void codeBlockIsMonospaceUnwrappedAndScrollsWhenNarrow()
    {
        gui::TextPane pane;
        pane.resize(320, 100);
        gui::showStem(&pane, kCodeStem);
        QVERIFY(test::showActive(&pane));
        QTRY_VERIFY2(codeBlockProblem(&pane).isEmpty(), qPrintable(codeBlockProblem(&pane)));
        // Lines and indentation as written.
        QVERIFY(blockStarting(pane.document(), QStringLiteral("    print(lr)")).isValid());
        QVERIFY(blockStarting(pane.document(), QStringLiteral("if step % 100 == 0:")).isValid());
        // The pane grows by the scroll bar's height, so its last line is not hidden under it.
        QTRY_VERIFY(pane.viewport()->height() >= std::ceil(pane.document()->size().height()));
        // Wide enough, nothing scrolls.
        pane.resize(2000, 100);
        QTRY_COMPARE(pane.horizontalScrollBar()->maximum(), 0);
        // Ordinary text still wraps at the pane's width.
        gui::showStem(&pane, std::string(40, 'w') + " " + std::string(400, 'x'));
        pane.resize(320, 100);
        QTRY_VERIFY(pane.document()->begin().layout()->lineCount() > 1);
        QCOMPARE(pane.horizontalScrollBar()->maximum(), 0);
    }

    void codeBlockHasABackgroundInBothThemes()
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            gui::TextPane pane;
            pane.resize(480, 100);
            gui::showStem(&pane, kCodeStem);
            const QColor base = pane.palette().color(QPalette::Base);
            const QColor text = pane.palette().color(QPalette::Text);
            for (const char* line : {"lr = base_lr", "if step % 100 == 0:", "    print(lr)"}) {
                const QTextBlock code = blockStarting(pane.document(), QString::fromUtf8(line));
                QVERIFY2(code.isValid(), line);
                const QBrush background = code.blockFormat().background();
                QVERIFY2(background.style() == Qt::SolidPattern, line);
                const QColor shown = composited(background.color(), base);
                // Apart from the prose around it, and the text on it well readable (AA).
                QVERIFY2(gui::contrastRatio(shown, base) > 1.1, line);
                QVERIFY2(gui::contrastRatio(text, shown) >= gui::kTextContrast, line);
            }
            QCOMPARE(blockStarting(pane.document(), QStringLiteral("Which line"))
                         .blockFormat()
                         .background()
                         .style(),
                     Qt::NoBrush);
            QCOMPARE(blockStarting(pane.document(), QStringLiteral("A training loop"))
                         .blockFormat()
                         .background()
                         .style(),
                     Qt::NoBrush);
        }
        gui::applyTheme(false);
        // The review's and the report's HTML keep it.
        QTextDocument fromHtml;
        fromHtml.setHtml(gui::textHtml("Run:\n\n```\n" + kLongLine + "\n```"));
        QCOMPARE(blockStarting(&fromHtml, QStringLiteral("lr = base_lr")).blockFormat().background().color(),
                 gui::codeBlockBackground());
        QCOMPARE(blockStarting(&fromHtml, QStringLiteral("Run:")).blockFormat().background().style(),
                 Qt::NoBrush);
    }

    void wideImageIsScaledToTheViewAndBack()
    {
        const std::string stem = wideImageStem(2000);
        for (const bool pane : {false, true}) {
            std::unique_ptr<gui::SafeTextView> view(pane ? new gui::TextPane : new gui::SafeTextView);
            view->resize(500, 400);
            gui::showStem(view.get(), stem);
            QVERIFY(test::showActive(view.get()));
            const auto fits = [&] {
                const QTextImageFormat image = firstImage(view->document());
                return image.isValid() && image.width() > 0 && image.width() <= view->viewport()->width() &&
                       std::abs(image.height() * 4 - image.width()) <= 4 && // the aspect ratio kept
                       view->horizontalScrollBar()->maximum() == 0 &&
                       view->document()->size().width() <= view->viewport()->width();
            };
            QTRY_VERIFY2(fits(), pane ? "TextPane at 500 px" : "SafeTextView at 500 px");
            if (!pane) {
                test::screenshot(view.get(), "rich-wide-image");
            }
            // Narrower, it follows.
            view->resize(300, 400);
            QTRY_VERIFY2(fits(), "at 300 px");
            QVERIFY(firstImage(view->document()).width() < 300);
            // Wider than the image, it is shown at its own size, never more.
            view->resize(2400, 400);
            QTRY_VERIFY(!firstImage(view->document()).hasProperty(QTextFormat::ImageWidth));
            QCOMPARE(view->horizontalScrollBar()->maximum(), 0);
        }
        // A narrow image keeps its size.
        gui::SafeTextView view;
        view.resize(500, 400);
        gui::showStem(&view, wideImageStem(120));
        QVERIFY(test::showActive(&view));
        QVERIFY(!firstImage(view.document()).hasProperty(QTextFormat::ImageWidth));
    }

    // An image in a table cell fits its column: the table stays within the view, which never scrolls
    // sideways.
    void wideImageInATableCellFitsItsColumn()
    {
        std::string stem = wideImageStem(2000);
        const std::string uri =
            stem.substr(stem.find("(data:") + 1, stem.find(')') - stem.find("(data:") - 1);
        stem = "Which series peaks first?\n\n| Chart | Note |\n|---|---|\n| ![Wide chart](" + uri +
               ") | Throughput by batch size |\n";
        gui::SafeTextView view;
        view.resize(500, 400);
        gui::showStem(&view, stem);
        QVERIFY(test::showActive(&view));
        QVERIFY(firstTable(view.document()));
        const auto fits = [&] {
            const QTextImageFormat image = firstImage(view.document());
            return image.isValid() && image.width() > 0 && image.width() < view.viewport()->width() / 2 &&
                   std::abs(image.height() * 4 - image.width()) <= 4 &&
                   view.document()->size().width() <= view.viewport()->width() &&
                   view.horizontalScrollBar()->maximum() == 0;
        };
        QTRY_VERIFY2(fits(), qPrintable(QStringLiteral("image %1 px wide, document %2 px in a %3 px view")
                                            .arg(firstImage(view.document()).width())
                                            .arg(view.document()->size().width())
                                            .arg(view.viewport()->width())));
        test::screenshot(&view, "rich-table-image");
    }

    void wideImageIsScaledToThePdfPage()
    {
        // As PdfReport lays a section out: a page width in the writer's pixels, images in 96-dpi pixels.
        QTemporaryDir dir;
        QPdfWriter writer(dir.filePath(QStringLiteral("x.pdf")));
        writer.setResolution(300);
        gui::SafeTextDocument doc;
        doc.documentLayout()->setPaintDevice(&writer);
        doc.setDocumentMargin(0);
        doc.setPageSize(QSizeF(1800, 2500)); // 6 inches at 300 dpi: 576 pixels at 96 dpi
        doc.setHtml(gui::stemHtml(wideImageStem(2000)));
        const QTextImageFormat image = firstImage(&doc);
        QVERIFY(image.isValid());
        QVERIFY(image.width() > 500 && image.width() <= 576);
        QVERIFY(doc.size().width() <= 1800.5);
    }

    void tableRendersAsATable()
    {
        gui::SafeTextView view;
        gui::showStem(&view, kCodeStem);
        QTextTable* table = firstTable(view.document());
        QVERIFY(table);
        QCOMPARE(table->rows(), 3);
        QCOMPARE(table->columns(), 2);
        // The header cell right after a code block, which Qt 6.4 gives an empty paragraph and no bold.
        const QTextBlock header = table->cellAt(0, 0).firstCursorPosition().block();
        QCOMPARE(header.text(), QStringLiteral("step"));
        QCOMPARE(header.begin().fragment().charFormat().fontWeight(), int(QFont::Bold));
        QCOMPARE(table->cellAt(0, 1).firstCursorPosition().block().text(), QStringLiteral("lr"));
        QCOMPARE(table->cellAt(2, 1).firstCursorPosition().block().text(), QStringLiteral("3×10⁻⁴"));
        // The review's and the report's HTML keep both (stemHtml, textHtml).
        QTextDocument fromHtml;
        fromHtml.setHtml(
            gui::textHtml("Run:\n\n```\n" + kLongLine + "\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |"));
        QVERIFY(blockStarting(&fromHtml, QStringLiteral("lr = base_lr")).blockFormat().nonBreakableLines());
        QVERIFY(firstTable(&fromHtml));
        // Text without a block keeps its old rendering: `*` and `__init__` are not emphasis.
        QCOMPARE(gui::textHtml("a *b* __init__ `c`"), QStringLiteral("a *b* __init__ <code>c</code>"));
    }

    /// The button's middle is on the middle of the option's first line, with inline code on that line (a
    /// taller line) and without, at normal and at double text size (taller lines, a larger indicator), in
    /// both looks.
    void optionButtonSitsOnTheFirstLine()
    {
        const auto firstLineMiddle = [](const QLabel* label) {
            QTextDocument doc;
            doc.setDocumentMargin(0);
            doc.setDefaultFont(label->font());
            doc.setHtml(label->text());
            doc.setTextWidth(label->contentsRect().width());
            doc.documentLayout()->documentSize();
            const QTextLine line = doc.firstBlock().layout()->lineAt(0);
            return label->geometry().top() + label->contentsRect().top() + line.y() + line.height() / 2.0;
        };
        const QStringList texts = {
            QStringLiteral("Set `max_batch_size` to 64 so the engine builds its profiles"),
            QStringLiteral("Set the maximum batch size to 64 so the engine builds"),
            QStringLiteral("`--use_fp8_context_fmha` with `enable`, then rebuild")};
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            for (const int percent : {100, 200}) {
                gui::applyTextPercent(percent);
                for (const bool multiSelect : {false, true}) {
                    for (const QString& text : texts) {
                        gui::OptionRow row(multiSelect, 1, text);
                        row.resize(420, 80);
                        QVERIFY(test::showActive(&row));
                        auto* label = row.findChild<QLabel*>();
                        QVERIFY(label);
                        const auto buttonMiddle = [&] {
                            const QRect button = row.button()->geometry();
                            return button.top() + button.height() / 2.0;
                        };
                        QTRY_VERIFY2(std::abs(buttonMiddle() - firstLineMiddle(label)) <= 1.0,
                                     qPrintable(QStringLiteral("%1%, %2: button %3+%4, line middle %5")
                                                    .arg(percent)
                                                    .arg(text)
                                                    .arg(row.button()->geometry().top())
                                                    .arg(row.button()->geometry().height())
                                                    .arg(firstLineMiddle(label))));
                        if (percent == 200 && text == texts[0]) {
                            test::screenshot(
                                &row, multiSelect ? (dark ? "option-align-multi-dark" : "option-align-multi")
                                                  : (dark ? "option-align-dark" : "option-align"));
                        }
                    }
                }
            }
        }
        gui::applyTextPercent(100);
        gui::applyTheme(false);
    }

    void optionWithACodeBlockShowsInAPaneAndStillClicks()
    {
        gui::OptionRow row(false, 1,
                           QStringLiteral("Run:\n\n```\n") + QString::fromStdString(kLongLine) +
                               QStringLiteral("\n```"));
        row.resize(360, 200);
        QVERIFY(test::showActive(&row));
        auto* pane = row.findChild<gui::TextPane*>(QStringLiteral("optionPane"));
        QVERIFY(pane);
        QVERIFY(pane->toPlainText().startsWith(QStringLiteral("B.\nRun:")));
        QTRY_VERIFY2(codeBlockProblem(pane).isEmpty(), qPrintable(codeBlockProblem(pane)));
        QTest::mouseClick(pane->viewport(), Qt::LeftButton, {}, QPoint(10, 5));
        QVERIFY(row.button()->isChecked());
        // A plain option stays a label.
        gui::OptionRow plain(false, 0, QStringLiteral("Plain *text*"));
        QVERIFY(!plain.findChild<gui::TextPane*>());
    }

    void richQuestionThroughExamRevealResultsAndDrill()
    {
        gui::MainWindow window(*m_store, m_clock);
        window.resize(900, 760);
        QVERIFY(test::showActive(&window));
        const int position = startWithRichQuestion(window);
        QVERIFY(position >= 0);
        gui::ExamPage* page = window.examPage();
        auto* stem = page->findChild<gui::SafeTextView*>(QStringLiteral("stemView"));
        QVERIFY(stem);
        // The view is reused from question to question: count what showing this one loads.
        page->showQuestion(position == 0 ? 1 : 0);
        const int embeddedBefore = stem->safeDocument()->embeddedLoads();
        const int refusedBefore = stem->safeDocument()->refusedLoads();
        page->showQuestion(position);
        QVERIFY(stem->toPlainText().contains(QStringLiteral("if step % 100 == 0:")));
        QVERIFY(firstTable(stem->document()));
        QTRY_COMPARE(stem->safeDocument()->embeddedLoads(), embeddedBefore + 1);
        QCOMPARE(stem->safeDocument()->refusedLoads(), refusedBefore);
        // The chart is 120×60: the stem is at least that tall.
        QVERIFY(stem->document()->size().height() > 60);

        const auto shoot = [&](const char* name) {
            for (const bool dark : {false, true}) {
                gui::applyTheme(dark);
                test::screenshot(
                    &window,
                    qPrintable(
                        QStringLiteral("rich-%1-%2").arg(QLatin1String(name), dark ? "dark" : "light")));
            }
            gui::applyTheme(false);
            gui::applyTextPercent(200);
            // A code line never widens the window: it scrolls inside the text (LayoutTest's rule, 1024 px).
            QVERIFY(std::max(window.minimumSizeHint().width(), window.minimumWidth()) < 1024);
            test::screenshot(&window, qPrintable(QStringLiteral("rich-%1-200").arg(QLatin1String(name))));
            gui::applyTextPercent(100);
        };
        shoot("exam");

        QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option0")), Qt::LeftButton);
        page->revealAnswer();
        auto* reveal = page->findChild<gui::SafeTextView*>(QStringLiteral("revealView"));
        QVERIFY(reveal);
        QTRY_VERIFY(reveal->isVisible());
        const QTextBlock command =
            blockStarting(reveal->document(), QStringLiteral("python train.py --lr 3e-4 --warmup 500"));
        QVERIFY(command.isValid());
        QVERIFY(command.blockFormat().nonBreakableLines());
        QVERIFY(blockStarting(reveal->document(), QStringLiteral("loss = 0.42")).isValid()); // a why's code
        shoot("reveal");

        // The review screen's row shows the stem as plain words: no fence line, no backticks.
        page->openReview();
        auto* rows = page->findChild<QTableWidget*>(QStringLiteral("reviewTable"));
        QVERIFY(rows);
        QString row;
        for (int r = 0; r < rows->rowCount(); ++r) {
            const QString text = rows->item(r, 0)->text();
            row = text.startsWith(QStringLiteral("Question %1:").arg(position + 1)) ? text : row;
        }
        QVERIFY2(row.contains(QStringLiteral("warm-up: lr = base_lr")), qPrintable(row));
        QVERIFY2(!row.contains(QLatin1Char('`')) && !row.contains(QStringLiteral("python")), qPrintable(row));
        QVERIFY2(row.endsWith(QStringLiteral("…")), qPrintable(row));
        page->submitNow();
        QTRY_VERIFY(window.resultsPage()->isVisible());
        auto* review = window.resultsPage()->findChild<gui::SafeTextView*>(QStringLiteral("answerReview"));
        QVERIFY(review);
        QTRY_VERIFY(blockStarting(review->document(), QStringLiteral("if step % 100 == 0:")).isValid());
        QVERIFY(firstTable(review->document()));
        QVERIFY(review->safeDocument()->embeddedLoads() >= 1);
        QVERIFY(review->safeDocument()->refusedLoads() == 0);

        PlannerOptions options;
        options.count = 5;
        options.seed = 3;
        QVERIFY(window.startDrill(options, false));
        gui::DrillPage* drill = window.drillPage();
        auto* drillStem = drill->findChild<gui::SafeTextView*>(QStringLiteral("drillStem"));
        QVERIFY(drillStem);
        for (int i = 0; i < 5 && !drillStem->toPlainText().contains(QStringLiteral("training script")); ++i) {
            QTest::keyClick(drill, Qt::Key_A);
            if (drillStem->toPlainText().contains(QStringLiteral("Select TWO"))) {
                QTest::keyClick(drill, Qt::Key_B);
            }
            QTest::keyClick(drill, Qt::Key_Return); // Check
            QTest::keyClick(drill, Qt::Key_Return); // Next
        }
        QVERIFY(drillStem->toPlainText().contains(QStringLiteral("training script")));
        QTRY_VERIFY(drillStem->safeDocument()->embeddedLoads() > 0);
        QTest::keyClick(drill, Qt::Key_A);
        QTest::keyClick(drill, Qt::Key_Return); // Check
        auto* feedback = drill->findChild<gui::SafeTextView*>(QStringLiteral("drillFeedback"));
        QVERIFY(feedback);
        QTRY_VERIFY(blockStarting(feedback->document(), QStringLiteral("python train.py")).isValid());
        shoot("drill");
    }
};

QTEST_MAIN(RichContentTest)
#include "RichContentTest.moc"
