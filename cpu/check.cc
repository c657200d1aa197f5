// check.cc — CPU detection and the start-up check. Compiled for plain x86-64 (BUILD.bazel), so
// nothing here needs an instruction the check is about to look for.
#include "cpu/check.h"

#include <cpuid.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace pyke::cpu {
namespace {

constexpr const char* kFeatureNames[kFeatureCount] = {
    "SSE4.2",
    "POPCNT",
    "AVX",
    "AVX2",
    "BMI1",
    "BMI2",
    "FMA",
    "AVX-512F",
    "AVX-512CD",
    "AVX-512DQ",
    "AVX-512BW",
    "AVX-512VL",
    "AVX-512 VPOPCNTDQ",
    "AVX-512 VBMI",
    "AVX-512 VBMI2",
    "AVX-512 BITALG",
    "AVX-512 VNNI",
    "AVX-512 IFMA",
    "AVX-512 BF16",
    "GFNI",
    "VPCLMULQDQ",
};

bool has_all(FeatureSet cpu_has, FeatureSet needed) {
  return missing_features(needed, cpu_has) == 0;
}

// The configuration whose target this CPU runs, best first; null below x86-64-v2.
const char* config_for(FeatureSet cpu_has) {
  if (has_all(cpu_has, kX86_64_V3)) return "--config=avx2";
  if (has_all(cpu_has, kX86_64_V2)) return "--config=portable";
  return nullptr;
}

// Appends `text` to the C string in out[0, size), keeping it terminated.
void append(char* out, size_t size, size_t& length, const char* text) {
  for (; *text && length + 1 < size; ++text) out[length++] = *text;
  out[length] = '\0';
}

// Runs before every other static initialiser of the program (priority 101 is the first a
// program may use), so no code compiled for the build's target has run yet.
__attribute__((constructor(101))) void exit_unless_this_cpu_runs_the_build() {
  char message[1024];
  if (format_missing_features(message, sizeof message, kBuiltFor, detect_features()) == 0) return;
  std::fputs("pyke: ", stderr);
  std::fputs(message, stderr);
  std::exit(2);
}

}  // namespace

const char* feature_name(Feature f) { return kFeatureNames[f]; }

size_t format_missing_features(char* out, size_t size, FeatureSet built_for, FeatureSet cpu_has) {
  size_t length = 0;
  if (size > 0) out[0] = '\0';
  const FeatureSet missing = missing_features(built_for, cpu_has);
  if (missing == 0 || size == 0) return 0;
  append(out, size, length, "this binary was built for instructions this CPU lacks:");
  const char* separator = " ";
  for (int f = 0; f < kFeatureCount; ++f) {
    if (!(missing & bit(static_cast<Feature>(f)))) continue;
    append(out, size, length, separator);
    append(out, size, length, feature_name(static_cast<Feature>(f)));
    separator = ", ";
  }
  if (const char* config = config_for(cpu_has)) {
    append(out, size, length, ".\nBuild for this CPU with: ./bazelw build ");
    append(out, size, length, config);
    append(out, size, length, " //cli:pyke (or build on it: the default is -march=native).\n");
  } else {
    append(out, size, length,
           ".\nThis CPU lacks even x86-64-v2 (SSE4.2, POPCNT): build with "
           "--copt=-march=x86-64.\n");
  }
  return length;
}

std::string missing_features_message(FeatureSet built_for, FeatureSet cpu_has) {
  char message[1024];
  const size_t length = format_missing_features(message, sizeof message, built_for, cpu_has);
  return std::string(message, length);
}

FeatureSet detect_features() {
  __builtin_cpu_init();
  // __builtin_cpu_supports needs a string literal, hence one line per feature.
  const bool has[kFeatureCount] = {
      __builtin_cpu_supports("sse4.2") != 0,
      __builtin_cpu_supports("popcnt") != 0,
      __builtin_cpu_supports("avx") != 0,
      __builtin_cpu_supports("avx2") != 0,
      __builtin_cpu_supports("bmi") != 0,
      __builtin_cpu_supports("bmi2") != 0,
      __builtin_cpu_supports("fma") != 0,
      __builtin_cpu_supports("avx512f") != 0,
      __builtin_cpu_supports("avx512cd") != 0,
      __builtin_cpu_supports("avx512dq") != 0,
      __builtin_cpu_supports("avx512bw") != 0,
      __builtin_cpu_supports("avx512vl") != 0,
      __builtin_cpu_supports("avx512vpopcntdq") != 0,
      __builtin_cpu_supports("avx512vbmi") != 0,
      __builtin_cpu_supports("avx512vbmi2") != 0,
      __builtin_cpu_supports("avx512bitalg") != 0,
      __builtin_cpu_supports("avx512vnni") != 0,
      __builtin_cpu_supports("avx512ifma") != 0,
      __builtin_cpu_supports("avx512bf16") != 0,
      __builtin_cpu_supports("gfni") != 0,
      __builtin_cpu_supports("vpclmulqdq") != 0,
  };
  FeatureSet set = 0;
  for (int f = 0; f < kFeatureCount; ++f) set |= has[f] ? bit(static_cast<Feature>(f)) : 0;
  return set;
}

CpuIdentity detect_identity() {
  CpuIdentity cpu;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return cpu;
  char vendor[13] = {};
  std::memcpy(vendor, &ebx, 4);
  std::memcpy(vendor + 4, &edx, 4);
  std::memcpy(vendor + 8, &ecx, 4);
  cpu.vendor = vendor;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return cpu;
  const int base_family = (eax >> 8) & 0xF, base_model = (eax >> 4) & 0xF;
  const int extended_family = (eax >> 20) & 0xFF, extended_model = (eax >> 16) & 0xF;
  cpu.family = base_family == 0xF ? base_family + extended_family : base_family;
  cpu.model =
      (base_family == 0xF || base_family == 0x6) ? (extended_model << 4) + base_model : base_model;
  return cpu;
}

}  // namespace pyke::cpu
