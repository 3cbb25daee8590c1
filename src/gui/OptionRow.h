#pragma once

#include <QWidget>

class QAbstractButton;
class QLabel;
class QVBoxLayout;

namespace certdrill::gui {

/// One answer option on the exam and drill screens: a radio button (one answer) or check box (multi-select)
/// with the option's letter, and the option's text beside it in a label that wraps. A button's own text
/// never wraps, so a long option, or a larger text size, would otherwise widen the window past the screen.
/// Clicking the text clicks the button, as clicking a button's own text does. An option holding a code block,
/// a table or an image shows in a TextPane instead of a label (ReportText's isBlockMarkdown).
class OptionRow : public QWidget
{
    Q_OBJECT

public:
    OptionRow(bool multiSelect, int displayIndex, const QString& text, QWidget* parent = nullptr);

    /// The radio button or check box, for the caller's button group and checked state.
    QAbstractButton* button() const { return m_button; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Moves the button down so its middle is on the first line's: a line holding inline code is taller
    /// than the text's font, and a larger text size makes every line taller than the indicator.
    void alignButton();
    /// Where the middle of the text's first line is, from the top of the text's widget.
    double firstLineMiddle() const;

    QAbstractButton* m_button;
    QVBoxLayout* m_buttonColumn;
    QWidget* m_text;        ///< a QLabel, or a TextPane for block Markdown
    QWidget* m_clickTarget; ///< what a click on the text lands on: the label, or the pane's viewport
};

} // namespace certdrill::gui
