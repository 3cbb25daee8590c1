#include "certdrill/exam/ExamAssembler.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_map>

#include "certdrill/Random.h"

namespace certdrill {

std::vector<int> apportion(const std::vector<double>& weights, int total)
{
    std::vector<int> seats(weights.size(), 0);
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    if (total <= 0 || sum <= 0) {
        return seats;
    }
    std::vector<double> remainder(weights.size(), 0.0);
    int given = 0;
    for (size_t i = 0; i < weights.size(); ++i) {
        const double quota = weights[i] > 0 ? weights[i] * total / sum : 0.0;
        // A hair of tolerance so 0.17 × 100 computed as 16.999999 still floors to 17.
        seats[i] = static_cast<int>(std::floor(quota + 1e-9));
        remainder[i] = weights[i] > 0 ? quota - seats[i] : -1.0;
        given += seats[i];
    }
    std::vector<size_t> order(weights.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (std::abs(remainder[a] - remainder[b]) > 1e-9) {
            return remainder[a] > remainder[b];
        }
        return weights[a] > weights[b]; // then the earlier position, by stability
    });
    for (size_t k = 0; given < total && k < order.size(); ++k) {
        if (weights[order[k]] > 0) {
            ++seats[order[k]];
            ++given;
        }
    }
    return seats;
}

int Form::multiSelect() const
{
    return static_cast<int>(std::count_if(items.begin(), items.end(),
                                          [](const FormItem& i) { return i.question.isMultiSelect(); }));
}

bool Form::complete() const
{
    return std::all_of(domains.begin(), domains.end(), [](const DomainPlan& d) { return d.missing() <= 0; });
}

std::vector<std::string> Form::shortfalls() const
{
    std::vector<std::string> out;
    for (const auto& d : domains) {
        if (d.missing() > 0) {
            out.push_back(d.name + ": " + std::to_string(d.chosen) + " of " + std::to_string(d.target) +
                          " questions (" + std::to_string(d.missing()) + " missing)");
        }
    }
    return out;
}

namespace {

/// What the assembly reads of a question: enough to seat, rank and shuffle it. `source` is its place in the
/// caller's pool, from which only the chosen questions are made (FormItem::question).
struct Entry
{
    std::int64_t rowId = 0;
    std::optional<std::int64_t> lastSeenMs;
    std::size_t source = 0;
    std::size_t domain = 0; ///< index in the exam's domains
    int optionCount = 0;
    bool multi = false;
    bool shuffle = true;
};

/// Entries of one domain and kind, best first: never served, then least recently served, then by seed.
std::vector<const Entry*> ranked(const std::vector<const Entry*>& list, Random& rng)
{
    std::vector<std::pair<std::uint64_t, const Entry*>> keyed;
    keyed.reserve(list.size());
    for (const Entry* c : list) {
        keyed.emplace_back(rng.next(), c);
    }
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        const auto& sa = a.second->lastSeenMs;
        const auto& sb = b.second->lastSeenMs;
        if (sa.has_value() != sb.has_value()) {
            return !sa.has_value();
        }
        if (sa && *sa != *sb) {
            return *sa < *sb;
        }
        if (a.first != b.first) {
            return a.first < b.first;
        }
        return a.second->rowId < b.second->rowId;
    });
    std::vector<const Entry*> out;
    out.reserve(keyed.size());
    for (const auto& k : keyed) {
        out.push_back(k.second);
    }
    return out;
}

/// The domains' indices by id.
std::unordered_map<std::string, std::size_t> domainIndex(const ExamDef& exam)
{
    std::unordered_map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < exam.domains.size(); ++i) {
        index.emplace(exam.domains[i].id, i);
    }
    return index;
}

