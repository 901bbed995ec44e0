#pragma once
// Table glue: a neutral Args call of one of reduce_cuda.hpp's float
// launchers, whichever of the two signatures it has. Those rows state the
// f32 typing only: another is refused here, naming the launcher, before
// the float pointers are formed.

#include <type_traits>

#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "reduce/spec.hpp"

namespace smemc::reduce {

template <auto launcher, const std::string_view& name>
void launch_from_args(const Args& a, Stream s) {
  reject_if(name, typing_violation(spec_named(name).typings, a.typing));
  float* data = device_pointer<float>(a.data);
  float* out = device_pointer<float>(a.out);
  if constexpr (std::is_invocable_v<decltype(launcher), std::int64_t, const float*, float*, float*, int, cudaStream_t>) {
    launcher(a.n, data, out, device_pointer<float>(a.workspace), a.block, as_cuda(s));
  } else {
    launcher(a.n, data, out, a.block, as_cuda(s));
  }
}

}  // namespace smemc::reduce
