// Fuzzes the UCI loop with arbitrary bytes: whatever the lines, the engine must still answer
// `isready` with `readyok` afterwards. Inputs that would ask for long work (go perft deeper
// than 3, a hash table over 16 MB) are skipped: they are valid, merely slow.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "fuzz/fuzz_check.h"
#include "uci/engine.h"

namespace {

// True when some line asks for a perft deeper than 3 or a hash table over 16 MB.
bool asks_for_long_work(const std::string& input) {
  std::string lower;
  for (char ch : input) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const bool perft = lower.find("perft") != std::string::npos;
  const bool hash = lower.find("hash") != std::string::npos;
  if (!perft && !hash) return false;
  long number = 0;
  bool in_number = false;
  for (char ch : lower + " ") {
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      number = std::min(number * 10 + (ch - '0'), 1000000L);
      in_number = true;
    } else {
      if (in_number && ((perft && number > 3) || (hash && number > 16))) return true;
      number = 0;
      in_number = false;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  if (asks_for_long_work(input)) return 0;
  std::ostringstream out;
  pyke::uci::Engine engine(out);
  std::istringstream in(input);
  engine.run(in);
  out.str("");
  engine.handle_line("isready");
  PYKE_FUZZ_CHECK(out.str() == "readyok\n");
  return 0;
}
