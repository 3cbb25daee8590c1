// libFuzzer target: the Moodle XML reader, then the pack rules on what it made (as loadPacks does).
#include <cstddef>
#include <cstdint>

#include "certdrill/pack/MoodleXmlReader.h"

#include "CurrentInput.h"
#include "FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    certdrill::fuzz::keepCurrentInput(data, size);
    certdrill::fuzz::convertAndCheck(data, size, "fuzz.xml", certdrill::convertMoodleXml);
    return 0;
}
