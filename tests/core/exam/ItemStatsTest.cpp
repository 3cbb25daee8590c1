#include "certdrill/exam/ItemStats.h"

#include <cmath>

#include <catch2/catch.hpp>

#include "certdrill/Csv.h"

using namespace certdrill;
using Catch::Detail::Approx;

namespace {

/// The attempts of `csv`, which must read.
std::vector<Attempt> attemptsOf(const std::string& csv, const std::string& file = "class.csv")
{
    auto read = readResultsCsv(csv, file);
    REQUIRE(read.ok());
    return read.value();
}

const ItemStats& item(const ItemAnalysis& a, const std::string& id)
{
    for (const ItemStats& s : a.items) {
        if (s.questionId == id) {
            return s;
        }
    }
    FAIL("no statistics for " << id);
    return a.items.front();
}

std::vector<int> chosenCounts(const ItemStats& s)
{
    std::vector<int> counts;
    for (const OptionUse& o : s.options) {
        counts.push_back(o.chosen);
    }
    return counts;
}

// Six students, four questions of four options, keys q1 A, q2 B, q3 C, q4 D. Only the columns item-stats
// reads, in another order than results --csv writes them: columns are found by name.
//
//        q1     q2     q3     q4     total
//   S1   A  1   B  1   C  1   A  0   3
//   S2   A  1   B  1   C  1   A  0   3
//   S3   A  1   B  1   B  0   D  1   3
//   S4   A  1   C  0   C  1   -  0   2      (- = unanswered)
//   S5   B  0   B  1   A  0   D  1   2
//   S6   C  0   -  0   B  0   D  1   1
const char* const kClass = "attempt,question_id,pack_id,pack_version,content_hash,options,chosen_options,"
                           "key_options,result\n"
                           "S1,q1,p,1.0,h1,4,A,A,correct\nS1,q2,p,1.0,h2,4,B,B,correct\n"
                           "S1,q3,p,1.0,h3,4,C,C,correct\nS1,q4,p,1.0,h4,4,A,D,wrong\n"
                           "S2,q1,p,1.0,h1,4,A,A,correct\nS2,q2,p,1.0,h2,4,B,B,correct\n"
                           "S2,q3,p,1.0,h3,4,C,C,correct\nS2,q4,p,1.0,h4,4,A,D,wrong\n"
                           "S3,q1,p,1.0,h1,4,A,A,correct\nS3,q2,p,1.0,h2,4,B,B,correct\n"
                           "S3,q3,p,1.0,h3,4,B,C,wrong\nS3,q4,p,1.0,h4,4,D,D,correct\n"
                           "S4,q1,p,1.0,h1,4,A,A,correct\nS4,q2,p,1.0,h2,4,C,B,wrong\n"
                           "S4,q3,p,1.0,h3,4,C,C,correct\nS4,q4,p,1.0,h4,4,,D,unanswered\n"
                           "S5,q1,p,1.1,h1,4,B,A,wrong\nS5,q2,p,1.1,h2,4,B,B,correct\n"
                           "S5,q3,p,1.1,h3,4,A,C,wrong\nS5,q4,p,1.1,h4,4,D,D,correct\n"
                           "S6,q1,p,1.1,h1,4,C,A,wrong\nS6,q2,p,1.1,h2,4,,B,unanswered\n"
                           "S6,q3,p,1.1,h3,4,B,C,wrong\nS6,q4,p,1.1,h4,4,D,D,correct\n";

} // namespace

TEST_CASE("CSV records: quoted commas, quotes and line breaks, CRLF, and located errors", "[itemstats]")
{
    auto r = parseCsv("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,x\n", "f.csv");
    REQUIRE(r.ok());
    REQUIRE(r.value().size() == 2);
    CHECK(r.value()[0].fields == std::vector<std::string>{"a", "b,c", "say \"hi\""});
    CHECK(r.value()[1].line == 2);
    CHECK(r.value()[1].fields == std::vector<std::string>{"two\nlines", "", "x"});
    CHECK(parseCsv("a,b", "f.csv").value().front().fields == std::vector<std::string>{"a", "b"});
    CHECK(parseCsv("a\nx,\"é\"b\n", "f.csv").error().message ==
          "f.csv:2:6: text after the closing quote of a field");
    CHECK(parseCsv("a\nb,\"open\n", "f.csv").error().message ==
          "f.csv:2:3: the quoted field that starts here never ends");
}

