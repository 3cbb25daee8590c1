#pragma once

#include <string>

#include "certdrill/Model.h"

namespace certdrill {

/// A pack in certdrill's JSON format (docs/pack-format.md), the inverse of loadPacks: fields in the
/// documented order, two-space indentation, UTF-8 as it is, and optional fields only when they are set (an
/// empty "why", difficulty 0, `shuffle: true` and empty lists are left out, as the loader reads their
/// absence). Loading the text gives back the same Pack, so every question keeps its content hash; `convert`
/// and `export` write with it. Pack::sourcePath and Pack::sha256 describe a file, not its content, and are
/// not written.
std::string packToJson(const Pack& pack);

} // namespace certdrill
