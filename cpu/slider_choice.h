// slider_choice.h — which slider backend (attacks.h) `pyke` runs with, and why: by what is fast
// on this CPU, not only by what it has. PEXT is microcoded on AMD before Zen 3 (family 15h, 17h:
// tens to hundreds of cycles) and on Hygon's Zen-1-based Dhyana, where magic lookups are several
// times faster. The decision is a pure function, tested with fake CPUID values:
//
//   SliderChoice c = choose_slider_backend(SliderBuild{}, detect_identity(),
//                                          detect_features() & bit(kBmi2));
//   set_slider_backend(c.backend);   // "magic (PEXT present but slow on AMD family 17h)"
#ifndef PYKE_CPU_SLIDER_CHOICE_H_
#define PYKE_CPU_SLIDER_CHOICE_H_

#include <string>

#include "cpu/check.h"
#include "movegen/attacks.h"

namespace pyke::cpu {

// What the build compiled in (defaults: this build).
struct SliderBuild {
  bool pext_compiled = PYKE_HAS_PEXT;                     // BMI2 in the target
  bool target_has_slow_pext = PYKE_TARGET_HAS_SLOW_PEXT;  // -march=znver1/znver2
};

struct SliderChoice {
  SliderBackend backend;
  std::string reason;  // "PEXT present but slow on AMD family 17h"
};

// Whether PEXT is microcoded on this CPU: AMD before Zen 3 (family 19h), Hygon family 18h.
bool has_slow_pext(const CpuIdentity& cpu);

// PEXT where it is compiled in, the CPU has BMI2 and runs PEXT fast; magic otherwise.
SliderChoice choose_slider_backend(const SliderBuild& build, const CpuIdentity& cpu,
                                   bool cpu_has_bmi2);

// The choice for this build on this CPU.
SliderChoice choose_slider_backend_here();

}  // namespace pyke::cpu

#endif  // PYKE_CPU_SLIDER_CHOICE_H_