TEST_CASE("item statistics match a hand computation on six students and four questions", "[itemstats]")
{
    const ItemAnalysis a = analyseItems(attemptsOf(kClass));
    CHECK(a.attempts == 6);
    CHECK(a.warnings.empty());
    REQUIRE(a.items.size() == 4);

    // Every figure stands on 6 responses, fewer than 30: each is marked too few.
    for (const ItemStats& s : a.items) {
        CHECK(s.responses == 6);
        CHECK(s.tooFew());
        // Upper-lower groups: round(0.27 x 6) = round(1.62) = 2 attempts each.
        CHECK(s.groupSize == 2);
    }
    // Totals 3 3 3 2 2 1. Upper group (2 places): S1, S2, S3 tie at 3 and share them, weight 2/3 each.
    // Lower group: S6 (1) takes one place, S4 and S5 tie at 2 and share the other, weight 1/2 each.
    //
    // The rest score is the share right on the other 3 questions, (total - score) / 3. A correlation and a
    // ratio of covariances do not change when a variable is scaled, so below it is worked in counts
    // R = total - score. S(x,y) = sum of (x - mean x)(y - mean y).

    // q1: x = 1 1 1 1 0 0, R = 2 2 2 1 2 1. Facility 4/6.
    // mean x = 2/3, mean R = 10/6 = 5/3. x - mx = 1/3 (x4), -2/3 (x2); R - mR = 1/3 1/3 1/3 -2/3 1/3 -2/3.
    // S(x,R) = 1/9 + 1/9 + 1/9 - 2/9 - 2/9 + 4/9 = 3/9 = 1/3.
    // S(x,x) = 4 (1/9) + 2 (4/9) = 12/9 = 4/3; S(R,R) = 4 (1/9) + 2 (4/9) = 4/3.
    // r = (1/3) / sqrt(4/3 x 4/3) = (1/3) / (4/3) = 1/4.
    // C_max: sorted x = 0 0 1 1 1 1 against sorted R = 1 1 2 2 2 2, S = 2 (-2/3)(-2/3) + 4 (1/3)(1/3) = 12/9
    // = 4/3. Efficiency = (1/3) / (4/3) = 1/4.
    // Upper: (2/3)(1 + 1 + 1) / 2 = 1. Lower: (1 x 0 [S6] + 1/2 (1 [S4] + 0 [S5])) / 2 = 1/4. D = 3/4.
    const ItemStats& q1 = item(a, "q1");
    CHECK(q1.facility == Approx(4.0 / 6));
    REQUIRE(q1.discrimination);
    CHECK(*q1.discrimination == Approx(0.25));
    REQUIRE(q1.efficiency);
    CHECK(*q1.efficiency == Approx(0.25));
    REQUIRE(q1.upperLower);
    CHECK(*q1.upperLower == Approx(0.75));
    CHECK(chosenCounts(q1) == std::vector<int>{4, 1, 1, 0});
    CHECK(q1.unusedDistractors() == "D");
    CHECK_FALSE(q1.discriminatesNegatively());
    CHECK(q1.packVersions == std::vector<std::string>{"1.0", "1.1"});

    // q2: x = 1 1 1 0 1 0, R = 2 2 2 2 1 1: by symmetry with q1 (S4 and S5 swap roles) r = 1/4, efficiency
    // 1/4. Upper: (2/3)(3) / 2 = 1; lower: (0 [S6] + 1/2 (0 [S4] + 1 [S5])) / 2 = 1/4; D = 3/4.
    const ItemStats& q2 = item(a, "q2");
    CHECK(q2.facility == Approx(4.0 / 6));
    CHECK(*q2.discrimination == Approx(0.25));
    CHECK(*q2.efficiency == Approx(0.25));
    CHECK(*q2.upperLower == Approx(0.75));
    CHECK(q2.unanswered == 1);
    CHECK(chosenCounts(q2) == std::vector<int>{0, 4, 1, 0});
    CHECK(q2.unusedDistractors() == "AD");

    // q3: x = 1 1 0 1 0 0, R = 2 2 3 1 2 1. mean x = 1/2, mean R = 11/6.
    // x - mx = ±1/2; R - mR = 1/6 1/6 7/6 -5/6 1/6 -5/6.
    // S(x,R) = 1/2 (1/6 + 1/6 - 5/6) - 1/2 (7/6 + 1/6 - 5/6) = 1/2 (-3/6) - 1/2 (3/6) = -1/2.
    // S(x,x) = 6/4 = 3/2; S(R,R) = (1 + 1 + 49 + 25 + 1 + 25) / 36 = 102/36 = 17/6.
    // r = (-1/2) / sqrt(3/2 x 17/6) = (-1/2) / sqrt(17/4) = -1/sqrt(17) = -0.2425.
    // C_max: sorted x = 0 0 0 1 1 1, sorted R = 1 1 2 2 2 3: S = -1/2 (-5/6 - 5/6 + 1/6) + 1/2 (1/6 + 1/6 +
    // 7/6) = 3/4 + 3/4 = 3/2. Efficiency = (-1/2) / (3/2) = -1/3. Upper: (2/3)(1 + 1 + 0) / 2 = 2/3; lower:
    // (0 + 1/2 (1 + 0)) / 2 = 1/4; D = 5/12.
    const ItemStats& q3 = item(a, "q3");
    CHECK(q3.facility == Approx(0.5));
    CHECK(*q3.discrimination == Approx(-1 / std::sqrt(17.0)));
    CHECK(*q3.efficiency == Approx(-1.0 / 3));
    CHECK(*q3.upperLower == Approx(5.0 / 12));
    CHECK(q3.discriminatesNegatively()); // the correlation is negative though D is not
    CHECK(chosenCounts(q3) == std::vector<int>{1, 2, 3, 0});

    // q4: x = 0 0 1 0 1 1, R = 3 3 2 2 1 0. mean x = 1/2, mean R = 11/6.
    // R - mR = 7/6 7/6 1/6 1/6 -5/6 -11/6. S(x,R) = 1/2 (1/6 - 5/6 - 11/6) - 1/2 (7/6 + 7/6 + 1/6)
    // = -15/12 - 15/12 = -5/2. S(x,x) = 3/2; S(R,R) = (49 + 49 + 1 + 1 + 25 + 121) / 36 = 246/36 = 41/6.
    // r = (-5/2) / sqrt(3/2 x 41/6) = (-5/2) / sqrt(41/4) = -5/sqrt(41) = -0.7809.
    // C_max: sorted R = 0 1 2 2 3 3: S = -1/2 (-11/6 - 5/6 + 1/6) + 1/2 (1/6 + 7/6 + 7/6) = 5/4 + 5/4 = 5/2.
    // Efficiency = -1. Upper: (2/3)(0 + 0 + 1) / 2 = 1/3; lower: (1 + 1/2 (0 + 1)) / 2 = 3/4; D = -5/12.
    const ItemStats& q4 = item(a, "q4");
    CHECK(q4.facility == Approx(0.5));
    CHECK(*q4.discrimination == Approx(-5 / std::sqrt(41.0)));
    CHECK(*q4.efficiency == Approx(-1));
    CHECK(*q4.upperLower == Approx(-5.0 / 12));
    CHECK(q4.discriminatesNegatively());
    CHECK(chosenCounts(q4) == std::vector<int>{2, 0, 0, 3});
    CHECK(q4.unusedDistractors() == "BC");

    // The order the attempts come in changes nothing, ties included.
    std::vector<Attempt> reversed = attemptsOf(kClass);
    std::reverse(reversed.begin(), reversed.end());
    const ItemAnalysis b = analyseItems(reversed);
    for (size_t i = 0; i < a.items.size(); ++i) {
        CHECK(*b.items[i].discrimination == Approx(*a.items[i].discrimination));
        CHECK(*b.items[i].upperLower == Approx(*a.items[i].upperLower));
    }
}

