#include "PdfReport.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include <spdlog/spdlog.h>

#include <QAbstractTextDocumentLayout>
#include <QDateTime>
#include <QGuiApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextCursor>
#include <QUuid>

#include "certdrill/exam/SessionHistory.h"

#include "BarChart.h"
#include "ReportText.h"
#include "SafeTextDocument.h"

namespace certdrill::report {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("PdfReport", text);
}

// Paper is white whatever the screen's theme: the report has colors of its own, dark enough on white.
const QColor kPass(0x2e, 0x7d, 0x32);
const QColor kFail(0xc6, 0x28, 0x28);
const QColor kMuted(0x55, 0x55, 0x55);

constexpr int kResolution = 300; // dots per inch: the document's units while it prints
constexpr qreal kMarginMm = 15;

/// The style of every report. Qt's rich text knows a subset of CSS 2.1, which this keeps to.
const char* const kStyle = R"(
h1 { font-size: 16pt; margin-bottom: 2pt; }
h2 { font-size: 12.5pt; margin-top: 14pt; margin-bottom: 4pt; }
h3 { font-size: 10.5pt; margin-top: 10pt; margin-bottom: 2pt; }
table { border-collapse: collapse; }
th { background-color: #e0e0e0; text-align: left; }
code { font-family: "DejaVu Sans Mono", monospace; }
pre { white-space: pre-wrap; } /* paper cannot scroll: a long code line wraps instead of running off the page */
.muted { color: #555555; }
)";

QString text(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

QString percentText(double percent, int decimals = 0)
{
    return QStringLiteral("%1%").arg(percent, 0, 'f', decimals);
}

QString utcMinute(std::int64_t unixMs)
{
    return QDateTime::fromMSecsSinceEpoch(unixMs, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm")) +
           QStringLiteral(" UTC");
}

/// A cell of figures, kept on one line ("84% [70–96%]" must not break); `style` is ours (never pack text).
QString cell(const QString& html, const QString& style = {})
{
    return QStringLiteral("<td style='white-space:nowrap; %1'>%2</td>").arg(style, html);
}

/// A cell of names, which wrap.
QString textCell(const QString& html, const QString& style = {})
{
    return QStringLiteral("<td style='%1'>%2</td>").arg(style, html);
}

/// The header row; the first column takes `firstWidth` percent of the table (the names: they wrap less), the
/// others share the rest by their content.
/// A header row; `widths` are the columns' percents of the page, from the first (the rest share what is
/// left by their content).
QString headerRow(const QStringList& names, const std::vector<int>& widths)
{
    QString row = QStringLiteral("<tr>");
    for (qsizetype i = 0; i < names.size(); ++i) {
        const auto at = static_cast<std::size_t>(i);
        row += at < widths.size()
                   ? QStringLiteral("<th width='%1%'>%2</th>").arg(widths[at]).arg(names[i].toHtmlEscaped())
                   : QStringLiteral("<th>%1</th>").arg(names[i].toHtmlEscaped());
    }
    return row + QStringLiteral("</tr>");
}

QString headerRow(const QStringList& names, int firstWidth = 40)
{
    return headerRow(names, std::vector<int>{firstWidth});
}

QString tableStart()
{
    return QStringLiteral("<table width='100%' border='1' cellspacing='0' cellpadding='4' "
                          "style='border-color:#9e9e9e'>");
}

QString background(const QColor& color)
{
    return QStringLiteral("background-color:%1; color:%2").arg(color.name(), cellTextColor().name());
}

/// A unique word to stand where a chart goes: the document is written as HTML, then the chart object
/// replaces the word. Random, so no pack text can contain it.
QString chartPlaceholder()
{
    return QStringLiteral("chart%1").arg(QUuid::createUuid().toString(QUuid::Id128));
}

/// Replaces `placeholder` in `doc` with `chart`.
void placeChart(QTextDocument& doc, BarChartObject& charts, const QString& placeholder, BarChartData chart)
{
    QTextCursor at = doc.find(placeholder);
    if (!at.isNull()) {
        at.removeSelectedText();
        charts.insert(at, std::move(chart));
    }
}

/// What fills one part of a report, given a document that measures text in the PDF's units and the charts
/// it may place.
using Section = std::function<void(QTextDocument&, BarChartObject&)>;

/// Lays each section out on A4 pages of its own (a section starts on a new page) and writes them all to
/// `path`, each page with the title and "page N of M" at its foot; the number of pages. Sections instead of
/// a CSS page break: Qt 6.4 lays out and counts a page-break-before block a page short, losing the last one.
Result<int> printPdf(const QString& path, const QString& title, const std::vector<Section>& sections)
{
    if (!QGuiApplication::instance()) {
        return Error{"cannot print " + path.toStdString() + ": no QGuiApplication (PrintingApplication)"};
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return Error{"cannot write " + path.toStdString() + ": " + file.errorString().toStdString()};
    }
    QPdfWriter writer(&file);
    writer.setResolution(kResolution);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm), QPageLayout::Millimeter);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("certdrill " CERTDRILL_VERSION));

    QFont body(QStringLiteral("DejaVu Sans"));
    // No ligatures: a PDF reader searches and copies "fi" as two letters, not as the one glyph "ﬁ".
    body.setStyleHint(QFont::SansSerif, QFont::PreferNoShaping);
    body.setPointSizeF(9.5);
    QFont footerFont = body;
    footerFont.setPointSizeF(8);
    const QRect paper = writer.pageLayout().paintRectPixels(kResolution);
    // Whole device pixels: a page boundary the layout's fixed-point arithmetic cannot round across.
    const int footer = static_cast<int>(std::ceil(QFontMetricsF(footerFont, &writer).height() * 2));
    const QSizeF bodySize(paper.width(), paper.height() - footer);
    // How far the last line of a page may reach past its foot (its leading), less than any line's height.
    const qreal overhang = QFontMetricsF(body, &writer).height() / 3;

    std::vector<std::unique_ptr<gui::SafeTextDocument>> docs;
    int pages = 0;
    for (const Section& fill : sections) {
        auto doc = std::make_unique<gui::SafeTextDocument>();
        doc->documentLayout()->setPaintDevice(&writer);
        doc->setDefaultFont(body);
        doc->setDefaultStyleSheet(QString::fromLatin1(kStyle));
        doc->setDocumentMargin(0);
        doc->setPageSize(bodySize);
        fill(*doc, *new BarChartObject(doc.get()));
        pages += doc->pageCount();
        docs.push_back(std::move(doc));
    }

    QPainter painter;
    if (!painter.begin(&writer)) {
        return Error{"cannot write " + path.toStdString() + ": the PDF writer did not start"};
    }
    int page = 0;
    for (const auto& doc : docs) {
        for (int inDoc = 0; inDoc < doc->pageCount(); ++inDoc, ++page) {
            if (page > 0) {
                writer.newPage();
            }
            // As QTextDocument::drawContents, but the layout draws only what starts inside the page: a line
            // that ends on the page boundary is not drawn again, clipped away, at the top of the next page,
            // and the first line of the next page, whose top can sit a rounding error above the boundary, is
            // not drawn, clipped away, at the foot of this one; a PDF reader would still find the text of
            // either (search and copy would see it twice). A line of this page ends at or above the
            // boundary, so its top is more than a line's height above it, well inside the clip.
            const QRectF pageRect(QPointF(0, inDoc * bodySize.height()), bodySize);
            painter.save();
            painter.translate(0, -pageRect.top());
            painter.setClipRect(pageRect);
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = pageRect.adjusted(0, overhang, 0, -overhang);
            doc->documentLayout()->draw(&painter, context);
            painter.restore();
            // The foot: a rule, the title on the left, the page on the right. The title is plain text.
            painter.setFont(footerFont);
            painter.setPen(kMuted);
            const QRectF foot(0, bodySize.height(), bodySize.width(), footer);
            painter.drawLine(foot.topLeft() + QPointF(0, footer * 0.2),
                             foot.topRight() + QPointF(0, footer * 0.2));
            painter.drawText(foot, Qt::AlignLeft | Qt::AlignBottom, QStringLiteral("certdrill · ") + title);
            painter.drawText(foot, Qt::AlignRight | Qt::AlignBottom,
                             tr("page %1 of %2").arg(page + 1).arg(pages));
        }
    }
    if (!painter.end() || !file.commit()) {
        return Error{"cannot write " + path.toStdString() + ": " + file.errorString().toStdString()};
    }
    return pages;
}

