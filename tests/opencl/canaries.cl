// Negative controls for Oclgrind: each kernel plants one hazard Oclgrind
// must report (tests/opencl/CMakeLists.txt names the report). Not
// conforming variants.

#pragma OPENCL FP_CONTRACT OFF

// §5.2's tree in global memory with the barrier before width 64 left out:
// work-item t reads x[idx + 64], which work-item t + 64 wrote in the level
// before, with nothing ordering the two. compute-sanitizer's racecheck
// cannot see this (it watches shared memory only); Oclgrind can.
kernel void global_tree_missing_barrier(int n, global float* x) {
  const int idx = 2 * get_group_id(0) * get_local_size(0) + get_local_id(0);
  float sum = (idx < n ? x[idx] : 0.f) + (idx + (int)get_local_size(0) < n ? x[idx + get_local_size(0)] : 0.f);
  if (idx < n) x[idx] = sum;
  for (int width = get_local_size(0) / 2; width > 0; width /= 2) {
    if (width != 64) barrier(CLK_GLOBAL_MEM_FENCE);  // PLANTED: no barrier before width 64
    if ((int)get_local_id(0) < width) {
      sum += idx + width < n ? x[idx + width] : 0.f;
      if (idx < n) x[idx] = sum;
    }
  }
}

// The shared-memory tree with the barrier before width 64 left out.
kernel void local_tree_missing_barrier(global const float* in, global float* out) {
  local float scratch[256];
  const uint t = get_local_id(0);
  float sum = in[t];
  scratch[t] = sum;
  for (uint width = 128; width > 0; width /= 2) {
    if (width != 64) barrier(CLK_LOCAL_MEM_FENCE);  // PLANTED: no barrier before width 64
    if (t < width) scratch[t] = sum = sum + scratch[t + width];
  }
  if (t == 0) out[0] = sum;
}

// Every work-item reads its right neighbour: the last reads one past the end.
kernel void read_one_past(int n, global const float* in, global float* out) {
  const int i = get_global_id(0);
  if (i < n) out[i] = in[i + 1];  // PLANTED: i + 1 == n for the last work-item
}

// Local memory read where nothing was written: the first half of the group
// fills half of the array, then every work-item reads the mirror element.
kernel void read_uninitialised_local(global float* out) {
  local float half_written[64];
  const uint t = get_local_id(0);
  if (t < 32) half_written[t] = (float)t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = half_written[63 - t];  // PLANTED: work-items 0..31 read elements 63..32, never written
}
