// A scheduling adversary for the look-back scan (issue 16). Its correctness
// rests on two things no ordinary run exercises: a tile's index is a ticket
// taken when its block starts (not blockIdx.x), and a tile waits only for
// tiles whose blocks have started. The hardware happens to start blocks in
// blockIdx order, so a look-back that trusted blockIdx.x would pass every
// other check here. launch_lookback_block0_last runs the kernel's own code
// with block 0 held back until every other block has finished: with
// tickets, block 0 gets the last tile and the run is correct; with
// blockIdx.x, every tile would wait for tile 0 forever (the waits there are
// bounded and report it instead of hanging).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/cuda/interop.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"
#include "moving_average/host_models.hpp"
#include "smemc/compare.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/testing.hpp"

namespace smemc::moving_average {
namespace {

class SchedulingAdversary : public testing::DeviceTest {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(SchedulingAdversary, small);

// Every partial sum exact (a 1 every 1021 elements, zeros between), so the
// outputs are the model's bits whatever order the look-back added them in.
std::vector<float> exact_input(std::int64_t n) {
  std::vector<float> a(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = i % 1021 == 0 ? 1.0f : 0.0f;
  return a;
}

TEST_F(SchedulingAdversary, lookback_with_block_0_started_last) {
  const Spec& s = spec_named("moving_average_lookback");
  for (const auto& [tiles, block] : {std::pair{700, 256}, std::pair{3000, 32}, std::pair{130, 1024}}) {
    const std::int64_t n = std::int64_t{tiles} * model::kLookbackItems * block - 5;  // a partial last tile
    const std::string context = "look-back, block 0 last, n=" + std::to_string(n) + " block=" + std::to_string(block);
    const std::vector<float> a = exact_input(n);
    DeviceBuffer<float> data(a.size());
    DeviceBuffer<std::byte> workspace(s.workspace_bytes(n, block, kF32));
    DeviceBuffer<unsigned> counters(3);
    data.upload(a);
    launch_lookback_block0_last({.n = n, .data = data.at(), .workspace = workspace.at(), .block = block}, {},
                                device_pointer<unsigned>(counters.at()));
    backend().synchronize({});
    const std::vector<unsigned> c = counters.download();
    EXPECT_EQ(c[1], 0u) << context << ": a wait gave up after a second: a tile waited for one whose block could not start";
    EXPECT_EQ(c[0], static_cast<unsigned>(tiles)) << context << ": blocks finished";
    EXPECT_EQ(c[2], static_cast<unsigned>(tiles - 1)) << context << ": block 0, started last, took the last tile";
    expect_elementwise(std::span<const float>(model::lookback_mean_model(a, block)), std::span<const float>(data.download()),
                       NanPayloads::may_differ, context, [](std::size_t j) { return "[" + std::to_string(j) + "]"; });
  }
}

}  // namespace
}  // namespace smemc::moving_average
