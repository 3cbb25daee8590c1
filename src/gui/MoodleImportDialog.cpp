#include "MoodleImportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "certdrill/pack/PackLoader.h"

#include "FileDialogs.h"

namespace certdrill::gui {

namespace {

/// The pack id a Moodle file imports as when none is typed.
QString defaultPackIdOf(const QString& file)
{
    const std::string path = file.toStdString();
    return QString::fromStdString(defaultPackId(path, packFormatOf(path)));
}

} // namespace

MoodleImportDialog::MoodleImportDialog(const QStringList& moodleFiles, std::vector<ExamDef> exams,
                                       std::vector<StoredPack> packs, QWidget* parent)
    : QDialog(parent)
    , m_files(moodleFiles)
    , m_exams(std::move(exams))
    , m_packs(std::move(packs))
    , m_exam(new QComboBox)
    , m_packId(new QLineEdit)
    , m_version(new QLineEdit)
    , m_packState(new QLabel)
    , m_domain(new QComboBox)
    , m_map(new QLineEdit)
    , m_import(nullptr)
{
    setObjectName(QStringLiteral("moodleImportDialog"));
    setWindowTitle(tr("Import Moodle questions"));
    m_exam->setObjectName(QStringLiteral("moodleExam"));
    m_packId->setObjectName(QStringLiteral("moodlePackId"));
    m_version->setObjectName(QStringLiteral("moodleVersion"));
    m_packState->setObjectName(QStringLiteral("moodlePackState"));
    m_packState->setTextFormat(Qt::PlainText);
    m_packState->setWordWrap(true);
    m_domain->setObjectName(QStringLiteral("moodleDomain"));
    m_map->setObjectName(QStringLiteral("moodleMap"));
    m_map->setPlaceholderText(tr("none: the categories name the domains"));
    m_map->setToolTip(tr("A category map (JSON) that places categories and tags in the blueprint's domains "
                         "and objectives, as certdrill-cli import --map does"));

    // An empty exam id lets the importer take the only exam, also one that a pack in the same batch defines.
    m_exam->addItem(m_exams.size() == 1
                        ? tr("%1 (the only exam)").arg(QString::fromStdString(m_exams[0].title))
                        : tr("The only exam there is"),
                    QString());
    for (const auto& e : m_exams) {
        m_exam->addItem(QString::fromStdString(e.title), QString::fromStdString(e.id));
    }
    if (m_exams.size() > 1) {
        m_exam->setCurrentIndex(1);
    }

    // One pack id serves one file; several files each keep their own default id.
    const bool single = moodleFiles.size() == 1;
    m_packId->setEnabled(single);
    m_packId->setPlaceholderText(single ? defaultPackIdOf(moodleFiles[0])
                                        : tr("one per file: gift- or moodle- and the file name"));
    // Several files each keep their pack's imported version (else 1.0.0) unless one is typed for all, as
    // certdrill-cli import does: one version for all refused every pack already imported at another.
    if (single) {
        const StoredPack* stored = storedPack(packId());
        m_version->setText(stored ? QString::fromStdString(stored->version) : QStringLiteral("1.0.0"));
    } else {
        m_version->setPlaceholderText(tr("each pack's imported version, else 1.0.0"));
    }

    QStringList names;
    for (const QString& f : moodleFiles) {
        names << QFileInfo(f).fileName();
    }
    auto* intro = new QLabel(tr("%1 will be read as Moodle questions. Their categories name the blueprint "
                                "domain, e.g. \"$course$/ncp-genl/Fine-Tuning\".")
                                 .arg(names.join(QStringLiteral(", "))));
    intro->setTextFormat(Qt::PlainText); // file names are text
    intro->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Exam:"), m_exam);
    form->addRow(tr("&Pack id:"), m_packId);
    form->addRow(tr("Pack &version:"), m_version);
    form->addRow(QString(), m_packState);
    form->addRow(tr("&Uncategorised questions:"), m_domain);
    auto* browse = new QPushButton(tr("&Browse…"));
    browse->setObjectName(QStringLiteral("moodleMapBrowse"));
    auto* mapRow = new QHBoxLayout;
    mapRow->addWidget(m_map, 1);
    mapRow->addWidget(browse);
    // A label of its own: one addRow() makes beside a layout has no buddy, and showed its "&".
    auto* mapLabel = new QLabel(tr("Category &map:"));
    mapLabel->setBuddy(m_map);
    form->addRow(mapLabel, mapRow);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_import = box->button(QDialogButtonBox::Ok);
    m_import->setText(tr("Import"));
    layout->addWidget(box);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_exam, &QComboBox::currentIndexChanged, this, &MoodleImportDialog::fillDomains);
    connect(m_packId, &QLineEdit::textChanged, this, &MoodleImportDialog::showPackState);
    connect(m_version, &QLineEdit::textChanged, this, &MoodleImportDialog::showPackState);
    connect(browse, &QPushButton::clicked, this, &MoodleImportDialog::browseMap);
    fillDomains();
    showPackState();
    resize(520, sizeHint().height());
}

