// A deliberate violation: the shipped core using the learner simulation.
#include "certdrill/sim/LearnerSimulation.h"
