#include "ResultsPage.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "Tables.h"

namespace certdrill::gui {

ResultsPage::ResultsPage(QWidget* parent)
    : QWidget(parent)
    , m_verdict(new QLabel)
    , m_details(new QLabel)
    , m_domains(makeReadOnlyTable({tr("Domain"), tr("Weight"), tr("Correct"), tr("Percent")},
                                  QStringLiteral("resultDomainsTable")))
    , m_filter(new QComboBox)
    , m_review(new QTextBrowser)
{
    m_verdict->setObjectName(QStringLiteral("verdictLabel"));
    m_details->setObjectName(QStringLiteral("resultDetailsLabel"));
    m_filter->setObjectName(QStringLiteral("reviewFilter"));
    m_review->setObjectName(QStringLiteral("answerReview"));
    QFont big = m_verdict->font();
    big.setPointSizeF(big.pointSizeF() * 2);
    big.setBold(true);
    m_verdict->setFont(big);
    m_filter->addItems({tr("All questions"), tr("Wrong only"), tr("Flagged only")});

    auto* reviewBox = new QWidget;
    auto* reviewLayout = new QVBoxLayout(reviewBox);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(new QLabel(tr("Answer review:")));
    filterRow->addWidget(m_filter);
    filterRow->addStretch();
    reviewLayout->addLayout(filterRow);
    reviewLayout->addWidget(m_review);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_domains);
    split->addWidget(reviewBox);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_details);
    layout->addWidget(split, 1);
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ResultsPage::renderReview);
}

ResultsPage::~ResultsPage() = default;

void ResultsPage::showSession(const ExamSession& session)
{
    m_exam = session.exam();
    m_items = session.items();
    const SessionScore s = session.score();
    m_verdict->setText(s.passed ? tr("PASS") : tr("FAIL"));
    m_verdict->setStyleSheet(s.passed ? QStringLiteral("color: #2e7d32") : QStringLiteral("color: #b71c1c"));
    std::int64_t timeMs = 0;
    int flagged = 0;
    for (const auto& it : m_items) {
        timeMs += it.timeMs;
        flagged += it.flagged;
    }
    m_details->setText(tr("Score %1% (%2 of %3 correct); pass mark %4%. Time used %5 min. Flagged %6. "
                          "Multi-select near misses %7.")
                           .arg(s.score * 100.0, 0, 'f', 1)
                           .arg(s.correct)
                           .arg(s.total)
                           .arg(m_exam.passPercent)
                           .arg(timeMs / 60'000)
                           .arg(flagged)
                           .arg(s.nearMisses));
    m_domains->setRowCount(0);
    for (const auto& d : m_exam.domains) {
        const auto it =
            std::find_if(s.domains.begin(), s.domains.end(), [&](const Tally& t) { return t.id == d.id; });
        if (it == s.domains.end()) {
            continue;
        }
        const int row = m_domains->rowCount();
        m_domains->insertRow(row);
        const double pct = it->total ? 100.0 * it->correct / it->total : 0.0;
        m_domains->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(d.name)));
        m_domains->setItem(row, 1, new QTableWidgetItem(QStringLiteral("%1%").arg(d.weight)));
        m_domains->setItem(row, 2,
                           new QTableWidgetItem(QStringLiteral("%1 / %2").arg(it->correct).arg(it->total)));
        auto* p = new QTableWidgetItem(QStringLiteral("%1%").arg(pct, 0, 'f', 0));
        p->setBackground(pct >= m_exam.passPercent ? QColor(0xc8, 0xe6, 0xc9) : QColor(0xff, 0xcd, 0xd2));
        m_domains->setItem(row, 3, p);
    }
    renderReview();
}

void ResultsPage::renderReview()
{
    QString html;
    for (const auto& it : m_items) {
        const bool ok = it.correct();
        if ((m_filter->currentIndex() == 1 && ok) || (m_filter->currentIndex() == 2 && !it.flagged)) {
            continue;
        }
        html += QStringLiteral("<h3 style='color:%1'>%2. %3</h3>")
                    .arg(ok ? QStringLiteral("#2e7d32") : QStringLiteral("#b71c1c"))
                    .arg(it.position + 1)
                    .arg(ok              ? tr("Correct")
                         : it.answered() ? tr("Wrong")
                                         : tr("Unanswered"));
        html += QStringLiteral("<p>%1</p><ul>").arg(QString::fromStdString(it.question.stem).toHtmlEscaped());
        for (size_t d = 0; d < it.optionOrder.size(); ++d) {
            const int o = it.optionOrder[d];
            const Option& opt = it.question.options[static_cast<size_t>(o)];
            const bool chosen = std::find(it.chosen.begin(), it.chosen.end(), o) != it.chosen.end();
            html += QStringLiteral("<li><b>%1. %2</b>%3%4<br/><i>%5</i></li>")
                        .arg(QChar('A' + static_cast<int>(d)))
                        .arg(QString::fromStdString(opt.text).toHtmlEscaped())
                        .arg(opt.correct ? tr(" ✔ correct") : QString())
                        .arg(chosen ? tr(" ← your answer") : QString())
                        .arg(QString::fromStdString(opt.why).toHtmlEscaped());
        }
        html += QStringLiteral("</ul><p>%1</p><hr/>")
                    .arg(QString::fromStdString(it.question.explanation).toHtmlEscaped());
    }
    m_review->setHtml(html);
}

} // namespace certdrill::gui
