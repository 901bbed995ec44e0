// The scalar types themselves (kernels/common/types.hpp): the 16-bit
// floats' conversions held to references written here from the formats'
// definitions (decoding by ldexp, rounding by search among every value), and
// the typings' names and limits against figures worked by hand.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "common/types.hpp"
#include "smemc/data.hpp"
#include "smemc/test_size.hpp"

namespace smemc {
namespace {

SMEMC_SUITE_SIZE(ScalarTypes, host);

// The value of 16 bits of a format with `exponent_bits` and the rest
// significand (binary16: 5, bfloat16: 8), from the definition.
double decoded(std::uint16_t bits, int exponent_bits) {
  const int fraction_bits = 15 - exponent_bits, bias = (1 << (exponent_bits - 1)) - 1;
  const int e = (bits >> fraction_bits) & ((1 << exponent_bits) - 1);
  const int m = bits & ((1 << fraction_bits) - 1);
  const double sign = (bits & 0x8000u) != 0 ? -1.0 : 1.0;
  if (e == (1 << exponent_bits) - 1) return m == 0 ? sign * HUGE_VAL : std::nan("");
  if (e == 0) return sign * std::ldexp(m, 1 - bias - fraction_bits);
  return sign * std::ldexp((1 << fraction_bits) + m, e - bias - fraction_bits);
}

// The correctly rounded 16 bits of a finite float: the nearest of all the
// format's finite values, ties to the even one, past the largest finite
// value by half its ulp or more: infinity.
struct Rounder {
  int exponent_bits;
  std::vector<std::pair<double, std::uint16_t>> positives;  // every finite positive value, ascending
  double overflow;                                          // the largest finite value plus half its ulp
  explicit Rounder(int bits) : exponent_bits(bits) {
    for (std::uint32_t b = 1; b < 0x8000u; ++b) {
      const double v = decoded(static_cast<std::uint16_t>(b), bits);
      if (std::isfinite(v)) positives.emplace_back(v, static_cast<std::uint16_t>(b));
    }
    std::sort(positives.begin(), positives.end());
    const double largest = positives.back().first, below = positives[positives.size() - 2].first;
    overflow = largest + (largest - below) / 2;
  }
  std::uint16_t operator()(float f) const {
    const std::uint16_t sign = std::signbit(f) ? 0x8000u : 0;
    const double a = std::fabs(static_cast<double>(f));
    if (a >= overflow) return static_cast<std::uint16_t>(sign | (((1u << exponent_bits) - 1) << (15 - exponent_bits)));
    auto above = std::lower_bound(positives.begin(), positives.end(), std::make_pair(a, std::uint16_t{0}));
    const std::pair<double, std::uint16_t> zero{0.0, 0};
    const auto& hi = above == positives.end() ? positives.back() : *above;
    const auto& lo = above == positives.begin() ? zero : *(above - 1);
    if (hi.first == a) return static_cast<std::uint16_t>(sign | hi.second);
    const double to_lo = a - lo.first, to_hi = hi.first - a;
    const bool take_hi = to_hi < to_lo || (to_hi == to_lo && (hi.second & 1u) == 0);
    return static_cast<std::uint16_t>(sign | (take_hi ? hi.second : lo.second));
  }
};

// The floats a rounding must get right: each value of the format, the
// midpoints between neighbours (ties) and one float ulp either side of
// them, in both signs; and random floats of every exponent.
std::vector<float> rounding_cases(const Rounder& r) {
  std::vector<float> cases;
  double previous = 0.0;
  for (const auto& [v, bits] : r.positives) {
    const auto mid = static_cast<float>((previous + v) / 2);  // exact: a float has 13 or 16 bits more
    for (float f : {static_cast<float>(v), mid, std::nextafter(mid, 0.0f), std::nextafter(mid, HUGE_VALF)}) {
      cases.push_back(f);
      cases.push_back(-f);
    }
    previous = v;
  }
  for (float f : {static_cast<float>(r.overflow), std::nextafter(static_cast<float>(r.overflow), 0.0f),
                  std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(), 0.0f, -0.0f}) {
    cases.push_back(f);
    cases.push_back(-f);
  }
  SplitMix64 rng(0x7E57u);
  for (int i = 0; i < 1 << 18; ++i) {
    const float f = std::bit_cast<float>(static_cast<std::uint32_t>(rng.next()));
    if (std::isfinite(f)) cases.push_back(f);
  }
  return cases;
}

TEST(ScalarTypes, half_decodes_every_value) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const double want = decoded(static_cast<std::uint16_t>(b), 5);
    const float got = to_float(Half{static_cast<std::uint16_t>(b)});
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(got)) << std::hex << b;
    } else {
      ASSERT_EQ(static_cast<double>(got), want) << std::hex << b;
      ASSERT_EQ(std::signbit(got), (b & 0x8000u) != 0) << std::hex << b;
    }
  }
}

