#pragma once

#include <memory>

#include <catch2/catch.hpp>

#include "certdrill/Clock.h"
#include "certdrill/Model.h"
#include "certdrill/store/Store.h"

#include "TestSupport.h"

namespace certdrill::test {

/// The bank most core tests work on: the mini exam and its four questions (tests/data/mini-exam.json and
/// mini-questions.json) imported into a database file of its own, with a fake clock. Test fixtures derive
/// from it and add what their tests share.
struct MiniBank
{
    TempDir dir;
    FakeClock clock;
    std::unique_ptr<Store> store;
    ExamDef exam;

    MiniBank()
    {
        reopenStore();
        REQUIRE(store->importFiles({dataFile("mini-exam.json"), dataFile("mini-questions.json")}).ok());
        exam = store->exam("mini").value();
    }

    /// Closes the store and opens the same file again, as a restart of the app would.
    void reopenStore()
    {
        store.reset();
        auto s = Store::open(dir / "db.sqlite", clock);
        REQUIRE(s.ok());
        store = std::move(s.value());
    }
};

} // namespace certdrill::test
