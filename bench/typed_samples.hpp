#pragma once
// The histograms' other sample types, as the benchmark measures them (the
// `histogram_typed` benchmark, kernels/histogram/cuda/bench.cuh, and its
// references, `reference_samples` in bench/references.cu): one `sample`
// axis value for each sample type of histogram::kTypings but the bytes
// (the `histogram` benchmark's), the same samples and bins for the rows
// and for CUB.
//
//   integer samples   uniform over the type's values, 256 bins over them:
//                     one a value for 8-bit samples, 256 values each for
//                     16-bit ones (one bin a value, 65536, only
//                     histogram_global_atomics takes: the shared-memory
//                     rows' bins must fit a block)
//   floating samples  uniform in [1, 2) (a float in [1, 2) rounded toward
//                     zero into the type: none rounds up to 2, out of
//                     every bin), 256 bins of [1, 2); 128 for bf16, whose
//                     [1, 2) holds 128 values (256 would leave every
//                     other bin empty)

#include <cuda_runtime.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/types.hpp"
#include "device_buffer.hpp"
#include "histogram/spec.hpp"

namespace smemc::bench {

// The `sample` axis: "i8", "u16", ... in histogram::kTypings' order.
std::span<const std::string> typed_sample_names();
Scalar typed_sample_named(std::string_view name);  // throws std::invalid_argument for another name
histogram::Binning typed_sample_binning(Scalar sample);

// n samples of the type, drawn from (i, seed) on the device as above,
// ready when this returns.
DeviceBuffer random_samples(Scalar sample, std::int64_t n, std::uint64_t seed, cudaStream_t stream);

}  // namespace smemc::bench
