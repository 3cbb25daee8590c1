#pragma once
// A deliberate violation: Qt in the core's base.
#include <QString>
