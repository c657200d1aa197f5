#include "count/count.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "console/json.h"
#include "count/report.h"
#include "movegen/attacks.h"
#include "movegen/movegen.h"
#include "movegen/zobrist.h"
#include "tt/move_stats_table.h"
#include "tt/table.h"

namespace pyke::count {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

request::Keys keys_for(uint64_t seed, const RunOptions& options) {
  if (options.weak_key_bits_for_test > 0) {
    return request::Keys::weakened_for_test(seed, options.weak_key_bits_for_test);
  }
  return request::Keys(seed);
}

template <class Table>
TableUse table_use(const Table& table, uint64_t seed) {
  return TableUse{.megabytes = table.megabytes(),
                  .huge_page_bytes = table.huge_page_bytes(),
                  .huge_page_source = std::string(table.huge_page_source()),
                  .zobrist_seed = seed};
}

// One line for each root move whose counts differ between two divides of one position (the same
// moves in the same order): the move, then `describe`'s words for the difference ("" where there
// is none); and a line when the two have different numbers of root moves.
template <class Entry, class Describe>
std::vector<std::string> differing_root_moves(const std::vector<Entry>& a,
                                              const std::vector<Entry>& b, bool chess960,
                                              Describe describe) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    const std::string difference = describe(a[i], b[i]);
    if (!difference.empty()) {
      lines.push_back(absl::StrCat(to_uci(a[i].move, chess960), " ", difference));
    }
  }
  if (a.size() != b.size()) {
    lines.push_back(
        absl::StrCat("the second count has ", b.size(), " root moves, the first ", a.size()));
  }
  return lines;
}

// "e2e4 20 vs 21".
std::vector<std::string> differing_moves(const std::vector<perft::DivideEntry>& a,
                                         const std::vector<perft::DivideEntry>& b, bool chess960) {
  return differing_root_moves(
      a, b, chess960, [](const perft::DivideEntry& x, const perft::DivideEntry& y) {
        return x.nodes == y.nodes
                   ? std::string()
                   : absl::StrCat(perft::count_text(x.nodes), " vs ", perft::count_text(y.nodes));
      });
}

// "e2e4 checks 3 vs 4": by the first column that differs.
std::vector<std::string> differing_stats(const std::vector<perft::StatsDivideEntry>& a,
                                         const std::vector<perft::StatsDivideEntry>& b,
                                         bool chess960) {
  return differing_root_moves(
      a, b, chess960, [](const perft::StatsDivideEntry& x, const perft::StatsDivideEntry& y) {
        for (int c = 0; c < perft::Stats::kColumns; ++c) {
          if (x.stats.column(c) == y.stats.column(c)) continue;
          return absl::StrCat(perft::kStatsColumns[c], " ", perft::count_text(x.stats.column(c)),
                              " vs ", perft::count_text(y.stats.column(c)));
        }
        return std::string();
      });
}

// What a count runs with: its table (the caller's, one made as the request asks, or none), the
// keys drawn from the request's seed, and the options pointing at both, with the caller's progress
// and stop flag.
template <class Table, class Options>
struct Setup {
  std::unique_ptr<Table> owned;
  Table* table = nullptr;
  request::Keys keys;
  std::optional<request::Keys> second_keys;
  Options options;

  // Turns `options` to a verification's second count, noted in `v`: under keys from the second
  // seed, the table cleared first so that nothing stored under the first keys answers a probe
  // (rekey), or without the table (recount). Progress and the stop flag stay: a recount is the
  // longest part of a verified count, and a caller that stops counts from its progress callback
  // (the Python module) must be able to stop it too.
  void switch_to_second_count(const request::CountRequest& r, const RunOptions& run,
                              Verification& v) {
    v.how = r.verify;
    if (r.verify == request::Verify::kRekey) {
      v.second_seed = rekey_seed(r.zobrist_seed);
      second_keys = keys_for(v.second_seed, run);
      options.keys = second_keys->get();
      table->clear(r.threads);
    } else {
      options.table = nullptr;
    }
  }
};

