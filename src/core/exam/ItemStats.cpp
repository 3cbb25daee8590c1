#include "certdrill/exam/ItemStats.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "certdrill/Csv.h"
#include "certdrill/exam/SessionHistory.h"

namespace certdrill {

namespace {

/// The columns item statistics reads; the rest of a results file is for people.
const std::vector<std::string> kNeeded = {"question_id", "result",         "attempt",
                                          "pack_id",     "pack_version",   "content_hash",
                                          "options",     "chosen_options", "key_options"};

/// Whether `letters` are distinct option letters of a question with `options` options.
bool validLetters(const std::string& letters, int options)
{
    std::set<char> seen;
    for (const char c : letters) {
        if (c < 'A' || c >= 'A' + options || !seen.insert(c).second) {
            return false;
        }
    }
    return true;
}

/// Sum of (x - mean x)(y - mean y): n times the covariance, which is all a ratio of covariances needs.
double coSum(const std::vector<double>& x, const std::vector<double>& y)
{
    const double n = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / n;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / n;
    double s = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        s += (x[i] - mx) * (y[i] - my);
    }
    return s;
}

// Below this a sum of squares is rounding error, not spread (scores are shares of at most a few hundred
// questions, so a real spread is far larger).
constexpr double kNoSpread = 1e-12;

/// Share right among the `group` attempts at one end of `byTotal` (score, total share), sorted best first
/// for the upper group or worst first for the lower. Attempts tied on the total where the group ends share
/// its last places equally, so the result does not depend on the order the files were given in.
double groupShare(const std::vector<std::pair<double, double>>& byTotal, int group)
{
    double left = group;
    double right = 0;
    for (size_t i = 0; i < byTotal.size() && left > 0;) {
        size_t j = i;
        double scoreSum = 0;
        while (j < byTotal.size() && byTotal[j].second == byTotal[i].second) {
            scoreSum += byTotal[j].first;
            ++j;
        }
        const double tied = static_cast<double>(j - i);
        const double weight = std::min(1.0, left / tied);
        right += weight * scoreSum;
        left -= weight * tied;
        i = j;
    }
    return right / group;
}

} // namespace

std::string ItemStats::unusedDistractors() const
{
    std::string letters;
    for (const OptionUse& o : options) {
        if (!o.correct && o.chosen == 0) {
            letters += o.letter;
        }
    }
    return letters;
}

Result<std::vector<Attempt>> readResultsCsv(const std::string& text, const std::string& file)
{
    auto records = parseCsv(text, file);
    if (!records) {
        return records.error();
    }
    const std::vector<CsvRecord>& rows = records.value();
    if (rows.empty()) {
        return Error{file + ":1:1: empty file: expected the output of certdrill-cli results ID --csv"};
    }
    const std::vector<std::string>& header = rows.front().fields;
    std::map<std::string, size_t> column;
    for (size_t c = 0; c < header.size(); ++c) {
        column.emplace(header[c], c);
    }
    std::string missing;
    for (const std::string& name : kNeeded) {
        if (!column.count(name)) {
            missing += (missing.empty() ? "" : ", ") + name;
        }
    }
    if (!missing.empty()) {
        return Error{file + ":1:1: the header lacks " + missing +
                     ": write the file again with certdrill-cli results ID --csv of this version"};
    }
    std::vector<Attempt> attempts;
    std::map<std::string, size_t> byLabel;
    for (size_t r = 1; r < rows.size(); ++r) {
        const CsvRecord& row = rows[r];
        const std::string at = file + ":" + std::to_string(row.line) + ": ";
        if (row.fields.size() == 1 && row.fields.front().empty()) {
            continue; // a blank line, e.g. between appended files
        }
        if (row.fields.size() != header.size()) {
            return Error{at + "the row has " + std::to_string(row.fields.size()) + " fields, the header " +
                         std::to_string(header.size())};
        }
        if (row.fields == header) {
            continue; // the header of a file appended to this one
        }
        const auto field = [&](const char* name) -> const std::string& {
            return row.fields[column.at(name)];
        };
        ItemResponse response;
        response.line = row.line;
        response.questionId = field("question_id");
        response.packId = field("pack_id");
        response.packVersion = field("pack_version");
        response.contentHash = field("content_hash");
        response.chosen = field("chosen_options");
        response.key = field("key_options");
        const std::string& result = field("result");
        const std::string& options = field("options");
        if (response.questionId.empty() || response.contentHash.empty()) {
            return Error{at + "question_id and content_hash must not be empty"};
        }
        // "incomplete" (a multi-select with too few options chosen) is wrong with a response, as "wrong"
        // is; files written before it existed say "wrong" for the same answer.
        if (result != "correct" && result != "wrong" && result != "incomplete" && result != "unanswered") {
            return Error{at + "result: \"" + result + "\" is not correct, wrong, incomplete or unanswered"};
        }
        if (options.empty() || options.size() > 2 ||
            !std::all_of(options.begin(), options.end(), ::isdigit) || std::stoi(options) < 2 ||
            std::stoi(options) > 26) {
            return Error{at + "options: \"" + options + "\" is not a number of options from 2 to 26"};
        }
        response.options = std::stoi(options);
        if (!validLetters(response.chosen, response.options) ||
            !validLetters(response.key, response.options) || response.key.empty()) {
            return Error{at + "chosen_options \"" + response.chosen + "\" or key_options \"" + response.key +
                         "\" are not letters of the question's " + options + " options"};
        }
        response.correct = result == "correct";
        const std::string label = field("attempt").empty() ? file : field("attempt");
        auto [it, added] = byLabel.emplace(label, attempts.size());
        if (added) {
            attempts.push_back(Attempt{file, label, {}});
        }
        attempts[it->second].responses.push_back(std::move(response));
    }
    return attempts;
}