/// The assembly itself, over the entries of the exam's domains; `questionOf(source)` makes a chosen
/// entry's question.
template <typename QuestionOf>
Form assemble(const ExamDef& exam, std::vector<Entry> entries, int count, std::uint64_t seed,
              QuestionOf questionOf)
{
    Form form;
    form.examId = exam.id;
    form.requested = count > 0 ? count : exam.countDefault;
    form.seed = seed;
    Random rng(seed);

    // Sorted by row id first so the result does not depend on the order the caller read the pool in.
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.rowId < b.rowId; });

    std::vector<double> weights;
    for (const auto& d : exam.domains) {
        weights.push_back(d.weight);
    }
    const std::vector<int> seats = apportion(weights, form.requested);

    std::vector<std::vector<const Entry*>> singles(exam.domains.size()), multis(exam.domains.size());
    for (const Entry& e : entries) {
        (e.multi ? multis : singles)[e.domain].push_back(&e);
    }

    // Multi-select seats: apportioned over the domains in proportion to their seats, then moved between
    // domains where a domain's supply cannot meet its share. The first pass keeps every domain inside the
    // range it can fill with never-served questions (so the share never forces a repeat), and may serve up
    // to about 5% of the form more multi-selects than the share asks ("about 25%", as on the real exam):
    // a bank richer in multi-selects than the share then still fills every form with questions the
    // candidate has not seen, instead of running out of single-answer ones in the last forms. The second
    // pass relaxes to the whole supply and the exact share, so the share is met whenever the bank allows.
    form.multiSelectTarget = static_cast<int>(std::lround(form.requested * exam.multiSelectShare));
    std::vector<double> seatWeights(seats.begin(), seats.end());
    std::vector<int> multiSeats = apportion(seatWeights, form.multiSelectTarget);
    auto unseen = [](const std::vector<const Entry*>& list) {
        return static_cast<int>(
            std::count_if(list.begin(), list.end(), [](const Entry* c) { return !c->lastSeenMs; }));
    };
    const std::vector<int> shareSeats = multiSeats;
    for (const bool onlyUnseen : {true, false}) {
        const int slack = onlyUnseen ? (form.requested + 19) / 20 : 0;
        std::vector<int> lo(seats.size()), hi(seats.size());
        std::vector<double> supplyQuota(seats.size());
        for (size_t i = 0; i < seats.size(); ++i) {
            const int m = onlyUnseen ? unseen(multis[i]) : static_cast<int>(multis[i].size());
            const int sgl = onlyUnseen ? unseen(singles[i]) : static_cast<int>(singles[i].size());
            hi[i] = std::min(seats[i], m);
            lo[i] = std::min(std::max(0, seats[i] - sgl), hi[i]);
            supplyQuota[i] = m + sgl > 0 ? static_cast<double>(seats[i]) * m / (m + sgl) : 0.0;
        }
        // First pass: the domains draw multi-selects in the mix their never-served supply has (apportioned
        // like the seats), so a domain rich in multi-selects uses them at the pace it has them and keeps its
        // single-answer questions for later forms. Second pass: the share, apportioned by seats.
        if (onlyUnseen) {
            const double natural = std::accumulate(supplyQuota.begin(), supplyQuota.end(), 0.0);
            multiSeats = apportion(supplyQuota, static_cast<int>(std::lround(natural)));
        } else {
            multiSeats = shareSeats;
        }
        int total = 0;
        for (size_t i = 0; i < seats.size(); ++i) {
            multiSeats[i] = std::clamp(multiSeats[i], lo[i], hi[i]);
            total += multiSeats[i];
        }
        const int low = form.multiSelectTarget;
        const int high = form.multiSelectTarget + slack;
        for (bool progress = true; (total < low || total > high) && progress;) {
            progress = false;
            for (size_t i = 0; i < seats.size() && (total < low || total > high); ++i) {
                if (total < low && multiSeats[i] < hi[i]) {
                    ++multiSeats[i];
                    ++total;
                    progress = true;
                } else if (total > high && multiSeats[i] > lo[i]) {
                    --multiSeats[i];
                    --total;
                    progress = true;
                }
            }
        }
        if (total >= low && total <= high) {
            break;
        }
    }

    for (size_t i = 0; i < exam.domains.size(); ++i) {
        const Domain& d = exam.domains[i];
        DomainPlan plan{
            d.id,          d.name, d.weight, seats[i], static_cast<int>(singles[i].size() + multis[i].size()),
            multiSeats[i], 0,      0};
        const auto rm = ranked(multis[i], rng);
        const auto rs = ranked(singles[i], rng);
        // Take the wanted multi-selects, fill the rest with singles, then top up from whichever kind remains.
        int takeMulti = std::min<int>(multiSeats[i], static_cast<int>(rm.size()));
        int takeSingle = std::min<int>(seats[i] - takeMulti, static_cast<int>(rs.size()));
        takeMulti = std::min<int>(seats[i] - takeSingle, static_cast<int>(rm.size()));
        auto add = [&](const Entry* c) {
            FormItem item{c->rowId, questionOf(c->source), {}};
            item.optionOrder.resize(static_cast<std::size_t>(c->optionCount));
            std::iota(item.optionOrder.begin(), item.optionOrder.end(), 0);
            if (c->shuffle) {
                rng.shuffle(item.optionOrder);
            }
            form.items.push_back(std::move(item));
        };
        for (int k = 0; k < takeMulti; ++k) {
            add(rm[static_cast<size_t>(k)]);
        }
        for (int k = 0; k < takeSingle; ++k) {
            add(rs[static_cast<size_t>(k)]);
        }
        plan.chosen = takeMulti + takeSingle;
        plan.chosenMulti = takeMulti;
        form.domains.push_back(plan);
    }
    rng.shuffle(form.items);
    return form;
}

} // namespace

