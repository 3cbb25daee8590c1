// libFuzzer target: the strict JSON reader and the pack checker on any bytes (a pack from a stranger).
#include <cstddef>
#include <cstdint>
#include <string>

#include "certdrill/pack/PackLoader.h"

#include "CurrentInput.h"
#include "FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    certdrill::fuzz::keepCurrentInput(data, size);
    using namespace certdrill;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const LoadedPack lp = loadPackText(text, "fuzz.json", fuzz::miniCatalog());
    fuzz::checkDiagnostics(lp.diagnostics);
    return 0;
}
