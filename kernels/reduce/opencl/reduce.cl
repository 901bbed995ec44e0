// The reduction family in OpenCL C 1.2: faithful ports of the CUDA kernels
// in kernels/reduce/cuda, the same trees in the same order, so that the
// host models predict every bit (docs/porting.md).
//
// Every buffer is passed as (base, element offset): OpenCL 1.2 cannot offset
// a buffer on the host. CUDA's names map as threadIdx.x = get_local_id(0),
// blockIdx.x = get_group_id(0), blockDim.x = get_local_size(0),
// __syncthreads() = barrier(), __shared__ = local.

// Float expressions as written: no contraction into fused multiply-adds.
#pragma OPENCL FP_CONTRACT OFF

// --- the typings ----------------------------------------------------------------
// The typed rows (reduce_smem_fixup, reduce_smem_atomic) and the fix-up are
// written over elem_t and acc_t (common/opencl/typed.cl, prepended): built
// without a typing they are float's, built for a typing they load its
// elements, widen each to the accumulator and add in it, as the CUDA
// kernels and the host models do. The other rows are the text's float
// kernels in every build.
// 64-bit atomic adds (an atomic finish in double or a 64-bit integer) need
// cl_khr_int64_base_atomics: where it is missing the atomic kernel is left
// out of the build (the table declines it on such a device).
#if defined(SMEMC_ACC_DOUBLE) || defined(SMEMC_ACC_ULONG)
#ifdef cl_khr_int64_base_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define SMEMC_ATOMIC_ACC 1
#endif
#else
#define SMEMC_ATOMIC_ACC 1
#endif

// --- §5.1: the halving cascade ----------------------------------------------

// Part 3's saxpy, y[i] = a*x[i] + y[i]; the cascade calls it with a = 1.
kernel void saxpy(int n, float a, global const float* x_base, ulong x_offset, global float* y_base, ulong y_offset) {
  global const float* x = x_base + x_offset;
  global float* y = y_base + y_offset;
  const int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}

// --- §5.2: the block tree in global memory ----------------------------------

// The text's reduce_block as written; returns each work-item's running sum
// (the group's sum in work-item 0). barrier(CLK_GLOBAL_MEM_FENCE) orders
// the levels, which live in global memory.
float block_tree_in_global(int n, global float* x) {
  int bdx = 2 * get_group_id(0) * get_local_size(0);
  int idx = bdx + get_local_id(0);
  float left = idx < n ? x[idx] : 0.f;
  float right = idx + (int)get_local_size(0) < n ? x[idx + get_local_size(0)] : 0.f;
  float sum = left + right;
  if (idx < n) {
    x[idx] = sum;
  }

  int width = get_local_size(0) / 2;
  while (width > 0) {
    barrier(CLK_GLOBAL_MEM_FENCE);
    // the previous level's partials are written and visible to the group
    if ((int)get_local_id(0) < width) {
      float right = idx + width < n ? x[idx + width] : 0.f;
      sum += right;  // x[idx] already equals sum: no reload
      if (idx < n) {
        x[idx] = sum;
      }
    }
    width /= 2;
  }
  return sum;
}

// atomicAdd for floats, which OpenCL 1.2 lacks: a compare-exchange loop on
// the bits. Unlike CUDA's global float atomics it never flushes subnormals
// (the bound allows both). The first guess is read atomically too: a plain
// read would race with the other groups' exchanges (Oclgrind reported it).
void atomic_add_float(volatile global float* target, float value) {
  volatile global int* bits = (volatile global int*)target;
  int seen = atomic_or(bits, 0), expected;
  do {
    expected = seen;
    seen = atomic_cmpxchg(bits, expected, as_int(as_float(expected) + value));
  } while (seen != expected);
}

kernel void reduce_block(int n, global float* x_base, ulong x_offset) { block_tree_in_global(n, x_base + x_offset); }

kernel void reduce_block_atomic(int n, global float* x_base, ulong x_offset, global float* out_base, ulong out_offset) {
  const float sum = block_tree_in_global(n, x_base + x_offset);
  if (get_local_id(0) == 0) atomic_add_float(out_base + out_offset, sum);
}

// --- §5.3: the block tree in local memory, and the warp tails ----------------

// The levels of the tree in `scratch` down to (not including) `last_width`:
// every work-item contributes `sum`; at each width the first `width` add
// the partial `width` places up. Returns the work-item's running sum.
// Defined for float (the text's rows) and for the typing's accumulator.
#define SMEMC_TREE_LEVELS(T, name)                                          \
  T name(T sum, local T* scratch, uint last_width) {                        \
    const uint t = get_local_id(0);                                         \
    scratch[t] = sum;                                                       \
    for (uint width = get_local_size(0) / 2; width > last_width; width /= 2) { \
      barrier(CLK_LOCAL_MEM_FENCE); /* the previous level's partials are all in scratch */ \
      if (t < width) scratch[t] = sum = sum + scratch[t + width];           \
    }                                                                       \
    return sum;                                                             \
  }
