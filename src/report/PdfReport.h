#pragma once

#include <cstdint>
#include <memory>

#include <QString>
#include <QtGlobal>

#include "certdrill/Result.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/learn/Tracker.h"

class QGuiApplication;

namespace certdrill::report {

// Printable reports as PDF, made with Qt's own PDF writer (QPdfWriter) from a QTextDocument: A4, a footer
// with the report's title and "page N of M" on every page. Pack text is escaped (or rendered from Markdown
// without raw HTML) and the document refuses every resource it names, so a question cannot make the report
// read a file. The file is written through QSaveFile: a failed write leaves an existing file as it was. Each
// returns the number of pages it wrote. Both need a QGuiApplication (fonts); a program without one holds a
// PrintingApplication while it prints.

/// What a session's report shows, copied from a finished ExamSession (which holds the store) by
/// sessionReport(), so a screen can keep it and print it later.
struct SessionReport
{
    std::int64_t id = 0;
    SessionMode mode = SessionMode::Exam;
    std::int64_t finishedAtMs = 0; ///< unix ms; 0 while unknown
    ExamDef exam;
    std::vector<SessionItem> items;
    SessionScore score;
};

/// The report of `session`.
SessionReport sessionReport(const ExamSession& session);

/// A finished session's report: the verdict, score and time, the per-domain table and a bar chart against
/// the pass mark, the pacing, the per-objective table, and every wrong, unanswered or flagged question with
/// its options, the candidate's answer, the key, every option's why and the explanation.
Result<int> writeSessionPdf(const SessionReport& session, const QString& path);

/// The tracker as the study guide's Red/Yellow/Green sheet: the readiness verdict, every domain with its
/// weight and its objectives, the answers, the mastery estimate with its 80% interval, the measured band and
/// the candidate's own rating, due questions, a chart of the domains against the Green target, where rating
/// and evidence disagree, and the confidence calibration. `asOfMs` (unix ms) is printed as the sheet's date.
Result<int> writeTrackerPdf(const ExamDef& exam, const TrackerReport& tracker, std::int64_t asOfMs,
                            const QString& path);

/// Makes sure a QGuiApplication exists while it lives, for a program that has none (certdrill-cli): one on
/// Qt's offscreen platform, so printing needs no display. Does nothing where an application exists.
class PrintingApplication
{
public:
    PrintingApplication();
    ~PrintingApplication();
    PrintingApplication(const PrintingApplication&) = delete;
    PrintingApplication& operator=(const PrintingApplication&) = delete;

private:
    int m_argc = 0;
    char* m_argv[4] = {};
    std::unique_ptr<QGuiApplication> m_app;
    QtMessageHandler m_previousHandler = nullptr;
};

} // namespace certdrill::report
