# The histogram's profile checks (read by tests/profile/CMakeLists.txt; the
# cases are profile_cases.cu's: 2^24 bytes, 4096 blocks of 256 threads).
#
# Counted per warp instruction: a warp's pass over 32 bytes is one atomic
# instruction, so 2^24 bytes are 524,288 of them; a privatised block's merge
# is 256 bins over 8 warps, one global atomic instruction each (every warp
# holds a nonzero bin with either data): 4096 x 8 = 32,768.
set(_histogram_warp_passes 524288)
set(_histogram_merge_atomics 32768)
set(_shared_atomics smsp__sass_inst_executed_op_shared_atom.sum)
set(_global_atomics smsp__sass_inst_executed_op_global_red.sum+smsp__sass_inst_executed_op_global_atom.sum)
set(_shared_atomic_wavefronts_per_instruction
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum/smsp__sass_inst_executed_op_shared_atom.sum)
set(_shared_atomic_details l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum)

# The baseline's counting is all global: one global atomic a warp pass, no
# shared ones.
smemc_profile_check(histogram_global_atomics CASE histogram_global_spread_16M
  CC_9.0
    "${_global_atomics} == ${_histogram_warp_passes}"
    "${_shared_atomics} == 0")

# Privatised: the counting moved to shared memory; global atomics only in
# the merge. lane_stride data put 8 words in each of 4 banks: each shared
# atomic is an 8-way conflict, 8 wavefronts.
smemc_profile_check(histogram_privatised_counts_in_shared CASE histogram_privatised_lane_stride_16M
  REPORT ${_shared_atomic_details}
  CC_9.0
    "${_shared_atomics} == ${_histogram_warp_passes}"
    "${_global_atomics} == ${_histogram_merge_atomics}"
    "${_shared_atomic_wavefronts_per_instruction} in 8 8.25")

# Lane banks: the same data, lane l in bank l: one wavefront an atomic.
smemc_profile_check(histogram_lane_banks_conflict_free CASE histogram_lane_banks_lane_stride_16M
  REPORT ${_shared_atomic_details}
  CC_9.0
    "${_shared_atomics} == ${_histogram_warp_passes}"
    "${_global_atomics} == ${_histogram_merge_atomics}"
    "${_shared_atomic_wavefronts_per_instruction} <= 1.25")

# The wide row, what makes it fast: 16-byte loads (2^24 bytes are 2^20
# vectors, 32,768 warp requests of 16 sectors each, where byte loads would
# make 524,288 requests), conflict-free shared atomics on any data, and a
# merge in its fixed grid only (2,048 blocks of 256 at 2^24 bytes, 8 warp
# atomics each: every bin of a block is nonzero on spread data).
smemc_profile_check(histogram_wide_loads_16_bytes CASE histogram_wide_spread_16M
  REPORT ${_shared_atomic_details} smsp__sass_inst_executed.sum
  CC_9.0
    "${_global_load_requests} == 32768"
    "${_global_load_sectors} == 524288"
    "${_shared_atomics} == ${_histogram_warp_passes}"
    "${_global_atomics} == 16384"
    "${_shared_atomic_wavefronts_per_instruction} <= 1.25")

# ...and a run of one repeated byte is one atomic a 16-byte vector: 2^20
# vectors are 32,768 warp atomics where byte by byte they would be 524,288;
# the merge adds one nonzero bin a block (2,048 warp atomics).
smemc_profile_check(histogram_wide_counts_a_run_at_once CASE histogram_wide_one_value_16M
  REPORT ${_shared_atomic_details}
  CC_9.0
    "${_shared_atomics} == 32768"
    "${_global_atomics} == 2048")

# The bytes the row states (the data once, the bins), against DRAM's count.
smemc_profile_check(traffic_histogram_privatised CASE traffic_histogram_privatised_1G TRAFFIC)
