#pragma once
// A deliberate layering violation for tests/cmake/LayeringTest.cmake: the pack layer reaching up to the store.
#include "certdrill/Model.h"
#include "certdrill/store/Store.h"
