#include "request/request.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "movegen/movegen.h"
#include "movegen/position.h"
#include "movegen/zobrist.h"
#include "perft/perft.h"

namespace pyke::request {

absl::StatusOr<Root> parse_root(absl::string_view fen, const std::vector<std::string>& moves,
                                bool chess960) {
  Position pos = Position::start();
  if (!fen.empty() && fen != "startpos") {
    bool file_letters = false;
    absl::StatusOr<Position> parsed = Position::from_fen(fen, &file_letters);
    if (!parsed.ok()) return parsed.status();
    pos = *parsed;
    chess960 = chess960 || file_letters;
  }
  chess960 = chess960_notation(pos, chess960);
  absl::StatusOr<Position> after = play_uci_moves(pos, moves, chess960);
  if (!after.ok()) return after.status();
  return Root{*after, chess960};
}

absl::StatusOr<int> parse_depth(absl::string_view text) {
  int depth = 0;
  if (!absl::SimpleAtoi(text, &depth)) {
    return absl::InvalidArgumentError(
        absl::StrCat("depth '", text, "' is not a number (expected 0 to ", perft::kMaxDepth, ")"));
  }
  if (absl::Status s = perft::check_depth(depth); !s.ok()) return s;
  return depth;
}

absl::StatusOr<Verify> parse_verify(absl::string_view mode, int depth) {
  if (mode.empty()) return Verify::kNone;
  if (mode == "recount") return Verify::kRecount;
  if (mode == "rekey") return Verify::kRekey;
  if (mode == kBareVerify) return depth <= kMaxRecountDepth ? Verify::kRecount : Verify::kRekey;
  return absl::InvalidArgumentError(
      absl::StrCat("--verify '", mode, "' is not one of recount, rekey"));
}

absl::string_view verify_name(Verify verify) {
  switch (verify) {
    case Verify::kRecount:
      return "recount";
    case Verify::kRekey:
      return "rekey";
    case Verify::kNone:
      break;
  }
  return "";
}

absl::StatusOr<int> resolve_threads(std::optional<int> threads) {
  const int n = threads.value_or(perft::available_cpus());
  if (absl::Status s = perft::check_threads(n); !s.ok()) return s;
  return n;
}

Keys::Keys(uint64_t seed) : seed_(seed) {
  if (seed != kDefaultZobristSeed) own_ = std::make_unique<ZobristKeys>(make_zobrist_keys(seed));
}

Keys::Keys(Keys&& other) noexcept
    : seed_(std::exchange(other.seed_, kDefaultZobristSeed)), own_(std::move(other.own_)) {}

Keys& Keys::operator=(Keys&& other) noexcept {
  seed_ = std::exchange(other.seed_, kDefaultZobristSeed);
  own_ = std::move(other.own_);
  return *this;
}

Keys Keys::weakened_for_test(uint64_t seed, int bits) {
  Keys keys(seed);
  keys.own_ =
      std::make_unique<ZobristKeys>(masked_keys(make_zobrist_keys(seed), (Key{1} << bits) - 1));
  return keys;
}

absl::StatusOr<CountRequest> make_request(const Fields& fields) {
  CountRequest r;
  absl::StatusOr<int> depth = parse_depth(fields.depth);
  if (!depth.ok()) return depth.status();
  r.depth = *depth;
  absl::StatusOr<Verify> verify = parse_verify(fields.verify, r.depth);
  if (!verify.ok()) return verify.status();
  r.verify = *verify;
  if (r.verify != Verify::kNone && fields.hash_mb == 0) {
    return absl::InvalidArgumentError(
        "--verify checks a hashed count against a second count: it needs --hash MB");
  }
  r.hash_mb = fields.hash_mb;
  absl::StatusOr<int> threads = resolve_threads(fields.threads);
  if (!threads.ok()) return threads.status();
  r.threads = *threads;
  r.stats = fields.stats;
  if (r.stats && r.depth == 0) {
    return absl::OutOfRangeError("--stats needs a depth of at least 1");
  }
  r.zobrist_seed = fields.zobrist_seed.value_or(kDefaultZobristSeed);
  absl::StatusOr<Root> root = parse_root(fields.fen, fields.moves, fields.chess960);
  if (!root.ok()) return root.status();
  r.root = *std::move(root);
  return r;
}

}  // namespace pyke::request
