// reduce_warp_shfl in OpenCL C: the last 32 partials summed in registers
// with sub-group shuffles (cl_khr_subgroup_shuffle_relative), built only
// where the device offers them (kernels/reduce/opencl/table.cpp says when).
// The tree above the tail is reduce.cl's; it is repeated here because this
// program is built with other options (a newer OpenCL C) than the rest.

#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#pragma OPENCL EXTENSION cl_khr_subgroup_shuffle_relative : enable

kernel void reduce_warp_shfl(int n, global const float* in_base, ulong in_offset, global float* out_base, ulong out_offset) {
  local float scratch[1024];
  global const float* in = in_base + in_offset;
  const uint t = get_local_id(0);
  const int idx = 2 * get_group_id(0) * get_local_size(0) + t;
  const float left = idx < n ? in[idx] : 0.f;
  const float right = idx + (int)get_local_size(0) < n ? in[idx + get_local_size(0)] : 0.f;
  float sum = left + right;
  scratch[t] = sum;
  for (uint width = get_local_size(0) / 2; width > 32; width /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);  // the previous level's partials are all in scratch
    if (t < width) scratch[t] = sum = sum + scratch[t + width];
  }
  barrier(CLK_LOCAL_MEM_FENCE);  // partials 0..63 are in scratch
  // Sub-group 0 holds work-items 0..31 (the table requires sub-groups of at
  // least 32). All its work-items shuffle (sub-group functions must be
  // reached by the whole sub-group); only lanes below 32 feed work-item 0's
  // sum, exactly as __shfl_down_sync does in warp 0.
  if (get_sub_group_id() == 0) {
    if (t < 32) sum = sum + scratch[t + 32];
    for (uint offset = 16; offset > 0; offset /= 2) sum = sum + sub_group_shuffle_down(sum, offset);
  }
  if (t == 0) out_base[out_offset + get_group_id(0)] = sum;
}
