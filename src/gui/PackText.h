#pragma once

#include <QString>

#include "certdrill/pack/ItemLint.h"

class QTableWidgetItem;

namespace certdrill::gui {

/// "1 question", "4 questions": `n` with the singular or the plural noun (the app has no translations,
/// whose %n forms would otherwise show "question(s)").
QString countedText(int n, const QString& singular, const QString& plural);

/// The item lint's verdict on a set of questions in one line: what always picking the longest option scores
/// against blind guessing, "19.8% (chance 20.1%)". What --strict would refuse them for follows: ": cued"
/// when the longest option beats chance, "; cued: shortest option scores 45.0%" when another surface
/// strategy does, "; item-writing flaws" for the rest (the tooltip, lintDetailText, says which). Empty for
/// no questions.
QString lintScoreText(const LintSummary& summary);

/// Every surface strategy's score against chance, one a line, then why --strict would refuse the questions.
QString lintDetailText(const LintSummary& summary);

/// A table cell with lintScoreText, lintDetailText as its tooltip, in the failure color when cued.
QTableWidgetItem* lintScoreItem(const LintSummary& summary);

} // namespace certdrill::gui
