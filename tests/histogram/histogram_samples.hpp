#pragma once
// The histogram checks' inputs, for every sample type: the binnings a
// (row, typing) is run with, the sample kinds, and the reference count.
// Shared by the conformance checks (test_histogram.cpp) and the spec's
// self-tests (test_histogram_spec.cpp), which hold each kind to its promise.
//
// The kinds are the ones a histogram's atomics and its binning care about:
//   spread       samples over the whole type (integers) or the levels and a
//                margin around them (floats): every bin, some samples outside
//   one_bin      one value, repeated: every sample in one bin (every atomic on
//                one word)
//   one_bank     samples in bins 0, 32, 64, ... (the privatised layout's bank 0:
//                the worst conflict)
//   lane_stride  lane l's sample in bin 8l (mod bins): an 8-way conflict in
//                every warp of the privatised layout, none in the lane-banks one
//   edges        the bin edges: for each sample an edge e_k = lower + k(upper -
//                lower)/bins rounded to the sample type, or its neighbour one
//                step down or up; and, one sample in 8, a special: the levels
//                themselves, the type's extremes, and for floats ±0, the
//                smallest subnormal, ±infinity and NaN (which count nowhere)
//   runs         one 4-byte word repeated (p = max(1, 4 / size) samples in p
//                bins: one value for 4- and 8-byte samples), but for one
//                sample in every fifth 16 bytes, from another bin, at a place
//                that moves from stretch to stretch: what a kernel that
//                counts 16 bytes of one repeated sample at once must tell
//                from 16 bytes that only look alike (equal words, equal
//                halves, all but one sample)

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "common/values.hpp"
#include "histogram/spec.hpp"
#include "smemc/data.hpp"