TEST(ScalarTypes, bfloat16_decodes_every_value) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const double want = decoded(static_cast<std::uint16_t>(b), 8);
    const float got = to_float(BFloat16{static_cast<std::uint16_t>(b)});
    if (std::isnan(want)) {
      ASSERT_TRUE(std::isnan(got)) << std::hex << b;
    } else {
      ASSERT_EQ(static_cast<double>(got), want) << std::hex << b;
    }
  }
}

TEST(ScalarTypes, half_rounds_to_nearest_even) {
  const Rounder round(5);
  for (float f : rounding_cases(round)) {
    ASSERT_EQ(half_from(f).bits, round(f)) << "half_from(" << std::hexfloat << f << ")";
  }
}

TEST(ScalarTypes, bfloat16_rounds_to_nearest_even) {
  const Rounder round(8);
  for (float f : rounding_cases(round)) {
    ASSERT_EQ(bfloat16_from(f).bits, round(f)) << "bfloat16_from(" << std::hexfloat << f << ")";
  }
}

// A NaN stays a NaN of its sign (quiet), an infinity an infinity.
TEST(ScalarTypes, specials_survive_narrowing) {
  for (float special : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::signaling_NaN(), HUGE_VALF}) {
    for (float f : {special, -special}) {
      const float h = to_float(half_from(f)), b = to_float(bfloat16_from(f));
      EXPECT_EQ(std::isnan(h), std::isnan(f));
      EXPECT_EQ(std::isnan(b), std::isnan(f));
      EXPECT_EQ(std::signbit(h), std::signbit(f));
      EXPECT_EQ(std::signbit(b), std::signbit(f));
      if (!std::isnan(f)) {
        EXPECT_EQ(h, f);
      }
    }
  }
}

// Names and limits, worked by hand.
TEST(ScalarTypes, typings_by_hand) {
  EXPECT_EQ(typing_name(kF32), "f32");
  EXPECT_EQ(typing_name({Scalar::f16, Scalar::f32, Scalar::f32}), "f16_f32");
  EXPECT_EQ(typing_name({Scalar::f16, Scalar::f32, Scalar::f16}), "f16_f32_f16");
  EXPECT_EQ(typing_name({Scalar::u8, Scalar::u32, Scalar::u32}), "u8_u32");
  EXPECT_EQ(overflow_limit({Scalar::u8, Scalar::u32, Scalar::u32, Overflow::refused}), 16843009);  // floor((2^32 - 1) / 255)
  EXPECT_EQ(overflow_limit({Scalar::i32, Scalar::i64, Scalar::i32, Overflow::refused}), std::int64_t{1} << 32);  // 2^63 / 2^31
  EXPECT_EQ(overflow_limit({Scalar::i32, Scalar::i32, Scalar::i32, Overflow::wraps}), 0);
  EXPECT_TRUE(converts_exactly(Scalar::f16, Scalar::f32));
  EXPECT_TRUE(converts_exactly(Scalar::bf16, Scalar::f32));
  EXPECT_TRUE(converts_exactly(Scalar::f32, Scalar::f64));
  EXPECT_FALSE(converts_exactly(Scalar::f64, Scalar::f32));
  EXPECT_FALSE(converts_exactly(Scalar::i32, Scalar::f32));
  EXPECT_EQ(unit_roundoff(Scalar::f16), 0x1p-11);
  EXPECT_EQ(unit_roundoff(Scalar::bf16), 0x1p-8);
  EXPECT_EQ(unit_roundoff(Scalar::f32), 0x1p-24);
  EXPECT_EQ(unit_roundoff(Scalar::f64), 0x1p-53);
  EXPECT_EQ(unit_roundoff(Scalar::i32), 0.0);
}

}  // namespace
}  // namespace smemc
