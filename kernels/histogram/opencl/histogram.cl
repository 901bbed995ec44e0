// The histograms in OpenCL C 1.2, as the CUDA kernels write them
// (kernels/histogram/cuda/histogram.cu), built once per sample type (the
// typed prelude's elem_t: common/opencl/typed.cl): 32-bit integer atomics
// (atomic_inc, atomic_add: core since OpenCL 1.1) on global and local
// memory; the block's bins a local argument of the launcher's size; buffers
// passed as (base, element offset). The bins are cleared by the launcher
// (clEnqueueFillBuffer) before the kernel adds to them.
//
// The bin of a sample follows histogram/bin_rule.hpp step for step:
// integer samples in 64-bit integers; floating samples widened to double
// (needs cl_khr_fp64: the table declines them on a device without it) and
// binned by a candidate, taken where its error bound cannot reach an
// integer, else by the quotient itself where each of its steps is shown
// exact, else by the candidate corrected with the exact sign of
// bins*(x - lower) - k*(upper - lower). The levels arrive as their bits
// (ulong), so that the kernels' arguments are the same in every build.

#pragma OPENCL FP_CONTRACT OFF  // the exact sign needs every product rounded on its own

#define LANES 32  // the CUDA variant's warp and bank count, kept as data layout

typedef struct {
  long bins;
  long integer_lower;
  long integer_range;
  ulong lower_bits;
  ulong upper_bits;
} bin_params;

#ifdef SMEMC_ELEM_FLOATING
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

double sample_value(global const elem_t* data, long i) {
#if defined(SMEMC_ELEM_F16)
  return (double)vload_half((size_t)i, data);
#elif defined(SMEMC_ELEM_BF16)
  return (double)as_float((uint)data[i] << 16);
#else
  return (double)data[i];
#endif
}

// Adds term to the nonoverlapping expansion e[0..*length) without error.
void grow_expansion(double* e, int* length, double term) {
  double q = term;
  for (int i = 0; i < *length; ++i) {
    const double sum = q + e[i];
    const double virtual_q = sum - e[i];
    e[i] = (q - virtual_q) + (e[i] - (sum - virtual_q));
    q = sum;
  }
  e[(*length)++] = q;
}

int edge_sign(double x, long k, double lower, double upper, long bins) {
  const double b = (double)bins, kd = (double)k;
  const double left[4] = {b, -b, -kd, kd};
  const double right[4] = {x, lower, upper, lower};
  double e[8];
  int length = 0;
  for (int f = 0; f < 4; ++f) {
    const double product = left[f] * right[f];
    grow_expansion(e, &length, fma(left[f], right[f], -product));
    grow_expansion(e, &length, product);
  }
  for (int i = length - 1; i >= 0; --i) {
    if (e[i] > 0) return 1;
    if (e[i] < 0) return -1;
  }
  return 0;
}

// bin_rule.hpp's difference_is_exact: TwoSum's error of a + (-b) is zero.
bool difference_is_exact(double a, double b, double difference) {
  const double virtual_b = difference - a;
  return (a - (difference - virtual_b)) + (-b - virtual_b) == 0;
}

long bin_of(global const elem_t* data, long i, bin_params p) {
  const double x = sample_value(data, i);
  const double lower = as_double(p.lower_bits), upper = as_double(p.upper_bits);
  if (!(x >= lower && x < upper)) return -1;  // a NaN compares false: it does not count
  // bin_rule.hpp's floating_bin: one quotient c = (d*bins)/range.
  const double d = x - lower, range = upper - lower, b = (double)p.bins, scaled = d * b;
  const double c = scaled / range;
  long k = (long)c;
  // 1. Certain where the candidate's error (below 2^-34) cannot reach an integer.
  const double fraction = c - (double)k;
  if (fraction > 0x1p-32 && fraction < 1 - 0x1p-32 && k < p.bins) return k;
  // 2. The quotient itself where d, the range and d*bins are exact: bin 0
  //    below 1, else c where the division's residual is zero.
  if (range >= 0x1p-960 && difference_is_exact(x, lower, d) && difference_is_exact(upper, lower, range) &&
      fma(d, b, -scaled) == 0) {
    if (c < 1) return 0;
    if (fma(c, range, -scaled) == 0) return k;
  }
  // 3. The candidate corrected by the exact sign.
  k = k > p.bins - 1 ? p.bins - 1 : k;
  while (k > 0 && edge_sign(x, k, lower, upper, p.bins) < 0) --k;
  while (k + 1 < p.bins && edge_sign(x, k + 1, lower, upper, p.bins) >= 0) ++k;
  return k;
}
// The wide row bins a floating sample as every row does.
long wide_bin_of(global const elem_t* data, long i, bin_params p, float reciprocal) { return bin_of(data, i, p); }
#else
long bin_of(global const elem_t* data, long i, bin_params p) {
  const long x = (long)data[i];
  if (x < p.integer_lower || x >= p.integer_lower + p.integer_range) return -1;
  return (long)((ulong)(x - p.integer_lower) * (ulong)p.bins / (ulong)p.integer_range);
}
// bin_rule.hpp's integer_bin_32: 32-bit arithmetic; one bin per value is
// the offset itself, else the quotient estimated in float (within one) and
// corrected by the sign of the 32-bit remainder.
long wide_bin_of(global const elem_t* data, long i, bin_params p, float reciprocal) {
  const uint offset = (uint)((int)data[i] - (int)p.integer_lower), range = (uint)p.integer_range, bins = (uint)p.bins;
  if (offset >= range) return -1;
  if (bins == range) return (long)offset;
  const uint a = offset * bins;
  uint q = (uint)((float)a * reciprocal);
  const int remainder = (int)(a - q * range);
  if (remainder < 0) {
    --q;
  } else if (remainder >= (int)range) {
    ++q;
  }
  return (long)q;
}
#endif