// `borrowed`: the caller's table, or null to make the one the request asks for.
template <class Table, class Options>
absl::StatusOr<Setup<Table, Options>> set_up(const request::CountRequest& r, const RunOptions& run,
                                             Table* borrowed) {
  Setup<Table, Options> s{.keys = keys_for(r.zobrist_seed, run)};
  if (borrowed != nullptr) {
    s.table = borrowed;
  } else {
    absl::StatusOr<std::unique_ptr<Table>> table = request::make_table<Table>(r.hash_mb, r.threads);
    if (!table.ok()) return table.status();
    s.owned = *std::move(table);
    s.table = s.owned.get();
  }
  s.options.threads = r.threads;
  s.options.table = s.table;
  s.options.keys = s.keys.get();  // stays valid when `s` moves (request::Keys)
  s.options.progress = run.progress;
  s.options.stop = run.stop;
  return s;
}

// The count of node counts, and its verification.
absl::StatusOr<CountResult> run_nodes(const request::CountRequest& r, const RunOptions& run,
                                      CountResult result) {
  absl::StatusOr<Setup<tt::PerftTable, perft::Options>> s =
      set_up<tt::PerftTable, perft::Options>(r, run, run.table);
  if (!s.ok()) return s.status();
  const perft::Options& options = s->options;
  tt::PerftTable* const table = s->table;

  // A divide, or 1 at depth 0 (no root moves to divide).
  auto count = [&](std::vector<perft::DivideEntry>& divide) -> absl::StatusOr<absl::uint128> {
    if (r.depth == 0) return absl::uint128(1);
    absl::StatusOr<std::vector<perft::DivideEntry>> d =
        perft::divide(r.root.position, r.depth, options);
    if (!d.ok()) return d.status();
    divide = *std::move(d);
    return perft::divide_total(divide);
  };
  const Clock::time_point start = Clock::now();
  absl::StatusOr<absl::uint128> nodes = count(result.divide);
  if (!nodes.ok()) return nodes.status();
  result.nodes = *nodes;
  result.seconds = seconds_since(start);
  if (table) result.table = table_use(*table, r.zobrist_seed);

  if (r.verify != request::Verify::kNone) {
    Verification& v = result.verification.emplace();
    s->switch_to_second_count(r, run, v);
    absl::StatusOr<absl::uint128> again = count(v.divide);
    if (!again.ok()) return again.status();
    v.nodes = *again;
    v.differing = differing_moves(result.divide, v.divide, result.chess960);
    v.agrees = v.nodes == result.nodes && v.differing.empty();
  }
  return result;
}

// The statistics of `r`: with the totals of every depth below (stats_report), or its divide and
// that divide's totals alone.
absl::StatusOr<perft::StatsReport> report_of(const request::CountRequest& r, const RunOptions& run,
                                             const perft::StatsOptions& options) {
  if (run.stats_by_depth) return perft::stats_report(r.root.position, r.depth, options);
  absl::StatusOr<std::vector<perft::StatsDivideEntry>> divide =
      perft::divide_stats(r.root.position, r.depth, options);
  if (!divide.ok()) return divide.status();
  perft::StatsReport report{.divide = *std::move(divide)};
  report.by_depth.push_back(perft::divide_stats_total(report.divide));
  return report;
}

// The count of statistics, and its verification: every column of every root move counted again.
absl::StatusOr<CountResult> run_stats(const request::CountRequest& r, const RunOptions& run,
                                      CountResult result) {
  absl::StatusOr<Setup<tt::MoveStatsTable, perft::StatsOptions>> s =
      set_up<tt::MoveStatsTable, perft::StatsOptions>(r, run, nullptr);
  if (!s.ok()) return s.status();
  const perft::StatsOptions& options = s->options;
  tt::MoveStatsTable* const table = s->table;
  const Clock::time_point start = Clock::now();
  absl::StatusOr<perft::StatsReport> report = report_of(r, run, options);
  if (!report.ok()) return report.status();
  result.seconds = seconds_since(start);
  result.nodes = report->by_depth.back().nodes;
  result.stats = *std::move(report);
  if (table) result.table = table_use(*table, r.zobrist_seed);
  if (r.verify == request::Verify::kNone) return result;

  Verification& v = result.verification.emplace();
  s->switch_to_second_count(r, run, v);
  // stats_report refuses depth 0, so there are root moves to compare.
  absl::StatusOr<std::vector<perft::StatsDivideEntry>> again =
      perft::divide_stats(r.root.position, r.depth, options);
  if (!again.ok()) return again.status();
  v.differing = differing_stats(result.stats->divide, *again, result.chess960);
  v.nodes = perft::divide_stats_total(*again).nodes;
  // The first count's totals are its divide's (stats_report), so equal root moves are enough.
  v.agrees = v.differing.empty();
  return result;
}

