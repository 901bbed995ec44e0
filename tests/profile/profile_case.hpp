#pragma once
// A profile case (profile_target.cu, ctest_config/profile.sh): one named
// launch of one kernel, and what its row states; and the helpers a
// family's own cases (tests/<family>/profile_cases.cu) share with the
// built-in ones.

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/cuda/cuda_check.hpp"
#include "common/implementation.hpp"
#include "common/spec.hpp"
#include "smemc/backend.hpp"
#include "smemc/hashed_values.hpp"

namespace smemc::profile {

struct Case {
  std::string_view name;
  std::string_view kernel;  // the __global__ function whose one launch the check profiles
  void (*run)();
  // The traffic its row states for the case (DRAM bytes read and written by
  // the whole launch), for the cases a traffic check reads; else null.
  smemc::Traffic (*stated)() = nullptr;
};

// count floats in [1, 2) (23 hashed mantissa bits, never zero: nothing a
// memory could compress) into dst, made on the device (Backend::fill_hashed,
// HashedKind::one_to_two): profile.counters holds a whole GPU while it runs,
// and the traffic cases' inputs (a GiB each) made on the host and uploaded
// were seconds of it. The fill's kernel is not one a check profiles.
inline void fill_nonzero(smemc::DeviceAddress dst, std::size_t count, std::uint64_t seed) {
  smemc::backend().fill_hashed(dst, smemc::HashedFloats{smemc::HashedKind::one_to_two, seed}, 0, count, smemc::Stream{});
}

// A variant of a family's table in a typing (f32: the texts' figures),
// joined with its spec row; throws when this backend or device does not
// run it.
template <typename Spec, typename Args>
smemc::Joined<Spec, Args> variant_named(std::span<const Spec> specs, std::span<const smemc::Implementation<Spec, Args>> table,
                                        std::string_view name, const smemc::Typing& typing = smemc::kF32) {
  for (const auto& row : smemc::join(specs, table, std::span<const Allowance>())) {
    if (row.name() != name || row.typing != typing) continue;
    if (const std::string why = row.not_implemented(); !why.empty()) {
      throw std::runtime_error(std::string(name) + " is not implemented: " + why);
    }
    if (const std::string why = row.unsupported_on_device(); !why.empty()) {
      throw std::runtime_error(std::string(name) + " does not run on this device: " + why);
    }
    return row;
  }
  throw std::invalid_argument("no variant named " + std::string(name));
}

// A fault inside the kernel shows up here, checked, not at exit.
inline void wait_for_device() {
  smemc::backend().synchronize(smemc::Stream{});
  SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace smemc::profile
