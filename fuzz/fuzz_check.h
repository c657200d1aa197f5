// fuzz_check.h — PYKE_FUZZ_CHECK(cond): a property every fuzz input must satisfy. When it fails,
// the fuzzer stops with the property's text, and libFuzzer saves the input that broke it.
#ifndef PYKE_FUZZ_FUZZ_CHECK_H_
#define PYKE_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define PYKE_FUZZ_CHECK(cond)                               \
  do {                                                      \
    if (!(cond)) {                                          \
      std::fprintf(stderr, "property failed: %s\n", #cond); \
      std::abort();                                         \
    }                                                       \
  } while (0)

#endif  // PYKE_FUZZ_FUZZ_CHECK_H_
