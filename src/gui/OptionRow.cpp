#include "OptionRow.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QRadioButton>
#include <QTextBlockFormat>
#include <QTextCursor>

#include "Display.h"
#include "TextPane.h"

namespace certdrill::gui {

namespace {

/// The option's text beside its button: a label that wraps, or, for an option holding a code block, a table
/// or an image (isBlockMarkdown), a TextPane rendering it as a stem is rendered. A label is no place for
/// those: its rich text would read the files an image names, and it cannot scroll a code line.
QWidget* optionText(int displayIndex, const QString& text)
{
    const QString letter(QChar('A' + displayIndex));
    const std::string written = text.toStdString();
    if (isBlockMarkdown(written)) {
        auto* pane = new TextPane;
        pane->setObjectName(QStringLiteral("optionPane"));
        showStem(pane, written);
        // The letter in a paragraph of its own before the text, whose first block may be a code block.
        QTextCursor cursor(pane->document());
        cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
        cursor.movePosition(QTextCursor::Start);
        cursor.setBlockFormat(QTextBlockFormat());
        cursor.insertText(letter + QLatin1Char('.'));
        return pane;
    }
    // Escaped by inlineHtml (only its <code> spans are markup), long words breakable, and one arg() so a "%2"
    // in the option stays text.
    auto* label =
        new QLabel(QStringLiteral("%1.&nbsp; %2").arg(letter, inlineHtml(breakable(text).toStdString())));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText); // escaped by inlineHtml: only its <code> spans are markup
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

} // namespace

OptionRow::OptionRow(bool multiSelect, int displayIndex, const QString& text, QWidget* parent)
    : QWidget(parent)
    , m_text(optionText(displayIndex, text))
{
    // The button is only the indicator; the letter starts the label, so the two line up on the first line.
    m_button = multiSelect ? static_cast<QAbstractButton*>(new QCheckBox)
                           : static_cast<QAbstractButton*>(new QRadioButton);
    // Screen readers read the whole option from the button, which has the focus.
    m_button->setAccessibleName(QStringLiteral("%1.  %2").arg(QString(QChar('A' + displayIndex)),
                                                              QString(text).remove(QLatin1Char('`'))));
    // Taller than its text, a row would spread the options apart; the options box's stretch takes the rest.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    // A pane takes its clicks in its viewport.
    auto* pane = qobject_cast<TextPane*>(m_text);
    m_clickTarget = pane ? pane->viewport() : m_text;
    m_clickTarget->installEventFilter(this);
    m_button->installEventFilter(this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addWidget(m_button, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
}

bool OptionRow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_clickTarget && event->type() == QEvent::MouseButtonRelease &&
        static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton && m_button->isEnabled()) {
        m_button->click();
        return true;
    }
    // A locked option (a revealed practice answer) looks locked in its text too.
    if (watched == m_button && event->type() == QEvent::EnabledChange) {
        m_text->setEnabled(m_button->isEnabled());
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace certdrill::gui