namespace smemc::histogram::testing {

enum class Samples { spread, one_bin, one_bank, lane_stride, edges, runs };
inline constexpr Samples kAllSamples[] = {Samples::spread,      Samples::one_bin, Samples::one_bank,
                                          Samples::lane_stride, Samples::edges,   Samples::runs};

inline std::string_view name_of(Samples k) {
  switch (k) {
    case Samples::spread: return "spread";
    case Samples::one_bin: return "one_bin";
    case Samples::one_bank: return "one_bank";
    case Samples::lane_stride: return "lane_stride";
    case Samples::edges: return "edges";
    case Samples::runs: return "runs";
  }
  return "?";
}

// The runs kind's period: the samples of one 4-byte word (one sample of 4
// bytes or more).
constexpr std::int64_t run_period(std::size_t sample_bytes) {
  return sample_bytes >= 4 ? 1 : 4 / static_cast<std::int64_t>(sample_bytes);
}

// The binnings every (row, typing) is run with: the suite's classic ones for
// the sample type, levels that do not divide evenly, more bins than values,
// bins narrower than the type's spacing, the type's extremes and the row's
// most bins, and for integers one bin per value over part of the type (an
// offset that reaches the range must not count); those the row does not take (too many bins) are left out by the
// caller (binning_violation: the row's stated domain, not its launcher).
inline std::vector<Binning> binnings_of(Scalar sample, std::int64_t max_bins) {
  std::vector<Binning> b;
  switch (sample) {
    case Scalar::u8: b = {kByteValues, {7, 3, 250}, {256, 10, 20}, {1, 0, 256}, {max_bins, 0, 256}, {100, 50, 150}}; break;
    case Scalar::i8: b = {one_bin_per_value(sample), {5, -100, 27}, {200, -3, 4}, {max_bins, -128, 128}, {20, -10, 10}}; break;
    case Scalar::u16:
      b = {one_bin_per_value(sample), {1000, 123, 60000}, {256, 0, 65536}, {max_bins, 0, 65536}, {200, 30000, 30200}};
      break;
    case Scalar::i16:
      b = {one_bin_per_value(sample), {77, -30000, 31234}, {256, -32768, 32768}, {max_bins, -32768, 32768}, {250, -100, 150}};
      break;
    default: {
      const double top = sample == Scalar::f16    ? 65504.0
                         : sample == Scalar::bf16 ? 0x1.fep127
                         : sample == Scalar::f32  ? static_cast<double>(std::numeric_limits<float>::max())
                                                  : 0x1p1000;
      b = {{256, -1, 1},          {100, 0, 1},     {7, -3.5, 10000},         {10, 0.1, 0.7},
           {1000, 1, 1 + 0x1p-7}, {64, -top, top}, {3, -0x1p1000, 0x1p1000}, {50, -1e-40, 1e-40},
           {max_bins, -1, 1}};
      // Exact terms whose quotient rounds up to an integer: over [0, r), r =
      // 2 - 2^-52, the edges kind's sample at edge 3 is x = (6 - 2^-50)/256,
      // x*256 = 3r - 2^-52 exactly, and the division rounds to 3.0 (the bin
      // is 2): bin_rule.hpp's floating_bin must test the quotient's residual.
      // Only a double has the bits for it.
      if (sample == Scalar::f64) b.push_back({256, 0, 2 - 0x1p-52});
    }
  }
  return b;
}

// The binning the digests and the launch-contract checks use: one bin per
// value for 8-bit samples, 256 bins over the type (16-bit) or over [-1, 1).
inline Binning default_binning(Scalar sample) {
  if (is_integer(sample) && info(sample).bytes == 1) return one_bin_per_value(sample);
  if (is_integer(sample)) {
    const Binning all = one_bin_per_value(sample);
    return {256, all.lower, all.upper};
  }
  return {256, -1, 1};
}

namespace detail {

// A double as the sample type: integers clamped into the type, floats
// rounded to nearest (the 16-bit floats through float).
template <typename T>
T sample_from(double x) {
  if constexpr (std::is_integral_v<T>) {
    const double lo = static_cast<double>(std::numeric_limits<T>::min()), hi = static_cast<double>(std::numeric_limits<T>::max());
    return static_cast<T>(std::clamp(std::floor(x), lo, hi));
  } else if constexpr (std::is_same_v<T, Half>) {
    return half_from(static_cast<float>(x));
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    return bfloat16_from(static_cast<float>(x));
  } else {
    return static_cast<T>(x);
  }
}

// The bits of a floating sample type, and back.
template <typename T>
auto bits_of(T x) {
  if constexpr (sizeof(T) == 2) {
    std::uint16_t b;
    std::memcpy(&b, &x, 2);
    return b;
  } else if constexpr (sizeof(T) == 4) {
    return std::bit_cast<std::uint32_t>(x);
  } else {
    return std::bit_cast<std::uint64_t>(x);
  }
}
template <typename T, typename Bits>
T from_bits(Bits b) {
  T x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}

// The next sample of the type up (+1) or down (-1): an integer's neighbour
// (saturating), a float's next representable value (its order as a
// sign-magnitude integer; ±0 step to the smallest subnormals).
template <typename T>
T step(T x, int dir) {
  if constexpr (std::is_integral_v<T>) {
    if (dir > 0 && x == std::numeric_limits<T>::max()) return x;
    if (dir < 0 && x == std::numeric_limits<T>::min()) return x;
    return static_cast<T>(x + dir);
  } else {
    using Bits = decltype(bits_of(x));
    constexpr int kBits = 8 * sizeof(Bits);
    const Bits sign = static_cast<Bits>(Bits{1} << (kBits - 1));
    const Bits b = bits_of(x);
    // Map to a signed order: negative values below the positive ones.
    const auto magnitude = static_cast<std::int64_t>(b & static_cast<Bits>(~sign));
    std::int64_t order = (b & sign) != 0 ? -magnitude : magnitude;
    order += dir;
    const Bits out = order < 0 ? static_cast<Bits>(sign | static_cast<Bits>(-order)) : static_cast<Bits>(order);
    return from_bits<T>(out);
  }
}

// The specials of a sample type (edges kind).
template <typename T>
std::vector<T> specials(const Binning& b) {
  std::vector<T> s = {sample_from<T>(b.lower), sample_from<T>(b.upper), step(sample_from<T>(b.lower), -1),
                      step(sample_from<T>(b.upper), -1)};
  if constexpr (std::is_integral_v<T>) {
    s.push_back(std::numeric_limits<T>::min());
    s.push_back(std::numeric_limits<T>::max());
  } else {
    using Bits = decltype(bits_of(T{}));
    constexpr int kBits = 8 * sizeof(Bits);
    const Bits sign = static_cast<Bits>(Bits{1} << (kBits - 1));
    const int exponent_bits = sizeof(T) == 8 ? 11 : sizeof(T) == 4 ? 8 : std::is_same_v<T, Half> ? 5 : 8;
    const Bits infinity = static_cast<Bits>(((Bits{1} << exponent_bits) - 1) << (kBits - 1 - exponent_bits));
    const Bits largest = static_cast<Bits>(infinity - 1);
    for (Bits bits : {Bits{0}, sign, Bits{1}, static_cast<Bits>(sign | 1), largest, static_cast<Bits>(sign | largest), infinity,
                      static_cast<Bits>(sign | infinity), static_cast<Bits>(infinity | (infinity >> exponent_bits))}) {
      s.push_back(from_bits<T>(bits));
    }
  }
  return s;
}

// A sample of bin k: an integer of the bin (the first, where the bin has
// none: more bins than values), or for floats a point in the bin's middle
// quarter rounded to the type (in the bin wherever the type's spacing is at
// most a quarter of the bin).
template <typename T>
T in_bin(const Binning& b, std::int64_t k, std::uint64_t random) {
  const double fraction = 0.375 + static_cast<double>(random >> 11) * 0x1p-55;
  if constexpr (std::is_integral_v<T>) {
    // The integers of bin k are the x with k*range <= bins*(x - lower) < (k+1)*range.
    const auto lower = static_cast<std::int64_t>(b.lower), range = static_cast<std::int64_t>(b.upper - b.lower);
    const std::int64_t first = lower + (k * range + b.bins - 1) / b.bins;
    const std::int64_t last = lower + ((k + 1) * range + b.bins - 1) / b.bins - 1;
    const std::int64_t width = std::max<std::int64_t>(1, last - first + 1);
    return static_cast<T>(std::min(first + static_cast<std::int64_t>(fraction * static_cast<double>(width)), lower + range - 1));
  } else {
    const double width = (b.upper - b.lower) / static_cast<double>(b.bins);
    return sample_from<T>(b.lower + (static_cast<double>(k) + fraction) * width);
  }
}

// Sample i of a kind; `special` is specials<T>(b) (made once by the caller:
// the edges kind draws from it for one sample in 8).
template <typename T>
T sample_at(Samples kind, const Binning& b, std::int64_t i, std::uint64_t seed, std::span<const T> special) {
  SplitMix64 rng(seed ^ (static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull));
  const std::uint64_t r = rng.next();
  switch (kind) {
    case Samples::spread:
      if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(r >> (64 - 8 * sizeof(T)));  // every bit pattern of the type
      } else {
        // Over [lower - w/8, upper + w/8), w = upper - lower: mostly counted.
        const double w = b.upper - b.lower;
        const auto fraction = static_cast<double>(r >> 11) * 0x1p-53;
        return sample_from<T>(b.lower - w / 8 + fraction * (w + w / 4));
      }
    case Samples::one_bin:  // one value, repeated
      return in_bin<T>(b, static_cast<std::int64_t>(seed % static_cast<std::uint64_t>(b.bins)), SplitMix64(seed).next());
    case Samples::one_bank: {
      const std::int64_t banks = std::max<std::int64_t>(1, (b.bins + 31) / 32);
      return in_bin<T>(b, 32 * static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(banks))), r);
    }
    case Samples::lane_stride: return in_bin<T>(b, (8 * (i % 32)) % b.bins, r);
    case Samples::edges: {
      if (r % 8 == 0) return special[rng.below(special.size())];
      const auto k = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(b.bins) + 1));
      const T edge = sample_from<T>(b.lower + static_cast<double>(k) * ((b.upper - b.lower) / static_cast<double>(b.bins)));
      const int dir = static_cast<int>(rng.below(3)) - 1;
      return dir == 0 ? edge : step(edge, dir);
    }
    case Samples::runs: {
      const std::int64_t period = run_period(sizeof(T)), stretch = 16 / static_cast<std::int64_t>(sizeof(T));
      const std::int64_t s = i / stretch, j = i % period;
      const bool stray = s % 5 == 1 && i % stretch == (s / 5) % stretch;
      const auto first = static_cast<std::int64_t>(seed % static_cast<std::uint64_t>(b.bins));
      const std::int64_t k = (first + j + (stray ? (b.bins - 1) / 2 + 1 : 0)) % b.bins;
      return in_bin<T>(b, k, SplitMix64(seed + static_cast<std::uint64_t>(j)).next());  // the same value every time
    }
  }
  return T{};
}

}  // namespace detail

