// The OpenCL backend's own checks, past what the family tests exercise:
// fills and writes at offsets beyond 4 GiB of one buffer, where NVIDIA's
// OpenCL fill was seen to misbehave (kernels/common/opencl/opencl_runtime.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "smemc/device_buffer.hpp"
#include "smemc/testing.hpp"

namespace smemc {
namespace {

class OpenClBackend : public testing::DeviceTest {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(OpenClBackend, large);

TEST_F(OpenClBackend, large_offsets_fill_and_write) {
  constexpr std::size_t kBytes = (std::size_t{1} << 32) + (std::size_t{1} << 20);  // 4 GiB + 1 MiB
  if (const std::string why = testing::large_check_unfit(kBytes, kBytes); !why.empty()) GTEST_SKIP() << why;
  DeviceBuffer<std::uint8_t> buffer(kBytes);
  const std::size_t past = std::size_t{1} << 32;  // the first byte past 4 GiB
  backend().fill(buffer.at(0), 0x11, kBytes, {});
  backend().fill(buffer.at(past - 8), 0x22, 16, {});  // across the 4 GiB boundary
  backend().fill(buffer.at(past + 4096), 0x33, 4096, {});
  const std::vector<std::uint8_t> pattern(4096, 0x44);
  backend().upload(buffer.at(past + 65536), pattern.data(), pattern.size(), {});
  backend().synchronize({});
  auto read = [&](std::size_t offset, std::size_t count) {
    std::vector<std::uint8_t> host(count);
    backend().download(host.data(), buffer.at(offset), count, {});
    return host;
  };
  EXPECT_EQ(read(0, 4096), std::vector<std::uint8_t>(4096, 0x11)) << "the start of the buffer";
  EXPECT_EQ(read(past - 16, 8), std::vector<std::uint8_t>(8, 0x11)) << "before the boundary fill";
  EXPECT_EQ(read(past - 8, 16), std::vector<std::uint8_t>(16, 0x22)) << "the fill across 4 GiB";
  EXPECT_EQ(read(past + 4096, 4096), std::vector<std::uint8_t>(4096, 0x33)) << "a fill past 4 GiB";
  EXPECT_EQ(read(past + 65536, 4096), pattern) << "a write past 4 GiB";
  EXPECT_EQ(read(kBytes - 4096, 4096), std::vector<std::uint8_t>(4096, 0x11)) << "the end of the buffer";
}

}  // namespace
}  // namespace smemc
