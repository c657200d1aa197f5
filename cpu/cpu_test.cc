// The CPU check's message for every kind of shortfall, and the slider backend choice for fake
// CPUID values of the CPUs that matter (Zen 1/2 slow PEXT, Zen 3/4/5 and Intel fast).
#include <string>

#include "cpu/check.h"
#include "cpu/slider_choice.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pyke::cpu {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr FeatureSet kAvx512Build =
    kX86_64_V3 | bit(kAvx512F) | bit(kAvx512Bw) | bit(kAvx512Vl) | bit(kAvx512Vpopcntdq);

TEST(CpuCheck, NothingMissingNoMessage) {
  EXPECT_EQ(missing_features_message(kX86_64_V2, kX86_64_V3), "");
  EXPECT_EQ(missing_features_message(kAvx512Build, kAvx512Build), "");
}

TEST(CpuCheck, Avx512BuildOnAnAvx2CpuNamesTheMissingAndSuggestsAvx2) {
  const std::string m = missing_features_message(kAvx512Build, kX86_64_V3);
  EXPECT_THAT(m, HasSubstr("AVX-512F, AVX-512BW, AVX-512VL, AVX-512 VPOPCNTDQ."));
  EXPECT_THAT(m, Not(HasSubstr("BMI2")));
  EXPECT_THAT(m, HasSubstr("--config=avx2"));
}

TEST(CpuCheck, Bmi2BuildOnAnOldCpuSuggestsPortable) {
  const std::string m = missing_features_message(kX86_64_V3, kX86_64_V2 | bit(kAvx));
  EXPECT_THAT(m, HasSubstr("lacks: AVX2, BMI1, BMI2, FMA."));
  EXPECT_THAT(m, HasSubstr("--config=portable"));
}

TEST(CpuCheck, BelowX86_64_V2SaysSo) {
  const std::string m = missing_features_message(kX86_64_V2, bit(kSse42));
  EXPECT_THAT(m, HasSubstr("lacks: POPCNT."));
  EXPECT_THAT(m, HasSubstr("-march=x86-64"));
}

// The start-up check's C-string form: the same text, cut short safely in a small buffer.
TEST(CpuCheck, CStringFormMatchesAndTruncates) {
  char buffer[1024];
  const size_t n = format_missing_features(buffer, sizeof buffer, kX86_64_V3, kX86_64_V2);
  EXPECT_EQ(std::string(buffer, n), missing_features_message(kX86_64_V3, kX86_64_V2));
  char small[16];
  EXPECT_EQ(format_missing_features(small, sizeof small, kX86_64_V3, kX86_64_V2), 15u);
  EXPECT_EQ(std::string(small), "this binary was");
  EXPECT_EQ(format_missing_features(buffer, sizeof buffer, kX86_64_V2, kX86_64_V3), 0u);
  EXPECT_EQ(buffer[0], '\0');
}

// The binary running this test passed the start-up check, so this CPU has what it assumed.
TEST(CpuCheck, ThisCpuRunsThisBuild) {
  EXPECT_EQ(missing_features(kBuiltFor, detect_features()), 0u)
      << missing_features_message(kBuiltFor, detect_features());
  EXPECT_FALSE(detect_identity().vendor.empty());
}

constexpr SliderBuild kBmi2Build{.pext_compiled = true, .target_has_slow_pext = false};

SliderBackend chosen(const SliderBuild& build, std::string vendor, int family, int model,
                     bool bmi2 = true) {
  return choose_slider_backend(build, {std::move(vendor), family, model}, bmi2).backend;
}

TEST(SliderChoice, Zen1AndZen2GetMagic) {
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x17, 0x01), SliderBackend::kMagic);  // Zen 1
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x17, 0x08), SliderBackend::kMagic);  // Zen+
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x17, 0x31), SliderBackend::kMagic);  // Zen 2
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x15, 0x60), SliderBackend::kMagic);  // Excavator
  EXPECT_EQ(chosen(kBmi2Build, "HygonGenuine", 0x18, 0x00), SliderBackend::kMagic);  // Dhyana
  EXPECT_EQ(choose_slider_backend(kBmi2Build, {"AuthenticAMD", 0x17, 0x71}, true).reason,
            "PEXT present but slow on AMD family 17h");
}

TEST(SliderChoice, Zen3To5AndIntelGetPext) {
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x19, 0x21), SliderBackend::kPext);  // Zen 3
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x19, 0x11), SliderBackend::kPext);  // Zen 4
  EXPECT_EQ(chosen(kBmi2Build, "AuthenticAMD", 0x1A, 0x44), SliderBackend::kPext);  // Zen 5
  EXPECT_EQ(chosen(kBmi2Build, "GenuineIntel", 0x06, 0x3C), SliderBackend::kPext);  // Haswell
  EXPECT_EQ(chosen(kBmi2Build, "GenuineIntel", 0x06, 0xA7), SliderBackend::kPext);  // Rocket Lake
  EXPECT_EQ(chosen(kBmi2Build, "GenuineIntel", 0x06, 0x8F), SliderBackend::kPext);  // Sapphire R.
}

TEST(SliderChoice, NoBmi2MeansMagic) {
  constexpr SliderBuild portable{.pext_compiled = false, .target_has_slow_pext = false};
  EXPECT_EQ(chosen(portable, "GenuineIntel", 0x06, 0x3C), SliderBackend::kMagic);
  EXPECT_EQ(chosen(portable, "AuthenticAMD", 0x19, 0x11), SliderBackend::kMagic);
  EXPECT_EQ(chosen(kBmi2Build, "GenuineIntel", 0x06, 0x1A, /*bmi2=*/false), SliderBackend::kMagic);
}

TEST(SliderChoice, ZenTwoBuildTargetNeverUsesPext) {
  constexpr SliderBuild znver2{.pext_compiled = true, .target_has_slow_pext = true};
  EXPECT_EQ(chosen(znver2, "AuthenticAMD", 0x19, 0x11), SliderBackend::kMagic);
  EXPECT_EQ(chosen(znver2, "GenuineIntel", 0x06, 0x3C), SliderBackend::kMagic);
}

}  // namespace
}  // namespace pyke::cpu