// n samples of `type` of a kind, for a binning (seeded: the same on every
// platform).
inline Values make_samples(Scalar type, Samples kind, const Binning& b, std::int64_t n, std::uint64_t seed) {
  return visit_scalar(type, [&]<typename T>(std::type_identity<T>) -> Values {
    if constexpr (std::is_same_v<T, Float4>) {
      throw std::invalid_argument("make_samples: a vector is not a sample type");
    } else {
      std::vector<T> samples(static_cast<std::size_t>(n));
      const std::vector<T> special = detail::specials<T>(b);
      // Each sample is a function of (seed, i) alone, so pieces over the
      // cores give the same samples as one pass.
      auto piece = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
          samples[i] = detail::sample_at<T>(kind, b, static_cast<std::int64_t>(i), seed, std::span<const T>(special));
        }
      };
      constexpr std::size_t kPiece = std::size_t{1} << 16;
      if (samples.size() < 4 * kPiece) {
        piece(0, samples.size());
      } else {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, samples.size(), kPiece),
                          [&](const tbb::blocked_range<std::size_t>& r) { piece(r.begin(), r.end()); });
      }
      return Values::of(samples);
    }
  });
}

// The reference count: integer samples binned by the rule's integer
// arithmetic written out here; floating ones by the spec's floating_bin
// (held to an exact rational reference by the spec's self-tests).
inline Counts reference_counts(const Values& samples, const Binning& b) {
  Counts counts(static_cast<std::size_t>(b.bins), 0);
  visit_scalar(samples.type(), [&]<typename T>(std::type_identity<T>) {
    if constexpr (std::is_integral_v<T>) {
      const auto lower = static_cast<std::int64_t>(b.lower), upper = static_cast<std::int64_t>(b.upper);
      for (T x : samples.as<T>()) {
        const auto v = static_cast<std::int64_t>(x);
        if (v >= lower && v < upper) ++counts[static_cast<std::size_t>((v - lower) * b.bins / (upper - lower))];
      }
    } else if constexpr (!std::is_same_v<T, Float4>) {
      for (T x : samples.as<T>()) {
        const std::int64_t k = floating_bin(to_double(x), b);
        if (k >= 0) ++counts[static_cast<std::size_t>(k)];
      }
    }
  });
  return counts;
}

}  // namespace smemc::histogram::testing
