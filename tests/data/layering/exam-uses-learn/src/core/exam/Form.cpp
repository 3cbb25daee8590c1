// A deliberate layering violation: the exam layer reaching up to the learning model.
#include "certdrill/exam/Form.h"
#include "certdrill/learn/Tracker.h"
