#pragma once
// What the typed host models share: the elements converted to the type the
// model adds in, and its results converted to the output type, as the
// kernels convert them.
//
// A model adds in its accumulator's own type where that is floating (float,
// double: the additions round exactly as the kernel's), and in the unsigned
// twin of an integer accumulator (u32 for i32, u64 for i64): unsigned
// addition is the sum modulo 2^bits, which is the bits a two's complement
// accumulator holds, and it is defined in C++ where signed overflow is not.

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/types.hpp"
#include "common/values.hpp"

namespace smemc {

// The scalar a model adds an accumulator's values in (and a kernel: its
// integer additions are unsigned too).
constexpr Scalar model_scalar(Scalar accumulator) {
  switch (accumulator) {
    case Scalar::f32:
    case Scalar::f64:
    case Scalar::u32:
    case Scalar::u64: return accumulator;
    case Scalar::i32: return Scalar::u32;
    case Scalar::i64: return Scalar::u64;
    default: break;
  }
  throw std::invalid_argument("no model accumulator for this scalar");
}

// An element as the model accumulator A: exact for the suite's typings
// (16-bit floats and float into float or double; integers sign- or
// zero-extended, then taken modulo 2^bits of A).
template <typename A, typename E>
A widen_to(E e) {
  if constexpr (std::is_floating_point_v<A>) {
    return static_cast<A>(to_double(e));
  } else if constexpr (std::is_signed_v<E>) {
    return static_cast<A>(static_cast<std::int64_t>(e));
  } else if constexpr (std::is_integral_v<E>) {
    return static_cast<A>(static_cast<std::uint64_t>(e));
  } else {
    static_assert(std::is_integral_v<E>, "a floating element into an integer accumulator");
    return A{};
  }
}

// Calls f(std::span<const A>) with the values of a model accumulator type.
template <typename F>
decltype(auto) visit_model(const Values& acc, F&& f) {
  switch (acc.type()) {
    case Scalar::f32: return f(acc.as<float>());
    case Scalar::f64: return f(acc.as<double>());
    case Scalar::u32: return f(acc.as<std::uint32_t>());
    case Scalar::u64: return f(acc.as<std::uint64_t>());
    default: break;
  }
  throw std::invalid_argument("not a model accumulator: " + std::string(to_string(acc.type())));
}

// The elements as the typing's model accumulator values.
inline Values to_accumulator(const Values& x, const Typing& t) {
  const Scalar model = model_scalar(t.accumulator);
  Values out(model, x.size());
  visit_scalar(x.type(), [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_same_v<E, Float4>) {
      throw std::invalid_argument("a vector element has no sum");
    } else {
      const std::span<const E> in = x.as<E>();
      visit_scalar(model, [&]<typename A>(std::type_identity<A>) {
        if constexpr (std::is_same_v<A, float> || std::is_same_v<A, double> || std::is_same_v<A, std::uint32_t> ||
                      std::is_same_v<A, std::uint64_t>) {
          if constexpr (std::is_floating_point_v<A> || std::is_integral_v<E>) {
            std::span<A> to = out.as<A>();
            for (std::size_t i = 0; i < in.size(); ++i) to[i] = widen_to<A>(in[i]);
          } else {
            throw std::invalid_argument("a floating element into an integer accumulator");
          }
        }
      });
    }
  });
  return out;
}

// One model accumulator value as the output type: the bits for an integer
// output (the u32 model of an i32 sum holds its two's complement), one
// rounding to nearest even for a narrower floating output, a copy otherwise.
template <typename A>
Values to_output(std::span<const A> acc, Scalar output) {
  Values out(output, acc.size());
  const std::size_t bytes = out.element_bytes();  // once: a table lookup (info), not per element
  for (std::size_t i = 0; i < acc.size(); ++i) {
    std::byte* to = out.data() + i * bytes;
    if constexpr (std::is_integral_v<A>) {
      const std::uint64_t wide = acc[i];
      std::memcpy(to, &wide, bytes);  // little-endian: the low bytes
    } else if (output == Scalar::f16) {
      const Half h = half_from(static_cast<float>(acc[i]));
      std::memcpy(to, &h, sizeof h);
    } else if (output == Scalar::bf16) {
      const BFloat16 b = bfloat16_from(static_cast<float>(acc[i]));
      std::memcpy(to, &b, sizeof b);
    } else if (output == Scalar::f32) {
      const auto f = static_cast<float>(acc[i]);
      std::memcpy(to, &f, sizeof f);
    } else if (output == Scalar::f64) {
      const auto d = static_cast<double>(acc[i]);
      std::memcpy(to, &d, sizeof d);
    } else {
      throw std::invalid_argument("no floating output " + std::string(to_string(output)));
    }
  }
  return out;
}
template <typename A>
Values to_output(const std::vector<A>& acc, Scalar output) {
  return to_output(std::span<const A>(acc), output);
}

// The exact sum of integer elements as the typing's output: modulo 2^bits
// where it wraps (computed modulo 2^64, which holds every narrower
// modulus), exact where it refuses overflow (the domain keeps it in range).
inline Values exact_integer_sum(const Values& x, const Typing& t) {
  std::uint64_t sum = 0;
  visit_scalar(x.type(), [&]<typename E>(std::type_identity<E>) {
    if constexpr (std::is_integral_v<E>) {
      for (E e : x.as<E>()) sum += widen_to<std::uint64_t>(e);
    } else {
      throw std::invalid_argument("exact_integer_sum of a non-integer type");
    }
  });
  return to_output(std::span<const std::uint64_t>(&sum, 1), t.output);
}

}  // namespace smemc
