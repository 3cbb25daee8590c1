// WCAG AA contrast in both themes, measured on what is drawn: the palette roles certdrill paints text with,
// its own colors, and the pixels of real radio buttons and check boxes (the answer options).
#include "Contrast.h"

#include <algorithm>
#include <map>

#include <QCheckBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QStyleOptionButton>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QtTest>

#include "certdrill/store/Store.h"

#include "Display.h"
#include "DrillPage.h"
#include "ExamPage.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "OptionRow.h"
#include "TextPane.h"

using namespace certdrill;
using gui::contrastRatio;

namespace {

QString describe(const char* what, const QColor& fg, const QColor& bg)
{
    return QStringLiteral("%1: %2 on %3 is %4:1")
        .arg(QLatin1String(what), fg.name(), bg.name())
        .arg(contrastRatio(fg, bg), 0, 'f', 2);
}

// The largest contrast any pixel of `area` in `image` has with `background`: a control's boundary is
// visible when some of its pixels stand out from what surrounds it.
double strongestPixel(const QImage& image, const QRect& area, const QColor& background)
{
    double best = 1;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        for (int x = area.left(); x <= area.right(); ++x) {
            if (image.rect().contains(x, y)) {
                best = std::max(best, contrastRatio(image.pixelColor(x, y), background));
            }
        }
    }
    return best;
}

} // namespace

class ContrastTest : public QObject
{
    Q_OBJECT

    static void checkPalette()
    {
        const QPalette p = QApplication::palette();
        using R = QPalette::ColorRole;
        const struct
        {
            const char* name;
            R text;
            R background;
        } pairs[] = {{"window text", R::WindowText, R::Window},
                     {"text", R::Text, R::Base},
                     {"text on alternate rows", R::Text, R::AlternateBase},
                     {"button text", R::ButtonText, R::Button},
                     {"placeholder", R::PlaceholderText, R::Base},
                     {"link", R::Link, R::Base},
                     {"link on window", R::Link, R::Window},
                     {"highlighted text", R::HighlightedText, R::Highlight},
                     {"tooltip", R::ToolTipText, R::ToolTipBase}};
        for (const auto& pair : pairs) {
            const QColor fg = p.color(pair.text);
            const QColor bg = p.color(pair.background);
            QVERIFY2(contrastRatio(fg, bg) >= gui::kTextContrast, qPrintable(describe(pair.name, fg, bg)));
        }
        // A placeholder reads as a hint, lighter than what the user types (an empty search box must not look
        // as if it held a query).
        QVERIFY2(
            contrastRatio(p.color(R::PlaceholderText), p.color(R::Text)) >= 1.5,
            qPrintable(describe("placeholder against text", p.color(R::PlaceholderText), p.color(R::Text))));
        // certdrill's own text colors, on the window and on text fields (the results' explanations).
        const struct
        {
            const char* name;
            QColor color;
        } own[] = {{"muted", gui::mutedColor()},
                   {"pass", gui::passColor()},
                   {"fail", gui::failColor()},
                   {"pass mark", gui::markColor()}};
        for (const auto& [name, color] : own) {
            for (const R bg : {R::Window, R::Base}) {
                QVERIFY2(contrastRatio(color, p.color(bg)) >= gui::kTextContrast,
                         qPrintable(describe(name, color, p.color(bg))));
            }
        }
        // Dark text on the pastel cells, which stay light in both themes.
        std::vector<QColor> cells = {gui::scoreBackground(true), gui::scoreBackground(false)};
        for (const ItemStatus s : {ItemStatus::Complete, ItemStatus::Incomplete, ItemStatus::Unseen}) {
            cells.push_back(gui::statusColor(s));
        }
        for (const Band b : {Band::Red, Band::Yellow, Band::Green}) {
            cells.push_back(gui::bandColor(b));
        }
        for (const QColor& cell : cells) {
            QVERIFY2(contrastRatio(gui::cellTextColor(), cell) >= gui::kTextContrast,
                     qPrintable(describe("cell", gui::cellTextColor(), cell)));
        }
    }

