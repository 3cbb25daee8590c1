// A hostile pack through the real screens: its stems, options, whys, explanation, exam title and domain
// names name local files (file: URLs, paths relative to the working folder, /dev/zero, a FIFO) as images
// and links, and hold "%1".."%5" and a 5,000-character word. The app must never open any of those files
// (inotify watches their folder, which is also the working folder), never follow a link inside the app, ask
// before opening an http(s) link in the browser, keep "%N" as text, and keep the window narrower than a
// 1024-pixel screen.
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <QAbstractTextDocumentLayout>
#include <QBarCategoryAxis>
#include <QBuffer>
#include <QChartView>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QtTest>

#include "certdrill/store/Store.h"

#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "HomePage.h"
#include "MainWindow.h"
#include "ResultsPage.h"
#include "ReviewPage.h"
#include "SafeTextDocument.h"
#include "SafeTextView.h"

using namespace certdrill;
using nlohmann::json;

namespace {

/// A PNG of w × h red pixels: drawn, it would make a document at least h pixels tall.
QByteArray png(int w, int h)
{
    QImage image(w, h, QImage::Format_RGB32);
    image.fill(Qt::red);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

/// Reports every open or read of a file in one folder, through inotify.
class FolderWatch
{
public:
    explicit FolderWatch(const QString& dir)
        : m_fd(inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
    {
        if (m_fd >= 0) {
            inotify_add_watch(m_fd, QFile::encodeName(dir).constData(), IN_OPEN | IN_ACCESS);
        }
    }
    ~FolderWatch() { ::close(m_fd); }
    FolderWatch(const FolderWatch&) = delete;
    FolderWatch& operator=(const FolderWatch&) = delete;

    bool ok() const { return m_fd >= 0; }

    /// The names of the files opened or read since the last call.
    QStringList touched()
    {
        QStringList names;
        alignas(inotify_event) char buffer[8192];
        while (true) {
            const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
            if (n <= 0) {
                return names;
            }
            for (ssize_t at = 0; at < n;) {
                const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
                names << (e->len ? QString::fromLocal8Bit(e->name) : QStringLiteral("(the folder)"));
                at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            }
        }
    }

private:
    int m_fd;
};

/// The viewport point of the first character of the link to `href` in `view`, or (-1, -1).
QPoint linkPoint(QTextBrowser* view, const QString& href)
{
    for (QTextBlock b = view->document()->begin(); b.isValid(); b = b.next()) {
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (f.charFormat().isAnchor() && f.charFormat().anchorHref() == href) {
                QTextCursor c(view->document());
                c.setPosition(f.position() + 1);
                const QRect r = view->cursorRect(c);
                return {r.left() - 2, r.center().y()};
            }
        }
    }
    return {-1, -1};
}

} // namespace

class HostilePackGuiTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_secrets; ///< the files the pack names; also the working folder
    QTemporaryDir m_work;    ///< the pack and the database
    QString m_previousDir;
    FakeClock m_clock;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<gui::MainWindow> m_window;
    std::unique_ptr<FolderWatch> m_watch;
    QString m_longWord;

    QString secret(const char* name) const { return m_secrets.filePath(QLatin1String(name)); }

    /// Stem, option, why and explanation texts that name every kind of local file.
    json hostileText(const std::string& lead) const
    {
        const std::string dir = m_secrets.path().toStdString();
        return lead + " ![a](file://" + dir + "/secret.png) ![b](secret.png) ![c](file:///dev/zero) ![d](" +
               dir + "/secret.fifo) [passwd](file://" + dir +
               "/secret.txt) [docs](https://example.com/docs) " + "<img src=\"secret.png\"> " +
               m_longWord.toStdString() + " end?";
    }

