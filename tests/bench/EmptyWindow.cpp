// The floor of the start-up benchmark (ScaleBench.cpp): an empty main window of the app's size, shown and
// quit at its first paint, exactly as `certdrill --quit-after-first-paint` does.
#include <QApplication>
#include <QMainWindow>

#include "FirstPaintExit.h"

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QMainWindow window;
    window.resize(1100, 760); // MainWindow's start size
    new certdrill::gui::FirstPaintExit(&window);
    window.show();
    return QApplication::exec();
}