QString modeText(SessionMode mode)
{
    return mode == SessionMode::Exam ? tr("Mock exam (exam simulation)") : tr("Practice exam");
}

/// The per-domain or per-objective table of a session: the leading cells, then "correct / total", the percent
/// against the pass mark, and the minutes per question, bold when slower than the exam allows.
QString tallyRow(const QStringList& leading, const Tally& t, double passPercent, double minutesAllowed)
{
    QString row = QStringLiteral("<tr>");
    for (const QString& l : leading) {
        row += textCell(l);
    }
    const double p = t.total ? 100.0 * t.correct / t.total : 0.0;
    row += cell(QStringLiteral("%1 / %2").arg(t.correct).arg(t.total));
    row += cell(percentText(p), background(scoreBackground(p >= passPercent)));
    if (t.seen == 0) {
        row += cell(tr("not reached"), QStringLiteral("color:%1").arg(kMuted.name()));
    } else {
        const QString pace = QString::fromStdString(paceText(t.minutesPerQuestion()));
        const bool slow = minutesAllowed > 0 && t.minutesPerQuestion() > minutesAllowed;
        row += cell(slow ? QStringLiteral("<b>%1</b>").arg(pace) : pace);
    }
    return row + QStringLiteral("</tr>");
}

QString domainName(const ExamDef& exam, const std::string& id)
{
    const Domain* d = exam.findDomain(id);
    return QString::fromStdString(d ? d->name : id);
}

