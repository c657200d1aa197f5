// epd.h — reads the perft reference suites in tests/data/: one position per line,
// `<FEN> ;D1 n ;D2 n …`, the perft count at each depth.
#ifndef PYKE_TESTS_EPD_H_
#define PYKE_TESTS_EPD_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace pyke::testing {

struct PerftCase {
  std::string fen;
  std::map<int, uint64_t> counts;  // depth -> nodes
  int line = 0;                    // 1-based line in the file, for messages
};

// Reads a suite from a runfiles-relative path such as "pyke/tests/data/published.epd".
// Aborts the test binary with a message when the file is missing or malformed.
std::vector<PerftCase> load_epd(const std::string& runfiles_path);

// The file's path inside the test's runfiles tree.
std::string runfile(const std::string& runfiles_path);

}  // namespace pyke::testing

#endif  // PYKE_TESTS_EPD_H_