const ExamDef* MoodleImportDialog::shownExam() const
{
    const std::string id = m_exam->currentData().toString().toStdString();
    for (const auto& e : m_exams) {
        if (e.id == id || (id.empty() && m_exams.size() == 1)) {
            return &e;
        }
    }
    return nullptr;
}

const StoredPack* MoodleImportDialog::storedPack(const QString& id) const
{
    for (const auto& p : m_packs) {
        if (QString::fromStdString(p.id) == id) {
            return &p;
        }
    }
    return nullptr;
}

QString MoodleImportDialog::packId() const
{
    const QString typed = m_packId->text().trimmed();
    return typed.isEmpty() ? m_packId->placeholderText() : typed;
}

void MoodleImportDialog::fillDomains()
{
    m_domain->clear();
    m_domain->addItem(tr("Report them as errors"), QString());
    if (const ExamDef* exam = shownExam()) {
        for (const auto& d : exam->domains) {
            m_domain->addItem(tr("Put them in %1").arg(QString::fromStdString(d.name)),
                              QString::fromStdString(d.id));
        }
    }
}

void MoodleImportDialog::showPackState()
{
    // A version the loader would refuse is the field's mistake, not the file's: said here, before the
    // preview would report it at the file's first line.
    const QString version = m_version->text().trimmed();
    const bool versionOk = version.isEmpty() || isPackVersion(version.toStdString());
    m_import->setEnabled(versionOk);
    if (!versionOk) {
        m_packState->setText(
            tr("\"%1\" is not a pack version: type dotted numbers such as 1.0.0 or 1.2.").arg(version));
        return;
    }
    if (m_files.size() != 1) {
        QStringList packs;
        for (const QString& f : m_files) {
            const QString id = defaultPackIdOf(f);
            const StoredPack* p = storedPack(id);
            packs << (p ? tr("%1 is imported at version %2").arg(id, QString::fromStdString(p->version))
                        : tr("%1 is a new pack").arg(id));
        }
        m_packState->setText(tr("%1. Left empty, the version of each stays as imported (1.0.0 for a new "
                                "pack), so an unchanged "
                                "file changes nothing; a version typed here applies to every file's pack.")
                                 .arg(packs.join(QStringLiteral("; "))));
        return;
    }
    const QString id = packId();
    if (const StoredPack* p = storedPack(id)) {
        m_packState->setText(
            tr("%1 is imported at version %2. Importing the same file again changes nothing; if "
               "you changed the file, raise the pack version above %2 to update it.")
                .arg(id, QString::fromStdString(p->version)));
    } else {
        m_packState->setText(tr("%1 is a new pack.").arg(id));
    }
}

ImportOptions MoodleImportDialog::options() const
{
    ImportOptions o;
    o.exam = m_exam->currentData().toString().toStdString();
    o.packId = m_packId->isEnabled() ? m_packId->text().trimmed().toStdString() : std::string();
    o.version = m_version->text().trimmed().toStdString();
    o.domain = m_domain->currentData().toString().toStdString();
    o.map = m_map->text().trimmed().toStdString();
    return o;
}

void MoodleImportDialog::browseMap()
{
    const QString path = openFileName(this, tr("Category map"), m_map->text().trimmed(),
                                      tr("Category maps (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        m_map->setText(path);
    }
}

} // namespace certdrill::gui
