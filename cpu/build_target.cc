// build_target.cc — compiled with the build's own target flags (-march=native, x86-64-v2, …), so
// its predefined macros are what the rest of the binary was compiled to assume. Constant data
// only: reading kBuiltFor runs no instruction of the build's choosing.
#include "cpu/check.h"

namespace pyke::cpu {
namespace {

constexpr FeatureSet target_features() {
  FeatureSet s = 0;
  const auto add = [&s](bool defined, Feature f) { s |= defined ? bit(f) : 0; };
// A defined feature macro expands to 1 before it is made a string; an undefined one stays
// its own name, which starts with '_'.
#define PYKE_STRING(x) #x
#define PYKE_DEFINED(macro) (PYKE_STRING(macro)[0] != '_')
  add(PYKE_DEFINED(__SSE4_2__), kSse42);
  add(PYKE_DEFINED(__POPCNT__), kPopcnt);
  add(PYKE_DEFINED(__AVX__), kAvx);
  add(PYKE_DEFINED(__AVX2__), kAvx2);
  add(PYKE_DEFINED(__BMI__), kBmi);
  add(PYKE_DEFINED(__BMI2__), kBmi2);
  add(PYKE_DEFINED(__FMA__), kFma);
  add(PYKE_DEFINED(__AVX512F__), kAvx512F);
  add(PYKE_DEFINED(__AVX512CD__), kAvx512Cd);
  add(PYKE_DEFINED(__AVX512DQ__), kAvx512Dq);
  add(PYKE_DEFINED(__AVX512BW__), kAvx512Bw);
  add(PYKE_DEFINED(__AVX512VL__), kAvx512Vl);
  add(PYKE_DEFINED(__AVX512VPOPCNTDQ__), kAvx512Vpopcntdq);
  add(PYKE_DEFINED(__AVX512VBMI__), kAvx512Vbmi);
  add(PYKE_DEFINED(__AVX512VBMI2__), kAvx512Vbmi2);
  add(PYKE_DEFINED(__AVX512BITALG__), kAvx512Bitalg);
  add(PYKE_DEFINED(__AVX512VNNI__), kAvx512Vnni);
  add(PYKE_DEFINED(__AVX512IFMA__), kAvx512Ifma);
  add(PYKE_DEFINED(__AVX512BF16__), kAvx512Bf16);
  add(PYKE_DEFINED(__GFNI__), kGfni);
  add(PYKE_DEFINED(__VPCLMULQDQ__), kVpclmulqdq);
#undef PYKE_DEFINED
#undef PYKE_STRING
  return s;
}

}  // namespace

constinit const FeatureSet kBuiltFor = target_features();

}  // namespace pyke::cpu
