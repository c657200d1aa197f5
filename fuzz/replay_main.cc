// Replays inputs through a fuzz target without libFuzzer: each argument is a file whose lines
// are separate inputs, written with the escapes that `printf %b` (fuzz/seed_corpus.sh) decodes:
// `\n`, `\r`, `\t`, `\\` and `\xHH`. Used by `bazel test` so every fuzz target's properties are
// checked on its seeds in every build. A seed the target refuses to run (returns -1) fails the
// replay: a seed that never runs tests nothing.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::optional<int> hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return std::nullopt;
}

// Decodes one seed line; anything that is not a known escape stays as written.
std::string decode(const std::string& line) {
  std::string input;
  for (size_t j = 0; j < line.size(); ++j) {
    if (line[j] != '\\' || j + 1 == line.size()) {
      input += line[j];
      continue;
    }
    const char kind = line[j + 1];
    if (kind == 'n' || kind == 'r' || kind == 't' || kind == '\\') {
      input += kind == 'n' ? '\n' : kind == 'r' ? '\r' : kind == 't' ? '\t' : '\\';
      ++j;
    } else if (kind == 'x' && j + 2 < line.size() && hex_digit(line[j + 2])) {
      // One or two hex digits, as printf %b reads them.
      int value = *hex_digit(line[j + 2]);
      size_t used = 3;
      if (j + 3 < line.size() && hex_digit(line[j + 3])) {
        value = value * 16 + *hex_digit(line[j + 3]);
        used = 4;
      }
      input += static_cast<char>(value);
      j += used - 1;
    } else {
      input += line[j];
    }
  }
  return input;
}

}  // namespace

int main(int argc, char** argv) {
  int passed = 0, skipped = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot open %s\n", argv[i]);
      return 1;
    }
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      const std::string input = decode(line);
      if (LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size()) ==
          -1) {
        std::fprintf(stderr, "%s:%d: the target skipped this seed\n", argv[i], number);
        ++skipped;
      } else {
        ++passed;
      }
    }
  }
  std::printf("%d passed, %d failed\n", passed, skipped);
  return passed > 0 && skipped == 0 ? 0 : 1;
}