SMEMC_TREE_LEVELS(float, tree_levels)
SMEMC_TREE_LEVELS(acc_t, tree_levels_acc)

// The whole tree with a barrier at every level (work-item 0 returns the sum).
float tree_full(float sum, local float* scratch) { return tree_levels(sum, scratch, 0); }
acc_t tree_full_acc(acc_t sum, local acc_t* scratch) { return tree_levels_acc(sum, scratch, 0); }

// EXHIBIT: the legacy warp-synchronous tail. Once 64 partials are left, the
// first 32 work-items finish with no barrier, trusting that they run each
// line in lockstep; volatile only forces every access to memory and orders
// nothing between work-items. On a CPU device (PoCL runs a group's
// work-items one after another between barriers) work-item 0 reads its
// neighbours' partials before they are written, and Oclgrind reports the race.
float tree_volatile_legacy(float sum, local float* scratch) {
  sum = tree_levels(sum, scratch, 32);
  barrier(CLK_LOCAL_MEM_FENCE);  // partials 0..63 are in scratch
  const uint t = get_local_id(0);
  if (t < 32) {
    volatile local float* v = scratch;
    v[t] = sum = sum + v[t + 32];
    v[t] = sum = sum + v[t + 16];
    v[t] = sum = sum + v[t + 8];
    v[t] = sum = sum + v[t + 4];
    v[t] = sum = sum + v[t + 2];
    v[t] = sum = sum + v[t + 1];
  }
  return sum;
}

// The __syncwarp() rewrite of the tail: the same six steps, each a read,
// a barrier, a write and a barrier. OpenCL 1.2 has no warp barrier, so
// these are work-group barriers, reached by every work-item (they cannot
// sit inside the t < 32 branch); the additions are the same.
float tree_syncwarp(float sum, local float* scratch) {
  sum = tree_levels(sum, scratch, 32);
  const uint t = get_local_id(0);
  for (uint offset = 32; offset > 0; offset /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous step's writes are visible
    if (t < 32) sum = sum + scratch[t + offset];
    barrier(CLK_LOCAL_MEM_FENCE);  // every lane has read its partner before any lane overwrites its own slot
    if (t < 32) scratch[t] = sum;
  }
  return sum;
}

// Two elements per work-item, as reduce_block: left + right, +0 past the end.
float load_pair(int n, global const float* in) {
  const int idx = 2 * get_group_id(0) * get_local_size(0) + get_local_id(0);
  const float left = idx < n ? in[idx] : 0.f;
  const float right = idx + (int)get_local_size(0) < n ? in[idx + get_local_size(0)] : 0.f;
  return left + right;
}
// The same over the typing's elements, added in the accumulator.
acc_t load_pair_acc(int n, global const elem_t* in_base, ulong in_offset) {
  const int idx = 2 * get_group_id(0) * get_local_size(0) + get_local_id(0);
  const acc_t left = idx < n ? element_as_acc(in_base, in_offset + idx) : (acc_t)0;
  const acc_t right = idx + (int)get_local_size(0) < n ? element_as_acc(in_base, in_offset + idx + get_local_size(0)) : (acc_t)0;
  return left + right;
}

// The atomic add of the typing's accumulator: float's compare-exchange
// loop; double's the same on 64 bits; the integers' atomic adds (they wrap).
#ifdef SMEMC_ATOMIC_ACC
void atomic_add_acc(volatile global acc_t* target, acc_t value) {
#if defined(SMEMC_ACC_FLOAT)
  atomic_add_float(target, value);
#elif defined(SMEMC_ACC_DOUBLE)
  volatile global long* bits = (volatile global long*)target;
  long seen = atom_add(bits, 0L), expected;  // an atomic read
  do {
    expected = seen;
    seen = atom_cmpxchg(bits, expected, as_long(as_double(expected) + value));
  } while (seen != expected);
#elif defined(SMEMC_ACC_UINT)
  atomic_add(target, value);
#else
  atom_add(target, value);
#endif
}
#endif

#define SMEMC_MAX_BLOCK 1024

// The text's `__shared__ float scratch[1024]` tree (of the accumulator's
// type); the partial of group b goes to partials[b] (the fix-up then sums them).
kernel void reduce_smem_fixup(int n, global const elem_t* in_base, ulong in_offset, global acc_t* out_base, ulong out_offset) {
  local acc_t scratch[SMEMC_MAX_BLOCK];
  const acc_t sum = tree_full_acc(load_pair_acc(n, in_base, in_offset), scratch);
  if (get_local_id(0) == 0) out_base[out_offset + get_group_id(0)] = sum;
}

