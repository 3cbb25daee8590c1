#pragma once

#include <vector>

#include "certdrill/learn/Mastery.h"

namespace certdrill {

/// The level model the drill planner uses to pitch questions (docs/adaptive-model.md, "Level"): an Elo-style
/// ability per domain against item difficulties from the bank's 1–5 tags, in a 3PL with a guessing floor.
struct AbilityModel
{
    double start = 0.0; ///< ability before any answer: the bank's average question is a coin flip
    double k = 0.2;     ///< Elo step of the domain's own offset on a first-time answer, per unit of surprise
    double kGlobal = 0.1; ///< Elo step of the learner's shared part, which every domain's answers move
    double drift = 0.02;  ///< expected ability gained per answered question (practice with feedback teaches)
    double scale = 1.7;   ///< logistic scale a of P(solve) = sigma(a · (ability − difficulty))
    double guess = 0.25;  ///< chance of a right answer by guessing
};

/// The cut points between the tags 1|2, 2|3, 3|4 and 4|5 on a standard-normal difficulty scale. They put the
/// bundled bank's tag shares (39, 92, 124, 69 and 37 of 361 questions) at the normal's quantiles.
inline constexpr double kDifficultyTagCuts[4] = {-1.2371, -0.3508, 0.5428, 1.2675};

/// A bank difficulty tag (1–5) on the logit scale: the mean of the standard normal between the tag's cut
/// points (−1.718, −0.744, 0.090, 0.866, 1.743); 0 for an unset tag.
double difficultyLogit(int tag);

/// P(the learner works the question out) = sigma(scale · (ability − difficulty)), before guessing.
double solveProbability(double ability, double difficulty, const AbilityModel& model = {});

/// The accuracy expected on a set of questions at an ability: the mean over `difficulties` of
/// guess + (1 − guess) · solveProbability. With no questions, that of one question of difficulty 0.
double expectedAccuracy(double ability, const std::vector<double>& difficulties,
                        const AbilityModel& model = {});
/// Estimates each domain's ability from evidence in time order. A domain's ability is the learner's shared
/// level plus the domain's own offset. Every answer adds `drift` to its domain's offset; a first-time answer
/// (AnswerEvidence::first) with surprise r = correct − P, where P = guess + (1 − guess) · solveProbability,
/// moves the offset by k · r and the shared level by kGlobal · r. Later answers to the same question are not
/// used for the Elo step because remembering the question, not skill, explains most of them.
std::vector<double> estimateAbility(const std::vector<AnswerEvidence>& evidence, int domains,
                                    const AbilityModel& model = {});

} // namespace certdrill
