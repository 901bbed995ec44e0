#include "common/types.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace smemc {
namespace {

// The one list: name, CUDA type, bytes, kind, precision, exponents.
constexpr ScalarInfo kScalarInfo[] = {
    {Scalar::u8, "u8", "uint8_t", 1, ScalarKind::unsigned_integer, 8, 0, 0},
    {Scalar::i8, "i8", "int8_t", 1, ScalarKind::signed_integer, 7, 0, 0},
    {Scalar::u16, "u16", "uint16_t", 2, ScalarKind::unsigned_integer, 16, 0, 0},
    {Scalar::i16, "i16", "int16_t", 2, ScalarKind::signed_integer, 15, 0, 0},
    {Scalar::i32, "i32", "int32_t", 4, ScalarKind::signed_integer, 31, 0, 0},
    {Scalar::u32, "u32", "uint32_t", 4, ScalarKind::unsigned_integer, 32, 0, 0},
    {Scalar::i64, "i64", "int64_t", 8, ScalarKind::signed_integer, 63, 0, 0},
    {Scalar::u64, "u64", "uint64_t", 8, ScalarKind::unsigned_integer, 64, 0, 0},
    {Scalar::f16, "f16", "__half", 2, ScalarKind::floating, 11, -14, 15},
    {Scalar::bf16, "bf16", "__nv_bfloat16", 2, ScalarKind::floating, 8, -126, 127},
    {Scalar::f32, "f32", "float", 4, ScalarKind::floating, 24, -126, 127},
    {Scalar::f64, "f64", "double", 8, ScalarKind::floating, 53, -1022, 1023},
    {Scalar::f32x4, "f32x4", "float4", 16, ScalarKind::vector, 0, 0, 0},
};
constexpr Scalar kAllScalars[] = {Scalar::u8,  Scalar::i8,  Scalar::u16,  Scalar::i16, Scalar::i32, Scalar::u32,  Scalar::i64,
                                  Scalar::u64, Scalar::f16, Scalar::bf16, Scalar::f32, Scalar::f64, Scalar::f32x4};
static_assert(std::size(kScalarInfo) == std::size(kAllScalars));

// Rounds the 24-bit significand `mant` (the implicit bit included) shifted
// right by `shift` bits to nearest, ties to even.
std::uint32_t round_shifted(std::uint32_t mant, int shift) {
  if (shift <= 0) return mant;
  if (shift > 25) return 0;
  const std::uint32_t kept = shift >= 32 ? 0 : mant >> shift;
  const std::uint32_t rest = mant & ((std::uint32_t{1} << shift) - 1), half = std::uint32_t{1} << (shift - 1);
  return kept + ((rest > half || (rest == half && (kept & 1u) != 0)) ? 1u : 0u);
}

// max(accumulator) / max|element| for the overflow limit, by sign.
std::uint64_t positive_max(Scalar s) {
  const ScalarInfo& i = info(s);
  return i.precision >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << i.precision) - 1;
}
std::uint64_t negative_max(Scalar s) {  // |min|; 0 for unsigned
  const ScalarInfo& i = info(s);
  return i.kind == ScalarKind::signed_integer ? std::uint64_t{1} << i.precision : 0;
}

}  // namespace

float to_float(Half h) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(h.bits & 0x8000u) << 16;
  const std::uint32_t exponent = (h.bits >> 10) & 0x1Fu, mantissa = h.bits & 0x3FFu;
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  if (exponent == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);  // a subnormal half, or zero: exact in float
    return sign != 0 ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

float to_float(BFloat16 b) noexcept { return std::bit_cast<float>(static_cast<std::uint32_t>(b.bits) << 16); }

