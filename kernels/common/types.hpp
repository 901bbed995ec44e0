#pragma once
// The element types a row can state, as data, and the typing of a row: its
// element, accumulator and output types (PyTorch's acc_type, Composable
// Kernel's In/Acc/Out), stated once per row and read by every check.
//
// Adding a type is one entry in the Scalar list below with its host type
// (HostType) and its line in kScalarInfo (types.cpp); a family then names
// it in the typings of the rows that use it. Every check of the family runs
// over (row, typing) with no further code.
//
// The 16-bit floats have host types of their own (Half, BFloat16: the bits,
// and conversions that round to nearest, ties to even, as CUDA's
// __float2half_rn and __float2bfloat16_rn do), so that the spec and its host
// models need no CUDA header.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace smemc {

enum class Scalar : std::uint8_t { u8, i8, u16, i16, i32, u32, i64, u64, f16, bf16, f32, f64, f32x4 };

// IEEE binary16 and bfloat16 as stored: 16 bits.
struct Half {
  std::uint16_t bits = 0;
};
struct BFloat16 {
  std::uint16_t bits = 0;
};
// A 16-byte element (CUDA's float4): data movement only (the transposes).
struct Float4 {
  float x = 0, y = 0, z = 0, w = 0;
};
static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2 && sizeof(Float4) == 16);

// Exact widenings, and the correctly rounded narrowings (to nearest, ties to
// even; a NaN stays a NaN of the same sign, quieted; overflow gives
// infinity). The narrowings take a float: a double narrowed to 16 bits
// through float would round twice, and no row does that.
float to_float(Half h) noexcept;
float to_float(BFloat16 b) noexcept;
Half half_from(float f) noexcept;
BFloat16 bfloat16_from(float f) noexcept;

enum class ScalarKind : std::uint8_t { unsigned_integer, signed_integer, floating, vector };

struct ScalarInfo {
  Scalar scalar;
  std::string_view name;  // in test names: "f16"
  std::string_view cuda;  // the CUDA C++ type: "__half"
  std::size_t bytes;
  ScalarKind kind;
  // Floating: the significand's bits p (unit roundoff 2^-p), the exponents
  // of the smallest normal and of the largest finite value. Integers: p is
  // the value bits (31 for i32), the exponents 0.
  int precision;
  int min_normal_exponent;
  int max_exponent;
};
const ScalarInfo& info(Scalar s);
std::string_view to_string(Scalar s);
// Every scalar, in the list's order (the self-tests walk it).
std::span<const Scalar> all_scalars();
inline bool is_floating(Scalar s) { return info(s).kind == ScalarKind::floating; }
inline bool is_integer(Scalar s) {
  return info(s).kind == ScalarKind::unsigned_integer || info(s).kind == ScalarKind::signed_integer;
}
// The signed integers (a constant expression: kernels are instantiated on it).
constexpr bool is_signed_integer(Scalar s) { return s == Scalar::i8 || s == Scalar::i16 || s == Scalar::i32 || s == Scalar::i64; }
// 2^-p for a floating type (0 for the others: integer arithmetic does not round).
double unit_roundoff(Scalar s);

// The host type of each scalar.
template <Scalar S>
struct HostTypeOf;
#define SMEMC_HOST_TYPE(S, T)    \
  template <>                    \
  struct HostTypeOf<Scalar::S> { \
    using type = T;              \
  }
SMEMC_HOST_TYPE(u8, std::uint8_t);
SMEMC_HOST_TYPE(i8, std::int8_t);
SMEMC_HOST_TYPE(u16, std::uint16_t);
SMEMC_HOST_TYPE(i16, std::int16_t);
SMEMC_HOST_TYPE(i32, std::int32_t);
SMEMC_HOST_TYPE(u32, std::uint32_t);
SMEMC_HOST_TYPE(i64, std::int64_t);
SMEMC_HOST_TYPE(u64, std::uint64_t);
SMEMC_HOST_TYPE(f16, Half);
SMEMC_HOST_TYPE(bf16, BFloat16);
SMEMC_HOST_TYPE(f32, float);
SMEMC_HOST_TYPE(f64, double);
SMEMC_HOST_TYPE(f32x4, Float4);
#undef SMEMC_HOST_TYPE
template <Scalar S>
using HostType = typename HostTypeOf<S>::type;