    // An unchecked and a checked radio button and check box, drawn by the application's style: the
    // boundary of each reaches 3:1 against the window (WCAG 1.4.11).
    static void checkControls()
    {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        std::vector<std::pair<QAbstractButton*, QStyle::SubElement>> controls;
        for (const bool checked : {false, true}) {
            auto* radio = new QRadioButton(QStringLiteral("A. Option"));
            auto* box = new QCheckBox(QStringLiteral("B. Option"));
            radio->setAutoExclusive(false);
            radio->setChecked(checked);
            box->setChecked(checked);
            layout->addWidget(radio);
            layout->addWidget(box);
            controls.emplace_back(radio, QStyle::SE_RadioButtonIndicator);
            controls.emplace_back(box, QStyle::SE_CheckBoxIndicator);
        }
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        certdrill::test::screenshot(&window, gui::darkTheme() ? "controls-dark" : "controls-light");
        const QColor background = window.palette().color(QPalette::Window);
        for (const auto& [button, element] : controls) {
            QStyleOptionButton option;
            option.initFrom(button);
            const QRect indicator = button->style()->subElementRect(element, &option, button);
            const QImage image = button->grab().toImage();
            const double ratio = strongestPixel(image, indicator, background);
            QVERIFY2(ratio >= gui::kControlContrast,
                     qPrintable(QStringLiteral("%1 (%2) boundary: %3:1 on %4")
                                    .arg(QLatin1String(button->metaObject()->className()))
                                    .arg(button->isChecked() ? QStringLiteral("checked")
                                                             : QStringLiteral("unchecked"))
                                    .arg(ratio, 0, 'f', 2)
                                    .arg(background.name())));
        }
    }

private slots:
    void lightTheme()
    {
        gui::applyTheme(false);
        QVERIFY(!gui::darkTheme());
        checkPalette();
        checkControls();
    }

    void darkTheme()
    {
        gui::applyTheme(true);
        QVERIFY(gui::darkTheme());
        checkPalette();
        checkControls();
        gui::applyTheme(false);
    }

