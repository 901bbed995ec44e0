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
// Grid: (ceil(cols/32), ceil(rows/32)) blocks, one 32x32 tile each, of 32x32
// threads (one element each) or 32x8 (four). Cost: one read and one write
// per element (the copy roofline).

#include <string>
#include <string_view>
#include <vector>

#include "common/cuda/cuda_check.hpp"
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

// One padding column shifts each tile row by one bank: a column of the tile
// now touches 32 different banks.
__global__ void transpose_padded(int rows, int cols, const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  if (in_row < rows && in_col < cols) tile[threadIdx.y][threadIdx.x] = in[static_cast<std::int64_t>(in_row) * cols + in_col];

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  // out is cols x rows; this block writes its rows blockIdx.x*TILE.. (input
  // columns) and its columns blockIdx.y*TILE.. (input rows).
  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  if (out_row < cols && out_col < rows) out[static_cast<std::int64_t>(out_row) * rows + out_col] = tile[threadIdx.x][threadIdx.y];
}

// Thread (x, y) moves rows y, y + 8, y + 16, y + 24 of the tile: each
// warp's load and store still covers 32 consecutive floats of one row.
constexpr int kRowsPerPass = 8;

__global__ void transpose_padded_32x8(int rows, int cols, const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  if (in_col < cols) {
#pragma unroll
    for (int k = 0; k < TILE; k += kRowsPerPass) {
      if (in_row + k < rows) tile[threadIdx.y + k][threadIdx.x] = in[static_cast<std::int64_t>(in_row + k) * cols + in_col];
    }
  }

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  if (out_col < rows) {
#pragma unroll
    for (int k = 0; k < TILE; k += kRowsPerPass) {
      if (out_row + k < cols) out[static_cast<std::int64_t>(out_row + k) * rows + out_col] = tile[threadIdx.x][threadIdx.y + k];
    }
  }
}

dim3 grid_for(const Args& a) { return dim3(ceil_div(a.cols, TILE), ceil_div(a.rows, TILE)); }

// Table glue, one launcher for every variant: the spec's checks, then the
// kernel on the grid of 32x32 tiles, blocks of TILE x rows_per_block
// threads. The square kernels (the text's) take n; validation has refused
// rows != cols for them.
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

// One table line per variant: its name (written once), its launcher, and its
// kernel with the static shared memory its declarations add up to.
template <auto kernel, const std::string_view& name, bool square, int rows_per_block = TILE>
CudaLine<Entry> line(std::size_t static_smem_bytes) {
  return {{name, &launch_tiles<kernel, name, square, rows_per_block>}, kernel_symbol<kernel>(name, static_smem_bytes)};
}

constexpr std::string_view kNaive = "transpose_naive";
constexpr std::string_view kTiled = "transpose_tiled";
constexpr std::string_view kPadded = "transpose_padded";
constexpr std::string_view kPadded32x8 = "transpose_padded_32x8";

const std::vector<CudaLine<Entry>>& lines() {
  static const std::vector<CudaLine<Entry>> all = {
      line<&transpose_naive, kNaive, true>(0),
      line<&transpose_tiled, kTiled, true>(sizeof(float) * TILE * TILE),
      line<&transpose_padded, kPadded, false>(sizeof(float) * TILE * (TILE + 1)),
      line<&transpose_padded_32x8, kPadded32x8, false, kRowsPerPass>(sizeof(float) * TILE * (TILE + 1)),
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
