#pragma once

#include <memory>

#include <catch2/catch.hpp>

#include "certdrill/Clock.h"
#include "certdrill/Model.h"
#include "certdrill/store/Store.h"

namespace certdrill::test {

/// The bundled bank (questions/, whose exam definition reserves two final forms) imported into a database in
/// memory, with a fake clock: for tests of what the real bank gives.
struct BundledBank
{
    FakeClock clock;
    std::unique_ptr<Store> store;
    ExamDef exam;

    BundledBank()
    {
        auto opened = Store::open(":memory:", clock);
        REQUIRE(opened.ok());
        store = std::move(opened.value());
        REQUIRE(store->importFiles(packFilesIn(CERTDRILL_QUESTIONS_DIR)).ok());
        exam = store->exam("ncp-genl").value();
    }
};

} // namespace certdrill::test
