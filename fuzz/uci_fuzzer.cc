// Fuzzes the UCI loop with arbitrary bytes: whatever the lines, the engine must still answer
// `isready` with `readyok` afterwards. Inputs that ask for long work — a `go perft` deeper than 3
// or a hash table over 16 MB, read the way the engine reads them (line by line, words split on
// blanks) — are skipped (returning -1): they are valid, merely slow. Nothing else is skipped, so
// moves such as e2e4 or a FEN full of digits still run.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "fuzz/fuzz_check.h"
#include "uci/engine.h"

namespace {

// True when the line is `go … perft N …` with N > 3, or `setoption … hash … value N` with
// N > 16 (N that is not a number is an error the engine reports quickly: not long work).
bool asks_for_long_work(absl::string_view line) {
  const std::vector<std::string> words =
      absl::StrSplit(absl::AsciiStrToLower(line), absl::ByAnyChar(" \t\r\v\f"), absl::SkipEmpty());
  if (words.empty()) return false;
  const auto number_after = [&](absl::string_view keyword, uint64_t limit) {
    for (size_t i = 0; i + 1 < words.size(); ++i) {
      uint64_t n = 0;
      if (words[i] == keyword && (!absl::SimpleAtoi(words[i + 1], &n) || n > limit)) {
        return absl::SimpleAtoi(words[i + 1], &n);
      }
    }
    return false;
  };
  if (words[0] == "go") return number_after("perft", 3);
  if (words[0] == "setoption") return number_after("value", 16);
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  for (absl::string_view line : absl::StrSplit(input, '\n')) {
    if (asks_for_long_work(line)) return -1;  // not kept in the corpus either
  }
  std::ostringstream out;
  pyke::uci::Engine engine(out);
  std::istringstream in(input);
  engine.run(in);
  out.str("");
  engine.handle_line("isready");
  PYKE_FUZZ_CHECK(out.str() == "readyok\n");
  return 0;
}
