// The references, timed in the same run as the variants: the library answer
// or the copy roof each family is compared with (bench/ladder.py).
//
//   reference_n (variant x n)
//     cub_reduce_sum     cub::DeviceReduce::Sum: what the reductions are compared with
//     cub_inclusive_sum  cub::DeviceScan::InclusiveSum, in -> out: what the moving averages
//                        are compared with (a scan is their work without the divisions)
//     memcpy             cudaMemcpyAsync device to device: the copy roof of n floats
//     copy_float4        a kernel, one float4 per thread: the roof a plain kernel reaches
//   reference_matrix (variant x side)
//     memcpy             cudaMemcpyAsync of side x side floats: the transposes' copy roof
//     copy_tile32        a plain copy, no transpose, on the transposes' own launch shape:
//                        a grid of 32x32-thread blocks, one element per thread
//   reference_bytes (variant x n x data): n bytes of a kind, the histogram benchmark's own data
//     cub_histogram_even cub::DeviceHistogram::HistogramEven into 256 bins of [0, 256):
//                        what the histograms are compared with
//     memcpy             cudaMemcpyAsync of the n bytes: their copy roof
//   reference_samples (variant x sample x n): n samples of a type, histogram_typed's own
//     cub_histogram_even HistogramEven on the same samples into the same bins
//                        (bench/typed_samples.hpp): what the typed histograms are compared with
//     memcpy             cudaMemcpyAsync of the samples' bytes
//
// Bytes (nvbench's GlobalMem BW): what the operation must move, the input
// read and the output written. CUB's scratch traffic (block partials, the
// scan's tile states, the histogram's privatised bins: kilobytes) is not
// counted.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "benchmarks.hpp"
#include "common/cuda/cuda_check.hpp"
#include "device_buffer.hpp"
#include "registry_bench.cuh"
#include "transpose/spec.hpp"
#include "typed_samples.hpp"

namespace smemc::bench {
namespace {

constexpr std::uint64_t kInputSeed = 0x5eed2026;
constexpr std::int64_t F = sizeof(float);

// A reference's arguments: a rows x cols array of its table's elements
// (floats, or bytes; 1-D: one row).
struct ReferenceArgs {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::string data;  // the byte table's data kind (bench::byte_kinds), the sample table's sample type; empty elsewhere
  const void* in = nullptr;
  void* out = nullptr;
  void* scratch = nullptr;
  std::size_t scratch_bytes = 0;
  std::int64_t elements() const noexcept { return rows * cols; }
  const float* floats_in() const noexcept { return static_cast<const float*>(in); }
  float* floats_out() const noexcept { return static_cast<float*>(out); }
};

struct Reference {
  std::string_view name;
  Traffic (*traffic)(const ReferenceArgs& shape) = nullptr;
  void (*launch)(const ReferenceArgs&, cudaStream_t) = nullptr;
  // The scratch a launch of this shape needs (CUB's temporary storage);
  // null: none.
  std::size_t (*scratch_bytes)(const ReferenceArgs& shape) = nullptr;
  // Empty when the reference takes rows x cols, else why not; null: any.
  std::string (*refusal)(std::int64_t rows, std::int64_t cols) = nullptr;
};

Traffic reads_all_writes_one(const ReferenceArgs& a) { return {F * a.elements(), F}; }
Traffic reads_all_writes_all(const ReferenceArgs& a) { return {F * a.elements(), F * a.elements()}; }

// The byte table: n samples read, 256 32-bit bins written; a copy of n bytes.
constexpr int kByteBins = 256;
constexpr std::int64_t kBinBytes = kByteBins * sizeof(unsigned);
Traffic reads_bytes_writes_bins(const ReferenceArgs& a) { return {a.elements(), kBinBytes}; }
Traffic reads_bytes_writes_bytes(const ReferenceArgs& a) { return {a.elements(), a.elements()}; }

// The sample table: n samples of the type read, its bins written; a copy of
// the samples' bytes.
Scalar sample_of(const ReferenceArgs& a) { return typed_sample_named(a.data); }
std::int64_t sample_bytes(const ReferenceArgs& a) { return a.elements() * static_cast<std::int64_t>(info(sample_of(a)).bytes); }
Traffic reads_samples_writes_bins(const ReferenceArgs& a) {
  const std::int64_t bins = typed_sample_binning(sample_of(a)).bins;
  return {sample_bytes(a), bins * std::int64_t{sizeof(unsigned)}};
}
Traffic reads_samples_writes_samples(const ReferenceArgs& a) { return {sample_bytes(a), sample_bytes(a)}; }

// --- CUB -----------------------------------------------------------------------

// CUB takes a null scratch pointer as a size query and does no work: the
// scratch is never left unallocated, even were CUB to ask for 0 bytes.
std::size_t at_least_one(std::size_t bytes) { return std::max<std::size_t>(bytes, 1); }

std::size_t cub_sum_scratch(const ReferenceArgs& a) {
  std::size_t bytes = 0;
  SMEMC_CUDA_CHECK(
      cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), a.elements()));
  return at_least_one(bytes);
}
void launch_cub_sum(const ReferenceArgs& a, cudaStream_t stream) {
  std::size_t bytes = a.scratch_bytes;
  SMEMC_CUDA_CHECK(cub::DeviceReduce::Sum(a.scratch, bytes, a.floats_in(), a.floats_out(), a.elements(), stream));
}

