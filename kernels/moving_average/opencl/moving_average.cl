// The moving averages in OpenCL C 1.2, as the CUDA kernels write them
// (kernels/moving_average/cuda); buffers passed as (base, element offset).

// Float expressions as written: no contraction.
#pragma OPENCL FP_CONTRACT OFF

// EXHIBIT: the text's gpu_shared_memory, as written (one group of n
// work-items, n <= 10), with its trailing store, which races with the
// other work-items' reads of sh_arr: PoCL runs the work-items one after
// another after the barrier, so later ones average overwritten values, and
// Oclgrind reports the race.
kernel void gpu_shared_memory(global float* d_a_base, ulong d_a_offset) {
  global float* d_a = d_a_base + d_a_offset;
  int i, index = get_local_id(0);
  float average, sum = 0.0f;
  local float sh_arr[10];

  sh_arr[index] = d_a[index];
  barrier(CLK_LOCAL_MEM_FENCE);  // every element is in local memory before anyone sums

  for (i = 0; i <= index; i++) {
    sum += sh_arr[i];
  }
  average = sum / (index + 1.0f);
  d_a[index] = average;

  sh_arr[index] = average;
}

// gpu_shared_memory for n <= 1024: the array a local argument sized at
// launch, no trailing store.
kernel void moving_average_block(global float* data_base, ulong data_offset, local float* values) {
  global float* data = data_base + data_offset;
  const int index = get_local_id(0);
  values[index] = data[index];
  barrier(CLK_LOCAL_MEM_FENCE);  // every element is in local memory before anyone sums
  float sum = 0.0f;
  for (int i = 0; i <= index; ++i) sum += values[i];
  data[index] = sum / (index + 1.0f);
}

// Hillis-Steele inclusive scan of one value per work-item across the group;
// s holds get_local_size(0) floats. Returns the work-item's inclusive prefix.
float block_inclusive_scan(float v, local float* s) {
  const int t = get_local_id(0);
  s[t] = v;
  for (int d = 1; d < (int)get_local_size(0); d *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous step's values are all in s
    float left = 0.0f;
    if (t >= d) left = s[t - d];
    barrier(CLK_LOCAL_MEM_FENCE);  // every work-item has read before any overwrites
    if (t >= d) {
      v = left + v;
      s[t] = v;
    }
  }
  return v;
}

// Phase 1: the total of each tile of get_local_size(0) elements (zero-padded).
kernel void scan_tile_totals(long n, global const float* data_base, ulong data_offset, global float* totals_base,
                             ulong totals_offset, local float* tile_scratch) {
  global const float* data = data_base + data_offset;
  const long i = (long)get_group_id(0) * get_local_size(0) + get_local_id(0);
  const float total = block_inclusive_scan(i < n ? data[i] : 0.0f, tile_scratch);
  if (get_local_id(0) == get_local_size(0) - 1) totals_base[totals_offset + get_group_id(0)] = total;
}

// Phase 2, one group of 1024: the tile totals become exclusive carries,
// 1024 at a time.
kernel __attribute__((reqd_work_group_size(1024, 1, 1))) void scan_carries(int tiles, global float* totals_base,
                                                                          ulong totals_offset) {
  local float s[1024];
  global float* totals = totals_base + totals_offset;
  const int t = get_local_id(0);
  float carry = 0.0f;
  for (int base = 0; base < tiles; base += get_local_size(0)) {
    const int i = base + t;
    block_inclusive_scan(i < tiles ? totals[i] : 0.0f, s);
    barrier(CLK_LOCAL_MEM_FENCE);  // the scan's last writes are visible to every work-item
    const float before = t > 0 ? s[t - 1] : 0.0f;
    if (i < tiles) totals[i] = carry + before;
    carry = carry + s[get_local_size(0) - 1];
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read s before the next chunk overwrites it
  }
}

// Phase 3: rescan each tile, add its carry, divide, overwrite in place.
kernel void scan_apply_means(long n, global float* data_base, ulong data_offset, global const float* carries_base,
                             ulong carries_offset, local float* tile_scratch) {
  global float* data = data_base + data_offset;
  const long i = (long)get_group_id(0) * get_local_size(0) + get_local_id(0);
  const float prefix = block_inclusive_scan(i < n ? data[i] : 0.0f, tile_scratch);
  if (i < n) data[i] = (carries_base[carries_offset + get_group_id(0)] + prefix) / (float)(i + 1);
}
