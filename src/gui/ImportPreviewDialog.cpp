#include "ImportPreviewDialog.h"

#include <algorithm>
#include <map>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "Display.h"
#include "FileDialogs.h"
#include "PackText.h"
#include "PageScroll.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

// The preview's rows may wrap to several lines: their cells align to the top.
QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignTop)
{
    return readOnlyCell(text, align);
}

QTableWidgetItem* count(int n)
{
    return cell(QString::number(n), Qt::AlignRight | Qt::AlignTop);
}

} // namespace

ImportPreviewDialog::ImportPreviewDialog(const ImportPreview& preview, QWidget* parent)
    : QDialog(parent)
    , m_preview(preview)
    , m_headline(new QLabel)
    , m_packs(makeReadOnlyTable({tr("Pack"), tr("Version"), tr("Added"), tr("Updated"), tr("Restored"),
                                 tr("Retired"), tr("Unchanged"), tr("Longest option scores")},
                                QStringLiteral("previewPacksTable")))
    , m_changed(new QLabel)
    , m_lint(new QLabel)
    , m_problemCount(new QLabel)
    , m_problems(makeReadOnlyTable({tr("Severity"), tr("File:line:column"), tr("Question"), tr("Message")},
                                   QStringLiteral("previewProblemsTable")))
    , m_remeasureRows(new QTimer(this))
    , m_import(nullptr)
{
    setObjectName(QStringLiteral("importPreviewDialog"));
    setWindowTitle(tr("Import preview"));
    m_headline->setObjectName(QStringLiteral("previewHeadline"));
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::PlainText); // a refusal quotes the files' text
    m_changed->setObjectName(QStringLiteral("previewChangedQuestions"));
    m_changed->setWordWrap(true);
    m_changed->setTextFormat(Qt::PlainText); // question ids are the files' text
    m_changed->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_lint->setObjectName(QStringLiteral("previewLint"));
    m_lint->setWordWrap(true);
    m_lint->setTextFormat(Qt::PlainText); // pack ids are the files' text
    m_problemCount->setObjectName(QStringLiteral("previewProblemCount"));
    m_problemCount->setWordWrap(true);
    m_problemCount->setTextFormat(Qt::PlainText);

    // The message is what an instructor reads: it takes the spare width and wraps; the location, kind and
    // question fit their contents. Rows are selected whole, several at a time, for copying.
    m_problems->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_problems->horizontalHeader()->setStretchLastSection(true);
    m_problems->setTextElideMode(Qt::ElideMiddle);
    m_problems->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_problems->setWordWrap(true);
    m_packs->setSelectionMode(QAbstractItemView::NoSelection);
    m_packs->setFocusPolicy(Qt::NoFocus);
    auto* copy = new QAction(tr("&Copy"), m_problems);
    copy->setObjectName(QStringLiteral("previewCopyAction"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &ImportPreviewDialog::copySelected);
    m_problems->addAction(copy);
    m_problems->setContextMenuPolicy(Qt::ActionsContextMenu);
    // A table view takes Ctrl+C itself and copies only the current cell: the filter makes it copy the rows.
    m_problems->installEventFilter(this);
    // The columns are fitted to the problems table's viewport whenever it changes width. The dialog's own
    // resize came too early: before the dialog is shown its children's resizes wait, so the columns were
    // capped at a quarter of a stale, narrow viewport, and "file:line:column" wrapped at 200% text.
    m_problems->viewport()->installEventFilter(this);

    // Copy and save act on the problems, on the left; Import and Cancel end the dialog, on the right.
    auto* copyAllButton = new QPushButton(tr("Copy &all"));
    copyAllButton->setObjectName(QStringLiteral("previewCopyAllButton"));
    auto* saveButton = new QPushButton(tr("&Save…"));
    saveButton->setObjectName(QStringLiteral("previewSaveButton"));
    auto* box = new QDialogButtonBox;
    m_import = box->addButton(tr("&Import"), QDialogButtonBox::AcceptRole);
    m_import->setObjectName(QStringLiteral("previewImportButton"));
    QPushButton* cancel = box->addButton(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("previewCancelButton"));
    connect(copyAllButton, &QPushButton::clicked, this, &ImportPreviewDialog::copyAll);
    connect(saveButton, &QPushButton::clicked, this, &ImportPreviewDialog::saveProblems);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(copyAllButton);
    buttons->addWidget(saveButton);
    buttons->addStretch();
    buttons->addWidget(box);

    // What changes above, the problems below; the border between them moves, and the changes scroll when a
    // large text size makes them taller than their share.
    auto* changes = new QWidget;
    auto* changesLayout = new QVBoxLayout(changes);
    changesLayout->setContentsMargins(0, 0, 0, 0);
    changesLayout->addWidget(m_packs);
    changesLayout->addWidget(m_changed);
    changesLayout->addWidget(m_lint);
    changesLayout->addStretch();
    auto* changesScroll = makePageScroll(changes, QStringLiteral("importChangesScroll"));
    auto* problemsPane = new QWidget;
    auto* problemsLayout = new QVBoxLayout(problemsPane);
    problemsLayout->setContentsMargins(0, 0, 0, 0);
    auto* problemsTitle = new QLabel(tr("Problems"));
    setRelativeFont(problemsTitle, 1.2);
    problemsLayout->addWidget(problemsTitle);
    problemsLayout->addWidget(m_problemCount);
    problemsLayout->addWidget(m_problems, 1);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(changesScroll);
    splitter->addWidget(problemsPane);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_headline);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);

    // Wrapped messages need their rows re-measured whenever the message column's width changes: once the
    // header has laid out its sections, since the message column stretches to what the others leave only
    // then (measured at once, the longest messages kept the two-line height of a narrower column).
    // One timer, restarted by each resize, so a fit that moves every column re-measures the rows once.
    m_remeasureRows->setSingleShot(true);
    m_remeasureRows->setInterval(0);
    connect(m_remeasureRows, &QTimer::timeout, m_problems, &QTableWidget::resizeRowsToContents);
    connect(m_problems->horizontalHeader(), &QHeaderView::sectionResized, m_remeasureRows,
            qOverload<>(&QTimer::start));

    fillPacks();
    fillProblems();
    const bool problems = !m_preview.problems.empty();
    copyAllButton->setEnabled(problems);
    saveButton->setEnabled(problems);
    m_import->setEnabled(m_preview.importable());
    // Enter imports only an import that can succeed; otherwise the way out is Cancel.
    (m_preview.importable() ? m_import : cancel)->setDefault(true);
    // Room for the tables at the text size in use, within the screen.
    const QFontMetrics metrics(font());
    QSize size(std::max(900, metrics.averageCharWidth() * 130), std::max(640, metrics.lineSpacing() * 36));
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        size = size.boundedTo(screen->availableSize() * 0.9);
    }
    resize(size);
}

void ImportPreviewDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    // A new text size changes every row's height; measure once the tables have taken the new font.
    if (event->type() == QEvent::FontChange) {
        QTimer::singleShot(0, this, &ImportPreviewDialog::fitColumns);
    }
}

void ImportPreviewDialog::fitColumns()
{
    // Severity, place and question fit their contents, but place and question take at most a quarter of the
    // width each (long file names and ids are elided in the middle, whole in the tooltip and the copy), so
    // the message keeps room to wrap in at every text size.
    const int width = m_problems->viewport()->width();
    for (int c = 0; c < 3; ++c) {
        m_problems->resizeColumnToContents(c);
        if (c > 0 && m_problems->columnWidth(c) > width / 4) {
            m_problems->setColumnWidth(c, width / 4);
        }
    }
    m_problems->resizeRowsToContents();
    // The counts keep every row in view: when their columns are wider than the table, the scroll bar that
    // appears takes its height below the rows, not over them.
    fitHeightToRows(m_packs);
    if (m_packs->horizontalHeader()->length() > m_packs->viewport()->width() &&
        !m_packs->horizontalScrollBar()->isVisible()) {
        m_packs->setFixedHeight(m_packs->height() + m_packs->horizontalScrollBar()->sizeHint().height());
    }
}

ImportPreviewDialog::~ImportPreviewDialog() = default;

