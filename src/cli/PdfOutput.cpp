#include "PdfOutput.h"

#include <ostream>

#include "Commands.h"
#include "Context.h"
#include "Output.h"

#ifdef CERTDRILL_PDF
#include "PdfReport.h"
#endif

namespace certdrill::cli {

namespace {

#ifdef CERTDRILL_PDF
int reportWritten(Context& ctx, const Result<int>& written, const std::string& path)
{
    if (!written) {
        ctx.err() << "certdrill-cli: " << written.error().message << "\n";
        return kInvalid;
    }
    ctx.out() << "wrote " << path << " (" << counted(static_cast<std::size_t>(written.value()), "page")
              << ")\n";
    return kOk;
}
#else
int noPdf(Context& ctx)
{
    ctx.err() << "certdrill-cli: this build has no PDF reports (it was built without Qt Gui)\n";
    return kInvalid;
}
#endif

} // namespace

int writeSessionPdf(Context& ctx, const ExamSession& session, const std::string& path)
{
#ifdef CERTDRILL_PDF
    const report::PrintingApplication app;
    return reportWritten(
        ctx, report::writeSessionPdf(report::sessionReport(session), QString::fromStdString(path)), path);
#else
    (void)session;
    (void)path;
    return noPdf(ctx);
#endif
}

int writeTrackerPdf(Context& ctx, const ExamDef& exam, const TrackerReport& tracker, const std::string& path)
{
#ifdef CERTDRILL_PDF
    const report::PrintingApplication app;
    return reportWritten(
        ctx, report::writeTrackerPdf(exam, tracker, ctx.clock().wallMs(), QString::fromStdString(path)),
        path);
#else
    (void)exam;
    (void)tracker;
    (void)path;
    return noPdf(ctx);
#endif
}

} // namespace certdrill::cli
