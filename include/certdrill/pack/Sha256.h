#pragma once

#include <string>
#include <string_view>

namespace certdrill {

/// SHA-256 of the bytes, as 64 lower-case hex digits (FIPS 180-4). Used to record which file a pack came
/// from.
std::string sha256Hex(std::string_view data);

/// The same digest computed without the CPU's SHA instructions, which sha256Hex uses where the processor has
/// them (x86-64 SHA extensions); tests check that both agree.
std::string sha256HexPortable(std::string_view data);

} // namespace certdrill