#ifdef SMEMC_ATOMIC_ACC
kernel void reduce_smem_atomic(int n, global const elem_t* in_base, ulong in_offset, global acc_t* out_base, ulong out_offset) {
  local acc_t scratch[SMEMC_MAX_BLOCK];
  const acc_t sum = tree_full_acc(load_pair_acc(n, in_base, in_offset), scratch);
  if (get_local_id(0) == 0) atomic_add_acc(out_base + out_offset, sum);
}
#endif

// The dynamic version: the scratch is a local kernel argument sized at launch.
kernel void reduce_smem_dynamic(int n, global const float* in_base, ulong in_offset, global float* out_base, ulong out_offset,
                                local float* scratch) {
  const float sum = tree_full(load_pair(n, in_base + in_offset), scratch);
  if (get_local_id(0) == 0) out_base[out_offset + get_group_id(0)] = sum;
}

kernel void reduce_warp_volatile_legacy(int n, global const float* in_base, ulong in_offset, global float* out_base,
                                        ulong out_offset) {
  local float scratch[SMEMC_MAX_BLOCK];
  const float sum = tree_volatile_legacy(load_pair(n, in_base + in_offset), scratch);
  if (get_local_id(0) == 0) out_base[out_offset + get_group_id(0)] = sum;
}

kernel void reduce_warp_syncwarp(int n, global const float* in_base, ulong in_offset, global float* out_base, ulong out_offset) {
  local float scratch[SMEMC_MAX_BLOCK];
  const float sum = tree_syncwarp(load_pair(n, in_base + in_offset), scratch);
  if (get_local_id(0) == 0) out_base[out_offset + get_group_id(0)] = sum;
}

// --- the fix-up ---------------------------------------------------------------

// One group of 1024: work-item t adds partials t, t + 1024, ... (`stride`
// values apart) to +0, then the full tree over the 1024 accumulators (of
// the typing's accumulator: float in a build without a typing).
kernel __attribute__((reqd_work_group_size(1024, 1, 1))) void fixup_partials(int count, long stride, global const acc_t* p_base,
                                                                            ulong p_offset, global acc_t* out_base,
                                                                            ulong out_offset) {
  local acc_t scratch[1024];
  global const acc_t* partials = p_base + p_offset;
  acc_t sum = (acc_t)0;
  for (int i = get_local_id(0); i < count; i += get_local_size(0)) sum = sum + partials[i * stride];
  sum = tree_full_acc(sum, scratch);
  if (get_local_id(0) == 0) out_base[out_offset] = sum;
}

// --- the last rung: a fixed grid of float4 loads -----------------------------

#define WARP 32

// The CUDA kernel's 32-lane __shfl_down_sync tree, in local memory: at
// offsets 16, 8, 4, 2, 1 lane l adds lane l + offset; every segment of 32
// work-items sums on its own, lane 0 of each ends with the segment's sum.
// Every work-item of the group calls it (it has barriers).
float segment_tree(float v, local float* s) {
  const uint t = get_local_id(0), lane = t % WARP;
  s[t] = v;
  for (uint width = WARP / 2; width > 0; width /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous level's values are all in s
    if (lane < width) s[t] = v = v + s[t + width];
  }
  return v;
}

float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Work-item g of the fixed grid sums the float4s g, g + T, ... (four loads
// in flight, then their sums in index order), then its tail element; the
// segments and then the segment sums are summed by the 32-lane tree; the
// group's sum goes to partials[group] (the fix-up sums them).
kernel void reduce_vec4_grid_stride(int float4s, int tail, global const float* in_base, ulong in_offset, global float* out_base,
                                    ulong out_offset) {
  local float s[SMEMC_MAX_BLOCK];
  local float warp_sums[WARP];
  global const float* in = in_base + in_offset;
  // Aligned float4 loads (the row requires a 16-byte aligned input), as the
  // CUDA kernel's. Not vload4: Oclgrind 21.10 crashes on it under
  // --uninitialized (docs/porting.md).
  global const float4* in4 = (global const float4*)in;
  const int threads = get_num_groups(0) * get_local_size(0);
  const int g = get_group_id(0) * get_local_size(0) + get_local_id(0);
  float acc = 0.0f;
  int q = g;
  for (; q + 3 * threads < float4s; q += 4 * threads) {
    const float4 v0 = in4[q], v1 = in4[q + threads], v2 = in4[q + 2 * threads], v3 = in4[q + 3 * threads];
    acc = acc + sum4(v0);
    acc = acc + sum4(v1);
    acc = acc + sum4(v2);
    acc = acc + sum4(v3);
  }
  for (; q < float4s; q += threads) acc = acc + sum4(in4[q]);
  if (g < tail) acc = acc + in[4 * float4s + g];
  acc = segment_tree(acc, s);
  const uint t = get_local_id(0);
  if (t % WARP == 0) warp_sums[t / WARP] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);  // every segment's sum is in warp_sums, and the first tree is done with s
  const float sum = segment_tree(t < get_local_size(0) / WARP ? warp_sums[t] : 0.0f, s);
  if (t == 0) out_base[out_offset + get_group_id(0)] = sum;
}