#define HISTOGRAM_ARGS                                                                                             \
  global const elem_t *data_base, ulong data_offset, long n, global uint *bins_base, ulong bins_offset, long bins, \
      long integer_lower, long integer_range, ulong lower_bits, ulong upper_bits
#define HISTOGRAM_SETUP                                                                       \
  global const elem_t* data = data_base + data_offset;                                        \
  global uint* out_bins = bins_base + bins_offset;                                            \
  const bin_params p = {bins, integer_lower, integer_range, lower_bits, upper_bits};          \
  const long stride = (long)get_global_size(0)

kernel void histogram_global_atomics(HISTOGRAM_ARGS) {
  HISTOGRAM_SETUP;
  for (long i = (long)get_global_id(0); i < n; i += stride) {
    const long k = bin_of(data, i, p);
    if (k >= 0) atomic_inc(&out_bins[k]);
  }
}

kernel void histogram_smem_privatised(HISTOGRAM_ARGS, local uint* group_bins) {
  HISTOGRAM_SETUP;
  const int t = get_local_id(0), size = get_local_size(0), count = (int)bins;
  for (int k = t; k < count; k += size) group_bins[k] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);  // every bin is zero before the first count

  for (long i = (long)get_global_id(0); i < n; i += stride) {
    const long k = bin_of(data, i, p);
    if (k >= 0) atomic_inc(&group_bins[k]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the bins

  for (int k = t; k < count; k += size) {
    if (group_bins[k] != 0) atomic_add(&out_bins[k], group_bins[k]);
  }
}

kernel void histogram_smem_lane_banks(HISTOGRAM_ARGS, local uint* lane_bins) {
  HISTOGRAM_SETUP;  // lane_bins: bin k of lane l in word 32k + l
  const int t = get_local_id(0), size = get_local_size(0), count = (int)bins;
  for (int w = t; w < count * LANES; w += size) lane_bins[w] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);  // every copy is zero before the first count

  const int lane = t % LANES;
  for (long i = (long)get_global_id(0); i < n; i += stride) {
    const long k = bin_of(data, i, p);
    if (k >= 0) atomic_inc(&lane_bins[k * LANES + lane]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the copies

  // Work-item k sums bin k's copies starting at copy k mod 32 (the CUDA
  // kernel's order: conflict-free where 32 work-items run as a warp).
  for (int k = t; k < count; k += size) {
    uint total = 0;
    for (int c = 0; c < LANES; ++c) total += lane_bins[k * LANES + (k + c) % LANES];
    if (total != 0) atomic_add(&out_bins[k], total);
  }
}

// The wide row (histogram::wide_blocks' grid, which the launcher sizes):
// work-item g of T counts the 16-byte vectors g, g + T, ... (WIDE_SAMPLES
// samples each), then the tail samples; the lane-banks layout and merge.
#define WIDE_SAMPLES (16 / (int)sizeof(elem_t))
kernel void histogram_smem_wide(HISTOGRAM_ARGS, local uint* lane_bins) {
  HISTOGRAM_SETUP;
  const int t = get_local_id(0), size = get_local_size(0), count = (int)bins;
  for (int w = t; w < count * LANES; w += size) lane_bins[w] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);  // every copy is zero before the first count

  const int lane = t % LANES;
  const float reciprocal = 1.0f / (float)p.integer_range;
  const long full = n / WIDE_SAMPLES, g = (long)get_global_id(0);
  for (long q = g; q < full; q += stride) {
    for (int j = 0; j < WIDE_SAMPLES; ++j) {
      const long k = wide_bin_of(data, q * WIDE_SAMPLES + j, p, reciprocal);
      if (k >= 0) atomic_inc(&lane_bins[k * LANES + lane]);
    }
  }
  for (long i = WIDE_SAMPLES * full + g; i < n; i += stride) {
    const long k = wide_bin_of(data, i, p, reciprocal);
    if (k >= 0) atomic_inc(&lane_bins[k * LANES + lane]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the copies

  for (int k = t; k < count; k += size) {  // the lane-banks merge's order
    uint total = 0;
    for (int c = 0; c < LANES; ++c) total += lane_bins[k * LANES + (k + c) % LANES];
    if (total != 0) atomic_add(&out_bins[k], total);
  }
}