std::size_t cub_scan_scratch(const ReferenceArgs& a) {
  std::size_t bytes = 0;
  SMEMC_CUDA_CHECK(cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr),
                                                 a.elements()));
  return at_least_one(bytes);
}
void launch_cub_scan(const ReferenceArgs& a, cudaStream_t stream) {
  std::size_t bytes = a.scratch_bytes;
  SMEMC_CUDA_CHECK(cub::DeviceScan::InclusiveSum(a.scratch, bytes, a.floats_in(), a.floats_out(), a.elements(), stream));
}

// HistogramEven of a's samples, read as Sample, into `bins` bins evenly over
// [lower, upper) (bins + 1 levels, as Level). CUB clears the bins itself,
// as the suite's launchers do (their memset is timed too). A null scratch
// is the size query; returns the scratch bytes. Its sample count is an int
// here: the tables' n stops at 2^28.
template <typename Sample, typename Level>
std::size_t cub_histogram_of(const ReferenceArgs& a, void* scratch, std::size_t bytes, cudaStream_t stream, double lower,
                             double upper, std::int64_t bins) {
  SMEMC_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(
      scratch, bytes, static_cast<const Sample*>(a.in), static_cast<unsigned*>(a.out), static_cast<int>(bins + 1),
      static_cast<Level>(lower), static_cast<Level>(upper), static_cast<int>(a.elements()), stream));
  return bytes;
}

// The byte table: one bin per byte value, 257 levels evenly from 0 to 256.
std::size_t cub_bytes_histogram(const ReferenceArgs& a, void* scratch, std::size_t bytes, cudaStream_t stream) {
  return cub_histogram_of<unsigned char, int>(a, scratch, bytes, stream, 0, kByteBins, kByteBins);
}

// The sample table: the type's bins, evenly over [lower, upper)
// (typed_sample_binning); integer levels as int, floating ones as float
// (double for double samples).
//
// int8 samples go to CUB as the same bytes read as uint8 over [0, 256):
// CUB 13.0's byte path drops every negative int8 sample (docs/porting.md,
// "CUB's histogram, in the typed rows"; NVIDIA/cccl#10977), which would
// time half the counting. Read as uint8 it is the same work, one bin per
// byte value, the bins rotated.
std::size_t cub_samples_histogram(const ReferenceArgs& a, void* scratch, std::size_t bytes, cudaStream_t stream) {
  const histogram::Binning b = typed_sample_binning(sample_of(a));
  switch (sample_of(a)) {
    case Scalar::i8: return cub_histogram_of<std::uint8_t, int>(a, scratch, bytes, stream, 0, 256, b.bins);
    case Scalar::u16: return cub_histogram_of<std::uint16_t, int>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    case Scalar::i16: return cub_histogram_of<std::int16_t, int>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    case Scalar::f16: return cub_histogram_of<__half, float>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    case Scalar::bf16: return cub_histogram_of<__nv_bfloat16, float>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    case Scalar::f32: return cub_histogram_of<float, float>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    case Scalar::f64: return cub_histogram_of<double, double>(a, scratch, bytes, stream, b.lower, b.upper, b.bins);
    default: throw std::invalid_argument("cub_histogram_even: no sample table for " + a.data);
  }
}

