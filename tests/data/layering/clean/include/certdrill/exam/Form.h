#pragma once
// Allowed: the exam layer uses itself, the store, the pack layer and the base.
#include "certdrill/Model.h"
#include "certdrill/exam/ExamSession.h"
#include "certdrill/pack/PackLoader.h"
#include "certdrill/store/Store.h"
