#pragma once
// Kernels that demonstrate the facts the texts state about shared memory.
// CUDA-specific (they exist to exercise the CUDA runtime's shared-memory
// API); tests/smem_facts checks each against a host reference.

#include <cuda_runtime.h>

#include <cstdint>
#include <span>

#include "common/cuda/kernel_symbol.hpp"

namespace smemc::facts {

// §5.3's layout: one `extern __shared__ char smem[]` viewed as `float
// values[B]` followed by `long counts[B]`. Each block stably sorts its tile
// of B = block elements: counts[t] = rank of values[t], then thread r writes
// the value whose rank is r. The text places counts at smem + n*sizeof(float),
// which is misaligned for a long when n is odd; the offset here is rounded up
// to alignof(long). Preconditions: block in [1, 1024]; finite inputs.
void sort_tiles(std::int64_t n, const float* in, float* out, int block, cudaStream_t stream);
std::size_t sort_tiles_dynamic_bytes(int block);

// Two `extern __shared__` arrays, char and int, are one buffer: thread t
// stores in[t] through the int view; after a barrier the bytes are read back
// through the char view into out[0..4*count). out_same_address[0] = 1 when the
// two views have the same address. One block; count in [1, 1024].
void alias_bytes(int count, const int* in, unsigned char* out, int* out_same_address, cudaStream_t stream);

// Stages `count` floats in dynamic shared memory and writes them reversed:
// a launch asking for count*4 bytes. Beyond 48 KiB it fails unless
// allow_reverse_dynamic_bytes() raised the kernel's limit first.
void reverse_through_smem(int count, const float* in, float* out, cudaStream_t stream);
void allow_reverse_dynamic_bytes(int bytes);

// §5.5's access patterns, one warp per block: block b stages in[1024b ..
// 1024b+1024) in __shared__ float smem[1024] and lane t reads smem[stride*t]
// into out[32b + t]. stride 1 and 33 are conflict-free, 2 is a 2-way and 32 a
// 32-way bank conflict. stride in {1, 2, 32, 33}.
void bank_stride_read(int stride, int blocks, const float* in, float* out, cudaStream_t stream);

// A kernel that only reserves dynamic shared memory, for occupancy queries.
const void* occupancy_probe_kernel();

std::span<const KernelSymbol> kernel_symbols();

}  // namespace smemc::facts
