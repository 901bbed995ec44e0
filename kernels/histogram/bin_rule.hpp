#pragma once
// The histogram's binning rule as the kernels compute it: one source for the
// host (histogram/spec.cpp's integer_bin and floating_bin) and the CUDA
// kernels (nvcc compiles it __host__ __device__). The OpenCL kernels carry
// the same steps in OpenCL C (kernels/histogram/opencl/histogram.cl). Plain
// C++ otherwise: no CUDA header.
//
// The rule (histogram/spec.hpp's header): x counts iff lower <= x < upper,
// in bin floor((x - lower) * bins / (upper - lower)), the real value's floor.
//
// Integer samples: (x - lower) is at most 65535 for every sample type of the
// suite and bins at most 65536, so the product is below 2^32: exact in an
// unsigned 64-bit product (an int product overflows for a 16-bit sample with
// 65536 bins: 32768 * 65536 = 2^31).
//
// Floating samples (a double: f16, bf16 and f32 widen to it exactly): a
// candidate from the quotient in double, taken as it is where its error
// bound cannot reach an integer (kCertain below); else the quotient itself
// where every step of it is shown exact; else the candidate clamped into
// [0, bins) and corrected by the exact sign of
//     bins*x - bins*lower - k*upper + k*lower,   (= bins*(x-lower) - k*(upper-lower))
// which is >= 0 iff k <= the real bin. Each product of an integer (bins or k,
// at most 2^16, exact in a double) and a double is split exactly into two
// doubles by an fma (the error of such a product is a multiple of 2^-1074
// below the product's ulp, so it is representable even for subnormal x); the
// 8 terms are summed without error into a nonoverlapping expansion
// (Shewchuk's grow-expansion of TwoSums), whose largest nonzero term has the
// sum's sign. Levels of magnitude at most 2^1000 keep every term and partial
// sum finite.

#include <cstdint>

#if defined(__CUDACC__)
#define SMEMC_BIN_RULE __host__ __device__ inline
#else
#include <cmath>
#define SMEMC_BIN_RULE inline
#endif