Form assembleForm(const ExamDef& exam, const std::vector<Candidate>& pool, int count, std::uint64_t seed)
{
    const auto index = domainIndex(exam);
    std::vector<Entry> entries;
    entries.reserve(pool.size());
    for (std::size_t k = 0; k < pool.size(); ++k) {
        const Candidate& c = pool[k];
        const auto it = index.find(c.question.domain);
        if (c.question.exam == exam.id && it != index.end()) {
            entries.push_back({c.rowId, c.lastSeenMs, k, it->second, static_cast<int>(c.optionCount()),
                               c.question.isMultiSelect(), c.question.shuffle});
        }
    }
    return assemble(exam, std::move(entries), count, seed, [&](std::size_t k) { return pool[k].question; });
}

Form assembleForm(const ExamDef& exam, const PlanningBank& bank,
                  const std::unordered_map<std::int64_t, std::int64_t>& lastServed, int count,
                  std::uint64_t seed)
{
    // The domains' indices by row, found once per domain rather than once per question.
    const auto index = domainIndex(exam);
    std::unordered_map<std::int64_t, std::size_t> domainOfRef;
    for (const auto& [ref, id] : bank.domainIds) {
        if (const auto it = index.find(id); it != index.end()) {
            domainOfRef.emplace(ref, it->second);
        }
    }
    std::vector<Entry> entries;
    entries.reserve(bank.rows.size());
    for (std::size_t k = 0; k < bank.rows.size(); ++k) {
        const PlanningRow& r = bank.rows[k];
        const auto domain = domainOfRef.find(r.domainRef);
        if (domain == domainOfRef.end()) {
            continue;
        }
        const auto seen = lastServed.find(r.rowId);
        entries.push_back(
            {r.rowId, seen == lastServed.end() ? std::nullopt : std::optional<std::int64_t>(seen->second), k,
             domain->second, r.optionCount, r.select > 1, r.shuffle});
    }
    return assemble(exam, std::move(entries), count, seed,
                    [&](std::size_t k) { return bank.question(bank.rows[k], exam.id); });
}

} // namespace certdrill
