// check.cc — CPU detection and the start-up check. Compiled for plain x86-64 (BUILD.bazel), so
// nothing here needs an instruction the check is about to look for.
#include "cpu/check.h"

#include <cpuid.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace pyke::cpu {
namespace {

constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "SSE4.2",       "POPCNT",         "AVX",           "AVX2",         "BMI1",
    "BMI2",         "FMA",            "AVX-512F",      "AVX-512CD",    "AVX-512DQ",
    "AVX-512BW",    "AVX-512VL",      "AVX-512 VPOPCNTDQ", "AVX-512 VBMI", "AVX-512 VBMI2",
    "AVX-512 BITALG", "AVX-512 VNNI", "AVX-512 IFMA",  "AVX-512 BF16", "GFNI",
    "VPCLMULQDQ",
};

bool has_all(FeatureSet cpu_has, FeatureSet needed) { return missing_features(needed, cpu_has) == 0; }

// The configuration whose target this CPU runs, best first; empty below x86-64-v2.
std::string_view config_for(FeatureSet cpu_has) {
  if (has_all(cpu_has, kX86_64_V3)) return "--config=avx2";
  if (has_all(cpu_has, kX86_64_V2)) return "--config=portable";
  return "";
}

// Runs before every other static initialiser of the program (priority 101 is the first a
// program may use), so no code compiled for the build's target has run yet.
__attribute__((constructor(101))) void exit_unless_this_cpu_runs_the_build() {
  const std::string message = missing_features_message(kBuiltFor, detect_features());
  if (message.empty()) return;
  std::fprintf(stderr, "pyke: %s", message.c_str());
  std::exit(2);
}

}  // namespace

std::string_view feature_name(Feature f) { return kFeatureNames[f]; }

std::string missing_features_message(FeatureSet built_for, FeatureSet cpu_has) {
  const FeatureSet missing = missing_features(built_for, cpu_has);
  if (missing == 0) return "";
  std::string message = "this binary was built for instructions this CPU lacks:";
  const char* separator = " ";
  for (int f = 0; f < kFeatureCount; ++f) {
    if (!(missing & bit(static_cast<Feature>(f)))) continue;
    message += separator;
    message += feature_name(static_cast<Feature>(f));
    separator = ", ";
  }
  const std::string_view config = config_for(cpu_has);
  if (config.empty()) {
    message += ".\nThis CPU lacks even x86-64-v2 (SSE4.2, POPCNT): build with "
               "--copt=-march=x86-64.\n";
  } else {
    message += ".\nBuild for this CPU with: ./bazelw build ";
    message += config;
    message += " //cli:pyke (or build on it: the default is -march=native).\n";
  }
  return message;
}

FeatureSet detect_features() {
  __builtin_cpu_init();
  // __builtin_cpu_supports needs a string literal, hence one line per feature.
  const std::array<bool, kFeatureCount> has = {
      __builtin_cpu_supports("sse4.2") != 0,       __builtin_cpu_supports("popcnt") != 0,
      __builtin_cpu_supports("avx") != 0,          __builtin_cpu_supports("avx2") != 0,
      __builtin_cpu_supports("bmi") != 0,          __builtin_cpu_supports("bmi2") != 0,
      __builtin_cpu_supports("fma") != 0,          __builtin_cpu_supports("avx512f") != 0,
      __builtin_cpu_supports("avx512cd") != 0,     __builtin_cpu_supports("avx512dq") != 0,
      __builtin_cpu_supports("avx512bw") != 0,     __builtin_cpu_supports("avx512vl") != 0,
      __builtin_cpu_supports("avx512vpopcntdq") != 0, __builtin_cpu_supports("avx512vbmi") != 0,
      __builtin_cpu_supports("avx512vbmi2") != 0,  __builtin_cpu_supports("avx512bitalg") != 0,
      __builtin_cpu_supports("avx512vnni") != 0,   __builtin_cpu_supports("avx512ifma") != 0,
      __builtin_cpu_supports("avx512bf16") != 0,   __builtin_cpu_supports("gfni") != 0,
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
  cpu.model = (base_family == 0xF || base_family == 0x6) ? (extended_model << 4) + base_model
                                                         : base_model;
  return cpu;
}

}  // namespace pyke::cpu
