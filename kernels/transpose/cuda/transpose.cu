// §5.6: matrix transpose, out[x][y] = in[y][x].
//
//   transpose_naive   the text's kernel: one thread per element, coalesced
//                     reads, writes strided by n (32 cache lines per warp).
//                     int index arithmetic: n*n must stay below 2^31.
//   transpose_tiled   the text's 32x32 shared tile: coalesced both ways, but
//                     reading tile[threadIdx.x][threadIdx.y] walks a column,
//                     and all 32 lanes hit one bank: the text's exhibit of
//                     a 32-way conflict, a cost and not a bug (results are
//                     correct and checked like any variant's).
//   transpose_padded  the fix: a 32x33 tile puts each column in 32 different
//                     banks; rows x cols; 64-bit index arithmetic.
//   transpose_padded_32x8  the last rung: the same tile moved by 32x8
//                     threads, four rows each (four loads, then four stores,
//                     in flight per thread).
//
// The padded rows are instantiated for every element size of the family's
// list (spec.hpp, kTypings), as the unsigned type of that size (the bits
// move untouched) or float and float4: their tile is bytes, 32 rows of 32
// elements plus the spec's tile_padding_bytes(size), each element at its
// own alignment. For floats that is tile[32][33], the text's layout.
//
// Grid: (ceil(cols/32), ceil(rows/32)) blocks, one 32x32 tile each, of 32x32
// threads (one element each) or 32x8 (four). Cost: one read and one write
// per element (the copy roofline).

#include <string>
#include <string_view>
#include <vector>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/device_types.cuh"
#include "common/cuda/interop.hpp"
#include "common/preconditions.hpp"
#include "transpose/cuda/transpose_cuda.hpp"

namespace smemc::transpose {
namespace {

constexpr int TILE = kTile;

// The text's two kernels keep the text's layout (clang-format leaves them).
// clang-format off

// One thread per element. Consecutive lanes have consecutive x: the read of
// in[y * n + x] is one contiguous range, while out[x * n + y] steps down a
// column of the output, n floats per lane.
__global__ void transpose_naive(int n, const float* in, float* out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x >= n || y >= n)
    return;