bool ImportPreviewDialog::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_problems->viewport() && event->type() == QEvent::Resize) {
        fitColumns(); // the viewport has its new size already
        return false;
    }
    if (watched == m_problems && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
        copySelected();
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

void ImportPreviewDialog::fillPacks()
{
    const ImportOutcome& run = m_preview.dryRun;
    if (!run.ok()) {
        m_headline->setText(
            tr("This import would be refused, so nothing can be imported; the database stays as it is. %1.")
                .arg(sentence(q(run.error))));
    } else {
        bool changes = false;
        for (const auto& s : run.summaries) {
            changes = changes || s.added + s.updated + s.restored + s.retired > 0;
        }
        m_headline->setText(changes ? tr("Importing will make these changes. Nothing is written until you "
                                         "choose Import.")
                                    : tr("These packs are imported already: importing them again changes "
                                         "nothing."));
    }
    std::map<std::string, const LintSummary*> lintOf;
    for (const PackLint& p : m_preview.lint.packs) {
        lintOf[p.packId] = &p.summary;
    }
    for (const PackImportSummary& s : run.summaries) {
        const int row = m_packs->rowCount();
        m_packs->insertRow(row);
        QString version = q(s.version);
        if (s.previousVersion.empty()) {
            version = tr("%1 (new)").arg(version);
        } else if (s.unchanged) {
            version = tr("%1 (imported already)").arg(version);
        } else if (s.previousVersion != s.version) {
            version = tr("%1 → %2").arg(q(s.previousVersion), version);
        }
        m_packs->setItem(row, 0, cell(q(s.packId)));
        m_packs->setItem(row, 1, cell(version));
        m_packs->setItem(row, 2, count(s.added));
        m_packs->setItem(row, 3, count(s.updated));
        m_packs->setItem(row, 4, count(s.restored));
        m_packs->setItem(row, 5, count(s.retired));
        m_packs->setItem(row, 6, count(s.unchangedQuestions));
        const auto lint = lintOf.find(s.packId);
        m_packs->setItem(row, 7, lint == lintOf.end() ? cell(QString()) : lintScoreItem(*lint->second));
    }
    m_packs->setVisible(!run.summaries.empty());
    fitHeightToRows(m_packs);

    // The ids a new version of a stored pack changes: a new pack's questions are all new, as its count says.
    QStringList changed;
    for (const PackImportSummary& s : run.summaries) {
        if (const std::string ids = changedQuestionsText(s); !ids.empty() && !s.previousVersion.empty()) {
            changed << tr("%1: %2").arg(q(s.packId), q(ids));
        }
    }
    m_changed->setText(tr("Questions this import changes, by id:") + QLatin1Char('\n') +
                       changed.join(QLatin1Char('\n')));
    m_changed->setVisible(!changed.isEmpty());

    const LintSummary& total = m_preview.lint.total;
    if (total.questions == 0) {
        m_lint->hide();
        return;
    }
    const auto failures = total.strictFailures();
    QStringList lines;
    lines << (failures.empty()
                  ? tr("Item-quality check: these questions pass. A candidate who picks answers by their "
                       "surface "
                       "(the longest option, no absolute words, words from the question) scores about what "
                       "guessing scores.")
                  : tr("Item-quality check: these questions can be answered from surface cues, so scores on "
                       "them overstate knowledge.") +
                        (m_preview.importable() ? QLatin1Char(' ') + tr("You can import them anyway.")
                                                : QString()));
    lines << QString::fromStdString(total.strategyLine(Strategy::Longest));
    for (const auto& f : failures) {
        lines << QStringLiteral("• ") + QString::fromStdString(f);
    }
    m_lint->setText(lines.join(QLatin1Char('\n')));
    m_lint->setToolTip(plainToolTip(lintDetailText(total)));
    if (!failures.empty()) {
        setTextColor(m_lint, verdictColor(false));
    }
}

void ImportPreviewDialog::fillProblems()
{
    int errors = 0, warnings = 0, lint = 0;
    for (const PreviewProblem& p : m_preview.problems) {
        const int row = m_problems->rowCount();
        m_problems->insertRow(row);
        const Diagnostic& d = p.diagnostic;
        auto* message = cell(q(d.message));
        // A tooltip renders text that looks like HTML as HTML; the message quotes the pack.
        message->setToolTip(plainToolTip(q(problemLine(p))));
        auto* kind = cell(q(p.kindName()));
        if (p.kind == PreviewProblem::Kind::Error) {
            kind->setForeground(verdictColor(false));
        }
        // The file by its name: the full path is in the tooltip, and in what Copy and Save write.
        auto* where = cell(QStringLiteral("%1:%2:%3")
                               .arg(QFileInfo(q(d.file)).fileName())
                               .arg(d.pos.line)
                               .arg(d.pos.column));
        where->setToolTip(plainToolTip(q(d.file)));
        m_problems->setItem(row, 0, kind);
        m_problems->setItem(row, 1, where);
        m_problems->setItem(row, 2, cell(q(p.questionId)));
        m_problems->setItem(row, 3, message);
        errors += p.kind == PreviewProblem::Kind::Error;
        warnings += p.kind == PreviewProblem::Kind::Warning;
        lint += p.kind == PreviewProblem::Kind::Lint;
    }
    m_problems->resizeRowsToContents();
    m_problems->setVisible(!m_preview.problems.empty());
    m_problemCount->setText(
        m_preview.problems.empty()
            ? tr("No problems found.")
            : tr("%1, %2 and %3 (item-writing flaws the import accepts). Select rows "
                 "and press Ctrl+C to copy them.")
                  .arg(countedText(errors, tr("error"), tr("errors")),
                       countedText(warnings, tr("warning"), tr("warnings")),
                       countedText(lint, tr("item-lint finding"), tr("item-lint findings"))));
}

QString ImportPreviewDialog::selectedProblemsText() const
{
    QStringList lines;
    for (int row = 0; row < m_problems->rowCount(); ++row) {
        if (m_problems->item(row, 0)->isSelected()) {
            lines << q(problemLine(m_preview.problems[static_cast<std::size_t>(row)]));
        }
    }
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ImportPreviewDialog::copySelected()
{
    const QString text = selectedProblemsText();
    if (!text.isEmpty()) {
        QApplication::clipboard()->setText(text);
    }
}

void ImportPreviewDialog::copyAll()
{
    QApplication::clipboard()->setText(q(problemsText(m_preview.problems)));
}

void ImportPreviewDialog::saveProblems()
{
    const QString path = saveFileName(this, tr("Save problems"), QStringLiteral("problems.csv"),
                                      tr("CSV files (*.csv);;Text files (*.txt)"));
    if (path.isEmpty()) {
        return;
    }
    const bool csv = path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive);
    QString error;
    if (!saveCsv(path, csv ? problemsCsv(m_preview.problems) : problemsText(m_preview.problems), &error)) {
        QMessageBox::warning(this, tr("Save failed"), error);
    }
}

} // namespace certdrill::gui
