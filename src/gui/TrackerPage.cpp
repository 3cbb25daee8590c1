#include "TrackerPage.h"

#include <set>

#include <QApplication>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include "Display.h"
#include "PageScroll.h"
#include "PdfExport.h"
#include "PdfReport.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

// The band and the estimate it rests on come first: at 200% text on a laptop's screen the columns after them
// are off to the right, and with Weight, Answers and Mastery first the band itself was ("Re…").
enum Column
{
    kName,
    kBand,
    kMastery,
    kAnswers,
    kWeight,
    kSelf,
    kDue,
    kNote,
    kColumns
};

} // namespace

TrackerPage::TrackerPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_readiness(new QLabel)
    , m_tree(new QTreeWidget)
{
    setObjectName(QStringLiteral("trackerPage"));
    m_readiness->setObjectName(QStringLiteral("readinessLabel"));
    m_readiness->setWordWrap(true);
    m_readiness->setTextFormat(Qt::RichText);
    m_tree->setObjectName(QStringLiteral("trackerTree"));
    m_tree->setColumnCount(kColumns);
    m_tree->setHeaderLabels({tr("Domain / objective"), tr("Measured"), tr("Mastery (80% interval)"),
                             tr("Answers"), tr("Weight"), tr("Your rating"), tr("Due"), tr("")});
    // Every column as wide as its text, the names too (an elided "Mo…" names nothing); the note column
    // takes what is left, and a narrow window scrolls sideways rather than cut the names.
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setAlternatingRowColors(true);

    auto* buttons = new QHBoxLayout;
    auto* drill = new QPushButton(tr("Start &drill"));
    drill->setObjectName(QStringLiteral("startDrillButton"));
    auto* custom = new QPushButton(tr("C&ustom drill…"));
    custom->setObjectName(QStringLiteral("customDrillButton"));
    auto* calibration = new QPushButton(tr("C&alibration…"));
    calibration->setObjectName(QStringLiteral("calibrationButton"));
    auto* csv = new QPushButton(tr("E&xport CSV…"));
    csv->setObjectName(QStringLiteral("exportCsvButton"));
    auto* pdf = new QPushButton(tr("Save &PDF…"));
    pdf->setObjectName(QStringLiteral("trackerPdfButton"));
    pdf->setToolTip(tr("The sheet to print (Ctrl+P): domains with their weights and objectives, estimates, "
                       "bands, your ratings and the readiness verdict"));
    buttons->addWidget(drill);
    buttons->addWidget(custom);
    buttons->addStretch();
    buttons->addWidget(calibration);
    buttons->addWidget(csv);
    buttons->addWidget(pdf);

    auto* layout = new QVBoxLayout(this);
    auto* title = new QLabel(tr("<h2>Blueprint tracker</h2>"));
    layout->addWidget(title);
    // The readiness verdict can run to a dozen lines: it scrolls in the upper third, and the sheet keeps the
    // rest.
    auto* readinessScroll = makePageScroll(m_readiness, QStringLiteral("readinessScroll"));
    readinessScroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    m_readiness->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_tree->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    layout->addWidget(readinessScroll, 1);
    layout->addWidget(m_tree, 2);
    layout->addLayout(buttons);

    connect(drill, &QPushButton::clicked, this, &TrackerPage::drillRequested);
    connect(custom, &QPushButton::clicked, this, &TrackerPage::customDrillRequested);
    connect(calibration, &QPushButton::clicked, this,
            [this] { QMessageBox::information(this, tr("Confidence calibration"), calibrationText()); });
    connect(pdf, &QPushButton::clicked, this, &TrackerPage::savePdfInteractively);
    connect(csv, &QPushButton::clicked, this, [this] {
        exportCsvInteractively(this, tr("Export tracker"), QStringLiteral("tracker.csv"),
                               trackerCsv(m_report));
    });
}

