// The OpenCL implementation table of the transposes (transpose.cl): every
// row implemented, on the same grid of 32x32 tiles as CUDA (32x32 or 32x8
// work-items each).
#include "common/opencl/opencl_runtime.hpp"
#include "smemc/opencl_programs.hpp"
#include "common/preconditions.hpp"
#include "transpose/spec.hpp"

namespace smemc::transpose {
namespace {

using namespace smemc::opencl;

// The spec's checks, then the kernel over ceil(cols/32) x ceil(rows/32)
// groups of 32 x `rows_per_group` work-items. The square kernels take n
// (floats); the padded ones rows and cols, the program built for the
// typing, and their tile: 32 rows of 32 elements and the spec's padding.
template <bool square, std::size_t rows_per_group = kTile>
void launch_named(const char* name, const Args& a, Stream s) {
  if (!validate(spec_named(name), a)) return;
  const std::size_t groups[2] = {static_cast<std::size_t>(ceil_div(a.cols, kTile)),
                                 static_cast<std::size_t>(ceil_div(a.rows, kTile))};
  const std::size_t local[2] = {kTile, rows_per_group};
  const Scalar element = a.typing.element;
  const BufferArg in = buffer(a.in, element, name), out = buffer(a.out, element, name);
  if constexpr (square) {
    launch_2d(s, programs::transpose().kernel(name), name, groups, local, static_cast<cl_int>(a.rows), in, out);
  } else {
    const std::size_t size = info(element).bytes, row_bytes = kTile * size + tile_padding_bytes(size);
    launch_2d(s, programs::transpose(a.typing).kernel(name), name, groups, local, static_cast<cl_int>(a.rows),
              static_cast<cl_int>(a.cols), in, out, LocalBytes{kTile * row_bytes}, static_cast<cl_int>(row_bytes / size));
  }
}

void transpose_naive(const Args& a, Stream s) { launch_named<true>("transpose_naive", a, s); }
void transpose_tiled(const Args& a, Stream s) { launch_named<true>("transpose_tiled", a, s); }
void transpose_padded(const Args& a, Stream s) { launch_named<false>("transpose_padded", a, s); }
void transpose_padded_32x8(const Args& a, Stream s) { launch_named<false, 8>("transpose_padded_32x8", a, s); }

const Entry kTable[] = {
    {"transpose_naive", &transpose_naive},
    {"transpose_tiled", &transpose_tiled},
    {"transpose_padded", &transpose_padded},
    {"transpose_padded_32x8", &transpose_padded_32x8},
};

}  // namespace

std::span<const Entry> implementations() { return kTable; }
// Every spec row is required of this backend.
std::span<const Allowance> allowances() { return {}; }

}  // namespace smemc::transpose