/// One question to review: a heading with its verdict and notes, the stem, the answer against the key, every
/// option with its why, the explanation and the references.
QString reviewedItemHtml(const ExamDef& exam, const SessionItem& it)
{
    const bool ok = it.correct();
    QStringList notes{QString::fromStdString(it.question.id), questionPlace(exam, it.question)};
    if (it.flagged) {
        notes << tr("flagged");
    }
    if (it.confidence) {
        notes << tr("you were: %1").arg(confidenceText(*it.confidence));
    }
    if (it.revealed) {
        notes << tr("answer revealed during practice");
    }
    notes << tr("%1 on it").arg(QString::fromStdString(minutesSecondsText(it.timeMs)));
    QString html = QStringLiteral("<h3><span style='color:%1'>%2. %3</span> "
                                  "<span style='color:%4; font-weight:normal'>· %5</span></h3>")
                       .arg(ok ? kPass.name() : kFail.name(), QString::number(it.position + 1),
                            verdictText(it).toHtmlEscaped(), kMuted.name(),
                            notes.join(QStringLiteral(" · ")).toHtmlEscaped());
    html += stemHtml(it.question.stem);
    html += answerKeyHtml(it);
    html += answerHtml(it);
    if (!it.question.references.empty()) {
        QStringList refs;
        for (const auto& r : it.question.references) {
            refs << text(r);
        }
        html += QStringLiteral("<p class='muted'>%1 %2</p>")
                    .arg(tr("References:"), refs.join(QStringLiteral("; ")));
    }
    return html + QStringLiteral("<hr/>");
}

