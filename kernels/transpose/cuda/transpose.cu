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

// Table glue: the spec's checks, then the text's kernel on the grid of
// 32x32 tiles. The square kernels take n; validation has refused rows != cols.
void launch_naive(const Args& a, Stream s) {
  if (!validate(spec_named("transpose_naive"), a)) return;
  transpose_naive<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(static_cast<int>(a.rows), device_pointer<const float>(a.in),
                                                                    device_pointer<float>(a.out));
  SMEMC_CHECK_LAUNCH("transpose_naive");
}

void launch_tiled(const Args& a, Stream s) {
  if (!validate(spec_named("transpose_tiled"), a)) return;
  transpose_tiled<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(static_cast<int>(a.rows), device_pointer<const float>(a.in),
                                                                    device_pointer<float>(a.out));
  SMEMC_CHECK_LAUNCH("transpose_tiled");
}

void launch_padded(const Args& a, Stream s) {
  if (!validate(spec_named("transpose_padded"), a)) return;
  transpose_padded<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(
      static_cast<int>(a.rows), static_cast<int>(a.cols), device_pointer<const float>(a.in), device_pointer<float>(a.out));
  SMEMC_CHECK_LAUNCH("transpose_padded");
}

void launch_padded_32x8(const Args& a, Stream s) {
  if (!validate(spec_named("transpose_padded_32x8"), a)) return;
  transpose_padded_32x8<<<grid_for(a), dim3(TILE, kRowsPerPass), 0, as_cuda(s)>>>(
      static_cast<int>(a.rows), static_cast<int>(a.cols), device_pointer<const float>(a.in), device_pointer<float>(a.out));
  SMEMC_CHECK_LAUNCH("transpose_padded_32x8");
}

}  // namespace

std::span<const Entry> implementations() {
  static const Entry table[] = {
      {"transpose_naive", &launch_naive},
      {"transpose_tiled", &launch_tiled},
      {"transpose_padded", &launch_padded},
      {"transpose_padded_32x8", &launch_padded_32x8},
  };
  return table;
}

// The reference backend: every spec row is required of it.
std::span<const Allowance> allowances() { return {}; }

std::span<const KernelSymbol> kernel_symbols() {
  static const KernelSymbol symbols[] = {
      kernel_symbol<&transpose_naive>("transpose_naive", 0),
      kernel_symbol<&transpose_tiled>("transpose_tiled", sizeof(float) * TILE * TILE),
      kernel_symbol<&transpose_padded>("transpose_padded", sizeof(float) * TILE * (TILE + 1)),
      kernel_symbol<&transpose_padded_32x8>("transpose_padded_32x8", sizeof(float) * TILE * (TILE + 1)),
  };
  return symbols;
}

}  // namespace smemc::transpose
