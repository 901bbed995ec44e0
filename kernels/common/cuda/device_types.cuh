#pragma once
// The CUDA side of common/types.hpp: the device type of each scalar, the
// conversions the typed kernels make (the ones the host models make:
// common/typed_models.hpp), and the dispatch from a launch's Typing to a
// kernel instantiated for it.
//
//   DeviceType<S>       unsigned char, signed char, ..., __half, __nv_bfloat16, float, double, float4
//   DeviceModel<S>      what an accumulator S adds in: float, double, or the unsigned twin of an integer
//   widen<A>(e)         an element as the accumulator (exact for every typing of the suite)
//   narrow<O>(a)        an accumulator value as the output: round to nearest even for a narrower float, the bits for an integer
//   dispatch_typing<kList>(typing, f)   f.template operator()<I>() for the I with kList[I] == typing

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "common/typed_models.hpp"
#include "common/types.hpp"

namespace smemc {

template <Scalar S>
struct DeviceTypeOf;
#define SMEMC_DEVICE_TYPE(S, T)    \
  template <>                      \
  struct DeviceTypeOf<Scalar::S> { \
    using type = T;                \
  }
SMEMC_DEVICE_TYPE(u8, unsigned char);
SMEMC_DEVICE_TYPE(i8, signed char);
SMEMC_DEVICE_TYPE(u16, unsigned short);
SMEMC_DEVICE_TYPE(i16, short);
SMEMC_DEVICE_TYPE(i32, int);
SMEMC_DEVICE_TYPE(u32, unsigned);
SMEMC_DEVICE_TYPE(i64, long long);
SMEMC_DEVICE_TYPE(u64, unsigned long long);
SMEMC_DEVICE_TYPE(f16, __half);
SMEMC_DEVICE_TYPE(bf16, __nv_bfloat16);
SMEMC_DEVICE_TYPE(f32, float);
SMEMC_DEVICE_TYPE(f64, double);
SMEMC_DEVICE_TYPE(f32x4, float4);
#undef SMEMC_DEVICE_TYPE
template <Scalar S>
using DeviceType = typename DeviceTypeOf<S>::type;
template <Scalar S>
using DeviceModel = DeviceType<model_scalar(S)>;

template <typename A, typename E>
__device__ __forceinline__ A widen(E e) {
  if constexpr (std::is_same_v<E, __half>) {
    return static_cast<A>(__half2float(e));
  } else if constexpr (std::is_same_v<E, __nv_bfloat16>) {
    return static_cast<A>(__bfloat162float(e));
  } else if constexpr (std::is_integral_v<E> && std::is_signed_v<E>) {
    return static_cast<A>(static_cast<long long>(e));  // sign-extended, then modulo 2^bits of A
  } else {
    return static_cast<A>(e);
  }
}

template <typename O, typename A>
__device__ __forceinline__ O narrow(A a) {
  if constexpr (std::is_same_v<O, __half>) {
    return __float2half_rn(static_cast<float>(a));
  } else if constexpr (std::is_same_v<O, __nv_bfloat16>) {
    return __float2bfloat16_rn(static_cast<float>(a));
  } else {
    return static_cast<O>(a);  // one type, or an integer's low bits
  }
}

namespace detail {
template <const auto& kList, typename F, std::size_t... I>
void dispatch_typing(const Typing& t, F& f, std::index_sequence<I...>) {
  const bool found = ((t == kList[I] ? (f.template operator()<I>(), true) : false) || ...);
  if (!found) throw std::invalid_argument("no kernel is instantiated for typing " + typing_name(t));
}
}  // namespace detail

// Runs f.template operator()<I>() for the index I of `typing` in kList (a
// constexpr array of Typing: a family's list), so that the kernel it
// launches is instantiated for every typing of the list and for no other.
template <const auto& kList, typename F>
void dispatch_typing(const Typing& typing, F&& f) {
  detail::dispatch_typing<kList>(typing, f, std::make_index_sequence<std::size(kList)>{});
}

}  // namespace smemc