void TrackerPage::refresh(const QString& examId)
{
    // The same exam shown again (a rating changed, answers came in) keeps the domains the candidate had
    // expanded and the place they were reading.
    std::set<std::string> expanded;
    const int scrolled = m_tree->verticalScrollBar()->value();
    const bool again = examId == m_examId;
    for (int d = 0; again && d < m_tree->topLevelItemCount(); ++d) {
        if (m_tree->topLevelItem(d)->isExpanded() && static_cast<std::size_t>(d) < m_report.domains.size()) {
            expanded.insert(m_report.domains[static_cast<std::size_t>(d)].domainId);
        }
    }
    m_examId = examId;
    auto report = buildTracker(m_store, examId.toStdString());
    m_tree->clear();
    if (!report) {
        m_readiness->setText(QString::fromStdString(report.error().message).toHtmlEscaped());
        return;
    }
    m_report = std::move(report.value());
    // The rule behind the Measured column, at the target the learner set, as the PDF and the CLI print it.
    m_tree->headerItem()->setToolTip(kBand, QString::fromStdString(bandRule(m_report.settings.target)));
    QString html = m_report.ready
                       ? tr("<p style='color:%1; font-size:x-large'><b>Ready to schedule.</b></p>")
                             .arg(passColor().name())
                       : tr("<p style='color:%1; font-size:x-large'><b>Not ready to schedule yet.</b> "
                            "What is missing:</p>")
                             .arg(failColor().name());
    html += QStringLiteral("<ul style='margin-top:0'>");
    for (const auto& line : m_report.readiness) {
        html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(line).toHtmlEscaped());
    }
    html += QStringLiteral("</ul>");
    if (!m_report.readinessBasis.empty()) {
        html +=
            QStringLiteral("<p>%1</p>").arg(QString::fromStdString(m_report.readinessBasis).toHtmlEscaped());
    }
    if (!m_report.missAdvice.empty()) {
        html += tr("<p><b>Why you miss:</b> %1</p>")
                    .arg(QString::fromStdString(m_report.missAdvice).toHtmlEscaped());
    }
    m_readiness->setText(html);
    for (std::size_t d = 0; d < m_report.domains.size(); ++d) {
        auto* top = new QTreeWidgetItem(m_tree);
        addRow(top, m_report.domains[d]);
        for (const auto& sub : m_report.topics[d]) {
            addRow(new QTreeWidgetItem(top), sub);
        }
        top->setExpanded(expanded.count(m_report.domains[d].domainId) > 0);
    }
    if (again) {
        m_tree->verticalScrollBar()->setValue(scrolled);
    }
}

void TrackerPage::showDomain(const QString& domainId)
{
    for (std::size_t d = 0; d < m_report.domains.size(); ++d) {
        if (QString::fromStdString(m_report.domains[d].domainId) == domainId) {
            QTreeWidgetItem* item = m_tree->topLevelItem(static_cast<int>(d));
            item->setExpanded(true);
            m_tree->setCurrentItem(item);
            m_tree->scrollToItem(item, QAbstractItemView::PositionAtTop);
            m_tree->setFocus();
            return;
        }
    }
}