    void writePack(const QString& path) const
    {
        const std::string img = "<img src=\"secret.png\">";
        json questions = json::array();
        for (int i = 0; i < 4; ++i) {
            const std::string id = "q" + std::to_string(i);
            json options = json::array();
            options.push_back({{"text", "%1 %2 %3 %4 %5 " + img + " right " + id},
                               {"correct", true},
                               {"why", "%1 because " + img + " " + m_longWord.left(1500).toStdString()}});
            options.push_back({{"text", m_longWord.left(900).toStdString() + " wrong " + id},
                               {"correct", false},
                               {"why", "![x](secret.png) no"}});
            questions.push_back({{"id", id},
                                 {"exam", "hostile"},
                                 {"domain", i % 2 ? "d2" : "d1"},
                                 {"stem", hostileText("Question " + id)},
                                 {"select", 1},
                                 {"options", options},
                                 {"explanation", "Explained " + img + " %1 %2"}});
        }
        const json pack = {
            {"format", "certdrill-pack/1"},
            {"pack",
             {{"id", "hostile"},
              {"title", "Hostile " + img},
              {"version", "1.0.0"},
              {"authors", {"tests"}},
              {"license", "CC0-1.0"}}},
            {"exams",
             {{{"id", "hostile"},
               {"title", "Exam " + img + " " + m_longWord.left(150).toStdString()},
               {"version", "1"},
               {"duration_minutes", 10},
               {"question_count", {{"min", 2}, {"max", 4}, {"default", 4}}},
               {"pass_percent", 50},
               {"multi_select_share", 0},
               {"domains",
                {{{"id", "d1"}, {"name", "One " + img + " %1"}, {"weight", 50}},
                 {{"id", "d2"},
                  {"name", "<img src=\"file://" + m_secrets.path().toStdString() + "/secret.png\"> Two"},
                  {"weight", 50}}}}}}},
            {"questions", questions}};
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(pack.dump(1)));
    }

    /// Lays out and paints the whole window, then checks that no watched file was opened.
    void checkNothingRead(const char* where)
    {
        QApplication::processEvents();
        m_window->grab();
        const QStringList touched = m_watch->touched();
        QVERIFY2(touched.isEmpty(),
                 qPrintable(QStringLiteral("%1 opened %2").arg(where, touched.join(", "))));
    }

    void checkNarrow(const char* where)
    {
        QApplication::processEvents();
        QVERIFY2(m_window->minimumSizeHint().width() < 1024,
                 qPrintable(QStringLiteral("%1: minimum width %2")
                                .arg(QLatin1String(where))
                                .arg(m_window->minimumSizeHint().width())));
        QVERIFY2(m_window->width() < 1024,
                 qPrintable(QStringLiteral("%1: width %2").arg(QLatin1String(where)).arg(m_window->width())));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_secrets.isValid() && m_work.isValid());
        QFile image(secret("secret.png"));
        QVERIFY(image.open(QIODevice::WriteOnly));
        image.write(png(300, 600));
        image.close();
        QFile text(secret("secret.txt"));
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("root:x:0:0:SECRET:/root:/bin/bash\n");
        text.close();
        // Opening a FIFO for reading blocks until a writer comes: a GUI that tried would hang here.
        QCOMPARE(::mkfifo(QFile::encodeName(secret("secret.fifo")).constData(), 0600), 0);
        m_longWord = QString(5000, QLatin1Char('W'));

        const QString packPath = m_work.filePath(QStringLiteral("hostile.json"));
        writePack(packPath);
        auto opened = Store::open(m_work.filePath(QStringLiteral("db.sqlite")).toStdString(), m_clock);
        QVERIFY(opened.ok());
        m_store = std::move(opened.value());
        const auto outcome = m_store->importFiles({packPath.toStdString()});
        std::string diagnostics = outcome.error;
        for (const auto& d : outcome.diagnostics) {
            diagnostics += "\n" + d.format().substr(0, 300);
        }
        QVERIFY2(outcome.ok(), diagnostics.c_str());

        // Relative names resolve against the working folder: make it the folder of secrets.
        m_previousDir = QDir::currentPath();
        QVERIFY(QDir::setCurrent(m_secrets.path()));
        m_watch = std::make_unique<FolderWatch>(m_secrets.path());
        QVERIFY(m_watch->ok());
        m_window = std::make_unique<gui::MainWindow>(*m_store, m_clock);
        m_window->resize(900, 700);
        QVERIFY(test::showActive(m_window.get()));
    }

    void cleanupTestCase()
    {
        m_window.reset();
        QDir::setCurrent(m_previousDir);
    }

    void homeShowsTheExamWithoutReadingFiles()
    {
        m_window->homePage()->refresh();
        checkNothingRead("the home screen");
        checkNarrow("the home screen");
    }

    void examScreensNeverReadAFileAndStayNarrow()
    {
        // The start screen names the exam (its title holds an <img>) and the short form's domains.
        QVERIFY(m_window->showExamStart(SessionMode::Practice, 1));
        auto* startTitle = m_window->findChild<QLabel*>(QStringLiteral("startTitleLabel"));
        QVERIFY(startTitle);
        QCOMPARE(startTitle->textFormat(), Qt::PlainText);
        checkNothingRead("the exam start screen");
        checkNarrow("the exam start screen");
        QVERIFY(m_window->startExam(SessionMode::Practice, 1));
        gui::ExamPage* page = m_window->examPage();
        QVERIFY(page->isVisible());
        auto* stem = page->findChild<gui::SafeTextView*>(QStringLiteral("stemView"));
        QVERIFY(stem);
        QVERIFY(stem->toPlainText().contains(QStringLiteral("end?")));
        QVERIFY(stem->safeDocument()->refusedLoads() > 0);
        checkNothingRead("the exam screen");
        checkNarrow("the exam screen");
        for (int i = 0; i < static_cast<int>(page->session()->items().size()); ++i) {
            page->showQuestion(i);
            QTest::mouseClick(page->findChild<QAbstractButton*>(QStringLiteral("option0")), Qt::LeftButton);
            page->revealAnswer();
            checkNothingRead("the practice reveal");
        }
        checkNarrow("the practice reveal");
        page->openReview();
        auto* review = page->findChild<gui::ReviewPage*>();
        QVERIFY(review);
        auto* table = review->findChild<QTableWidget*>();
        QVERIFY(table);
        // The stem's tooltip is plain text: its <img> is shown as written, never loaded.
        const QString tip = table->item(0, 0)->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("&lt;img src=\"secret.png\"&gt;")), qPrintable(tip.left(300)));
        checkNothingRead("the review screen");
        page->closeReview();
        page->submitNow();
        QTRY_VERIFY(m_window->resultsPage()->isVisible());
        checkNothingRead("the results");
        checkNarrow("the results");
        auto* chart = m_window->resultsPage()->findChild<QChartView*>();
        QVERIFY(chart);
        auto* axis = qobject_cast<QBarCategoryAxis*>(chart->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QVERIFY(axis->categories().join(' ').contains(QStringLiteral("&lt;img")));
    }

    void drillScreensNeverReadAFileAndStayNarrow()
    {
        PlannerOptions options;
        options.count = 4;
        options.seed = 5;
        QVERIFY(m_window->startDrill(options, false));
        gui::DrillPage* page = m_window->drillPage();
        QVERIFY(page->isVisible());
        checkNothingRead("the drill");
        checkNarrow("the drill");
        auto* check = page->findChild<QPushButton*>(QStringLiteral("checkButton"));
        QVERIFY(check);
        QTest::keyClick(page, Qt::Key_A);
        QTest::mouseClick(check, Qt::LeftButton);
        checkNothingRead("the drill's feedback");
        checkNarrow("the drill's feedback");
        // Check stays on screen: inside the window, which is inside a 1024-pixel screen.
        QVERIFY(check->mapTo(m_window.get(), QPoint(check->width(), 0)).x() <= m_window->width());
    }

    void imagesAreBlankPlaceholders()
    {
        gui::SafeTextView view;
        view.resize(800, 400);
        showStem(&view, "![a](file://" + m_secrets.path().toStdString() + "/secret.png) ![b](secret.png)");
        QVERIFY(test::showActive(&view));
        // Drawn, the 600-pixel-tall secret.png would make the document at least that tall.
        QVERIFY(view.document()->documentLayout()->documentSize().height() < 100);
        QVERIFY(view.safeDocument()->refusedLoads() >= 2);
        checkNothingRead("an image");
    }

    void embeddedImagesShowAndNothingElseLoads()
    {
        gui::SafeTextView view;
        view.resize(800, 400);
        const std::string dir = m_secrets.path().toStdString();
        // One image within the caps; then a local file, a relative path, a web address, a GIF and a PNG of
        // 1.1 million pixels (over the cap, though only a few KiB), which all stay blank.
        showStem(&view, "![e](data:image/png;base64," + png(40, 50).toBase64().toStdString() +
                            ") ![a](file://" + dir +
                            "/secret.png) ![b](secret.png) ![h](http://127.0.0.1:9/secret.png) " +
                            "![g](data:image/gif;base64,R0lGODlhAQABAAAAADs=) ![p](data:image/png;base64," +
                            png(1100, 1000).toBase64().toStdString() + ")");
        QVERIFY(test::showActive(&view));
        QCOMPARE(view.safeDocument()->embeddedLoads(), 1);
        QVERIFY(view.safeDocument()->refusedLoads() >= 5);
        // The 50-pixel image is drawn; the 600-pixel secret.png and the 1000-pixel PNG are not.
        const qreal height = view.document()->documentLayout()->documentSize().height();
        QVERIFY2(height >= 50 && height < 300, qPrintable(QString::number(height)));
        checkNothingRead("an embedded image");
    }

    void aRefusedImageIsAskedForOnce()
    {
        // A PNG whose header passes the caps but whose pixel data is broken: Qt's reader fails on it only
        // after decoding the data URI and starting libpng (which prints an error each time). Every layout
        // and paint asks the document for each image again, so a refusal that is not kept would be decoded
        // again and again: a fuzzed stem with one such image was decoded 37,616 times while it was shown and
        // laid out once.
        QByteArray broken = png(4, 3);
        const qsizetype idat = broken.indexOf("IDAT");
        QVERIFY(idat > 0);
        for (qsizetype i = idat + 6; i < idat + 14 && i < broken.size(); ++i) {
            broken[i] = static_cast<char>(0xEE);
        }
        gui::SafeTextView view;
        view.resize(800, 400);
        showStem(&view, "Broken ![x](data:image/png;base64," + broken.toBase64().toStdString() +
                            ") and local ![y](file://" + m_secrets.path().toStdString() + "/secret.png)\n\n" +
                            std::string(2000, 'w'));
        QVERIFY(test::showActive(&view));
        for (const int width : {700, 300, 500, 200, 640}) {
            view.resize(width, 400);
            view.document()->documentLayout()->documentSize();
            view.viewport()->repaint();
        }
        QCOMPARE(view.safeDocument()->embeddedLoads(), 0);
        QCOMPARE(view.safeDocument()->refusedLoads(), 2);
        checkNothingRead("a broken image");
    }

    void aViewKeepsNoImageOfAnEarlierStem()
    {
        // One view shows stem after stem (an exam of 65 questions, a fuzzer's millions of inputs). The images
        // kept with a stem's text must go with it, or memory grows with every stem shown.
        gui::SafeTextView view;
        view.resize(800, 400);
        const QString uri =
            QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png(40, 50).toBase64());
        showStem(&view, "First ![e](" + uri.toStdString() + ") and ![f](file:///nowhere.png)");
        QVERIFY(test::showActive(&view));
        QCOMPARE(view.safeDocument()->embeddedLoads(), 1);
        QCOMPARE(view.safeDocument()->refusedLoads(), 1);
        showStem(&view, "Second, without images");
        view.document()->documentLayout()->documentSize();
        // Asked again, each is loaded again: nothing of the first stem was kept.
        view.document()->resource(QTextDocument::ImageResource, QUrl(uri));
        view.document()->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("file:///nowhere.png")));
        QCOMPARE(view.safeDocument()->embeddedLoads(), 2);
        QCOMPARE(view.safeDocument()->refusedLoads(), 2);

        // The same through setHtml, as the review, the browser's options and a revealed answer are shown:
        // Qt's setHtml keeps what addResource was given, setMarkdown does not.
        const QString html = QStringLiteral("<p>Option <img src='%1'> <img src='file:///nowhere.png'></p>");
        view.setHtml(html.arg(uri));
        view.document()->documentLayout()->documentSize();
        QCOMPARE(view.safeDocument()->embeddedLoads(), 3);
        QCOMPARE(view.safeDocument()->refusedLoads(), 3);
        view.setHtml(QStringLiteral("<p>Another option</p>"));
        view.document()->documentLayout()->documentSize();
        view.document()->resource(QTextDocument::ImageResource, QUrl(uri));
        view.document()->resource(QTextDocument::ImageResource, QUrl(QStringLiteral("file:///nowhere.png")));
        QCOMPARE(view.safeDocument()->embeddedLoads(), 4);
        QCOMPARE(view.safeDocument()->refusedLoads(), 4);
    }

    void aRefusalOfAnotherKindNeverStandsForAnImage()
    {
        // Qt's resources are named by URL alone. Were the empty style sheet refused for a <link> kept for an
        // <img> of the same URL, Qt's image handler would get no image and load the file itself.
        gui::SafeTextView view;
        view.resize(800, 400);
        // Relative, as Qt's image handler, given no image, loads the name from the working folder (the
        // secrets').
        const QString secret = QStringLiteral("secret.png");
        // Asked for as a style sheet while the text is read, then as an image when it is laid out.
        view.setHtml(QStringLiteral("<html><head><link rel='stylesheet' type='text/css' href='%1'/></head>"
                                    "<body><p>Text <img src='%1'></p></body></html>")
                         .arg(secret));
        QVERIFY(test::showActive(&view));
        checkNothingRead("a style sheet and an image of one URL");
        // Drawn, the 600-pixel-tall secret.png would make the document at least that tall.
        QVERIFY(view.document()->documentLayout()->documentSize().height() < 100);
        QCOMPARE(view.safeDocument()->refusedLoads(), 2);
    }

    void aStemIsLaidOutAFixedNumberOfTimesHoweverLong()
    {
        // A view lays its document out again after every change it is told of. Qt's Markdown importer adds a
        // stem block by block, and showStem then tidies code lines and table cells one by one, so each
        // change laid the whole stem out again: quadratic in its length (a fuzzed 2 KB stem took 6 s under
        // ASan). Told as one change, the layouts do not grow with the stem.
        // How many changes a view that has shown a stem is told of while it shows this one.
        const auto changesFor = [](const std::string& stem) {
            gui::SafeTextView view;
            view.resize(600, 400);
            showStem(&view, "Warm-up");
            int changes = 0;
            QObject::connect(view.document(), &QTextDocument::contentsChange, &view,
                             [&changes] { ++changes; });
            showStem(&view, stem);
            return changes;
        };
        const auto codeAndTable = [](int lines) {
            std::string stem = "Which line fails?\n\n```python\n";
            for (int i = 0; i < lines; ++i) {
                stem += "x" + std::to_string(i) + " = step(" + std::to_string(i) + ")\n";
            }
            stem += "```\n\n| step | lr |\n|---|---:|\n";
            for (int i = 0; i < lines / 10; ++i) {
                stem += "| " + std::to_string(i) + " | `0.1` |\n";
            }
            return stem;
        };
        const int small = changesFor(codeAndTable(10));
        QVERIFY2(small <= 4, qPrintable(QString::number(small)));
        QCOMPARE(changesFor(codeAndTable(300)), small);

        // Nor with the number of tables: after a code block Qt 6.4 starts a table's first cell with an empty
        // paragraph, which showStem removes.
        const auto tables = [](int count) {
            std::string stem;
            for (int i = 0; i < count; ++i) {
                stem += "```\ncode " + std::to_string(i) + "\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n";
            }
            return stem;
        };
        QCOMPARE(changesFor(tables(40)), changesFor(tables(2)));
    }

    void linksAreNeverFollowedAndHttpAsksFirst()
    {
        gui::SafeTextView view;
        view.resize(800, 400);
        showStem(&view, hostileText("Links").get<std::string>());
        QVERIFY(test::showActive(&view));
        QList<QUrl> opened;
        gui::SafeTextView::setUrlOpener([&opened](const QUrl& url) { opened << url; });

        const QString fileLink = QStringLiteral("file://") + m_secrets.path() + QStringLiteral("/secret.txt");
        const QPoint filePoint = linkPoint(&view, fileLink);
        QVERIFY(filePoint.x() >= 0);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, filePoint);
        QApplication::processEvents();
        QVERIFY(QApplication::activeModalWidget() == nullptr); // not even a question for a file link
        QVERIFY(view.source().isEmpty());
        QVERIFY(view.toPlainText().startsWith(QStringLiteral("Links")));
        QVERIFY(!view.toPlainText().contains(QStringLiteral("SECRET")));
        QVERIFY(opened.isEmpty());

        const QString web = QStringLiteral("https://example.com/docs");
        QString asked;
        test::onNextModal<QMessageBox>([&asked](QMessageBox* box) {
            QCOMPARE(box->objectName(), QStringLiteral("openLinkConfirmation"));
            asked = box->text();
            box->button(QMessageBox::Cancel)->click();
        });
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, linkPoint(&view, web));
        QVERIFY2(asked.contains(web), qPrintable(asked));
        QVERIFY(opened.isEmpty()); // cancelled
        test::onNextModal<QMessageBox>([](QMessageBox* box) { box->button(QMessageBox::Open)->click(); });
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, linkPoint(&view, web));
        QCOMPARE(opened, QList<QUrl>{QUrl(web)});
        QVERIFY(view.toPlainText().startsWith(QStringLiteral("Links")));
        gui::SafeTextView::setUrlOpener({});
        checkNothingRead("the links");
    }

    void percentPlaceholdersInOptionsStayText()
    {
        Question q;
        q.options = {{"%1 %2 %3 %4 %5", true, "%1 why"}, {"plain", false, "%2"}};
        q.explanation = "%1";
        const QString html = gui::explainedOptionsHtml(q, {0, 1}, {1});
        QVERIFY2(html.contains(QStringLiteral("<b>A. %1 %2 %3 %4 %5</b>")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("<i>%1 why</i>")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("<b>B. plain</b>")), qPrintable(html));
        QCOMPARE(html.count(QStringLiteral("✔ correct")), 1);
        QCOMPARE(html.count(QStringLiteral("← your answer")), 1);
    }

    void longWordsBreakInLabels()
    {
        const QString word(400, QLatin1Char('x'));
        QLabel label;
        gui::setPackText(&label, QStringLiteral("<img src=\"secret.png\"> ") + word);
        QCOMPARE(label.textFormat(), Qt::PlainText);
        QVERIFY(label.sizeHint().width() < 600);
        QCOMPARE(gui::breakable(word).remove(QChar(0x200B)), word);
        QCOMPARE(gui::breakable(QStringLiteral("short words stay as they are")),
                 QStringLiteral("short words stay as they are"));
        checkNothingRead("a label");
    }
};

QTEST_MAIN(HostilePackGuiTest)
#include "HostilePackGuiTest.moc"
