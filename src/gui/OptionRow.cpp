#include "OptionRow.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QRadioButton>

#include "Display.h"

namespace certdrill::gui {

OptionRow::OptionRow(bool multiSelect, int displayIndex, const QString& text, QWidget* parent)
    : QWidget(parent)
    // Escaped by inlineHtml (only its <code> spans are markup), long words breakable, and one arg() so a "%2"
    // in the option stays text.
    , m_text(
          new QLabel(QStringLiteral("%1.&nbsp; %2")
                         .arg(QString(QChar('A' + displayIndex)), inlineHtml(breakable(text).toStdString()))))
{
    // The button is only the indicator; the letter starts the label, so the two line up on the first line.
    m_button = multiSelect ? static_cast<QAbstractButton*>(new QCheckBox)
                           : static_cast<QAbstractButton*>(new QRadioButton);
    // Screen readers read the whole option from the button, which has the focus.
    m_button->setAccessibleName(QStringLiteral("%1.  %2").arg(QString(QChar('A' + displayIndex)),
                                                              QString(text).remove(QLatin1Char('`'))));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText); // escaped by inlineHtml: only its <code> spans are markup
    m_text->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Taller than its text, a row would spread the options apart; the options box's stretch takes the rest.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_text->installEventFilter(this);
    m_button->installEventFilter(this);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addWidget(m_button, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
}

bool OptionRow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_text && event->type() == QEvent::MouseButtonRelease &&
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
