#pragma once
// The text's gpu_shared_memory, kept in a file of its own (see
// moving_average_seed.cu); the registry row lives in moving_average.cu.

#include <cstdint>
#include <string>

#include "common/kernel_symbol.hpp"
#include "moving_average/moving_average.hpp"

namespace smemc::moving_average {

std::string seed_size_violation(std::int64_t n, int block);
void launch_moving_average_seed(const Args& args, Stream stream);
KernelSymbol seed_kernel_symbol();

}  // namespace smemc::moving_average
