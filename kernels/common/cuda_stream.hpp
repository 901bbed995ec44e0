#pragma once
// The CUDA queue behind a contract's Stream.

#include <cuda_runtime.h>

#include "common/stream.hpp"

namespace smemc {

inline cudaStream_t as_cuda(Stream s) { return static_cast<cudaStream_t>(s.native); }

}  // namespace smemc
