#include "certdrill/pack/Sha256.h"

#include <string>

#include <catch2/catch.hpp>

using namespace certdrill;

TEST_CASE("SHA-256 gives the FIPS 180-4 test vectors", "[sha256]")
{
    const std::string million(1000000, 'a');
    for (const auto& hash : {sha256Hex, sha256HexPortable}) {
        CHECK(hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        CHECK(hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        CHECK(hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
        CHECK(hash(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    }
}

TEST_CASE("SHA-256 with and without the CPU's SHA instructions agree at every length", "[sha256]")
{
    // Every padding case (a tail of 0 to 63 bytes, one or two final blocks) and several full blocks.
    std::string data;
    std::uint32_t x = 12345;
    for (int n = 0; n <= 300; ++n) {
        INFO(n);
        CHECK(sha256Hex(data) == sha256HexPortable(data));
        x = x * 1664525u + 1013904223u;
        data += static_cast<char>(x >> 24);
    }
}
