#pragma once

#include <string>
#include <string_view>

namespace certdrill {

/// SHA-256 of the bytes, as 64 lower-case hex digits (FIPS 180-4). Used to record which file a pack came
/// from.
std::string sha256Hex(std::string_view data);

} // namespace certdrill
