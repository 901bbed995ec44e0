// The moving averages in OpenCL C 1.2, as the CUDA kernels write them
// (kernels/moving_average/cuda); buffers passed as (base, element offset).
// The block and scan kernels are written over the typed prelude's elem_t
// and acc_t (common/opencl/typed.cl): built for a typing they widen each
// element to the accumulator, add and divide in it (mean_of: an integer
// quotient truncated toward zero) and store the mean as the element type
// (store_out: rounded once for half and bfloat16). The seed is the text's
// float kernel.

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

// The mean of a prefix sum in the accumulator: a floating quotient by the
// divisor converted to it, or the exact quotient truncated toward zero (a
// signed accumulator's as long, an unsigned one's as it is).
acc_t mean_of(acc_t sum, long count) {
#if defined(SMEMC_ACC_LONG)
  return (acc_t)((long)sum / count);
#else
  return sum / (acc_t)count;
#endif
}

// gpu_shared_memory for n <= 1024: the array a local argument sized at
// launch, no trailing store.
kernel void moving_average_block(global elem_t* data_base, ulong data_offset, local acc_t* values) {
  const int index = get_local_id(0);
  values[index] = element_as_acc(data_base, data_offset + index);
  barrier(CLK_LOCAL_MEM_FENCE);  // every element is in local memory before anyone sums
  acc_t sum = (acc_t)0;
  for (int i = 0; i <= index; ++i) sum += values[i];
  store_out(data_base, data_offset + index, mean_of(sum, index + 1));
}

// Hillis-Steele inclusive scan of one value per work-item across the group;
// s holds get_local_size(0) values. Returns the work-item's inclusive prefix.
acc_t block_inclusive_scan(acc_t v, local acc_t* s) {
  const int t = get_local_id(0);
  s[t] = v;
  for (int d = 1; d < (int)get_local_size(0); d *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous step's values are all in s
    acc_t left = (acc_t)0;
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
kernel void scan_tile_totals(long n, global const elem_t* data_base, ulong data_offset, global acc_t* totals_base,
                             ulong totals_offset, local acc_t* tile_scratch) {
  const long i = (long)get_group_id(0) * get_local_size(0) + get_local_id(0);
  const acc_t total = block_inclusive_scan(i < n ? element_as_acc(data_base, data_offset + i) : (acc_t)0, tile_scratch);
  if (get_local_id(0) == get_local_size(0) - 1) totals_base[totals_offset + get_group_id(0)] = total;
}

// Phase 2, one group of 1024: the tile totals become exclusive carries,
// 1024 at a time.
kernel __attribute__((reqd_work_group_size(1024, 1, 1))) void scan_carries(int tiles, global acc_t* totals_base,
                                                                          ulong totals_offset) {
  local acc_t s[1024];
  global acc_t* totals = totals_base + totals_offset;
  const int t = get_local_id(0);
  acc_t carry = (acc_t)0;
  for (int base = 0; base < tiles; base += get_local_size(0)) {
    const int i = base + t;
    block_inclusive_scan(i < tiles ? totals[i] : (acc_t)0, s);
    barrier(CLK_LOCAL_MEM_FENCE);  // the scan's last writes are visible to every work-item
    const acc_t before = t > 0 ? s[t - 1] : (acc_t)0;
    if (i < tiles) totals[i] = carry + before;
    carry = carry + s[get_local_size(0) - 1];
    barrier(CLK_LOCAL_MEM_FENCE);  // everyone has read s before the next chunk overwrites it
  }
}

// Phase 3: rescan each tile, add its carry, divide, overwrite in place.
kernel void scan_apply_means(long n, global elem_t* data_base, ulong data_offset, global const acc_t* carries_base,
                             ulong carries_offset, local acc_t* tile_scratch) {
  const long i = (long)get_group_id(0) * get_local_size(0) + get_local_id(0);
  const acc_t prefix = block_inclusive_scan(i < n ? element_as_acc(data_base, data_offset + i) : (acc_t)0, tile_scratch);
  if (i < n) store_out(data_base, data_offset + i, mean_of(carries_base[carries_offset + get_group_id(0)] + prefix, i + 1));
}