TEST_CASE("item statistics: no spread, repeated attempts, edited questions and bad files", "[itemstats]")
{
    // Everyone right: facility 1 and no correlation to speak of (no spread in the score), not a 0 or a NaN.
    const ItemAnalysis easy = analyseItems(attemptsOf("attempt,question_id,pack_id,pack_version,content_hash,"
                                                      "options,chosen_options,key_options,result\n"
                                                      "a,e,p,1,h,2,A,A,correct\na,f,p,1,g,2,A,A,correct\n"
                                                      "b,e,p,1,h,2,A,A,correct\nb,f,p,1,g,2,B,A,wrong\n"));
    const ItemStats& e = item(easy, "e");
    CHECK(e.facility == 1);
    CHECK_FALSE(e.discrimination);
    CHECK_FALSE(e.efficiency);
    CHECK(e.unusedDistractors() == "B");

    // The same file twice counts once; a question edited between versions is two rows, with a warning.
    std::vector<Attempt> twice = attemptsOf(kClass, "one.csv");
    for (Attempt& at : attemptsOf(kClass, "two.csv")) {
        twice.push_back(at);
    }
    twice.push_back(
        Attempt{"three.csv", "S7", {ItemResponse{"p", "2.0", "q1", "h1-edited", 2, 4, "A", "A", true}}});
    const ItemAnalysis pooled = analyseItems(twice);
    CHECK(pooled.attempts == 7);
    REQUIRE(pooled.warnings.size() == 7);
    CHECK(pooled.warnings.front() == "two.csv: attempt S1 was already read from one.csv; counted once");
    CHECK(pooled.warnings.back() == "question p/q1 has 2 different contents in these files (edited between "
                                    "pack versions): each is analysed "
                                    "apart");
    REQUIRE(pooled.items.size() == 5);
    CHECK(pooled.items[0].questionId == "q1");
    CHECK(pooled.items[0].responses == 6);
    CHECK(pooled.items[1].contentHash == "h1-edited");
    CHECK(pooled.items[1].responses == 1);
    CHECK_FALSE(pooled.items[1].upperLower); // round(0.27) = 0: no group to compare

    // Files item-stats cannot read say where and why.
    CHECK(readResultsCsv("position,question_id,result\n1,q1,correct\n", "old.csv").error().message ==
          "old.csv:1:1: the header lacks attempt, pack_id, pack_version, content_hash, options, "
          "chosen_options, "
          "key_options: write the file again with certdrill-cli results ID --csv of this version");
    const std::string header = "attempt,question_id,pack_id,pack_version,content_hash,options,chosen_options,"
                               "key_options,result\n";
    CHECK(readResultsCsv(header + "a,q,p,1,h,4,E,A,wrong\n", "x.csv").error().message ==
          "x.csv:2: chosen_options \"E\" or key_options \"A\" are not letters of the question's 4 options");
    CHECK(readResultsCsv(header + "a,q,p,1,h,4,A,A,right\n", "x.csv").error().message ==
          "x.csv:2: result: \"right\" is not correct, wrong, incomplete or unanswered");
    // A multi-select with too few options chosen is a response, wrong as any other.
    const auto incomplete = readResultsCsv(header + "a,q,p,1,h,4,A,AC,incomplete\n", "x.csv");
    REQUIRE(incomplete.ok());
    REQUIRE(incomplete.value().size() == 1);
    CHECK(incomplete.value().front().responses.front().chosen == "A");
    CHECK_FALSE(incomplete.value().front().responses.front().correct);
    CHECK(readResultsCsv(header + "a,q,p,1,h,4,A\n", "x.csv").error().message ==
          "x.csv:2: the row has 7 fields, the header 9");
    // Files appended under one another keep their headers out of the data, and their attempts apart.
    const auto appended =
        attemptsOf(header + "a,q,p,1,h,2,A,A,correct\n\n" + header + "b,q,p,1,h,2,B,A,wrong\n");
    REQUIRE(appended.size() == 2);
    CHECK(appended[1].label == "b");
    CHECK(appended[1].responses.front().line == 5);
    // Without an attempt label, a file is one attempt named by the file.
    CHECK(attemptsOf(header + ",q,p,1,h,2,A,A,correct\n").front().label == "class.csv");
}
