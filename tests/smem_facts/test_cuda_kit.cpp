// The CUDA port kit's own launchers (cmake/SmemcCudaKit.cmake), held to
// their stated preconditions: what a port calls must refuse bad input with
// std::invalid_argument before anything is enqueued. No device needed.

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <string>

#include "reduce/cuda/fixup.hpp"
#include "smemc/test_size.hpp"
#include "smemc/testing.hpp"

namespace smemc::reduce::testing {
namespace {

class CudaKit : public ::testing::Test {};
SMEMC_SUITE_SIZE(CudaKit, host);

// launch_fixup's fixed table: each refused call and the word its refusal
// names. The count's upper end is INT_MAX − 1024: the kernel's int index
// steps 1024 past the last partial (fixup.hpp).
struct FixupCall {
  std::int64_t count, stride;
  bool null_partials, null_out;
  const char* mentioning;
};
constexpr FixupCall kFixupRefusals[] = {
    {0, 1, false, false, "count"},
    {-1, 1, false, false, "count"},
    {std::int64_t{INT_MAX} - 1023, 1, false, false, "count"},
    {INT_MAX, 1, false, false, "count"},
    {std::int64_t{1} << 32, 1, false, false, "count"},
    {1, 0, false, false, "stride"},
    {1, -2, false, false, "stride"},
    {1, 1, true, false, "null"},
    {1, 1, false, true, "null"},
};

TEST_F(CudaKit, launch_fixup_refuses_its_table) {
  // Never dereferenced: every call below is refused before a launch.
  auto* fake = reinterpret_cast<float*>(std::uintptr_t{0x10000});
  for (const FixupCall& c : kFixupRefusals) {
    smemc::testing::expect_invalid_argument(
        [&] { launch_fixup(c.count, c.stride, c.null_partials ? nullptr : fake, c.null_out ? nullptr : fake, nullptr); },
        "launch_fixup", c.mentioning,
        "count=" + std::to_string(c.count) + " stride=" + std::to_string(c.stride) + (c.null_partials ? " null partials" : "") +
            (c.null_out ? " null out" : ""));
  }
}

}  // namespace
}  // namespace smemc::reduce::testing
