#pragma once
// Launcher argument checks. Every launcher validates before it enqueues
// anything and throws std::invalid_argument naming itself and the argument;
// it never clamps, rounds or silently ignores a bad value.

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/device_address.hpp"

namespace smemc {

inline bool is_power_of_two(std::int64_t x) noexcept { return x > 0 && (x & (x - 1)) == 0; }

// ceil(a / b) for a >= 0, b > 0.
inline std::int64_t ceil_div(std::int64_t a, std::int64_t b) noexcept { return (a + b - 1) / b; }

// a rounded down and up to a multiple of m (a >= 0; m <= 1: a itself).
inline std::int64_t round_down_to(std::int64_t a, std::int64_t m) noexcept { return m > 1 ? a - a % m : a; }
inline std::int64_t round_up_to(std::int64_t a, std::int64_t m) noexcept { return m > 1 ? ceil_div(a, m) * m : a; }

// ceil(log2 x); 0 for x <= 1.
inline std::int64_t ceil_log2(std::int64_t x) noexcept { return x <= 1 ? 0 : std::bit_width(static_cast<std::uint64_t>(x - 1)); }

// Throws "<launcher>: <violation>" when violation is not empty.
inline void reject_if(std::string_view launcher, const std::string& violation) {
  if (!violation.empty()) throw std::invalid_argument(std::string(launcher) + ": " + violation);
}

inline void require_address(std::string_view launcher, DeviceAddress a, std::string_view what) {
  if (a.is_null()) throw std::invalid_argument(std::string(launcher) + ": " + std::string(what) + " is a null address");
}

}  // namespace smemc