// A table's scratch query and launch, from its histogram call.
template <std::size_t (*kHistogram)(const ReferenceArgs&, void*, std::size_t, cudaStream_t)>
std::size_t cub_histogram_scratch(const ReferenceArgs& a) {
  return at_least_one(kHistogram(a, nullptr, 0, nullptr));
}
template <std::size_t (*kHistogram)(const ReferenceArgs&, void*, std::size_t, cudaStream_t)>
void launch_cub_histogram(const ReferenceArgs& a, cudaStream_t stream) {
  kHistogram(a, a.scratch, a.scratch_bytes, stream);
}

std::string int_samples_refusal(std::int64_t rows, std::int64_t cols) {
  if (rows * cols <= INT_MAX) return {};
  return "cub_histogram_even: n = " + std::to_string(rows * cols) + " samples past the int count it is called with here";
}

// --- copies ----------------------------------------------------------------------

void launch_memcpy(const ReferenceArgs& a, cudaStream_t stream) {
  SMEMC_CUDA_CHECK(
      cudaMemcpyAsync(a.out, a.in, static_cast<std::size_t>(a.elements()) * sizeof(float), cudaMemcpyDeviceToDevice, stream));
}
void launch_memcpy_bytes(const ReferenceArgs& a, cudaStream_t stream) {
  SMEMC_CUDA_CHECK(cudaMemcpyAsync(a.out, a.in, static_cast<std::size_t>(a.elements()), cudaMemcpyDeviceToDevice, stream));
}
void launch_memcpy_samples(const ReferenceArgs& a, cudaStream_t stream) {
  SMEMC_CUDA_CHECK(cudaMemcpyAsync(a.out, a.in, static_cast<std::size_t>(sample_bytes(a)), cudaMemcpyDeviceToDevice, stream));
}

// One float4 per thread: 16-byte loads and stores, the widest a thread
// issues. cudaMalloc's 256-byte alignment makes the float4 views valid; the
// n % 4 floats past the last float4 are copied one per thread of block 0.
__global__ void copy_float4_kernel(const float4* in, float4* out, std::int64_t quads, const float* tail_in, float* tail_out,
                                   int tail) {
  const std::int64_t i = blockIdx.x * std::int64_t{blockDim.x} + threadIdx.x;
  if (i < quads) out[i] = in[i];
  if (i < tail) tail_out[i] = tail_in[i];
}
constexpr int kCopyBlock = 256;

void launch_copy_float4(const ReferenceArgs& a, cudaStream_t stream) {
  const std::int64_t n = a.elements();
  const std::int64_t quads = n / 4;
  const int tail = static_cast<int>(n % 4);
  const std::int64_t blocks = std::max<std::int64_t>(1, (quads + kCopyBlock - 1) / kCopyBlock);
  copy_float4_kernel<<<static_cast<unsigned>(blocks), kCopyBlock, 0, stream>>>(
      reinterpret_cast<const float4*>(a.in), reinterpret_cast<float4*>(a.out), quads, a.floats_in() + 4 * quads,
      a.floats_out() + 4 * quads, tail);
  SMEMC_CHECK_LAUNCH("copy_float4_kernel");
}

// The transposes' launch shape (transpose.cu): a grid of ceil(cols/32) x
// ceil(rows/32) blocks of 32x32 threads, one element per thread, but each
// element stays where it is: row-major in, row-major out, both coalesced.
constexpr int kTile = transpose::kTile;
static_assert(kTile * kTile <= 1024, "one thread per element of a tile: the block must fit CUDA's 1024 threads");
constexpr std::int64_t kGridYLimit = 65535;

__global__ void copy_tile_kernel(std::int64_t rows, std::int64_t cols, const float* in, float* out) {
  const std::int64_t col = blockIdx.x * std::int64_t{kTile} + threadIdx.x;
  const std::int64_t row = blockIdx.y * std::int64_t{kTile} + threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = in[row * cols + col];
}

std::int64_t tiles(std::int64_t extent) { return (extent + kTile - 1) / kTile; }

std::string copy_tile_refusal(std::int64_t rows, std::int64_t) {
  if (tiles(rows) <= kGridYLimit) return {};
  return "copy_tile32: rows = " + std::to_string(rows) + " need more than " + std::to_string(kGridYLimit) +
         " tiles in the grid's y dimension";
}

