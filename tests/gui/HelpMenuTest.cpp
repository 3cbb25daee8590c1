// Help ▸ User guide and Help ▸ Keyboard shortcuts: the guide opens with its screenshots from the program's
// own resources, and the shortcut sheet lists every menu key and every screen's keys.
#include <QAction>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextFrame>
#include <QTextTable>
#include <QtTest>

#include "certdrill/store/Store.h"

#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "ShortcutSheet.h"
#include "UserGuideDialog.h"

using namespace certdrill;

namespace {

template <typename T> T* openTopLevel()
{
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (auto* t = qobject_cast<T*>(w); t && t->isVisible()) {
            return t;
        }
    }
    return nullptr;
}

} // namespace

class HelpMenuTest : public QObject
{
    Q_OBJECT

private slots:
    void guideAndShortcutSheet()
    {
        QTemporaryDir dir;
        FakeClock clock;
        auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(store);
        gui::MainWindow window(*store.value(), clock);
        QVERIFY(certdrill::test::showActive(&window));

        // F1 opens the user guide.
        QTest::keyClick(&window, Qt::Key_F1);
        auto* guide = openTopLevel<gui::UserGuideDialog>();
        QVERIFY(guide);
        const QString text = guide->view()->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Drill your weak domains")), qPrintable(text.left(200)));
        QVERIFY(guide->view()->toHtml().contains(QStringLiteral("images/drill.png")));
        const QVariant image = guide->view()->loadResource(QTextDocument::ImageResource,
                                                           QUrl(QStringLiteral("qrc:/doc/images/drill.png")));
        QVERIFY(!image.isNull()); // the screenshots are built in
        guide->close();

        // The shortcut sheet names every menu command that has a key, and the exam's and drill's keys.
        window.findChild<QAction*>(QStringLiteral("shortcutSheetAction"))->trigger();
        auto* sheet = openTopLevel<gui::ShortcutSheet>();
        QVERIFY(sheet);
        const QString html = sheet->html();
        int listed = 0;
        for (const QAction* top : window.menuBar()->actions()) {
            for (const QAction* action : top->menu()->actions()) {
                for (const QKeySequence& key : action->shortcuts()) {
                    QVERIFY2(html.contains(key.toString(QKeySequence::NativeText).toHtmlEscaped()),
                             qPrintable(key.toString()));
                    ++listed;
                }
            }
        }
        QVERIFY(listed >= 10);
        // Also the keys of the start, review and results screens and the browser, which it once left out.
        for (const char* key :
             {"Ctrl+G", "Ctrl+Enter", "Alt+P, Alt+U, Alt+R", "Enter", "Esc", "Alt+A, Alt+I, Alt+D",
              "Alt+X, Alt+P", "Alt+B, Alt+N, Alt+M", "Review screen", "Browse questions"}) {
            QVERIFY2(html.contains(QLatin1String(key)), key);
        }
        QVERIFY(html.contains(QStringLiteral("Start mock exam")));
        // Every section's descriptions start at the same x, so the sheet reads as one list.
        auto* view = sheet->findChild<QTextBrowser*>(QStringLiteral("shortcutView"));
        QVERIFY(view);
        QSet<int> starts;
        int tables = 0;
        for (QTextFrame* frame : view->document()->rootFrame()->childFrames()) {
            if (auto* table = qobject_cast<QTextTable*>(frame)) {
                ++tables;
                starts.insert(view->cursorRect(table->cellAt(0, 1).firstCursorPosition()).x());
            }
        }
        QVERIFY(tables >= 4);
        QVERIFY2(starts.size() == 1, qPrintable(QStringLiteral("%1 different x").arg(starts.size())));
        sheet->close();
    }
};

QTEST_MAIN(HelpMenuTest)
#include "HelpMenuTest.moc"
