#include "PackText.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTableWidgetItem>

#include "Display.h"

namespace certdrill::gui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("PackText", text);
}

} // namespace

QString countedText(int n, const QString& singular, const QString& plural)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? singular : plural);
}

QString lintScoreText(const LintSummary& s)
{
    if (s.questions == 0) {
        return {};
    }
    const double longest = s.share(s.strategyRight[static_cast<std::size_t>(Strategy::Longest)]);
    return tr("%1 (chance %2)%3")
        .arg(QString::fromStdString(percentText(longest)))
        .arg(QString::fromStdString(percentText(s.share(s.chanceRight))))
        .arg(s.strictFailures().empty() ? QString() : tr(": cued"));
}

QString lintDetailText(const LintSummary& s)
{
    QStringList lines;
    for (std::size_t i = 0; i < kStrategyCount; ++i) {
        lines << QString::fromStdString(s.strategyLine(static_cast<Strategy>(i)));
    }
    for (const auto& f : s.strictFailures()) {
        lines << QString::fromStdString(f);
    }
    return lines.join(QLatin1Char('\n'));
}

QTableWidgetItem* lintScoreItem(const LintSummary& s)
{
    auto* it = new QTableWidgetItem(lintScoreText(s));
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (s.questions > 0) {
        it->setToolTip(plainToolTip(lintDetailText(s))); // names packs: never HTML
        if (!s.strictFailures().empty()) {
            it->setForeground(verdictColor(false));
        }
    }
    return it;
}

} // namespace certdrill::gui
