// The floors of the start-up benchmark (ScaleBench.cpp): an empty main window of the app's size, shown and
// quit at its first paint, exactly as `certdrill --quit-after-first-paint` does; with `--text`, the same
// window showing one line of text, which is what any window that draws text pays on top (the font database
// and the fonts' files), so the app's own start-up shows apart from it.
#include <cstring>

#include <QApplication>
#include <QLabel>
#include <QMainWindow>

#include "FirstPaintExit.h"

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QMainWindow window;
    window.resize(1100, 760); // MainWindow's start size
    if (argc > 1 && std::strcmp(argv[1], "--text") == 0) {
        window.setCentralWidget(new QLabel(QStringLiteral("NVIDIA-Certified Professional: Generative AI LLMs")));
    }
    new certdrill::gui::FirstPaintExit(&window);
    window.show();
    return QApplication::exec();
}