  out[x * n + y] = in[y * n + x];
}

// The tile is loaded by rows and read back by columns: for a fixed
// threadIdx.y the 32 lanes read tile[0..31][threadIdx.y], 32 floats apart,
// all in one bank.
__global__ void transpose_tiled(int n, const float* in, float* out) {
  __shared__ float tile[TILE][TILE];

  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[(size_t)y * n + x];

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  // The output tile sits at the transposed block coordinate, so this write
  // runs along a row of `out`: coalesced like the read.
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[(size_t)y * n + x] = tile[threadIdx.x][threadIdx.y];
}

// clang-format on

// The padding shifts each tile row by one bank: a column of the tile now
// touches 32 different banks (the 32 rows of a half- or quarter-warp, for
// elements of 8 and 16 bytes).
template <typename T>
__global__ void transpose_padded(int rows, int cols, const T* in, T* out);

// The padded tile of elements T: 32 rows of 32 elements and the spec's
// padding (a word, or one element past 4 bytes), addressed in bytes so that the padding is the
// spec's own number.
template <typename T>
struct PaddedTile {
  static constexpr std::size_t kPaddingBytes = tile_padding_bytes(sizeof(T));
  static constexpr std::size_t kRowBytes = TILE * sizeof(T) + kPaddingBytes;
  static_assert(kPaddingBytes > 0, "the spec states no padding for this element size");
  __align__(16) unsigned char bytes[TILE * kRowBytes];
  __device__ T& at(int row, int col) { return *reinterpret_cast<T*>(bytes + row * kRowBytes + col * sizeof(T)); }
};

// Thread (x, y) moves rows y, y + 8, y + 16, y + 24 of the tile: each
// warp's load and store still covers 32 consecutive elements of one row.
constexpr int kRowsPerPass = 8;

template <typename T>
__global__ void transpose_padded_32x8(int rows, int cols, const T* in, T* out) {
  __shared__ PaddedTile<T> tile;

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  if (in_col < cols) {
#pragma unroll
    for (int k = 0; k < TILE; k += kRowsPerPass) {
      if (in_row + k < rows) tile.at(threadIdx.y + k, threadIdx.x) = in[static_cast<std::int64_t>(in_row + k) * cols + in_col];
    }
  }

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  if (out_col < rows) {
#pragma unroll
    for (int k = 0; k < TILE; k += kRowsPerPass) {
      if (out_row + k < cols)
        out[static_cast<std::int64_t>(out_row + k) * rows + out_col] = tile.at(threadIdx.x, threadIdx.y + k);
    }
  }
}

template <typename T>
__global__ void transpose_padded(int rows, int cols, const T* in, T* out) {
  __shared__ PaddedTile<T> tile;

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  if (in_row < rows && in_col < cols) tile.at(threadIdx.y, threadIdx.x) = in[static_cast<std::int64_t>(in_row) * cols + in_col];

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  // out is cols x rows; this block writes its rows blockIdx.x*TILE.. (input
  // columns) and its columns blockIdx.y*TILE.. (input rows).
  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  if (out_row < cols && out_col < rows)
    out[static_cast<std::int64_t>(out_row) * rows + out_col] = tile.at(threadIdx.x, threadIdx.y);
}

// The type a transpose moves an element of a typing as: float and float4 for
// the text's float and the 16-byte element, else the unsigned type of the
// element's size (only the bits move).
template <Scalar S>
struct MovedAs {
  using type = DeviceType<S == Scalar::f16 ? Scalar::u16 : S == Scalar::f64 ? Scalar::u64 : S>;
};
template <Scalar S>
using Moved = typename MovedAs<S>::type;

dim3 grid_for(const Args& a) { return dim3(ceil_div(a.cols, TILE), ceil_div(a.rows, TILE)); }

// Table glue, one launcher for every variant: the spec's checks, then the
// kernel on the grid of 32x32 tiles, blocks of TILE x rows_per_block
// threads. The square kernels (the text's) take n; validation has refused
// rows != cols for them, and any typing but f32.
template <auto kernel, const std::string_view& name, bool square, int rows_per_block = TILE>
void launch_tiles(const Args& a, Stream s) {
  if (!validate(spec_named(name), a)) return;
  const dim3 threads(TILE, rows_per_block);
  if constexpr (square) {
    kernel<<<grid_for(a), threads, 0, as_cuda(s)>>>(static_cast<int>(a.rows), device_pointer<const float>(a.in),
                                                    device_pointer<float>(a.out));
  } else {
    kernel<<<grid_for(a), threads, 0, as_cuda(s)>>>(static_cast<int>(a.rows), static_cast<int>(a.cols),
                                                    device_pointer<const float>(a.in), device_pointer<float>(a.out));
  }
  cuda_check(cudaGetLastError(), ("launch of " + std::string(name)).c_str(), __FILE__, __LINE__);
}

// The typed rows' glue: the kernel instantiated for the launch's element.
template <template <typename> class Kernel, const std::string_view& name, int rows_per_block>
void launch_typed_tiles(const Args& a, Stream s) {
  if (!validate(spec_named(name), a)) return;
  dispatch_typing<kTypings>(a.typing, [&]<std::size_t I>() {
    using T = Moved<kTypings[I].element>;
    Kernel<T>::launch(grid_for(a), dim3(TILE, rows_per_block), as_cuda(s), static_cast<int>(a.rows), static_cast<int>(a.cols),
                      device_pointer<const T>(a.in), device_pointer<T>(a.out));
  });
  cuda_check(cudaGetLastError(), ("launch of " + std::string(name)).c_str(), __FILE__, __LINE__);
}
template <typename T>
struct Padded {
  static void launch(dim3 grid, dim3 threads, cudaStream_t s, int rows, int cols, const T* in, T* out) {
    transpose_padded<T><<<grid, threads, 0, s>>>(rows, cols, in, out);
  }
};
template <typename T>
struct Padded32x8 {
  static void launch(dim3 grid, dim3 threads, cudaStream_t s, int rows, int cols, const T* in, T* out) {
    transpose_padded_32x8<T><<<grid, threads, 0, s>>>(rows, cols, in, out);
  }
};

// One table line per variant: its name (written once), its launcher, and its
// kernel (the f32 one, for a typed row) with the static shared memory its
// declarations add up to.
template <auto kernel, const std::string_view& name, bool square, int rows_per_block = TILE>
CudaLine<Entry> line(std::size_t static_smem_bytes) {
  return {{name, &launch_tiles<kernel, name, square, rows_per_block>}, kernel_symbol<kernel>(name, static_smem_bytes)};
}
template <auto kernel, template <typename> class Kernel, const std::string_view& name, int rows_per_block>
CudaLine<Entry> typed_line(std::size_t static_smem_bytes) {
  return {{name, &launch_typed_tiles<Kernel, name, rows_per_block>}, kernel_symbol<kernel>(name, static_smem_bytes)};
}

constexpr std::string_view kNaive = "transpose_naive";
constexpr std::string_view kTiled = "transpose_tiled";
constexpr std::string_view kPadded = "transpose_padded";
constexpr std::string_view kPadded32x8 = "transpose_padded_32x8";

const std::vector<CudaLine<Entry>>& lines() {
  static const std::vector<CudaLine<Entry>> all = {
      line<&transpose_naive, kNaive, true>(0),
      line<&transpose_tiled, kTiled, true>(sizeof(float) * TILE * TILE),
      typed_line<&transpose_padded<float>, Padded, kPadded, TILE>(sizeof(float) * TILE * (TILE + 1)),
      typed_line<&transpose_padded_32x8<float>, Padded32x8, kPadded32x8, kRowsPerPass>(sizeof(float) * TILE * (TILE + 1)),
  };
  return all;
}

}  // namespace

std::span<const Entry> implementations() {
  static const std::vector<Entry> table = entries_of<Entry>(lines());
  return table;
}

// The reference backend: every spec row is required of it.
std::span<const Allowance> allowances() { return {}; }

std::span<const KernelSymbol> kernel_symbols() {
  static const std::vector<KernelSymbol> symbols = kernels_of<Entry>(lines());
  return symbols;
}

}  // namespace smemc::transpose
