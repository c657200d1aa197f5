// check.h — which instructions the build assumed, which this CPU has, and the start-up check
// that refuses to run a binary on a CPU lacking any of them (a binary built with -march=native
// and copied to an older machine would otherwise die with SIGILL somewhere in the hot path).
//
// check.cc is compiled for plain x86-64 (see BUILD.bazel), so the check itself runs anywhere;
// it runs as a constructor before any other static initialiser of `pyke`. What the build
// assumed comes from build_target.cc, compiled with the build's own flags. The decision is a
// pure function, tested with fake CPUs:
//
//   std::string m = missing_features_message(kBuiltFor, detect_features());
//   if (!m.empty()) { std::fputs(m.c_str(), stderr); std::exit(2); }
#ifndef PYKE_CPU_CHECK_H_
#define PYKE_CPU_CHECK_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pyke::cpu {

// Instruction set extensions a compiler target may assume and __builtin_cpu_supports can test,
// in the order messages list them.
enum Feature : int {
  kSse42,
  kPopcnt,
  kAvx,
  kAvx2,
  kBmi,
  kBmi2,
  kFma,
  kAvx512F,
  kAvx512Cd,
  kAvx512Dq,
  kAvx512Bw,
  kAvx512Vl,
  kAvx512Vpopcntdq,
  kAvx512Vbmi,
  kAvx512Vbmi2,
  kAvx512Bitalg,
  kAvx512Vnni,
  kAvx512Ifma,
  kAvx512Bf16,
  kGfni,
  kVpclmulqdq,
  kFeatureCount,
};

// A set of features, one bit per Feature.
using FeatureSet = uint32_t;
static_assert(kFeatureCount <= 32);

constexpr FeatureSet bit(Feature f) { return FeatureSet{1} << f; }

// The targets of the named build configurations (.bazelrc).
inline constexpr FeatureSet kX86_64_V2 = bit(kSse42) | bit(kPopcnt);  // --config=portable
inline constexpr FeatureSet kX86_64_V3 =                              // --config=avx2
    kX86_64_V2 | bit(kAvx) | bit(kAvx2) | bit(kBmi) | bit(kBmi2) | bit(kFma);

// What the binary was compiled to assume: the target's predefined macros (__BMI2__, __AVX2__,
// __AVX512F__, …), read in build_target.cc.
extern const FeatureSet kBuiltFor;

// The name of a feature as messages print it ("BMI2", "AVX-512 VPOPCNTDQ").
const char* feature_name(Feature f);

// The features in `built_for` that `cpu_has` lacks.
constexpr FeatureSet missing_features(FeatureSet built_for, FeatureSet cpu_has) {
  return built_for & ~cpu_has;
}

// Empty when the CPU has everything the build assumed; otherwise what to tell the user: the
// missing instructions and the --config to build with instead (avx2 when the CPU runs
// x86-64-v3, else portable).
std::string missing_features_message(FeatureSet built_for, FeatureSet cpu_has);

// The same message as a C string in `out` (truncated to `size`); returns its length. Uses no
// C++ library template: an inline function the linker may take from a translation unit built
// for the build's target could hold the very instructions the check is looking for.
size_t format_missing_features(char* out, size_t size, FeatureSet built_for, FeatureSet cpu_has);

// Vendor, family and model as CPUID leaves 0 and 1 report them (family and model with their
// extended parts added, as both vendors document).
struct CpuIdentity {
  std::string vendor;  // "GenuineIntel", "AuthenticAMD", "HygonGenuine", …
  int family = 0;
  int model = 0;
};

// This CPU.
FeatureSet detect_features();
CpuIdentity detect_identity();

}  // namespace pyke::cpu

#endif  // PYKE_CPU_CHECK_H_
