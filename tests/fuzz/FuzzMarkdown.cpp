// libFuzzer target: a stem's Markdown rendered as the app renders it: showStem into a SafeTextView, laid
// out at a question's width (with the tidying of code and tables that setStemMarkdown does), and textHtml,
// as the results review and the PDF show an option, a why or an explanation, laid out in a document of its
// own. Nothing the Markdown names may be loaded but an embedded data-URI image (SafeTextDocument checks its
// header and caps before decoding); what this finds is a crash, a hang or memory growth in the rendering.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <QAbstractTextDocumentLayout>
#include <QApplication>

#include "CurrentInput.h"
#include "Display.h"
#include "SafeTextDocument.h"
#include "SafeTextView.h"

namespace {

QApplication* g_app = nullptr;
certdrill::gui::SafeTextView* g_view = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    setenv("QT_QPA_PLATFORM", "offscreen", 1);
    // Live until exit, as in the app: one view shows stem after stem.
    g_app = new QApplication(*argc, *argv);
    g_view = new certdrill::gui::SafeTextView;
    g_view->resize(600, 400);
    // Qt reads the font configuration on the first layout (about 0.2 s, seconds on a loaded machine); done
    // here, it is not charged to the first input as a timeout.
    certdrill::gui::showStem(g_view, "Warm-up **bold** `code`\n\n| a |\n|---|\n| 1 |");
    g_view->document()->documentLayout()->documentSize();
    certdrill::gui::stemHtml("Warm-up");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    certdrill::fuzz::keepCurrentInput(data, size);
    // The pack rules cap a stem at 8,000 characters; longer inputs only slow the search down.
    if (size > 32768) {
        return 0;
    }
    const std::string stem(reinterpret_cast<const char*>(data), size);
    certdrill::gui::showStem(g_view, stem);
    g_view->document()->documentLayout()->documentSize();
    const QString html = certdrill::gui::stemHtml(stem);
    // The review page puts this fragment into a larger document: it must be one, never a whole page.
    if (html.contains(QStringLiteral("<body"))) {
        std::abort();
    }
    certdrill::gui::SafeTextDocument review;
    review.setHtml(certdrill::gui::textHtml(stem));
    review.setTextWidth(600);
    review.documentLayout()->documentSize();
    // Qt posts layout updates and deferred deletes; without an event loop they would pile up.
    QApplication::processEvents();
    return 0;
}
