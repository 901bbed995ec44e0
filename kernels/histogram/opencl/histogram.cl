// The byte histograms in OpenCL C 1.2, as the CUDA kernels write them
// (kernels/histogram/cuda/histogram.cu): 32-bit integer atomics
// (atomic_inc, atomic_add: core since OpenCL 1.1) on global and local
// memory; buffers passed as (base, element offset). The bins are cleared by
// the launcher (clEnqueueFillBuffer) before the kernel adds to them.

#define BINS 256
#define LANES 32  // the CUDA variant's warp and bank count, kept as data layout

kernel void histogram_global_atomics(global const uchar* data_base, ulong data_offset, long n, global uint* bins_base,
                                     ulong bins_offset) {
  global const uchar* data = data_base + data_offset;
  global uint* bins = bins_base + bins_offset;
  const long stride = (long)get_global_size(0);
  for (long i = (long)get_global_id(0); i < n; i += stride) atomic_inc(&bins[data[i]]);
}

kernel void histogram_smem_privatised(global const uchar* data_base, ulong data_offset, long n, global uint* bins_base,
                                      ulong bins_offset) {
  global const uchar* data = data_base + data_offset;
  global uint* bins = bins_base + bins_offset;
  local uint group_bins[BINS];
  const int t = get_local_id(0), size = get_local_size(0);
  for (int v = t; v < BINS; v += size) group_bins[v] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);  // every bin is zero before the first count

  const long stride = (long)get_global_size(0);
  for (long i = (long)get_global_id(0); i < n; i += stride) atomic_inc(&group_bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the bins

  for (int v = t; v < BINS; v += size) {
    if (group_bins[v] != 0) atomic_add(&bins[v], group_bins[v]);
  }
}

kernel void histogram_smem_lane_banks(global const uchar* data_base, ulong data_offset, long n, global uint* bins_base,
                                      ulong bins_offset) {
  global const uchar* data = data_base + data_offset;
  global uint* bins = bins_base + bins_offset;
  local uint lane_bins[BINS * LANES];  // bin v of lane l: word 32v + l
  const int t = get_local_id(0), size = get_local_size(0);
  for (int w = t; w < BINS * LANES; w += size) lane_bins[w] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);  // every copy is zero before the first count

  const int lane = t % LANES;
  const long stride = (long)get_global_size(0);
  for (long i = (long)get_global_id(0); i < n; i += stride) atomic_inc(&lane_bins[data[i] * LANES + lane]);
  barrier(CLK_LOCAL_MEM_FENCE);  // every count is in before the merge reads the copies

  // Work-item v sums bin v's copies starting at copy v mod 32 (the CUDA
  // kernel's order: conflict-free where 32 work-items run as a warp).
  for (int v = t; v < BINS; v += size) {
    uint count = 0;
    for (int k = 0; k < LANES; ++k) count += lane_bins[v * LANES + (v + k) % LANES];
    if (count != 0) atomic_add(&bins[v], count);
  }
}
