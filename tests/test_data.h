// test_data.h — reading tests' data files (play/testdata/, movegen/testdata/, tests/data/): lines
// of `<fields> ; <fields>` or `<a> | <b> | <c>`, with `#` comments and blank lines skipped.
//
//   std::vector<std::vector<std::string>> rows = read_rows("play/testdata/mates.epd", ';');
#ifndef PYKE_TESTS_TEST_DATA_H_
#define PYKE_TESTS_TEST_DATA_H_

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"

namespace pyke {

// Every non-comment, non-blank line of `path` split at `separator`, fields stripped. Empty when
// the file cannot be read (tests then fail on the count they expect).
inline std::vector<std::vector<std::string>> read_rows(const std::string& path, char separator) {
  std::vector<std::vector<std::string>> rows;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    const std::string stripped(absl::StripAsciiWhitespace(line));
    if (stripped.empty() || stripped[0] == '#') continue;
    std::vector<std::string> fields;
    for (absl::string_view f : absl::StrSplit(stripped, separator)) {
      fields.emplace_back(absl::StripAsciiWhitespace(f));
    }
    rows.push_back(std::move(fields));
  }
  return rows;
}

}  // namespace pyke

#endif  // PYKE_TESTS_TEST_DATA_H_
