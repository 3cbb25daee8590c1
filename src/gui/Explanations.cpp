#include "Explanations.h"

#include <algorithm>

#include <QCoreApplication>

namespace certdrill::gui {

QString explainedOptionsHtml(const Question& question, const std::vector<int>& optionOrder,
                             const std::vector<int>& chosen)
{
    const auto tr = [](const char* s) {
        return QCoreApplication::translate("Explanations", s);
    };
    QString html = QStringLiteral("<ul>");
    for (std::size_t d = 0; d < optionOrder.size(); ++d) {
        const int o = optionOrder[d];
        const Option& opt = question.options[static_cast<std::size_t>(o)];
        const bool picked = std::find(chosen.begin(), chosen.end(), o) != chosen.end();
        html += QStringLiteral("<li><b>%1. %2</b>%3%4<br/><i>%5</i></li>")
                    .arg(QChar('A' + static_cast<int>(d)))
                    .arg(QString::fromStdString(opt.text).toHtmlEscaped())
                    .arg(opt.correct ? tr(" ✔ correct") : QString())
                    .arg(picked ? tr(" ← your answer") : QString())
                    .arg(QString::fromStdString(opt.why).toHtmlEscaped());
    }
    html +=
        QStringLiteral("</ul><p>%1</p>").arg(QString::fromStdString(question.explanation).toHtmlEscaped());
    return html;
}

} // namespace certdrill::gui