void launch_copy_tile(const ReferenceArgs& a, cudaStream_t stream) {
  const dim3 grid(static_cast<unsigned>(tiles(a.cols)), static_cast<unsigned>(tiles(a.rows)));
  copy_tile_kernel<<<grid, dim3(kTile, kTile), 0, stream>>>(a.rows, a.cols, a.floats_in(), a.floats_out());
  SMEMC_CHECK_LAUNCH("copy_tile_kernel");
}

// --- the two reference tables ------------------------------------------------

const std::vector<Reference>& vector_references() {
  static const std::vector<Reference> all{
      {.name = "cub_reduce_sum", .traffic = &reads_all_writes_one, .launch = &launch_cub_sum, .scratch_bytes = &cub_sum_scratch},
      {.name = "cub_inclusive_sum",
       .traffic = &reads_all_writes_all,
       .launch = &launch_cub_scan,
       .scratch_bytes = &cub_scan_scratch},
      {.name = "memcpy", .traffic = &reads_all_writes_all, .launch = &launch_memcpy},
      {.name = "copy_float4", .traffic = &reads_all_writes_all, .launch = &launch_copy_float4},
  };
  return all;
}

const std::vector<Reference>& matrix_references() {
  static const std::vector<Reference> all{
      {.name = "memcpy", .traffic = &reads_all_writes_all, .launch = &launch_memcpy},
      {.name = "copy_tile32", .traffic = &reads_all_writes_all, .launch = &launch_copy_tile, .refusal = &copy_tile_refusal},
  };
  return all;
}

const std::vector<Reference>& byte_references() {
  static const std::vector<Reference> all{
      {.name = "cub_histogram_even",
       .traffic = &reads_bytes_writes_bins,
       .launch = &launch_cub_histogram<&cub_bytes_histogram>,
       .scratch_bytes = &cub_histogram_scratch<&cub_bytes_histogram>,
       .refusal = &int_samples_refusal},
      {.name = "memcpy", .traffic = &reads_bytes_writes_bytes, .launch = &launch_memcpy_bytes},
  };
  return all;
}

const std::vector<Reference>& sample_references() {
  static const std::vector<Reference> all{
      {.name = "cub_histogram_even",
       .traffic = &reads_samples_writes_bins,
       .launch = &launch_cub_histogram<&cub_samples_histogram>,
       .scratch_bytes = &cub_histogram_scratch<&cub_samples_histogram>,
       .refusal = &int_samples_refusal},
      {.name = "memcpy", .traffic = &reads_samples_writes_samples, .launch = &launch_memcpy_samples},
  };
  return all;
}

// The axes and data of each table: n (one row of n floats; n bytes), or
// side (side x side floats). The output holds n elements, or the bins.
struct VectorShape {
  static constexpr std::string_view benchmark = "reference_n";
  static constexpr std::int64_t element_bytes = F;
  static const std::vector<Reference>& references() { return vector_references(); }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_power_of_two_axis("n", n_exponents(selection));
  }
  static ReferenceArgs shape(const nvbench::state& state) { return {.rows = 1, .cols = state.get_int64("n")}; }
  static DeviceBuffer input(const ReferenceArgs& p, cudaStream_t stream) {
    return random_floats(p.elements(), kInputSeed, stream);
  }
};

// The histogram benchmark's data exactly (histogram/cuda/bench.cuh: the
// same fill and seed), so that each ratio compares one input.
struct ByteShape {
  static constexpr std::string_view benchmark = "reference_bytes";
  static constexpr std::int64_t element_bytes = 1;
  static const std::vector<Reference>& references() { return byte_references(); }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_power_of_two_axis("n", n_exponents(selection));
    const auto kinds = byte_kinds();
    bench.add_string_axis("data", std::vector<std::string>(kinds.begin(), kinds.end()));
  }
  static ReferenceArgs shape(const nvbench::state& state) {
    return {.rows = 1, .cols = state.get_int64("n"), .data = state.get_string("data")};
  }
  static DeviceBuffer input(const ReferenceArgs& p, cudaStream_t stream) {
    return random_bytes(p.elements(), kInputSeed, stream, byte_kind_named(p.data));
  }
};