void TrackerPage::addRow(QTreeWidgetItem* item, const TrackerRow& row)
{
    const bool sub = !row.topicId.empty();
    item->setText(kName, QString::fromStdString(row.name));
    if (!sub) {
        QFont f = item->font(kName);
        f.setBold(true);
        item->setFont(kName, f);
        item->setText(kWeight, QStringLiteral("%1%").arg(row.weight));
    }
    item->setText(kAnswers, QString::number(row.mastery.answers));
    item->setText(kMastery, QString::fromStdString(intervalText(row.mastery)));
    item->setText(kBand, bandText(row.band));
    item->setBackground(kBand, bandColor(row.band));
    item->setForeground(kBand, cellTextColor());
    item->setText(kDue, QString::number(row.dueItems));
    item->setText(kNote, QString::fromStdString(row.disagreement()));
    item->setForeground(kNote, failColor());

    auto* combo = new QComboBox;
    combo->setObjectName(
        QStringLiteral("selfRating_%1%2")
            .arg(QString::fromStdString(row.domainId),
                 sub ? QStringLiteral("_") + QString::fromStdString(row.topicId) : QString()));
    combo->addItems({tr("—"), tr("Red"), tr("Yellow"), tr("Green")});
    // A screen reader names the row, not just "combo box, —".
    combo->setAccessibleName(tr("Your rating of %1").arg(QString::fromStdString(row.name)));
    combo->setCurrentIndex(row.selfRating ? static_cast<int>(*row.selfRating) + 1 : 0);
    m_tree->setItemWidget(item, kSelf, combo);
    connect(combo, &QComboBox::activated, this, [this, row](int index) { rate(row, index); });
}

void TrackerPage::rate(const TrackerRow& row, int comboIndex)
{
    const std::optional<Band> band =
        comboIndex <= 0 ? std::nullopt : std::optional<Band>(static_cast<Band>(comboIndex - 1));
    if (auto r = setSelfRating(m_store, m_examId.toStdString(), row.domainId, row.topicId, band); !r) {
        showPlainMessage(this, QMessageBox::Warning, tr("Cannot save the rating"),
                         QString::fromStdString(r.error().message));
    }
    // Rebuilding the tree deletes the combo box that emitted this signal, so wait for the event loop. The
    // focus goes back to the row's new combo box: a keyboard user rating row after row was left with the
    // focus nowhere, and Tab started again at the window's first control.
    const QWidget* focus = QApplication::focusWidget();
    const QString focused = focus && m_tree->isAncestorOf(focus) ? focus->objectName() : QString();
    QMetaObject::invokeMethod(
        this,
        [this, focused] {
            refresh(m_examId);
            if (!focused.isEmpty()) {
                // The rows' widgets, not findChild(): the old combo boxes are deleted later, names and all.
                for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
                    QWidget* again = m_tree->itemWidget(*it, kSelf);
                    if (again && again->objectName() == focused) {
                        m_tree->doItemsLayout(); // shows the new row widgets now: a hidden one takes no focus
                        again->setFocus(Qt::OtherFocusReason);
                        break;
                    }
                }
            }
        },
        Qt::QueuedConnection);
}

bool TrackerPage::exportCsv(const QString& path, QString* error) const
{
    return saveCsv(path, trackerCsv(m_report), error);
}

Result<int> TrackerPage::savePdf(const QString& path) const
{
    auto exam = m_store.exam(m_examId.toStdString());
    if (!exam) {
        return exam.error();
    }
    return report::writeTrackerPdf(exam.value(), m_report, m_store.clock().wallMs(), path);
}

void TrackerPage::savePdfInteractively()
{
    const QString date =
        QDateTime::fromMSecsSinceEpoch(m_store.clock().wallMs()).toString(QStringLiteral("yyyy-MM-dd"));
    gui::savePdfInteractively(this, tr("Save the tracker as PDF"),
                              QStringLiteral("certdrill-tracker-%1.pdf").arg(date),
                              [this](const QString& path) { return savePdf(path); });
}

QString TrackerPage::calibrationText() const
{
    QStringList lines;
    for (const auto& c : m_report.calibration) {
        if (c.answers > 0) {
            lines << tr("%1: %2 of %3 right (%4%)")
                         .arg(sentence(c.tag))
                         .arg(c.correct)
                         .arg(c.answers)
                         .arg(100.0 * c.correct / c.answers, 0, 'f', 0);
        }
    }
    if (lines.isEmpty()) {
        lines << tr("No answers yet.");
    }
    lines << QString() << QString::fromStdString(m_report.calibrationAdvice);
    return lines.join(QLatin1Char('\n'));
}

} // namespace certdrill::gui
