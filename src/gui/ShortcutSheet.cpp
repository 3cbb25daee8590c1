#include "ShortcutSheet.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "Shortcuts.h"

namespace certdrill::gui {

namespace {

/// "Start &mock exam…" as the menu shows it: "Start mock exam".
QString plainText(const QAction* action)
{
    QString text = action->text();
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    text.remove(QStringLiteral("…"));
    return text.trimmed();
}

} // namespace

ShortcutSheet::ShortcutSheet(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
    , m_view(new QTextBrowser)
{
    setObjectName(QStringLiteral("shortcutSheet"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_view->setObjectName(QStringLiteral("shortcutView"));
    m_view->setOpenLinks(false);

    QString html = QStringLiteral("<h2>%1</h2>").arg(tr("Menus"));
    for (const QAction* top : menus->actions()) {
        const QMenu* menu = top->menu();
        if (!menu) {
            continue;
        }
        QList<KeyHelp> keys;
        for (const QAction* action : menu->actions()) {
            if (action->isSeparator() || action->shortcuts().isEmpty()) {
                continue;
            }
            QStringList sequences;
            for (const QKeySequence& k : action->shortcuts()) {
                sequences << k.toString(QKeySequence::NativeText);
            }
            keys << KeyHelp{sequences.join(tr(" or ")), plainText(action)};
        }
        if (!keys.isEmpty()) {
            html += QStringLiteral("<h3>%1</h3>").arg(plainText(top).toHtmlEscaped()) + keyTableHtml(keys);
        }
    }
    const auto section = [&html](const QString& title, const QList<KeyHelp>& keys) {
        html += QStringLiteral("<h2>%1</h2>").arg(title) + keyTableHtml(keys);
    };
    section(tr("Every screen"), generalKeys());
    section(tr("Exam start screen"), startKeys());
    section(tr("Exam screen"), examKeys(true));
    html += QStringLiteral("<p>%1</p>").arg(tr("Pause and reveal work in practice exams only."));
    section(tr("Review screen"), reviewKeys());
    section(tr("Results"), resultsKeys());
    section(tr("Drill screen"), drillKeys());
    section(tr("Browse questions"), browserKeys());
    m_view->setHtml(html);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view);
    layout->addWidget(buttons);
    resize(560, 640);
}

QString ShortcutSheet::html() const
{
    return m_view->toHtml();
}

} // namespace certdrill::gui