namespace smemc::histogram::rule {

// The binning as the kernels take it: the levels as doubles, and as 64-bit
// integers for integer samples (exact: they are integers in [-2^15, 2^16]).
struct BinParams {
  std::int64_t bins;
  double lower;
  double upper;
  std::int64_t integer_lower;
  std::int64_t integer_range;  // upper - lower
};

// The arithmetic of the exact sign, each operation rounded on its own: on
// the device through the _rn intrinsics, which nvcc never contracts into an
// fma (a product contracted into the sum after it would lose the error the
// expansion keeps); the host's code is compiled with -ffp-contract=off.
SMEMC_BIN_RULE double fused_multiply_add(double a, double b, double c) {
#if defined(__CUDA_ARCH__)
  return fma(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
SMEMC_BIN_RULE double multiply(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
SMEMC_BIN_RULE double add(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
SMEMC_BIN_RULE double subtract(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
SMEMC_BIN_RULE double divide(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}

// -1 when x does not count, else its bin.
SMEMC_BIN_RULE std::int64_t integer_bin(std::int64_t x, const BinParams& p) {
  if (x < p.integer_lower || x >= p.integer_lower + p.integer_range) return -1;
  const auto offset = static_cast<std::uint64_t>(x - p.integer_lower);
  return static_cast<std::int64_t>(offset * static_cast<std::uint64_t>(p.bins) / static_cast<std::uint64_t>(p.integer_range));
}

// The same bin in 32-bit arithmetic and without a division, for a kernel
// that bins in its inner loop (histogram_smem_wide). Every integer sample
// type of the suite has 8 or 16 bits and its levels lie in [-2^15, 2^16]:
// x - lower fits an int32, and read as unsigned it is below the range
// exactly when the sample counts. Where bins equal the range (one bin per
// value) the bin is that offset. Otherwise a = offset·bins is below 2^32
// (offset < 2^16, bins <= 2^16) and its quotient by the range at most 2^16;
// the estimate (float)a · reciprocal, reciprocal = 1/range in float, is
// within one of a/range (three roundings of 2^-24 and the reciprocal's own
// error, at most 2.5 ulp, OpenCL's bound for a float division: a relative
// error below 2^-21, below 2^-5 in a quotient of at most 2^16). The
// remainder a - q·range is then in (-range, 2·range), exact in 32-bit
// arithmetic (modulo 2^32, read as signed), and one step each way gives
// the floor.
struct IntegerBins32 {
  std::int32_t lower;
  std::uint32_t range;
  std::uint32_t bins;
  float reciprocal;
};
SMEMC_BIN_RULE IntegerBins32 integer_bins_32(const BinParams& p) {
  return {static_cast<std::int32_t>(p.integer_lower), static_cast<std::uint32_t>(p.integer_range),
          static_cast<std::uint32_t>(p.bins), 1.0f / static_cast<float>(p.integer_range)};
}
SMEMC_BIN_RULE std::int32_t integer_bin_32(std::int32_t x, const IntegerBins32& b) {
  const auto offset = static_cast<std::uint32_t>(x - b.lower);
  if (offset >= b.range) return -1;
  if (b.bins == b.range) return static_cast<std::int32_t>(offset);
  const std::uint32_t a = offset * b.bins;
  auto q = static_cast<std::uint32_t>(static_cast<float>(a) * b.reciprocal);
  const auto remainder = static_cast<std::int32_t>(a - q * b.range);
  if (remainder < 0) {
    --q;
  } else if (remainder >= static_cast<std::int32_t>(b.range)) {
    ++q;
  }
  return static_cast<std::int32_t>(q);
}

// Grow-expansion: adds term to a nonoverlapping expansion (components in
// increasing magnitude, zeros allowed) without error: TwoSum with every
// component, smallest first, each leaving its exact error in place.
SMEMC_BIN_RULE void grow_expansion(double* expansion, int& length, double term) {
  double q = term;
  for (int i = 0; i < length; ++i) {
    const double sum = add(q, expansion[i]);
    const double virtual_q = subtract(sum, expansion[i]);
    expansion[i] = add(subtract(q, virtual_q), subtract(expansion[i], subtract(sum, virtual_q)));
    q = sum;
  }
  expansion[length++] = q;
}

// The sign (-1, 0, 1) of bins*(x - lower) - k*(upper - lower), exactly.
SMEMC_BIN_RULE int edge_sign(double x, std::int64_t k, const BinParams& p) {
  const double b = static_cast<double>(p.bins), kd = static_cast<double>(k);
  const double factors[4][2] = {{b, x}, {-b, p.lower}, {-kd, p.upper}, {kd, p.lower}};
  double expansion[8];
  int length = 0;
  for (int f = 0; f < 4; ++f) {
    const double product = multiply(factors[f][0], factors[f][1]);
    grow_expansion(expansion, length, fused_multiply_add(factors[f][0], factors[f][1], -product));
    grow_expansion(expansion, length, product);
  }
  for (int i = length - 1; i >= 0; --i) {
    if (expansion[i] > 0) return 1;
    if (expansion[i] < 0) return -1;
  }
  return 0;
}

// The candidate's filter (floating_bin, step 1): a candidate whose fraction
// is farther than kCertain from an integer has the real floor. Only samples
// that near an edge go on (the edges kind of the checks puts a fair share
// there).
inline constexpr double kCertain = 0x1p-32;

// Whether difference = a - b (rounded) is a - b exactly: TwoSum's error of
// a + (-b) is zero (a NaN or an infinity gives a NaN error: not exact).
SMEMC_BIN_RULE bool difference_is_exact(double a, double b, double difference) {
  const double virtual_b = subtract(difference, a);
  const double error = add(subtract(a, subtract(difference, virtual_b)), subtract(-b, virtual_b));
  return error == 0;
}

// The bin of a floating sample, from one quotient c = (d·bins) / range,
// d = x - lower, range = upper - lower, each step rounded once:
// 1. the candidate: |c - q| <= 5u·q < 2^-34 for the real quotient q <
//    2^16 (four roundings; a subnormal d or d·bins is exact), so a c whose
//    fraction is farther than kCertain from an integer has the real floor;
// 2. else the quotient itself, where the arithmetic shows itself exact: d,
//    the range and d·bins each exact (their errors zero: TwoSum's, the
//    fma's), so c is the real quotient rounded once. Then c < 1 means q < 1
//    (rounding keeps order, and 1 is a double): bin 0. Else the division's
//    residual c·range - d·bins, exact in an fma, is zero only where c is q
//    itself, whose floor is the bin. A range of at least 2^-960 keeps that
//    residual a multiple of 2^-1074 or more (c >= 1), never lost to
//    underflow. Power-of-two binnings of short floats put their samples on
//    bin edges (every bf16 in [1, 2) with 128 bins) and settle them here:
//    the exact sign held f16 and bf16 there to 2-3 % of CUB's speed on the
//    H200 (docs/results/2026-12-05-h200.md);
// 3. else the candidate clamped into [0, bins) and corrected by the exact
//    sign (edge_sign) of its neighbours.
SMEMC_BIN_RULE std::int64_t floating_bin(double x, const BinParams& p) {
  if (!(x >= p.lower && x < p.upper)) return -1;  // a NaN compares false: it does not count
  const double d = subtract(x, p.lower), range = subtract(p.upper, p.lower);
  const double b = static_cast<double>(p.bins), scaled = multiply(d, b);
  const double c = divide(scaled, range);  // >= 0: d >= 0
  std::int64_t k = static_cast<std::int64_t>(c);
  const double fraction = c - static_cast<double>(k);  // exact: c < 2^17
  if (fraction > kCertain && fraction < 1 - kCertain && k < p.bins) return k;
  if (range >= 0x1p-960 && difference_is_exact(x, p.lower, d) && difference_is_exact(p.upper, p.lower, range) &&
      fused_multiply_add(d, b, -scaled) == 0) {
    if (c < 1) return 0;
    if (fused_multiply_add(c, range, -scaled) == 0) return k;
  }
  k = k > p.bins - 1 ? p.bins - 1 : k;
  while (k > 0 && edge_sign(x, k, p) < 0) --k;
  while (k + 1 < p.bins && edge_sign(x, k + 1, p) >= 0) ++k;
  return k;
}

}  // namespace smemc::histogram::rule