Result<std::vector<Attempt>> readResultsFile(const std::filesystem::path& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return Error{path.string() + ": is a directory, not a results file"};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return Error{path.string() + ": cannot open file for reading"};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return readResultsCsv(text.str(), path.string());
}

ItemAnalysis analyseItems(const std::vector<Attempt>& attempts)
{
    ItemAnalysis out;
    // Each attempt once: an instructor who collects the same file twice should not count its answers twice.
    std::map<std::string, const Attempt*> seen;
    std::vector<const Attempt*> unique;
    for (const Attempt& a : attempts) {
        auto [it, added] = seen.emplace(a.label, &a);
        if (!added) {
            out.warnings.push_back(a.file + ": attempt " + a.label + " was already read from " +
                                   it->second->file + "; counted once");
            continue;
        }
        unique.push_back(&a);
    }
    out.attempts = static_cast<int>(unique.size());

    // Per question, its responses' (score, rest share, total share, chosen letters).
    struct Point
    {
        double score;
        std::optional<double> rest; // none when the attempt served no other question
        double total;
        const ItemResponse* response;
    };
    using Key = std::tuple<std::string, std::string, std::string>;
    std::map<Key, std::pair<size_t, std::vector<Point>>> byItem; // first appearance, points
    std::map<std::pair<std::string, std::string>, std::set<std::string>> contents;
    for (const Attempt* a : unique) {
        const auto n = static_cast<double>(a->responses.size());
        const double right = static_cast<double>(std::count_if(
            a->responses.begin(), a->responses.end(), [](const ItemResponse& r) { return r.correct; }));
        for (const ItemResponse& r : a->responses) {
            const double score = r.correct ? 1 : 0;
            Point p{score, std::nullopt, right / n, &r};
            if (n > 1) {
                // Moodle's rest of the test: the attempt's score without this question, so an item does not
                // correlate with itself. A share rather than a count, so forms of different lengths compare.
                p.rest = (right - score) / (n - 1);
            }
            auto& entry = byItem
                              .try_emplace(Key{r.packId, r.questionId, r.contentHash}, byItem.size(),
                                           std::vector<Point>{})
                              .first->second;
            entry.second.push_back(p);
            contents[{r.packId, r.questionId}].insert(r.contentHash);
        }
    }
    for (const auto& [id, hashes] : contents) {
        if (hashes.size() > 1) {
            out.warnings.push_back(
                "question " + id.first + "/" + id.second + " has " + std::to_string(hashes.size()) +
                " different contents in these files (edited between pack versions): each is "
                "analysed apart");
        }
    }

    std::vector<std::pair<size_t, ItemStats>> ordered;
    for (const auto& [key, entry] : byItem) {
        const std::vector<Point>& points = entry.second;
        ItemStats s;
        std::tie(s.packId, s.questionId, s.contentHash) = key;
        s.responses = static_cast<int>(points.size());
        const ItemResponse& first = *points.front().response;
        for (int o = 0; o < first.options; ++o) {
            const char letter = static_cast<char>('A' + o);
            s.options.push_back({letter, first.key.find(letter) != std::string::npos, 0});
        }
        std::vector<double> x;
        std::vector<double> y;
        for (const Point& p : points) {
            const ItemResponse& r = *p.response;
            if (std::find(s.packVersions.begin(), s.packVersions.end(), r.packVersion) ==
                s.packVersions.end()) {
                s.packVersions.push_back(r.packVersion);
            }
            s.correct += r.correct ? 1 : 0;
            s.unanswered += r.chosen.empty() ? 1 : 0;
            for (const char c : r.chosen) {
                // The content hash covers the options, so the same key never has more options in another row.
                if (c - 'A' < static_cast<int>(s.options.size())) {
                    ++s.options[static_cast<size_t>(c - 'A')].chosen;
                }
            }
            if (p.rest) {
                x.push_back(p.score);
                y.push_back(*p.rest);
            }
        }
        s.facility = static_cast<double>(s.correct) / s.responses;

        if (x.size() > 1) {
            const double sxy = coSum(x, y);
            const double sxx = coSum(x, x);
            const double syy = coSum(y, y);
            if (sxx > kNoSpread && syy > kNoSpread) {
                s.discrimination = sxy / std::sqrt(sxx * syy);
            }
            // Moodle's C_max: the covariance when the scores and the rest scores are each sorted and paired
            // in order, the most any pairing of these values can reach.
            std::vector<double> xs = x;
            std::vector<double> ys = y;
            std::sort(xs.begin(), xs.end());
            std::sort(ys.begin(), ys.end());
            const double most = coSum(xs, ys);
            if (most > kNoSpread) {
                s.efficiency = sxy / most;
            }
        }

        s.groupSize = static_cast<int>(std::lround(kUpperLowerShare * s.responses));
        if (s.groupSize > 0) {
            std::vector<std::pair<double, double>> byTotal;
            for (const Point& p : points) {
                byTotal.emplace_back(p.score, p.total);
            }
            std::sort(byTotal.begin(), byTotal.end(),
                      [](const auto& a, const auto& b) { return a.second > b.second; });
            const double upper = groupShare(byTotal, s.groupSize);
            std::reverse(byTotal.begin(), byTotal.end());
            s.upperLower = upper - groupShare(byTotal, s.groupSize);
        }
        ordered.emplace_back(entry.first, std::move(s));
    }
    std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
        return std::tie(a.second.packId, a.second.questionId, a.first) <
               std::tie(b.second.packId, b.second.questionId, b.first);
    });
    for (auto& [order, s] : ordered) {
        out.items.push_back(std::move(s));
    }
    return out;
}

} // namespace certdrill
