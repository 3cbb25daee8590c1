#pragma once

#include <string>

#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/Tracker.h"

namespace certdrill::cli {

class Context;

// --pdf FILE of results and tracker: the reports the app's Save PDF… writes (src/report), printed on Qt's
// offscreen platform, so no display is needed. Each prints where it wrote (or why it could not) and returns
// an exit code; a build without Qt Gui says that it has no PDF reports.

/// Writes a finished session's report to `path`.
int writeSessionPdf(Context& ctx, const ExamSession& session, const std::string& path);
/// Writes the tracker of `exam` to `path`, dated by the context's clock.
int writeTrackerPdf(Context& ctx, const ExamDef& exam, const TrackerReport& tracker, const std::string& path);

} // namespace certdrill::cli
