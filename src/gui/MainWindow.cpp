#include "MainWindow.h"

#include <QApplication>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

#include "HomePage.h"

namespace certdrill::gui {

MainWindow::MainWindow(Store& store, const Clock& clock, QWidget* parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_clock(clock)
    , m_stack(new QStackedWidget(this))
    , m_home(new HomePage(store, m_stack))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("certdrill"));
    m_stack->addWidget(m_home);
    setCentralWidget(m_stack);
    createMenus();
    resize(1100, 760);
    statusBar()->showMessage(tr("Database: %1").arg(QString::fromStdString(m_store.database().path())));
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* import = file->addAction(tr("&Import pack…"), this, &MainWindow::importPacks);
    import->setObjectName(QStringLiteral("importAction"));
    import->setShortcut(QKeySequence(tr("Ctrl+I")));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* exam = menuBar()->addMenu(tr("&Exam"));
    QAction* home = exam->addAction(tr("&Home"), this, &MainWindow::showHome);
    home->setShortcut(QKeySequence(tr("Ctrl+H")));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About certdrill"), this, [this] {
        QMessageBox::about(this, tr("About certdrill"),
                           tr("<b>certdrill %1</b><p>Exam practice for NVIDIA NCP-GENL: timed mock exams, "
                              "explanations for every option, and drills aimed at your weak domains.</p>"
                              "<p>MIT licence. Questions CC-BY-4.0.</p>")
                               .arg(QStringLiteral(CERTDRILL_VERSION)));
    });
}

void MainWindow::showHome()
{
    m_home->refresh();
    m_stack->setCurrentWidget(m_home);
}

void MainWindow::importPacks()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Import question packs"), QString(),
                                                            tr("certdrill packs (*.json)"));
    if (files.isEmpty()) {
        return;
    }
    QString report;
    const bool ok = importFiles(files, &report);
    if (ok) {
        QMessageBox::information(this, tr("Import finished"), report);
    } else {
        QMessageBox box(QMessageBox::Warning, tr("Import failed"),
                        tr("Nothing was imported; the database is unchanged."), QMessageBox::Ok, this);
        box.setDetailedText(report);
        box.exec();
    }
}

bool MainWindow::importFiles(const QStringList& files, QString* report)
{
    std::vector<std::filesystem::path> paths;
    for (const QString& f : files) {
        paths.emplace_back(f.toStdString());
    }
    const ImportOutcome outcome = m_store.importFiles(paths);
    QStringList lines;
    for (const Diagnostic& d : outcome.diagnostics) {
        lines << QString::fromStdString(d.format());
    }
    if (!outcome.ok()) {
        lines << QString::fromStdString(outcome.error);
    }
    for (const PackImportSummary& s : outcome.summaries) {
        lines << (s.unchanged ? tr("%1 %2: already imported")
                                    .arg(QString::fromStdString(s.packId), QString::fromStdString(s.version))
                              : tr("%1 %2: %3 added, %4 updated, %5 retired, %6 unchanged")
                                    .arg(QString::fromStdString(s.packId), QString::fromStdString(s.version))
                                    .arg(s.added)
                                    .arg(s.updated)
                                    .arg(s.retired)
                                    .arg(s.unchangedQuestions));
    }
    if (report) {
        *report = lines.join(QLatin1Char('\n'));
    }
    m_home->refresh();
    return outcome.ok();
}

} // namespace certdrill::gui
