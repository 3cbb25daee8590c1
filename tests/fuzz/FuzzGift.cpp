// libFuzzer target: the Moodle GIFT reader, then the pack rules on what it made (as loadPacks does).
#include <cstddef>
#include <cstdint>

#include "certdrill/pack/GiftReader.h"

#include "CurrentInput.h"
#include "FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    certdrill::fuzz::keepCurrentInput(data, size);
    certdrill::fuzz::convertAndCheck(data, size, "fuzz.gift", certdrill::convertGift);
    return 0;
}
