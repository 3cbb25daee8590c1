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
    const auto percent = [](double share) {
        return QString::fromStdString(percentText(share));
    };
    const double chance = s.share(s.chanceRight);
    const double longest = s.share(s.strategyRight[static_cast<std::size_t>(Strategy::Longest)]);
    const QString text = tr("%1 (chance %2)").arg(percent(longest), percent(chance));
    if (s.cued(Strategy::Longest)) {
        return text + tr(": cued");
    }
    // Another cue is named: "0.0% (chance 20.8%): cued" read as if the longest option gave the key away.
    for (std::size_t i = 0; i < kStrategyCount; ++i) {
        const auto other = static_cast<Strategy>(i);
        if (other == Strategy::Longest) {
            continue; // judged above
        }
        if (s.cued(other)) {
            return text + tr("; cued: %1 scores %2")
                              .arg(QString::fromLatin1(strategyLabel(other)),
                                   percent(s.share(s.strategyRight[static_cast<std::size_t>(other)])));
        }
    }
    return s.strictFailures().empty() ? text : text + tr("; item-writing flaws");
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
