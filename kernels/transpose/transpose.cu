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
//
// Grid: (ceil(cols/32), ceil(rows/32)) blocks of 32x32 threads, one element
// each. Cost: one read and one write per element (the copy roofline).

#include <climits>
#include <cstdint>
#include <stdexcept>

#include "common/cuda_stream.hpp"
#include "common/preconditions.hpp"
#include "common/registry.hpp"
#include "smemc/cuda_check.hpp"
#include "transpose/transpose.hpp"

namespace smemc::transpose {
namespace {

constexpr int TILE = 32;
constexpr std::int64_t kMaxGridY = 65535;  // gridDim.y limit: rows <= 65535 * 32


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

// One padding column shifts each tile row by one bank: a column of the tile
// now touches 32 different banks.
__global__ void transpose_padded(int rows, int cols, const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];

  const int in_col = blockIdx.x * TILE + threadIdx.x;
  const int in_row = blockIdx.y * TILE + threadIdx.y;
  if (in_row < rows && in_col < cols)
    tile[threadIdx.y][threadIdx.x] = in[static_cast<std::int64_t>(in_row) * cols + in_col];

  __syncthreads();  // the whole tile is loaded before any thread reads a column

  // out is cols x rows; this block writes its rows blockIdx.x*TILE.. (input
  // columns) and its columns blockIdx.y*TILE.. (input rows).
  const int out_col = blockIdx.y * TILE + threadIdx.x;
  const int out_row = blockIdx.x * TILE + threadIdx.y;
  if (out_row < cols && out_col < rows)
    out[static_cast<std::int64_t>(out_row) * rows + out_col] = tile[threadIdx.x][threadIdx.y];
}

std::string negative(std::int64_t rows, std::int64_t cols) {
  if (rows < 0 || cols < 0) return "shape " + std::to_string(rows) + "x" + std::to_string(cols) + " is negative";
  return {};
}

std::string square(std::int64_t rows, std::int64_t cols) {
  if (auto why = negative(rows, cols); !why.empty()) return why;
  if (rows != cols) {
    return "shape " + std::to_string(rows) + "x" + std::to_string(cols) +
           " is not square (the text's transpose(int n, ...) takes n x n; transpose_padded takes rows x cols)";
  }
  return {};
}

std::string naive_shape(std::int64_t rows, std::int64_t cols) {
  if (auto why = square(rows, cols); !why.empty()) return why;
  constexpr std::int64_t kMaxN = 46340;  // the largest n with n*n < 2^31
  if (rows > kMaxN) {
    return "n = " + std::to_string(rows) + ": n*n reaches 2^31 and overflows the kernel's int index arithmetic "
           "(precondition n*n < 2^31, n <= 46340)";
  }
  return {};
}

std::string tiled_shape(std::int64_t rows, std::int64_t cols) {
  if (auto why = square(rows, cols); !why.empty()) return why;
  if (ceil_div(rows, TILE) > kMaxGridY) return "n = " + std::to_string(rows) + " exceeds the grid's y limit (65535 tiles)";
  return {};
}

std::string padded_shape(std::int64_t rows, std::int64_t cols) {
  if (auto why = negative(rows, cols); !why.empty()) return why;
  if (ceil_div(rows, TILE) > kMaxGridY) return "rows = " + std::to_string(rows) + " exceeds the grid's y limit (65535 tiles)";
  if (cols > INT_MAX - TILE) return "cols = " + std::to_string(cols) + " exceeds the kernel's int column index";
  return {};
}

// Validation shared by all launchers; returns false when there is nothing to do.
bool prepare(const char* name, std::string (*shape)(std::int64_t, std::int64_t), const Args& a) {
  reject_if(name, shape(a.rows, a.cols));
  if (a.rows == 0 || a.cols == 0) return false;
  require_pointer(name, a.in, "in");
  require_pointer(name, a.out, "out");
  // Blocks read tiles other blocks overwrite: an in-place transpose races.
  const auto in_begin = reinterpret_cast<std::uintptr_t>(a.in), out_begin = reinterpret_cast<std::uintptr_t>(a.out);
  const auto bytes = static_cast<std::uintptr_t>(a.rows * a.cols) * sizeof(float);
  if (in_begin < out_begin + bytes && out_begin < in_begin + bytes) {
    throw std::invalid_argument(std::string(name) + ": in and out overlap (this transpose is not in place)");
  }
  return true;
}

dim3 grid_for(const Args& a) { return dim3(ceil_div(a.cols, TILE), ceil_div(a.rows, TILE)); }

void launch_naive(const Args& a, Stream s) {
  if (!prepare("transpose_naive", &naive_shape, a)) return;
  transpose_naive<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(static_cast<int>(a.rows), a.in, a.out);
  SMEMC_CHECK_LAUNCH("transpose_naive");
}
void launch_tiled(const Args& a, Stream s) {
  if (!prepare("transpose_tiled", &tiled_shape, a)) return;
  transpose_tiled<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(static_cast<int>(a.rows), a.in, a.out);
  SMEMC_CHECK_LAUNCH("transpose_tiled");
}
void launch_padded(const Args& a, Stream s) {
  if (!prepare("transpose_padded", &padded_shape, a)) return;
  transpose_padded<<<grid_for(a), dim3(TILE, TILE), 0, as_cuda(s)>>>(static_cast<int>(a.rows),
                                                                      static_cast<int>(a.cols), a.in, a.out);
  SMEMC_CHECK_LAUNCH("transpose_padded");
}

const Variant kVariants[] = {
    {
        .name = "transpose_naive",
        .idea = "§5.6 as written: one thread per element; coalesced reads, writes strided by n",
        .cost = "each warp's store touches 32 cache lines (8x the sectors of a coalesced store)",
        .preconditions = "square n x n with n*n < 2^31 (int index arithmetic); in and out disjoint",
        .rectangular = false,
        .shape_violation = &naive_shape,
        .launch = &launch_naive,
    },
    {
        .name = "transpose_tiled",
        .idea = "§5.6's 32x32 shared tile: coalesced read and write, the transpose done in shared memory",
        .cost = "coalesced global traffic; the column read of the tile is the text's 32-way bank-conflict exhibit",
        .preconditions = "square n x n, n <= 65535*32 (grid y); size_t indexing; in and out disjoint",
        .rectangular = false,
        .shape_violation = &tiled_shape,
        .launch = &launch_tiled,
    },
    {
        .name = "transpose_padded",
        .idea = "the 32x33 tile: the padding column spreads each tile column over 32 banks",
        .cost = "coalesced global traffic and conflict-free shared memory: the copy roofline",
        .preconditions = "rows x cols, rows <= 65535*32, cols <= INT_MAX - 32; 64-bit indexing; in and out disjoint",
        .rectangular = true,
        .shape_violation = &padded_shape,
        .launch = &launch_padded,
    },
};

const KernelSymbol kKernels[] = {
    {"transpose_naive", reinterpret_cast<const void*>(&transpose_naive), 0},
    {"transpose_tiled", reinterpret_cast<const void*>(&transpose_tiled), sizeof(float) * TILE * TILE},
    {"transpose_padded", reinterpret_cast<const void*>(&transpose_padded), sizeof(float) * TILE * (TILE + 1)},
};

}  // namespace

std::span<const Variant> registry() { return kVariants; }

const Variant& find(std::string_view name) { return find_row(registry(), name, "transpose"); }

std::span<const KernelSymbol> kernel_symbols() { return kKernels; }

}  // namespace smemc::transpose
