// Replays inputs through a fuzz target without libFuzzer: each argument is a file whose lines
// are separate inputs (`\n` inside a line is written as the two characters \ and n). Used by
// `bazel test` so every fuzz target's properties are checked on its seeds in every build.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  int inputs = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "cannot open %s\n", argv[i]);
      return 1;
    }
    std::string line;
    while (std::getline(in, line)) {
      std::string input;
      for (size_t j = 0; j < line.size(); ++j) {
        if (line[j] == '\\' && j + 1 < line.size() && line[j + 1] == 'n') {
          input += '\n';
          ++j;
        } else {
          input += line[j];
        }
      }
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
      ++inputs;
    }
  }
  std::printf("%d passed, 0 failed\n", inputs);
  return inputs > 0 ? 0 : 1;
}
