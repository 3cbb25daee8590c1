#include "PacksPage.h"

#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "certdrill/pack/PackWriter.h"

#include "Display.h"
#include "FileDialogs.h"
#include "PackText.h"
#include "PageScroll.h"
#include "Tables.h"

namespace certdrill::gui {

namespace {

QString importedText(std::int64_t unixMs, bool withTime = true)
{
    return QDateTime::fromMSecsSinceEpoch(unixMs).toString(withTime ? QStringLiteral("yyyy-MM-dd HH:mm")
                                                                    : QStringLiteral("yyyy-MM-dd"));
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

/// A label that shows pack text as it is: never rich text, which could load resources.
QLabel* plainLabel(const QString& objectName)
{
    auto* label = new QLabel;
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    return label;
}

} // namespace

PacksPage::PacksPage(Store& store, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_table(makeReadOnlyTable(
          {tr("Pack"), tr("Version"), tr("Questions"), tr("Imported"), tr("Longest option scores")},
          QStringLiteral("packListTable")))
    , m_examDefinitions(plainLabel(QStringLiteral("examDefinitionsLabel")))
    , m_exportButton(new QPushButton(tr("E&xport…")))
    , m_removeButton(new QPushButton(tr("&Remove…")))
    , m_status(plainLabel(QStringLiteral("packsStatusLabel")))
    , m_details(plainLabel(QStringLiteral("packDetailsLabel")))
    , m_domains(makeReadOnlyTable({tr("Domain"), tr("Questions")}, QStringLiteral("packDomainsTable")))
    , m_lint(plainLabel(QStringLiteral("packLintLabel")))
{
    setObjectName(QStringLiteral("packsPage"));
    auto* title = new QLabel(tr("Question packs"));
    setRelativeFont(title, 1.5);
    auto* intro = new QLabel(tr("Import shows what will change before it writes; pack files (.json, .gift, "
                                ".txt, .xml) dropped on the window import the same way. Remove keeps your "
                                "history, and a new import restores the pack."));
    intro->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    // Packs of one exam share a long prefix and differ at the end ("... Model Optimization (2)"): a name cut
    // to its column keeps both ends. On one line: wrapped, the cell would show the first line's middle cut
    // and drop the second line, end and all.
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setWordWrap(false);
    m_table->setToolTip(tr("Longest option scores: what a candidate who always picks the longest option "
                           "would score, against blind guessing; \"cued\" when the questions give their "
                           "answers away (see the selected pack's figures below)."));
    m_exportButton->setObjectName(QStringLiteral("packExportButton"));
    m_removeButton->setObjectName(QStringLiteral("packRemoveButton"));
    auto* importButton = new QPushButton(tr("&Import…"));
    importButton->setObjectName(QStringLiteral("packImportButton"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(importButton);
    buttons->addWidget(m_exportButton);
    buttons->addWidget(m_removeButton);
    buttons->addStretch();

    // The selected pack in full; it scrolls rather than stretching the window at large text sizes.
    m_domains->setSelectionMode(QAbstractItemView::NoSelection);
    m_domains->setFocusPolicy(Qt::NoFocus);
    auto* detailsContent = new QWidget;
    auto* detailsLayout = new QVBoxLayout(detailsContent);
    detailsLayout->addWidget(m_details);
    detailsLayout->addWidget(m_domains);
    detailsLayout->addWidget(m_lint);
    detailsLayout->addStretch();
    auto* scroll = makePageScroll(detailsContent, QStringLiteral("packDetailsScroll"));
    auto* detailsBox = new QGroupBox(tr("Selected pack"));
    auto* boxLayout = new QVBoxLayout(detailsBox);
    boxLayout->addWidget(scroll);

    // The list and the selected pack share the height as the user drags their border; the list gets more.
    auto* list = new QWidget;
    auto* listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->addWidget(m_table, 1);
    listLayout->addWidget(m_examDefinitions);
    listLayout->addLayout(buttons);
    listLayout->addWidget(m_status);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->setObjectName(QStringLiteral("packsSplitter"));
    splitter->setChildrenCollapsible(false);
    splitter->addWidget(list);
    splitter->addWidget(detailsBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(intro);
    layout->addWidget(splitter, 1);

    connect(importButton, &QPushButton::clicked, this, &PacksPage::importRequested);
    connect(m_exportButton, &QPushButton::clicked, this, &PacksPage::exportSelected);
    connect(m_removeButton, &QPushButton::clicked, this, &PacksPage::removeSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &PacksPage::showSelected);
    m_status->hide();
    refresh();
}

PacksPage::~PacksPage() = default;

QString PacksPage::selectedPackId() const
{
    const PackOverview* p = selected();
    return p ? q(p->pack.id) : QString();
}

const PackOverview* PacksPage::selected() const
{
    const int row = m_table->currentRow();
    return row >= 0 && row < static_cast<int>(m_packs.size()) && m_table->item(row, 0)->isSelected()
               ? &m_packs[static_cast<std::size_t>(row)]
               : nullptr;
}

void PacksPage::selectPack(const QString& id)
{
    for (std::size_t i = 0; i < m_packs.size(); ++i) {
        if (q(m_packs[i].pack.id) == id) {
            m_table->selectRow(static_cast<int>(i));
            return;
        }
    }
}

void PacksPage::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void PacksPage::refresh()
{
    const QString keep = selectedPackId();
    m_packs.clear();
    m_table->setRowCount(0);
    QStringList definitions;
    auto overviews = packOverviews(m_store, &m_lintCache);
    if (!overviews) {
        setStatus(tr("Cannot read the packs: %1").arg(q(overviews.error().message)));
    } else {
        for (auto& o : overviews.value()) {
            // An exam definition holds no questions: a row saying "0 questions" would read as an empty pack.
            if (o.examDefinitionOnly()) {
                for (const DefinedExam& e : o.exams) {
                    definitions << tr("%1 (exam %2 %3, from pack %4 %5)")
                                       .arg(q(e.title), q(e.id), q(e.version), q(o.pack.id),
                                            q(o.pack.version));
                }
                continue;
            }
            m_packs.push_back(std::move(o));
        }
    }
    for (const PackOverview& o : m_packs) {
        const StoredPack& p = o.pack;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* name = readOnlyCell(q(p.title));
        // The whole title, which the column may cut, and the id; plain, since tooltips would render HTML.
        name->setToolTip(plainToolTip(tr("%1 (id %2)").arg(q(p.title), q(p.id))));
        m_table->setItem(row, 0, name);
        m_table->setItem(row, 1, readOnlyCell(q(p.version)));
        m_table->setItem(row, 2,
                         readOnlyCell(p.removed ? tr("removed") : QString::number(p.activeQuestions),
                                      Qt::AlignRight | Qt::AlignVCenter));
        auto* imported = readOnlyCell(importedText(p.importedAtMs, false));
        imported->setToolTip(importedText(p.importedAtMs));
        m_table->setItem(row, 3, imported);
        m_table->setItem(row, 4, lintScoreItem(o.lint));
    }
    m_examDefinitions->setText(definitions.isEmpty()
                                   ? QString()
                                   : tr("Exam definitions, without questions of their own: %1")
                                         .arg(definitions.join(QStringLiteral("; "))));
    m_examDefinitions->setVisible(!definitions.isEmpty());
    // A new visit starts without the last action's message (a read error keeps its own).
    if (overviews) {
        setStatus(
            m_packs.empty()
                ? tr("No question packs yet: import one with Import… or drop a pack file on the window.")
                : QString());
    }
    selectPack(keep);
    if (!selected() && !m_packs.empty()) {
        m_table->selectRow(0);
    }
    showSelected();
}

void PacksPage::showSelected()
{
    const PackOverview* o = selected();
    m_exportButton->setEnabled(o && !o->pack.removed);
    m_removeButton->setEnabled(o && !o->pack.removed);
    m_domains->setRowCount(0);
    if (!o) {
        m_details->setText(tr("Select a pack to see its details."));
        m_domains->hide();
        m_lint->clear();
        return;
    }
    const StoredPack& p = o->pack;
    QStringList lines;
    lines << tr("%1, version %2 (id %3)").arg(q(p.title), q(p.version), q(p.id));
    QStringList authors;
    for (const auto& a : p.authors) {
        authors << q(a);
    }
    lines << tr("Authors: %1").arg(authors.isEmpty() ? tr("not named") : authors.join(QStringLiteral(", ")));
    lines << tr("Licence: %1").arg(q(p.license));
    lines << tr("Source: %1").arg(q(p.sourcePath));
    lines << tr("Imported: %1").arg(importedText(p.importedAtMs));
    lines << (p.removed
                  // The questions the removal retired, as its confirmation counted them: not those that left
                  // earlier versions, which importing the pack again does not restore.
                  ? tr("Removed: its %1 are retired and kept; importing the pack again restores them.")
                        .arg(countedText(p.removedQuestions, tr("question"), tr("questions")))
                  : tr("Questions: %1 active, %2 retired").arg(p.activeQuestions).arg(p.retiredQuestions));
    for (const DefinedExam& e : o->exams) {
        lines << tr("Defines the exam %1 (%2 %3)").arg(q(e.title), q(e.id), q(e.version));
    }
    m_details->setText(lines.join(QLatin1Char('\n')));
    for (const PackDomainQuestions& d : o->domains) {
        const int row = m_domains->rowCount();
        m_domains->insertRow(row);
        auto* name = readOnlyCell(q(d.domainName));
        name->setToolTip(plainToolTip(tr("%1 in exam %2").arg(q(d.domainId), q(d.examId))));
        m_domains->setItem(row, 0, name);
        m_domains->setItem(row, 1,
                           readOnlyCell(QString::number(d.questions), Qt::AlignRight | Qt::AlignVCenter));
    }
    m_domains->setVisible(!o->domains.empty());
    fitHeightToRows(m_domains);
    m_lint->setText(o->lint.questions == 0 ? QString()
                                           : tr("Surface cues (the item lint of its %1):\n%2")
                                                 .arg(countedText(o->lint.questions, tr("active question"),
                                                                  tr("active questions")),
                                                      lintDetailText(o->lint)));
}

void PacksPage::exportSelected()
{
    const PackOverview* o = selected();
    if (!o || o->pack.removed) {
        return;
    }
    const std::string id = o->pack.id;
    const QString path = saveFileName(this, tr("Export pack"), q(id) + QStringLiteral(".json"),
                                      tr("certdrill packs (*.json)"));
    if (path.isEmpty()) {
        return;
    }
    auto exported = m_store.exportPack(id);
    if (!exported) {
        QMessageBox::warning(this, tr("Export failed"), sentence(exported.error().message));
        return;
    }
    const std::string text = packToJson(exported->pack);
    // Through a temporary file: a failed write leaves an older export of the same name whole.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !file.commit()) {
        QMessageBox::warning(this, tr("Export failed"),
                             tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    QString status = tr("Exported %1 %2 (%3) to %4.")
                         .arg(q(id), q(exported->pack.info.version),
                              countedText(static_cast<int>(exported->pack.questions.size()), tr("question"),
                                          tr("questions")),
                              path);
    if (!exported->changedSinceImport.empty()) {
        QStringList ids;
        for (const auto& c : exported->changedSinceImport) {
            ids << q(c);
        }
        status +=
            QLatin1Char(' ') +
            tr("Its exam no longer defines the objective or subtopic these questions were imported with, "
               "so they differ from the imported ones: %1.")
                .arg(ids.join(QStringLiteral(", ")));
    }
    setStatus(status);
}

void PacksPage::removeSelected()
{
    const PackOverview* o = selected();
    if (!o || o->pack.removed) {
        return;
    }
    const StoredPack p = o->pack;
    QMessageBox box(QMessageBox::Question, tr("Remove pack"),
                    tr("Remove the pack \"%1\" (%2, version %3)?").arg(q(p.title), q(p.id), q(p.version)),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.setTextFormat(Qt::PlainText); // the title is the pack's text
    box.setObjectName(QStringLiteral("removePackConfirmation"));
    box.setInformativeText(
        tr("Its %1 will be retired: they leave mock exams, practice exams and drills. Nothing is deleted: "
           "your "
           "answers to them stay in your history and the tracker, and importing the pack again restores "
           "them.")
            .arg(countedText(p.activeQuestions, tr("question"), tr("questions"))));
    box.button(QMessageBox::Yes)->setText(tr("&Remove"));
    box.setDefaultButton(QMessageBox::No); // removal is undone only by importing the file again
    if (box.exec() != QMessageBox::Yes) {
        return;
    }
    auto removed = m_store.removePack(p.id);
    if (!removed) {
        QMessageBox::warning(this, tr("Cannot remove"), sentence(removed.error().message));
        return;
    }
    refresh();
    setStatus(tr("Removed %1 %2: %3 retired.")
                  .arg(q(p.id), q(removed->version),
                       countedText(removed->retired, tr("question"), tr("questions"))));
    emit packsChanged();
}

} // namespace certdrill::gui