QString sessionHtml(const SessionReport& session, const QString& chartPlace)
{
    const ExamDef& exam = session.exam;
    const SessionScore& s = session.score;
    const auto& items = session.items;
    int flagged = 0;
    for (const auto& it : items) {
        flagged += it.flagged ? 1 : 0;
    }

    QString html = QStringLiteral("<h1>%1</h1>").arg(tr("%1: exam report").arg(text(exam.title)));
    const QString verdict = s.abandoned ? tr("ABANDONED") : s.passed ? tr("PASS") : tr("FAIL");
    const QColor verdictColor = s.abandoned ? kMuted : s.passed ? kPass : kFail;
    html += QStringLiteral("<p style='font-size:20pt; font-weight:bold; color:%1; margin:0'>%2</p>")
                .arg(verdictColor.name(), verdict);
    if (s.abandoned) {
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Abandoned: no verdict, and not counted as an exam simulation for readiness; the "
                            "answers given count in the tracker."));
    }
    QString sessionText = modeText(session.mode) + tr(", session %1").arg(session.id);
    if (session.finishedAtMs > 0) {
        sessionText += tr(", finished %1").arg(utcMinute(session.finishedAtMs));
    }
    const QString allowed = QString::fromStdString(paceText(s.minutesAllowedPerQuestion));
    const QString pace =
        s.answered > 0 ? tr("%1 per answered question; the exam allows %2")
                             .arg(QString::fromStdString(paceText(s.minutesPerAnsweredQuestion())), allowed)
                       : tr("no question answered; the exam allows %1 per question").arg(allowed);
    const auto fact = [](const QString& name, const QString& value) {
        return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(name, value);
    };
    html += QStringLiteral("<table cellspacing='0' cellpadding='2'>");
    html += fact(tr("Session"), sessionText.toHtmlEscaped());
    html += fact(tr("Score"), tr("%1 (%2 of %3 correct, %4); pass mark %5")
                                  .arg(percentText(s.score * 100.0, 1))
                                  .arg(s.correct)
                                  .arg(s.total)
                                  .arg(unansweredText(s.unanswered(), s.incomplete))
                                  .arg(percentText(exam.passPercent)));
    html += fact(tr("Time"), tr("%1 of %2 used, %3 of it on the review screen")
                                 .arg(QString::fromStdString(durationText(s.elapsedMs)),
                                      QString::fromStdString(durationText(exam.durationMinutes * 60'000LL)),
                                      QString::fromStdString(durationText(s.reviewMs))));
    html += fact(tr("Pace"), pace);
    html += fact(tr("Flagged"), tr("%1; multi-select near misses %2").arg(flagged).arg(s.nearMisses));
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h2>%1</h2>").arg(tr("Per domain"));
    html += tableStart() +
            headerRow({tr("Domain"), tr("Weight"), tr("Correct"), tr("Percent"), tr("Time / question")});
    for (const auto& t : s.domains) {
        const Domain* d = exam.findDomain(t.id);
        html += tallyRow({domainName(exam, t.id).toHtmlEscaped(), percentText(d ? d->weight : 0)}, t,
                         exam.passPercent, s.minutesAllowedPerQuestion);
    }
    html += QStringLiteral("</table>");
    html += QStringLiteral("<p class='muted'>%1</p><p>%2</p>")
                .arg(tr("Percent correct per domain; the dashed line is the pass mark."), chartPlace);

    // Pacing: the whole exam against the time allowed, the domains that ran slow, the slowest questions.
    html += QStringLiteral("<h2>%1</h2><p>%2.</p>").arg(tr("Pacing"), pace);
    QStringList slow;
    for (const auto& t : s.domains) {
        if (t.seen > 0 && s.minutesAllowedPerQuestion > 0 &&
            t.minutesPerQuestion() > s.minutesAllowedPerQuestion) {
            // One arg() call: a chain would read a "%2" in a domain's name as the next placeholder.
            slow << tr("%1 (%2 per question)")
                        .arg(domainName(exam, t.id), QString::fromStdString(paceText(t.minutesPerQuestion())))
                        .toHtmlEscaped();
        }
    }
    html += QStringLiteral("<p>%1</p>")
                .arg(slow.isEmpty()
                         ? tr("No domain took longer per question than the exam allows.")
                         : tr("Slower than the exam allows: %1.").arg(slow.join(QStringLiteral("; "))));
    std::vector<const SessionItem*> byTime;
    for (const auto& it : items) {
        if (it.timeMs > 0) {
            byTime.push_back(&it);
        }
    }
    std::stable_sort(byTime.begin(), byTime.end(),
                     [](const SessionItem* a, const SessionItem* b) { return a->timeMs > b->timeMs; });
    byTime.resize(std::min<size_t>(byTime.size(), 5));
    if (!byTime.empty()) {
        html += QStringLiteral("<p>%1</p>").arg(tr("The slowest questions:"));
        html +=
            tableStart() + headerRow({tr("#"), tr("Question"), tr("Domain"), tr("Time"), tr("Result")}, 5);
        for (const SessionItem* it : byTime) {
            html += QStringLiteral("<tr>") + cell(QString::number(it->position + 1)) +
                    cell(text(it->question.id)) +
                    textCell(domainName(exam, it->question.domain).toHtmlEscaped()) +
                    cell(QString::fromStdString(minutesSecondsText(it->timeMs))) +
                    cell(verdictText(*it).toHtmlEscaped()) + QStringLiteral("</tr>");
        }
        html += QStringLiteral("</table>");
    }

    if (!s.topics.empty()) {
        html += QStringLiteral("<h2>%1</h2>").arg(tr("Per objective"));
        html += tableStart() + headerRow({tr("Objective"), tr("Domain"), tr("Correct"), tr("Percent"),
                                          tr("Time / question")});
        for (const auto& t : s.topics) {
            // Tally ids are "domain/topic": an objective, or a subtopic where the exam names no objectives.
            const auto slash = t.id.find('/');
            const Domain* d = exam.findDomain(t.id.substr(0, slash));
            const std::string topicId = t.id.substr(slash + 1);
            const Topic* topic = d ? d->findTopic(topicId) : nullptr;
            html += tallyRow({text(topic ? d->topicLabel(*topic) : topicId),
                              domainName(exam, t.id.substr(0, slash)).toHtmlEscaped()},
                             t, exam.passPercent, s.minutesAllowedPerQuestion);
        }
        html += QStringLiteral("</table>");
    }

    return html;
}

/// The second part of a session's report, from a new page: every wrong, unanswered or flagged question.
QString reviewHtml(const SessionReport& session)
{
    const ExamDef& exam = session.exam;
    const auto& items = session.items;
    int toReview = 0;
    for (const auto& it : items) {
        toReview += (!it.correct() || it.flagged) ? 1 : 0;
    }
    QString html = QStringLiteral("<h2>%1</h2>").arg(tr("Questions to review"));
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(toReview == 0 ? tr("Every question right, and none flagged.")
                               : tr("%1 of %2 questions were wrong, unanswered or flagged; each with every "
                                    "option's why and the explanation.")
                                     .arg(toReview)
                                     .arg(items.size()));
    for (const auto& it : items) {
        if (!it.correct() || it.flagged) {
            html += reviewedItemHtml(exam, it);
        }
    }
    return html;
}

BarChartData sessionChart(const SessionReport& session)
{
    const SessionScore& s = session.score;
    const ExamDef& exam = session.exam;
    BarChartData chart;
    chart.mark = exam.passPercent;
    chart.markLabel = tr("pass mark %1").arg(percentText(exam.passPercent));
    for (const auto& t : s.domains) {
        const double p = t.total ? 100.0 * t.correct / t.total : 0.0;
        chart.bars.push_back(
            {domainName(exam, t.id), p, std::nullopt, p >= exam.passPercent ? kPass : kFail});
    }
    return chart;
}

QString ratingCell(const std::optional<Band>& band)
{
    return band ? cell(bandText(*band).toHtmlEscaped(), background(bandColor(*band)))
                : cell(QStringLiteral("—"));
}

QString trackerRowHtml(const TrackerRow& r, bool topic)
{
    // An objective's row is indented under its domain's, in bold.
    const QString name = topic ? textCell(text(r.name), QStringLiteral("padding-left:14pt"))
                               : textCell(QStringLiteral("<b>%1</b>").arg(text(r.name)));
    return QStringLiteral("<tr>") + name + cell(topic ? QString() : percentText(r.weight)) +
           cell(QString::number(r.mastery.answers)) +
           cell(QString::fromStdString(intervalText(r.mastery)).toHtmlEscaped()) +
           cell(bandText(r.band).toHtmlEscaped(), background(bandColor(r.band))) + ratingCell(r.selfRating) +
           cell(QString::number(r.dueItems)) + QStringLiteral("</tr>");
}

QString trackerHtml(const ExamDef& exam, const TrackerReport& t, std::int64_t asOfMs,
                    const QString& chartPlace)
{
    QString html = QStringLiteral("<h1>%1</h1>").arg(tr("%1: blueprint tracker").arg(text(exam.title)));
    html += QStringLiteral("<p class='muted'>%1</p>")
                .arg(tr("As of %1, from %2 answers. %3")
                         .arg(utcMinute(asOfMs))
                         .arg(t.answers)
                         .arg(text(bandRule(t.settings.target))));
    html += QStringLiteral("<p style='font-size:14pt; font-weight:bold; color:%1; margin-bottom:2pt'>%2</p>")
                .arg((t.ready ? kPass : kFail).name(),
                     t.ready ? tr("Ready to schedule.") : tr("Not ready to schedule yet. What is missing:"));
    html += QStringLiteral("<ul>");
    for (const auto& line : t.readiness) {
        html += QStringLiteral("<li>%1</li>").arg(text(line));
    }
    html += QStringLiteral("</ul>");

    html += QStringLiteral("<h2>%1</h2>").arg(tr("Red / Yellow / Green"));
    html += tableStart() +
            // Every column wide enough for its heading's longest word: sized by the cells ("0", "Red"),
            // "Answers" and "Measured" broke inside the word.
            headerRow({tr("Domain / objective"), tr("Weight"), tr("Answers"), tr("Mastery (80% interval)"),
                       tr("Measured"), tr("Your rating"), tr("Due")},
                      {36, 9, 12, 15, 12, 10, 6});
    for (size_t d = 0; d < t.domains.size(); ++d) {
        html += trackerRowHtml(t.domains[d], false);
        for (const auto& sub : t.topics[d]) {
            html += trackerRowHtml(sub, true);
        }
    }
    html += QStringLiteral("</table>");
    html += QStringLiteral("<p class='muted'>%1</p><p>%2</p>")
                .arg(tr("Mastery per domain with its 80% interval; the dashed line is the Green target."),
                     chartPlace);

    QStringList disagreements;
    const auto disagreement = [&](const TrackerRow& r) {
        if (const auto msg = r.disagreement(); !msg.empty()) {
            disagreements << QStringLiteral("<li><b>%1</b>: %2</li>").arg(text(r.name), text(msg));
        }
    };
    for (size_t d = 0; d < t.domains.size(); ++d) {
        disagreement(t.domains[d]);
        for (const auto& sub : t.topics[d]) {
            disagreement(sub);
        }
    }
    if (!disagreements.isEmpty()) {
        html += QStringLiteral("<h2>%1</h2><ul>%2</ul>")
                    .arg(tr("Where your rating and the evidence differ"), disagreements.join(QString()));
    }

    html += QStringLiteral("<h2>%1</h2>").arg(tr("Confidence calibration"));
    html += tableStart() + headerRow({tr("Tag"), tr("Answers"), tr("Right"), tr("Percent")}, 25);
    for (const auto& c : t.calibration) {
        html += QStringLiteral("<tr>") + cell(text(c.tag)) + cell(QString::number(c.answers)) +
                cell(QString::number(c.correct)) +
                cell(c.answers ? percentText(100.0 * c.correct / c.answers) : QStringLiteral("—")) +
                QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table><p>%1</p>").arg(text(t.calibrationAdvice));
    return html;
}

BarChartData trackerChart(const TrackerReport& t)
{
    BarChartData chart;
    chart.mark = t.settings.target * 100.0;
    chart.markLabel = tr("Green target %1").arg(percentText(chart.mark));
    for (const auto& r : t.domains) {
        Bar bar{QString::fromStdString(r.name), r.mastery.mean * 100.0, std::nullopt, bandColor(r.band)};
        if (r.mastery.answers > 0) {
            bar.interval = std::make_pair(r.mastery.lower * 100.0, r.mastery.upper * 100.0);
        }
        chart.bars.push_back(std::move(bar));
    }
    return chart;
}

} // namespace

SessionReport sessionReport(const ExamSession& session)
{
    return {session.id(),   session.mode(),  session.finishedAtMs(),
            session.exam(), session.items(), session.score()};
}

Result<int> writeSessionPdf(const SessionReport& session, const QString& path)
{
    const QString title = tr("%1: exam report, session %2")
                              .arg(QString::fromStdString(session.exam.title), QString::number(session.id));
    const Section summary = [&](QTextDocument& doc, BarChartObject& charts) {
        const QString place = chartPlaceholder();
        doc.setHtml(sessionHtml(session, place));
        placeChart(doc, charts, place, sessionChart(session));
    };
    const Section review = [&](QTextDocument& doc, BarChartObject&) {
        doc.setHtml(reviewHtml(session));
    };
    return printPdf(path, title, {summary, review});
}

Result<int> writeTrackerPdf(const ExamDef& exam, const TrackerReport& tracker, std::int64_t asOfMs,
                            const QString& path)
{
    const QString title = tr("%1: blueprint tracker").arg(QString::fromStdString(exam.title));
    return printPdf(path, title, {[&](QTextDocument& doc, BarChartObject& charts) {
                        const QString place = chartPlaceholder();
                        doc.setHtml(trackerHtml(exam, tracker, asOfMs, place));
                        placeChart(doc, charts, place, trackerChart(tracker));
                    }});
}

namespace {

/// Qt's own messages while a command prints ("XDG_RUNTIME_DIR not set" from the offscreen platform) go to
/// the log, which certdrill-cli --verbose shows, instead of cluttering a command's output.
void logQtMessage(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    Q_UNUSED(context)
    const std::string text = "Qt: " + message.toStdString();
    if (type == QtCriticalMsg || type == QtFatalMsg) {
        spdlog::error(text);
    } else {
        spdlog::debug(text);
    }
}

} // namespace

PrintingApplication::PrintingApplication()
{
    if (QCoreApplication::instance()) {
        return;
    }
    m_previousHandler = qInstallMessageHandler(logQtMessage);
    // Qt's offscreen platform: fonts and painting without a display. The argument wins over
    // QT_QPA_PLATFORM, so a DISPLAY that is set but unreachable cannot stop the CLI from printing.
    static char name[] = "certdrill";
    static char platform[] = "-platform";
    static char offscreen[] = "offscreen";
    m_argv[0] = name;
    m_argv[1] = platform;
    m_argv[2] = offscreen;
    m_argc = 3;
    m_app = std::make_unique<QGuiApplication>(m_argc, m_argv);
}

PrintingApplication::~PrintingApplication()
{
    if (m_app) {
        m_app.reset();
        qInstallMessageHandler(m_previousHandler);
    }
}

} // namespace certdrill::report
