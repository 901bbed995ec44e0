// Backend::fill_hashed (smemc/hashed_values.hpp) held to the host's
// elements, bit for bit: the large checks make their inputs with it and
// their models compute the same elements again on the host, so a fill that
// wrote other elements would fail those checks for no fault of the row.
// Compiled into a binary of each backend (the CUDA backend's own kernel; the
// OpenCL backend's default, made on the host and uploaded).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "smemc/backend.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/hashed_values.hpp"
#include "smemc/test_size.hpp"
#include "smemc/testing.hpp"

namespace smemc::testing {
namespace {

class HashedFill : public DeviceTest {};
SMEMC_SUITE_SIZE(HashedFill, small);

// Every kind, from a first index past 2^32 (the hash takes all 64 bits),
// into a buffer at an offset of one float, a count that is a multiple of
// neither a block nor a warp; and one fill of 2^24 + 5 floats, past the
// host's piece (2^24) and the CUDA fill's grid (2^16 blocks of 256), so a
// piece or a stride that starts from the wrong index shows. The floats
// either side stay as poisoned.
TEST_F(HashedFill, device_elements_are_the_hosts) {
  constexpr std::int64_t kFirst = (std::int64_t{1} << 32) + 12345;
  struct Fill {
    HashedFloats g;
    std::size_t count;
  };
  for (const auto& [g, kCount] : {Fill{{HashedKind::float_bits, 0}, 100003}, Fill{{HashedKind::one_to_four, 0x1A46E5u}, 100003},
                                  Fill{{HashedKind::one_in_1021, 0x1A46E5u}, 100003}, Fill{{HashedKind::one_to_two, 3}, 100003},
                                  Fill{{HashedKind::float_bits, 0}, (std::size_t{1} << 24) + 5}}) {
    DeviceBuffer<float> buffer(kCount + 2);
    backend().fill(buffer.at(), kPoisonByte, (kCount + 2) * sizeof(float), {});
    backend().fill_hashed(buffer.at(1), g, kFirst, kCount, {});
    std::vector<float> got(kCount + 2);
    backend().download(got.data(), buffer.at(), got.size() * sizeof(float), {});
    const std::string kind = "kind " + std::to_string(static_cast<int>(g.kind)) + ", " + std::to_string(kCount) + " floats";
    EXPECT_EQ(bits_of(got.front()), kPoisonBits) << kind << ": the float before the fill was written";
    EXPECT_EQ(bits_of(got.back()), kPoisonBits) << kind << ": the float after the fill was written";
    std::size_t differ = 0, first_differ = kCount;
    for (std::size_t j = 0; j < kCount; ++j) {
      if (bits_of(got[j + 1]) != bits_of(hashed_float(g, kFirst + static_cast<std::int64_t>(j)))) {
        if (differ++ == 0) first_differ = j;
      }
    }
    EXPECT_EQ(differ, 0u) << kind << ": " << differ << " of " << kCount << " elements differ from the host's, the first at "
                          << first_differ;
  }
}

}  // namespace
}  // namespace smemc::testing
