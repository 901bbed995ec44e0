// Negative controls for Oclgrind: each mode plants one hazard that Oclgrind
// must report. CTest runs every mode under Oclgrind and passes only when its
// report names the hazard (tests/opencl/CMakeLists.txt); a canary Oclgrind
// stops flagging fails.
//
//   smemc_opencl_canaries <mode>
//   smemc_opencl_canaries --smemc-device-status
//
// Two modes run the suite's own exhibits through the OpenCL tables, as the
// conformance tests do: the legacy warp tail and the text's moving average
// with its trailing store.

#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "common/opencl/opencl_runtime.hpp"
#include "moving_average/spec.hpp"
#include "reduce/spec.hpp"
#include "smemc/backend.hpp"
#include "smemc/device_buffer.hpp"

namespace smemc::opencl::sources {
extern const char canaries_cl[];
}  // namespace smemc::opencl::sources

namespace {

using namespace smemc;
using namespace smemc::opencl;

template <typename Spec, typename Args>
const Implementation<Spec, Args>& entry(std::span<const Implementation<Spec, Args>> table, std::string_view name) {
  for (const auto& e : table) {
    if (e.name == name) return e;
  }
  throw std::invalid_argument("no table entry " + std::string(name));
}

int run(std::string_view mode) {
  Program& canaries = Program::process_wide("canaries.cl", sources::canaries_cl);
  const std::vector<float> ones(4096, 1.0f);
  if (mode == "global_tree_missing_barrier") {
    DeviceBuffer<float> x(512);
    x.upload(std::span<const float>(ones).first(512));
    launch({}, canaries.kernel("global_tree_missing_barrier"), "global_tree_missing_barrier", 1, 256, cl_int{512},
           static_cast<cl_mem>(x.at().buffer));
  } else if (mode == "local_tree_missing_barrier") {
    DeviceBuffer<float> in(256), out(1);
    in.upload(std::span<const float>(ones).first(256));
    launch({}, canaries.kernel("local_tree_missing_barrier"), "local_tree_missing_barrier", 1, 256,
           static_cast<cl_mem>(in.at().buffer), static_cast<cl_mem>(out.at().buffer));
  } else if (mode == "read_one_past") {
    DeviceBuffer<float> in(1000), out(1000);  // exactly n floats: no guard zone to hide in
    in.upload(std::span<const float>(ones).first(1000));
    launch({}, canaries.kernel("read_one_past"), "read_one_past", 4, 250, cl_int{1000}, static_cast<cl_mem>(in.at().buffer),
           static_cast<cl_mem>(out.at().buffer));
  } else if (mode == "read_uninitialised_local") {
    DeviceBuffer<float> out(64);
    launch({}, canaries.kernel("read_uninitialised_local"), "read_uninitialised_local", 1, 64,
           static_cast<cl_mem>(out.at().buffer));
  } else if (mode == "legacy_warp_tail") {
    // The exhibit itself: one block of 64, the tail's six unsynchronised steps.
    DeviceBuffer<float> data(128), partials(1), out(1);
    data.upload(std::span<const float>(ones).first(128));
    entry<reduce::Spec>(reduce::implementations(), "reduce_warp_volatile_legacy")
        .launch({.n = 128, .data = data.at(), .out = out.at(), .workspace = partials.at(), .block = 64}, {});
  } else if (mode == "seed_trailing_store") {
    DeviceBuffer<float> data(10);
    data.upload(std::span<const float>(ones).first(10));
    entry<moving_average::Spec>(moving_average::implementations(), "moving_average_seed")
        .launch({.n = 10, .data = data.at(), .block = 0}, {});
  } else {
    std::fprintf(stderr, "smemc_opencl_canaries: unknown mode '%.*s'\n", static_cast<int>(mode.size()), mode.data());
    return 2;
  }
  backend().synchronize({});
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: smemc_opencl_canaries <mode> | --smemc-device-status\n");
    return 2;
  }
  if (std::strcmp(argv[1], "--smemc-device-status") == 0) return smemc::print_device_status();
  try {
    return run(argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smemc_opencl_canaries: %s\n", e.what());
    return 1;
  }
}
