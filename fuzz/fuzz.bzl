"""libFuzzer's coverage for the code the fuzz targets exercise.

    load("//fuzz:fuzz.bzl", "FUZZ_COVERAGE_COPTS")
    cc_library(name = "parser", ..., copts = FUZZ_COVERAGE_COPTS)

Under --config=fuzz (the sanitize build plus --define=pyke_fuzz=libfuzzer) the libraries that
list these copts are compiled with libFuzzer's coverage instrumentation, so that the fuzzer sees
which paths an input opened; every other object is the sanitize build's own, compiled with the
same command line, so after `bazel test --config=sanitize` the fuzz build compiles only these
libraries and the targets. The perft kernels are not instrumented, so that their objects (minutes
of compile under ASan and UBSan) are the sanitize build's; the targets reach them only at shallow
depths.
"""

FUZZ_COVERAGE_COPTS = select({
    "//fuzz:libfuzzer": ["-fsanitize=fuzzer-no-link"],
    "//conditions:default": [],
})
