// main.cc — `pyke_play`: a UCI chess engine on stdin/stdout, or `pyke_play bench`.
//
//   bazel run //play:pyke_play            # then: uci, position startpos, go movetime 1000 …
//   bazel run //play:pyke_play -- bench   # fixed search, node count and nodes/s
#include <cstring>
#include <iostream>

#include "play/bench.h"
#include "play/engine.h"

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "bench") == 0) {
    pyke::play::run_bench(std::cout);
    return 0;
  }
  if (argc != 1) {
    std::cerr << "usage: pyke_play          (UCI on stdin/stdout)\n"
                 "       pyke_play bench    (fixed search: node count and nodes/s)\n";
    return 2;
  }
  pyke::play::Engine engine(std::cout);
  engine.run(std::cin);
  return 0;
}
