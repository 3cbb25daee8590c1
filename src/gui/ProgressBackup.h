#pragma once

#include "certdrill/Clock.h"
#include "certdrill/store/Store.h"

class QWidget;

namespace certdrill::gui {

// File ▸ Back up progress… and File ▸ Restore progress…: the dialogs around the core's backupDatabase and
// restoreDatabase (certdrill/store/Backup.h), which certdrill-cli backup and restore call too.

/// Asks where to write a copy of the study database (suggesting certdrill-backup-DATE.db in the home
/// folder; the dialog asks before replacing a file), writes it, and says where it went or why not.
void backUpProgressInteractively(QWidget* parent, Store& store, const Clock& clock);

/// Asks for a backup file, checks it before anything else, asks to confirm, and restores it in place; says
/// where the replaced database is kept, or why nothing changed. True when the store now holds the restored
/// progress, so the caller shows it afresh.
bool restoreProgressInteractively(QWidget* parent, Store& store, const Clock& clock);

} // namespace certdrill::gui
