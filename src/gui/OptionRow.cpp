#include "OptionRow.h"

#include <algorithm>
#include <cmath>

#include <QAbstractTextDocumentLayout>
#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QRadioButton>
#include <QTextBlock>
#include <QTextBlockFormat>
#include <QTextCursor>
#include <QTextLayout>
#include <QVBoxLayout>

#include "Display.h"
#include "SafeTextDocument.h"
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
    m_buttonColumn = new QVBoxLayout;
    m_buttonColumn->setContentsMargins(0, 0, 0, 0);
    m_buttonColumn->addWidget(m_button);
    m_buttonColumn->addStretch();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addLayout(m_buttonColumn);
    layout->addWidget(m_text, 1);
    alignButton();
}

namespace {

/// The middle of the first line of `doc`'s first block, from the top of the document (its margin included);
/// half a line of `fontHeight` below the margin while the block is not laid out.
double lineMiddleIn(const QTextDocument& doc, int fontHeight)
{
    const QTextBlock first = doc.firstBlock();
    const QTextLayout* layout = first.layout();
    if (!layout || layout->lineCount() == 0) {
        return doc.documentMargin() + fontHeight / 2.0;
    }
    const QTextLine line = layout->lineAt(0);
    return doc.documentLayout()->blockBoundingRect(first).top() + line.y() + line.height() / 2.0;
}

} // namespace

double OptionRow::firstLineMiddle() const
{
    if (const auto* pane = qobject_cast<const TextPane*>(m_text)) {
        // The letter's paragraph, laid out by the pane (below its frame and the document's margin).
        return pane->frameWidth() + lineMiddleIn(*pane->document(), pane->fontMetrics().height());
    }
    // The label's own text laid out as the label lays it out (no margin, its font and width), in a document
    // that never loads anything; the text is inlineHtml's, whose only markup is <code>.
    const auto* label = static_cast<const QLabel*>(m_text);
    SafeTextDocument doc;
    doc.setDocumentMargin(0);
    doc.setDefaultFont(label->font());
    doc.setHtml(label->text());
    doc.setTextWidth(label->contentsRect().width() > 0 ? label->contentsRect().width() : -1);
    doc.documentLayout()->documentSize(); // lays it out
    return label->contentsRect().top() + lineMiddleIn(doc, label->fontMetrics().height());
}

void OptionRow::alignButton()
{
    const int top =
        std::max(0, static_cast<int>(std::lround(firstLineMiddle() - m_button->sizeHint().height() / 2.0)));
    if (m_buttonColumn->contentsMargins().top() != top) {
        m_buttonColumn->setContentsMargins(0, top, 0, 0);
    }
}

void OptionRow::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    alignButton(); // another width can put other words, or code, on the first line
}

void OptionRow::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        // View ▸ Larger text: taller lines and a larger indicator. Once the button and the text have their
        // new font too, which reaches them after this row.
        QMetaObject::invokeMethod(this, &OptionRow::alignButton, Qt::QueuedConnection);
    }
}

bool OptionRow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_clickTarget && event->type() == QEvent::MouseButtonRelease &&
        static_cast<QMouseEvent*>(event)->button() == Qt::LeftButton && m_button->isEnabled()) {
        m_button->click();
        return true;
    }
    // A locked option (a revealed practice answer, a checked drill answer) looks locked in its text too, but
    // stays the candidate's to read beside the verdict: muted text at 4.5:1, not the disabled grey (1.6:1)
    // that WCAG allows an inactive control. A style sheet color holds in every state, also when a locked
    // parent disables the text.
    if (watched == m_button && event->type() == QEvent::EnabledChange) {
        const bool enabled = m_button->isEnabled();
        m_text->setEnabled(enabled);
        if (enabled) {
            m_text->setStyleSheet(QString());
        } else {
            setTextColor(m_text, mutedColor());
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace certdrill::gui
