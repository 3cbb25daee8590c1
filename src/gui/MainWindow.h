#pragma once

#include <QMainWindow>

#include "certdrill/Clock.h"
#include "certdrill/Store.h"

class QStackedWidget;

namespace certdrill::gui {

class HomePage;

/// The application window: a stack of screens (home, exam, results, history) under one menu bar.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    MainWindow(Store& store, const Clock& clock, QWidget* parent = nullptr);
    ~MainWindow() override;

    HomePage* homePage() const { return m_home; }

public slots:
    /// Asks for pack files and imports them; shows every diagnostic if the import fails.
    void importPacks();
    /// Imports the given files (the dialog-free part of importPacks, also used by tests).
    bool importFiles(const QStringList& files, QString* report = nullptr);
    void showHome();

private:
    void createMenus();

    Store& m_store;
    const Clock& m_clock;
    QStackedWidget* m_stack;
    HomePage* m_home;
};

} // namespace certdrill::gui