void write_divide_json(const std::vector<perft::DivideEntry>& entries, bool chess960,
                       std::ostream& out) {
  const std::vector<std::pair<std::string, absl::uint128>> divide =
      perft::sorted_divide(entries, chess960);
  out << "{";
  for (size_t i = 0; i < divide.size(); ++i) {
    out << (i ? ", " : "") << json_string(divide[i].first) << ": "
        << perft::count_text(divide[i].second);
  }
  out << "}";
}

void write_stats_json(const perft::StatsReport& report, bool chess960, std::ostream& out) {
  const std::vector<std::pair<std::string, perft::Stats>> divide =
      perft::sorted_stats_divide(report.divide, chess960);
  out << "{";
  for (size_t i = 0; i < divide.size(); ++i) {
    out << (i ? ", " : "") << json_string(divide[i].first) << ": " << json_stats(divide[i].second);
  }
  out << "}, \"stats\": [";
  for (size_t d = 0; d < report.by_depth.size(); ++d) {
    const std::string columns = json_stats(report.by_depth[d]);
    out << (d ? ", " : "") << "{\"depth\": " << d + 1 << ", " << columns.substr(1);
  }
  out << "]";
}

}  // namespace

absl::StatusOr<CountResult> run(const request::CountRequest& request, const RunOptions& options) {
  CountResult result{.position = request.root.position,
                     .chess960 = request.root.chess960,
                     .depth = request.depth,
                     .threads = request.threads};
  return request.stats ? run_stats(request, options, std::move(result))
                       : run_nodes(request, options, std::move(result));
}

void write_text(const CountResult& result, bool grouped, std::ostream& out) {
  if (result.stats) {
    write_divide(nodes_of(result.stats->divide), out, result.chess960);
    out << '\n';
    write_stats_report(result.stats->divide, result.stats->by_depth, result.chess960, grouped, out);
  } else if (result.depth == 0) {
    out << "\nNodes searched: 1\n";
  } else {
    write_divide(result.divide, out, result.chess960);
  }
}

void write_json(const CountResult& result, std::ostream& out) {
  out << "{\"fen\": " << json_string(result.position.to_fen())
      << ", \"chess960\": " << (result.chess960 ? "true" : "false")
      << ", \"depth\": " << result.depth << ", \"divide\": ";
  if (result.stats) {
    write_stats_json(*result.stats, result.chess960, out);
  } else {
    write_divide_json(result.divide, result.chess960, out);
  }
  out << ", \"nodes\": " << perft::count_text(result.nodes)
      << absl::StrFormat(", \"seconds\": %.6f, \"nodes_per_second\": %.0f", result.seconds,
                         result.nodes_per_second())
      << ", \"threads\": " << result.threads
      << ", \"hash_mb\": " << (result.table ? result.table->megabytes : 0)
      << ", \"backend\": " << json_string(std::string(slider_backend_name(slider_backend())));
  if (result.table) out << ", \"zobrist_seed\": " << result.table->zobrist_seed;
  if (const std::optional<Verification>& v = result.verification) {
    const bool rekey = v->how == request::Verify::kRekey;
    out << ", \"verify\": " << json_string(request::verify_name(v->how))
        << ", \"verified\": " << (v->agrees ? "true" : "false");
    if (rekey) {
      out << ", \"rekey_seed\": " << v->second_seed
          << ", \"rekey_nodes\": " << perft::count_text(v->nodes);
      if (!result.stats) {
        out << ", \"rekey_divide\": ";
        write_divide_json(v->divide, result.chess960, out);
      }
    } else {
      out << ", \"unhashed_nodes\": " << perft::count_text(v->nodes);
    }
  }
  out << "}\n";
}

}  // namespace pyke::count
