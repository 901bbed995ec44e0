#pragma once
// The GPU CTest's resource allocation (ctest --resource-spec-file) hands
// this process, as CTEST_RESOURCE_GROUP_0_GPUS="id:<n>,slots:<k>": every
// backend that runs on GPUs selects device <n> of its own list. Without an
// allocation: 0.

#include <cstdlib>
#include <string_view>

namespace smemc {

// The id in a CTEST_RESOURCE_GROUP_0_GPUS value; 0 for none or no "id:".
inline int gpu_id_from_resource_group(const char* value) {
  if (value == nullptr) return 0;
  const std::string_view spec(value);
  const auto at = spec.find("id:");
  return at == std::string_view::npos ? 0 : std::atoi(value + at + 3);
}

inline int ctest_assigned_gpu() { return gpu_id_from_resource_group(std::getenv("CTEST_RESOURCE_GROUP_0_GPUS")); }

}  // namespace smemc
