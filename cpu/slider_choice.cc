#include "cpu/slider_choice.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace pyke::cpu {

bool has_slow_pext(const CpuIdentity& cpu) {
  if (cpu.vendor == "AuthenticAMD") return cpu.family < 0x19;
  if (cpu.vendor == "HygonGenuine") return cpu.family == 0x18;
  return false;
}

SliderChoice choose_slider_backend(const SliderBuild& build, const CpuIdentity& cpu,
                                   bool cpu_has_bmi2) {
  if (!build.pext_compiled) {
    return {SliderBackend::kMagic, "PEXT not in this build: its target has no BMI2"};
  }
  if (build.target_has_slow_pext) {
    return {SliderBackend::kMagic, "built for AMD Zen 1/Zen 2, whose PEXT is microcoded"};
  }
  if (!cpu_has_bmi2) return {SliderBackend::kMagic, "this CPU has no BMI2"};
  if (has_slow_pext(cpu)) {
    return {SliderBackend::kMagic,
            absl::StrFormat("PEXT present but slow on %s family %xh",
                            cpu.vendor == "HygonGenuine" ? "Hygon" : "AMD", cpu.family)};
  }
  return {SliderBackend::kPext,
          absl::StrFormat("BMI2 present and PEXT fast on %s family %xh model %xh", cpu.vendor,
                          cpu.family, cpu.model)};
}

SliderChoice choose_slider_backend_here() {
  return choose_slider_backend(SliderBuild{}, detect_identity(),
                               (detect_features() & bit(kBmi2)) != 0);
}

}  // namespace pyke::cpu
