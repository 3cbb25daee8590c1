#include "FinalExamDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "Display.h"
#include "Tables.h"

namespace certdrill::gui {

FinalExamDialog::FinalExamDialog(const ExamDef& exam, const std::vector<FinalForm>& forms, QWidget* parent)
    : QDialog(parent)
    , m_forms(forms)
    , m_table(makeReadOnlyTable({tr("Final exam"), tr("Questions"), tr("Status")},
                                QStringLiteral("finalFormsTable")))
    , m_start(new QPushButton(tr("&Start final exam")))
{
    setObjectName(QStringLiteral("finalExamDialog"));
    setWindowTitle(tr("Final exam"));
    // The exam's title comes from a pack: plain text, never HTML that loads files.
    auto* intro = new QLabel;
    setPackText(
        intro,
        forms.empty()
            ? tr("This question bank reserves no final exams for %1, or it is too small to hold one back and "
                 "still fill your practice exams.")
                  .arg(QString::fromStdString(exam.title))
            : tr("These exams hold questions that no drill, practice exam or exam simulation has shown you: "
                 "the "
                 "last check before you book, on questions you have never seen. Each is a strict exam "
                 "simulation, taken once; take one when the tracker says you are ready."));
    intro->setObjectName(QStringLiteral("finalExamIntro"));
    m_start->setObjectName(QStringLiteral("finalStartButton"));
    for (const FinalForm& f : forms) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(tr("Final exam %1").arg(f.number)));
        m_table->setItem(row, 1, new QTableWidgetItem(QString::number(f.questions)));
        const QString status = !f.taken()    ? tr("not taken")
                               : f.finished  ? tr("taken: %1%").arg(f.score * 100.0, 0, 'f', 1)
                               : f.abandoned ? tr("taken: abandoned")
                                             : tr("taken: in progress");
        m_table->setItem(row, 2, new QTableWidgetItem(status));
    }
    fitHeightToRows(m_table);
    m_table->setVisible(!forms.empty());
    // The first form not taken is selected, so Enter starts it.
    int first = -1;
    for (std::size_t i = 0; i < forms.size() && first < 0; ++i) {
        if (!forms[i].taken()) {
            first = static_cast<int>(i);
        }
    }
    if (first >= 0) {
        m_table->selectRow(first);
    }
    const auto update = [this] {
        const int row = m_table->currentRow();
        m_start->setEnabled(row >= 0 && row < static_cast<int>(m_forms.size()) &&
                            !m_forms[static_cast<std::size_t>(row)].taken());
    };
    connect(m_table, &QTableWidget::itemSelectionChanged, this, update);
    update();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_start, QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_start, &QPushButton::clicked, this, [this] {
        m_chosen = m_forms[static_cast<std::size_t>(m_table->currentRow())].number;
        accept();
    });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table);
    layout->addStretch();
    layout->addWidget(buttons);
    // Made default only now that the dialog holds it: setDefault on a button outside a dialog registers
    // nothing, and the dialog then made the first button in its focus chain, Close, the default, so Enter
    // on the forms list closed the dialog instead of starting the selected exam.
    m_start->setDefault(true);
    resize(fontMetrics().averageCharWidth() * 70, sizeHint().height());
}

FinalExamDialog::~FinalExamDialog() = default;

} // namespace certdrill::gui