// Calls f(std::type_identity<T>{}) with the host type T of `s`.
template <typename F>
decltype(auto) visit_scalar(Scalar s, F&& f) {
  switch (s) {
    case Scalar::u8: return f(std::type_identity<std::uint8_t>{});
    case Scalar::i8: return f(std::type_identity<std::int8_t>{});
    case Scalar::u16: return f(std::type_identity<std::uint16_t>{});
    case Scalar::i16: return f(std::type_identity<std::int16_t>{});
    case Scalar::i32: return f(std::type_identity<std::int32_t>{});
    case Scalar::u32: return f(std::type_identity<std::uint32_t>{});
    case Scalar::i64: return f(std::type_identity<std::int64_t>{});
    case Scalar::u64: return f(std::type_identity<std::uint64_t>{});
    case Scalar::f16: return f(std::type_identity<Half>{});
    case Scalar::bf16: return f(std::type_identity<BFloat16>{});
    case Scalar::f32: return f(std::type_identity<float>{});
    case Scalar::f64: return f(std::type_identity<double>{});
    case Scalar::f32x4: break;
  }
  return f(std::type_identity<Float4>{});
}

// The scalar of a host type: the one whose HostType it is (HostTypeOf is
// the list; this reads it backwards rather than stating it again).
inline constexpr Scalar kEveryScalar[] = {Scalar::u8,  Scalar::i8,  Scalar::u16,  Scalar::i16, Scalar::i32,
                                          Scalar::u32, Scalar::i64, Scalar::u64,  Scalar::f16, Scalar::bf16,
                                          Scalar::f32, Scalar::f64, Scalar::f32x4};
template <typename T>
constexpr Scalar scalar_of() {
  constexpr auto is_host_type = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<bool, sizeof...(I)>{std::is_same_v<T, HostType<kEveryScalar[I]>>...};
  }
  (std::make_index_sequence<std::size(kEveryScalar)>{});
  constexpr std::size_t found = [&] {
    std::size_t at = is_host_type.size(), hits = 0;
    for (std::size_t i = 0; i < is_host_type.size(); ++i) {
      if (is_host_type[i]) {
        at = i;
        ++hits;
      }
    }
    return hits == 1 ? at : is_host_type.size();
  }();
  static_assert(found < is_host_type.size(), "not a scalar of the list");
  return kEveryScalar[found];
}

// An element's value as a double: exact for every floating scalar and for
// integers of magnitude up to 2^53.
template <typename T>
double to_double(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    return static_cast<double>(to_float(v));
  } else {
    return static_cast<double>(v);
  }
}

// What an integer accumulator does with a sum that does not fit it.
enum class Overflow : std::uint8_t {
  none,     // a floating accumulator (it rounds; it does not wrap)
  wraps,    // two's complement, modulo 2^bits: the result is the exact sum reduced
  refused,  // the row's n is limited so that no sum can pass the accumulator (overflow_limit)
};

// The types of a (row, typing): what data holds, what its additions are done
// in, and what the output holds. For the histograms the element is the
// sample type and the accumulator and output are the counts' type; for the
// transposes all three are the element.
struct Typing {
  Scalar element = Scalar::f32;
  Scalar accumulator = Scalar::f32;
  Scalar output = Scalar::f32;
  Overflow overflow = Overflow::none;
  friend bool operator==(const Typing&, const Typing&) = default;
};

inline constexpr Typing kF32{};
// The typings of a row that states no other: float in, float accumulated, float out.
inline constexpr Typing kFloatOnly[] = {kF32};

// "f32", "f16_f32" (half in, float accumulated and out), "f16_f32_f16" (half
// in, float accumulated, half out), "u8_u32": the element, then the
// accumulator where it differs, then the output where it differs from the
// accumulator. Test names end with it.
std::string typing_name(const Typing& t);
// In words, for tables: "f16 → f32", "i32 (wraps mod 2^32)", "u8 → u32 (n ≤ 16843009)".
std::string describe(const Typing& t);
// The typing of a name among `typings` (nullptr when none has it).
const Typing* typing_named(std::span<const Typing> typings, std::string_view name);

// Whether every element converts to the accumulator exactly (f16, bf16 and
// f32 into f32 or f64; integers into wider integers): where it does not, the
// conversion is one more rounding on each input's path.
bool converts_exactly(Scalar from, Scalar to);

// Overflow::refused: the largest n whose sum cannot pass the accumulator,
// floor(max(accumulator) / max|element|) (u8 into u32: 16843009). 0 for a
// typing that refuses nothing.
std::int64_t overflow_limit(const Typing& t);

}  // namespace smemc