// histogram_typed's data exactly (bench/typed_samples.hpp: the same fill
// and seed): n samples of the `sample` axis's type.
struct SampleShape {
  static constexpr std::string_view benchmark = "reference_samples";
  static const std::vector<Reference>& references() { return sample_references(); }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    const auto samples = typed_sample_names();
    bench.add_string_axis("sample", std::vector<std::string>(samples.begin(), samples.end()));
    bench.add_int64_power_of_two_axis("n", n_exponents(selection));
  }
  static ReferenceArgs shape(const nvbench::state& state) {
    return {.rows = 1, .cols = state.get_int64("n"), .data = state.get_string("sample")};
  }
  static std::int64_t input_bytes(const ReferenceArgs& p) { return sample_bytes(p); }
  static std::int64_t out_bytes(const ReferenceArgs& p) {
    return std::max(sample_bytes(p), typed_sample_binning(sample_of(p)).bins * std::int64_t{sizeof(unsigned)});
  }
  static DeviceBuffer input(const ReferenceArgs& p, cudaStream_t stream) {
    return random_samples(sample_of(p), p.elements(), kInputSeed, stream);
  }
};

struct MatrixShape {
  static constexpr std::string_view benchmark = "reference_matrix";
  static constexpr std::int64_t element_bytes = F;
  static const std::vector<Reference>& references() { return matrix_references(); }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) {
    bench.add_int64_axis("side", matrix_sides(selection));
  }
  static ReferenceArgs shape(const nvbench::state& state) {
    const std::int64_t side = state.get_int64("side");
    return {.rows = side, .cols = side};
  }
  static DeviceBuffer input(const ReferenceArgs& p, cudaStream_t stream) {
    return random_floats(p.elements(), kInputSeed, stream);
  }
};

template <typename Shape>
struct ReferenceAdapter {
  using Row = Reference;
  using Point = ReferenceArgs;  // only rows and cols set
  struct Problem {
    DeviceBuffer in;
    DeviceBuffer out;
    DeviceBuffer scratch;
    ReferenceArgs args;
  };
  static constexpr std::string_view benchmark = Shape::benchmark;

  static const std::vector<Row>& rows() { return Shape::references(); }
  static std::string_view name(const Row& row) { return row.name; }
  static void add_axes(nvbench::benchmark_base& bench, Selection selection) { Shape::add_axes(bench, selection); }
  static Point point(const nvbench::state& state) { return Shape::shape(state); }
  static std::string refusal(const Row& row, const Point& p) {
    if (p.rows <= 0 || p.cols <= 0) return std::string(row.name) + ": an empty array has nothing to time";
    return row.refusal == nullptr ? std::string() : row.refusal(p.rows, p.cols);
  }
  // The input's bytes (a shape of one element type: its size each), and the
  // output's: the copies' n elements, or the bins.
  static std::int64_t input_bytes(const Point& p) {
    if constexpr (requires { Shape::input_bytes(p); }) {
      return Shape::input_bytes(p);
    } else {
      return Shape::element_bytes * p.elements();
    }
  }
  static std::int64_t out_bytes(const Point& p) {
    if constexpr (requires { Shape::out_bytes(p); }) {
      return Shape::out_bytes(p);
    } else {
      return std::max(input_bytes(p), kBinBytes);
    }
  }
  static Problem problem(const Row& row, const Point& p, cudaStream_t stream) {
    Problem problem{Shape::input(p, stream), DeviceBuffer(static_cast<std::size_t>(out_bytes(p))),
                    DeviceBuffer(row.scratch_bytes == nullptr ? 0 : row.scratch_bytes(p)), p};
    problem.args.in = problem.in.get();
    problem.args.out = problem.out.get();
    problem.args.scratch = problem.scratch.get();
    problem.args.scratch_bytes = problem.scratch.bytes();
    return problem;
  }
  static void launch(const Row& row, const Problem& problem, cudaStream_t stream) { row.launch(problem.args, stream); }
  static Traffic traffic(const Row& row, const Point& p) { return row.traffic(p); }
};

}  // namespace

void register_references(Selection selection) {
  register_benchmark<ReferenceAdapter<VectorShape>>(selection);
  register_benchmark<ReferenceAdapter<MatrixShape>>(selection);
  register_benchmark<ReferenceAdapter<ByteShape>>(selection);
  register_benchmark<ReferenceAdapter<SampleShape>>(selection);
}

}  // namespace smemc::bench
