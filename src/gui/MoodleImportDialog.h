#pragma once

#include <vector>

#include <QDialog>
#include <QStringList>

#include "certdrill/Model.h"
#include "certdrill/pack/Conversion.h"
#include "certdrill/store/Store.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace certdrill::gui {

/// What a Moodle GIFT or XML file cannot say about itself (certdrill-cli import's --exam, --pack-id,
/// --pack-version, --domain and --map): the exam, the pack id and version, a domain for uncategorised
/// questions and a category map file (CategoryMap.h), which the loader reads as it reads --map's. For one
/// file the version starts at the one already imported; for several it starts empty, which keeps each pack's
/// imported version (1.0.0 for a new pack). Either way importing unchanged files again changes nothing, and a
/// changed file only needs the version raised; a version the loader would refuse offers no Import.
class MoodleImportDialog : public QDialog
{
    Q_OBJECT

public:
    /// `moodleFiles`: the Moodle files of the batch (at least one); `exams` and `packs`: what the database
    /// holds.
    MoodleImportDialog(const QStringList& moodleFiles, std::vector<ExamDef> exams,
                       std::vector<StoredPack> packs, QWidget* parent = nullptr);

    ImportOptions options() const;

private:
    /// The exam whose domains the domain list shows: the chosen one, or the only one there is.
    const ExamDef* shownExam() const;
    /// The pack the database holds under `id`, if any.
    const StoredPack* storedPack(const QString& id) const;
    /// The pack id the single Moodle file imports as: the one typed, else its default.
    QString packId() const;
    void fillDomains();
    void showPackState();
    /// Asks for the category map file and puts its path in the map field.
    void browseMap();

    QStringList m_files;
    std::vector<ExamDef> m_exams;
    std::vector<StoredPack> m_packs;
    QComboBox* m_exam;
    QLineEdit* m_packId;
    QLineEdit* m_version;
    QLabel* m_packState;
    QComboBox* m_domain;
    QLineEdit* m_map;
    QPushButton* m_import;
};

} // namespace certdrill::gui