Half half_from(float f) noexcept {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  const std::uint32_t magnitude = x & 0x7FFFFFFFu;
  if (magnitude > 0x7F800000u) return {static_cast<std::uint16_t>(sign | 0x7E00u | ((magnitude >> 13) & 0x1FFu))};  // quiet NaN
  if (magnitude == 0x7F800000u) return {static_cast<std::uint16_t>(sign | 0x7C00u)};
  if (magnitude < 0x00800000u) return {sign};  // zero, or a float subnormal: far below half's smallest subnormal / 2
  const int exponent = static_cast<int>(magnitude >> 23) - 127;
  const std::uint32_t mant = (magnitude & 0x7FFFFFu) | 0x800000u;
  if (exponent >= -14) {  // half normals: 11 significant bits of 24
    std::uint32_t kept = round_shifted(mant, 13);
    int biased = exponent + 15;
    if (kept == 0x800u) {  // rounded up to the next binade
      kept = 0x400u;
      ++biased;
    }
    if (biased >= 31) return {static_cast<std::uint16_t>(sign | 0x7C00u)};
    return {static_cast<std::uint16_t>(sign | (biased << 10) | (kept & 0x3FFu))};
  }
  // Half subnormals: units of 2^-24; |f| = mant * 2^(exponent - 23). A
  // result of 0x400 is the smallest normal, encoded the same way.
  return {static_cast<std::uint16_t>(sign | round_shifted(mant, -(exponent + 1)))};
}

BFloat16 bfloat16_from(float f) noexcept {
  const std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  if ((x & 0x7FFFFFFFu) > 0x7F800000u) return {static_cast<std::uint16_t>((x >> 16) | 0x0040u)};  // quiet NaN
  const std::uint32_t lsb = (x >> 16) & 1u;
  return {static_cast<std::uint16_t>((x + 0x7FFFu + lsb) >> 16)};  // to nearest, ties to even; overflow gives infinity
}

const ScalarInfo& info(Scalar s) {
  for (const ScalarInfo& i : kScalarInfo) {
    if (i.scalar == s) return i;
  }
  throw std::invalid_argument("unknown scalar");
}

std::string_view to_string(Scalar s) { return info(s).name; }

std::span<const Scalar> all_scalars() { return kAllScalars; }

double unit_roundoff(Scalar s) { return is_floating(s) ? std::ldexp(1.0, -info(s).precision) : 0.0; }

std::string typing_name(const Typing& t) {
  std::string name(to_string(t.element));
  if (t.accumulator != t.element) name += "_" + std::string(to_string(t.accumulator));
  if (t.output != t.accumulator) name += "_" + std::string(to_string(t.output));
  return name;
}

std::string describe(const Typing& t) {
  std::string text(to_string(t.element));
  if (t.accumulator != t.element) text += " → " + std::string(to_string(t.accumulator));
  if (t.output != t.accumulator) text += " → " + std::string(to_string(t.output));
  if (t.overflow == Overflow::wraps) text += " (wraps mod 2^" + std::to_string(8 * info(t.accumulator).bytes) + ")";
  if (t.overflow == Overflow::refused) text += " (n ≤ " + std::to_string(overflow_limit(t)) + ")";
  return text;
}

const Typing* typing_named(std::span<const Typing> typings, std::string_view name) {
  for (const Typing& t : typings) {
    if (typing_name(t) == name) return &t;
  }
  return nullptr;
}

bool converts_exactly(Scalar from, Scalar to) {
  if (from == to) return true;
  const ScalarInfo &f = info(from), &t = info(to);
  if (f.kind == ScalarKind::vector || t.kind == ScalarKind::vector) return false;
  if (f.kind == ScalarKind::floating) {
    return t.kind == ScalarKind::floating && f.precision <= t.precision &&
           f.min_normal_exponent - f.precision >= t.min_normal_exponent - t.precision && f.max_exponent <= t.max_exponent;
  }
  const bool f_signed = f.kind == ScalarKind::signed_integer;
  if (t.kind == ScalarKind::floating) return f.precision <= t.precision;
  if (f_signed && t.kind == ScalarKind::unsigned_integer) return false;
  return f.precision <= t.precision;
}

std::int64_t overflow_limit(const Typing& t) {
  if (t.overflow != Overflow::refused || !is_integer(t.element) || !is_integer(t.accumulator)) return 0;
  std::uint64_t limit = positive_max(t.accumulator) / std::max<std::uint64_t>(1, positive_max(t.element));
  if (const std::uint64_t negative = negative_max(t.element); negative > 0) {
    const std::uint64_t room = negative_max(t.accumulator);
    limit = std::min(limit, room == 0 ? 0 : room / negative);
  }
  return static_cast<std::int64_t>(std::min<std::uint64_t>(limit, std::numeric_limits<std::int64_t>::max()));
}

}  // namespace smemc