    // Check boxes and radio buttons grow with View ▸ Larger text, in both themes; at normal size they stay
    // the style's own.
    void indicatorsGrowWithTheText()
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            QCheckBox box(QStringLiteral("An option"));
            QRadioButton radio(QStringLiteral("An option"));
            gui::applyTextPercent(100);
            const int normal = box.style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, &box);
            QVERIFY(normal >= 13);
            gui::applyTextPercent(200);
            for (const auto& [metric, widget] :
                 {std::pair<QStyle::PixelMetric, QWidget*>{QStyle::PM_IndicatorWidth, &box},
                  {QStyle::PM_ExclusiveIndicatorHeight, &radio}}) {
                const int size = widget->style()->pixelMetric(metric, nullptr, widget);
                QVERIFY2(size >= widget->fontMetrics().height() * 3 / 4,
                         qPrintable(QStringLiteral("%1 px beside text %2 px high")
                                        .arg(size)
                                        .arg(widget->fontMetrics().height())));
            }
            QVERIFY(box.sizeHint().height() > 0);
            gui::applyTextPercent(100);
        }
        gui::applyTheme(false);
    }

    // The keyboard focus on a button and on an answer option: pixels in the focus color, 3:1 against the
    // window and the button face in both themes, that an unfocused control does not have. Fusion's own
    // outline was 1.6:1 on the dark window, and a default button (Check) looked the same focused or not.
    void focusRingStandsOut()
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            for (const int percent : {100, 200}) {
                gui::applyTextPercent(percent);
                QWidget window;
                auto* layout = new QVBoxLayout(&window);
                auto* other = new QPushButton(QStringLiteral("End drill"));
                auto* button = new QPushButton(QStringLiteral("Check"));
                button->setDefault(true);
                auto* option = new QRadioButton(QStringLiteral("An option"));
                auto* stem = new gui::TextPane;
                stem->setPlainText(QStringLiteral("A question's stem, which Tab reaches for its Page keys."));
                layout->addWidget(other);
                layout->addWidget(button);
                layout->addWidget(option);
                layout->addWidget(stem);
                window.show();
                window.activateWindow();
                QVERIFY(QTest::qWaitForWindowExposed(&window));
                const QPalette p = window.palette();
                const QColor ring = gui::focusRingColor(p);
                for (const auto role :
                     {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::Light}) {
                    QVERIFY2(contrastRatio(ring, p.color(role)) >= gui::kControlContrast,
                             qPrintable(describe("focus ring", ring, p.color(role))));
                }
                const auto ringPixels = [&](QWidget* w) {
                    const QImage image = w->grab().toImage();
                    int n = 0;
                    for (int y = 0; y < image.height(); ++y) {
                        for (int x = 0; x < image.width(); ++x) {
                            const QColor c = image.pixelColor(x, y);
                            n += qAbs(c.red() - ring.red()) + qAbs(c.green() - ring.green()) +
                                             qAbs(c.blue() - ring.blue()) <
                                         12
                                     ? 1
                                     : 0;
                        }
                    }
                    return n;
                };
                other->setFocus();
                const int unfocusedButton = ringPixels(button);
                const int unfocusedOption = ringPixels(option);
                const int unfocusedStem = ringPixels(stem);
                // Tab, as the keyboard moves the focus (Qt marks the focus as the keyboard's only then).
                for (const auto& [w, unfocused] : {std::pair<QWidget*, int>{button, unfocusedButton},
                                                   std::pair<QWidget*, int>{option, unfocusedOption},
                                                   std::pair<QWidget*, int>{stem, unfocusedStem}}) {
                    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
                    QVERIFY(w->hasFocus());
                    const int focused = ringPixels(w);
                    // A ring around the control: at least its width's worth of pixels, and none without it.
                    QVERIFY2(unfocused == 0 && focused >= w->fontMetrics().height() * 2,
                             qPrintable(QStringLiteral("%1 at %2%, %3 theme: %4 ring pixels focused, %5 not")
                                            .arg(QLatin1String(w->metaObject()->className()))
                                            .arg(percent)
                                            .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                            .arg(focused)
                                            .arg(unfocused)));
                }
            }
            gui::applyTextPercent(100);
        }
        gui::applyTheme(false);
    }

    // A locked answer option (a checked drill answer, a revealed practice answer) stays readable: its text at
    // 4.5:1 and the candidate's tick at 3:1, in both themes, where both were the disabled grey at 1.6:1.
    void lockedOptionsStayReadable()
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            QWidget window;
            auto* layout = new QVBoxLayout(&window);
            auto* row = new gui::OptionRow(true, 0, QStringLiteral("Raise the batch size to 64"));
            layout->addWidget(row);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            row->button()->setChecked(true);
            window.setEnabled(false); // as the drill locks its options box
            QApplication::processEvents();
            const QImage image = window.grab().toImage();
            const QColor background = window.palette().color(QPalette::Window);
            auto* label = row->findChild<QLabel*>();
            QVERIFY(label);
            const QRect text = label->geometry().translated(row->pos());
            const double textContrast = strongestPixel(image, text, background);
            QVERIFY2(textContrast >= gui::kTextContrast,
                     qPrintable(QStringLiteral("locked option text %1:1").arg(textContrast, 0, 'f', 2)));
            // The tick, inside the box's ring.
            QStyleOptionButton option;
            option.initFrom(row->button());
            const QRect box = row->button()
                                  ->style()
                                  ->subElementRect(QStyle::SE_CheckBoxIndicator, &option, row->button())
                                  .adjusted(4, 4, -4, -4)
                                  .translated(row->button()->mapTo(&window, QPoint(0, 0)));
            const QColor boxFill = image.pixelColor(box.topLeft() - QPoint(1, 1));
            const double tick = strongestPixel(image, box, boxFill);
            QVERIFY2(tick >= gui::kControlContrast,
                     qPrintable(
                         QStringLiteral("locked tick %1:1 on %2 (%3 theme)")
                             .arg(tick, 0, 'f', 2)
                             .arg(boxFill.name(), dark ? QStringLiteral("dark") : QStringLiteral("light"))));
        }
        gui::applyTheme(false);
    }

    // The exam navigator's current question: its number reads at 4.5:1 on whatever the style paints behind
    // it (the highlight, or the status color), with the list focused or not, in both themes.
    void navigatorCurrentCellIsReadable()
    {
        for (const bool dark : {false, true}) {
            gui::applyTheme(dark);
            auto w = test::makeBankWorld();
            QVERIFY(w);
            QVERIFY(test::showActive(w->window.get()));
            QVERIFY(w->window->startExam(SessionMode::Exam, 5));
            auto* page = w->window->examPage();
            QVERIFY(page->isVisible());
            auto& list = *page->findChild<QListWidget*>(QStringLiteral("navigatorList"));
            QTest::keyClick(page, Qt::Key_A); // question 1 complete, 2 unseen
            for (const bool focused : {true, false}) {
                for (int row = 0; row < 6; row += 2) {
                    page->showQuestion(row);
                    if (focused) {
                        list.activateWindow();
                        list.setFocus();
                    } else {
                        list.clearFocus();
                    }
                    QApplication::processEvents();
                    const QImage image = list.viewport()->grab().toImage();
                    const QRect cell = list.visualItemRect(list.item(row)).adjusted(3, 3, -3, -3);
                    // The background: the color most pixels of the cell have; the text: the pixel farthest
                    // from it.
                    std::map<QRgb, int> counts;
                    for (int y = cell.top(); y <= cell.bottom(); ++y) {
                        for (int x = cell.left(); x <= cell.right(); ++x) {
                            ++counts[image.pixel(x, y)];
                        }
                    }
                    const auto most = std::max_element(counts.begin(), counts.end(),
                                                       [](auto a, auto b) { return a.second < b.second; });
                    const QColor background = QColor::fromRgb(most->first);
                    const double text = strongestPixel(image, cell, background);
                    QVERIFY2(text >= gui::kTextContrast,
                             qPrintable(
                                 QStringLiteral("cell %1 (%2, %3 theme): text %4:1 on %5")
                                     .arg(row + 1)
                                     .arg(focused ? QStringLiteral("focused") : QStringLiteral("not focused"),
                                          dark ? QStringLiteral("dark") : QStringLiteral("light"))
                                     .arg(text, 0, 'f', 2)
                                     .arg(background.name())));
                }
            }
        }
        gui::applyTheme(false);
    }

    // A checked toggle (Flag) is amber while it can be pressed, and looks disabled when it cannot (a paused
    // practice exam): amber said it was active.
    void disabledToggleLooksDisabled()
    {
        QPushButton button(QStringLiteral("⚑ Flagged"));
        button.setCheckable(true);
        button.setChecked(true);
        gui::styleToggle(&button);
        button.show();
        QVERIFY(QTest::qWaitForWindowExposed(&button));
        const auto amber = [&] {
            const QImage image = button.grab().toImage();
            int n = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    n += image.pixelColor(x, y) == QColor(0xff, 0xd5, 0x4f) ? 1 : 0;
                }
            }
            return n;
        };
        QVERIFY(amber() > 0);
        button.setEnabled(false);
        QCOMPARE(amber(), 0);
    }

    // The helpers themselves, on WCAG's reference values.
    void ratios()
    {
        QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(contrastRatio(Qt::white, Qt::white), 1.0);
        QVERIFY(qAbs(contrastRatio(QColor(0x76, 0x76, 0x76), Qt::white) - 4.54) < 0.01);
        const QColor raised = gui::withContrast(QColor(0x55, 0x55, 0x55), {QColor(0x30, 0x30, 0x30)}, 4.5);
        QVERIFY(contrastRatio(raised, QColor(0x30, 0x30, 0x30)) >= 4.5);
        QVERIFY(raised.lightness() > 0x55); // lightened on a dark background
        QCOMPARE(gui::withContrast(Qt::black, {Qt::white}, 4.5), QColor(Qt::black)); // already enough
        // Qt's placeholder, the text color at half alpha, becomes a grey just dark enough, not black: a hint
        // must not look like typed text.
        const QColor hint = gui::withContrast(QColor(0, 0, 0, 128), {Qt::white}, 4.5);
        QVERIFY(contrastRatio(hint, Qt::white) >= 4.5);
        QVERIFY2(contrastRatio(hint, Qt::black) >= 2.0, qPrintable(hint.name()));
    }

    // A theme switch in the middle of a drill recolors the question's secondary line at once.
    void drillFollowsTheme()
    {
        QTemporaryDir dir;
        FakeClock clock;
        auto store = Store::open(dir.filePath(QStringLiteral("db.sqlite")).toStdString(), clock);
        QVERIFY(store);
        QVERIFY(store.value()
                    ->importFiles({std::filesystem::path(CERTDRILL_TEST_DATA_DIR) / "mini-exam.json",
                                   std::filesystem::path(CERTDRILL_TEST_DATA_DIR) / "mini-questions.json"})
                    .ok());
        gui::MainWindow window(*store.value(), clock);
        QVERIFY(certdrill::test::showActive(&window));
        PlannerOptions options;
        options.seed = 1;
        QVERIFY(window.startDrill(options, false));
        auto* reason = window.drillPage()->findChild<QLabel*>(QStringLiteral("drillReason"));
        for (const bool dark : {true, false}) {
            gui::applyTheme(dark);
            QApplication::processEvents();
            const QColor shown = reason->palette().color(reason->foregroundRole());
            const QColor behind = QApplication::palette().color(QPalette::Window);
            QVERIFY2(contrastRatio(shown, behind) >= gui::kTextContrast,
                     qPrintable(describe("drill reason", shown, behind)));
        }
    }
};

QTEST_MAIN(ContrastTest)
#include "ContrastTest.moc"
