// The facts the texts state about shared memory, checked on the device.
// CUDA-specific: these tests call the CUDA runtime directly.

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <iostream>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "common/cuda/cuda_check.hpp"
#include "common/cuda/interop.hpp"
#include "moving_average/cuda/moving_average_cuda.hpp"
#include "reduce/cuda/reduce_cuda.hpp"
#include "smem_facts/smem_facts.hpp"
#include "smemc/data.hpp"
#include "smemc/device_buffer.hpp"
#include "smemc/families_cuda.hpp"
#include "smemc/float_bits.hpp"
#include "smemc/guarded_buffer.hpp"
#include "smemc/testing.hpp"
#include "smemc/workload.hpp"
#include "transpose/cuda/transpose_cuda.hpp"

namespace smemc::facts::testing {
namespace {

// Every test here needs a device (the fixture skips without one).
class SmemFacts : public smemc::testing::DeviceTest {};

// What each suite needs (smemc/test_size.hpp): host, small or large.
SMEMC_SUITE_SIZE(SmemFacts, small);

// Every family's kernels (SMEMC_FAMILIES, smemc/families_cuda.hpp) and the facts' own.
std::vector<KernelSymbol> every_kernel() {
  std::vector<KernelSymbol> all;
  auto add = [&all](std::span<const KernelSymbol> part) { all.insert(all.end(), part.begin(), part.end()); };
#define SMEMC_ADD_KERNELS(family) add(family::kernel_symbols());
  SMEMC_FOR_EACH_FAMILY(SMEMC_ADD_KERNELS)
#undef SMEMC_ADD_KERNELS
  add(facts::kernel_symbols());
  return all;
}

cudaFuncAttributes attributes_of(const void* kernel) {
  cudaFuncAttributes attributes{};
  SMEMC_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));
  return attributes;
}

const KernelSymbol& kernel_named(const std::vector<KernelSymbol>& all, std::string_view name) {
  const auto it = std::find_if(all.begin(), all.end(), [&](const KernelSymbol& k) { return k.name == name; });
  if (it == all.end()) throw std::invalid_argument("no kernel named " + std::string(name));
  return *it;
}

// cudaFuncGetAttributes().sharedSizeBytes is the static shared memory of a
// kernel: what its __shared__ declarations add up to (each family's kernel
// list states it), padded to 16 bytes where the file also declares extern
// __shared__ arrays.
TEST_F(SmemFacts, static_shared_memory_matches_declarations) {
  const auto all = every_kernel();
  for (const KernelSymbol& k : all) {
    if (k.name == "ten_floats_beside_extern") continue;  // a compiler artefact, checked below
    EXPECT_EQ(attributes_of(k.function).sharedSizeBytes, k.static_smem_bytes) << k.name;
  }
  // The numbers the texts give.
  EXPECT_EQ(attributes_of(kernel_named(all, "transpose_tiled").function).sharedSizeBytes, 4096u) << "float tile[32][32]";
  EXPECT_EQ(attributes_of(kernel_named(all, "transpose_padded").function).sharedSizeBytes, 4224u) << "float tile[32][33]";
  EXPECT_EQ(attributes_of(kernel_named(all, "reduce_smem_fixup").function).sharedSizeBytes, 4096u) << "float scratch[1024]";
  EXPECT_EQ(attributes_of(kernel_named(all, "gpu_shared_memory").function).sharedSizeBytes, 40u) << "float sh_arr[10]";
  // The same float[10] beside kernels that use extern __shared__: at least
  // the declaration. How much more is the compiler's choice, not a fact of
  // the language: a stated assumption per toolkit, checked where it is
  // stated (nvcc 13.0 pads it to 48, a multiple of 16: seen on the H200) and
  // only reported elsewhere.
  const std::size_t padded = attributes_of(kernel_named(all, "ten_floats_beside_extern").function).sharedSizeBytes;
  std::cout << "[ facts    ] float[10] beside extern __shared__ users: " << padded << " bytes (CUDA " << CUDART_VERSION << ")\n";
  EXPECT_GE(padded, 40u);
  const std::map<int, std::size_t> padded_by_toolkit_major = {{13, 48}};
  if (const auto it = padded_by_toolkit_major.find(CUDART_VERSION / 1000); it != padded_by_toolkit_major.end()) {
    EXPECT_EQ(padded, it->second) << "the stated padding of CUDA " << it->first << " changed";
  }
}

// §5.3's values/counts layout over one extern __shared__ buffer, checked by
// what it computes: a stable sort of each tile. Under a tool (the reduced
// workload) one data kind: the tools see the kernel's accesses, the same
// for any values, and the ranking's shared loads grow as a tile's square
// (racecheck of this binary took 24 s at -j 8; counted from the source,
// most of its shared loads are this test's, at blocks 1023 and 1024).
TEST_F(SmemFacts, aliased_extern_values_counts_layout) {
  const std::vector<DataKind> kinds =
      workload().reduced ? std::vector<DataKind>{DataKind::uniform}
                         : std::vector<DataKind>{DataKind::uniform, DataKind::small_integers, DataKind::signed_zeros};
  // The reduced workload (the tools' runs) leaves out B = 1024: the ranking
  // reads B^2 floats of shared memory a tile, and 1023 holds the largest
  // tile, with a gap before its counts (1023 floats end 4 bytes short of a
  // long's alignment).
  std::vector<int> blocks = {1, 7, 32, 33, 256, 1023};
  if (!workload().reduced) blocks.push_back(1024);
  for (int block : blocks) {
    for (DataKind kind : kinds) {
      const std::int64_t n = 3 * block + 5;
      const std::vector<float> in = make_data(kind, n, 0xA11A5u + block);
      GuardedBuffer<float> input("in", in.size()), output("out", in.size());
      input.upload(in);
      sort_tiles(n, device_pointer<float>(input.data()), device_pointer<float>(output.data()), block, nullptr);
      SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
      input.verify_guards();
      output.verify_guards();
      std::vector<float> expected = in;
      for (std::int64_t base = 0; base < n; base += block) {
        std::stable_sort(expected.begin() + base, expected.begin() + std::min(n, base + block));
      }
      const std::vector<float> got = output.download();
      for (std::int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(bits_of(got[i]), bits_of(expected[i])) << "block=" << block << " data=" << kind << " [" << i << "]";
      }
    }
  }
}

// Two extern __shared__ declarations of different types are one buffer.
TEST_F(SmemFacts, aliased_extern_char_and_int_views) {
  constexpr int count = 257;
  std::vector<int> in(count);
  for (int i = 0; i < count; ++i) in[i] = static_cast<int>(0x01020304u * (i + 1) ^ 0xA5A5A5A5u);
  GuardedBuffer<int> input("in", count), same("same", 1);
  GuardedBuffer<unsigned char> bytes("bytes", 4 * count);
  input.upload(in);
  alias_bytes(count, device_pointer<int>(input.data()), device_pointer<unsigned char>(bytes.data()),
              device_pointer<int>(same.data()), nullptr);
  SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
  for (const auto* guarded : {&input, &same}) guarded->verify_guards();
  bytes.verify_guards();
  EXPECT_EQ(same.download()[0], 1) << "sharedChars and sharedInts have different addresses";
  std::vector<unsigned char> expected(4 * count);
  std::memcpy(expected.data(), in.data(), expected.size());
  EXPECT_EQ(bytes.download(), expected);
}

// More than 48 KiB of dynamic shared memory needs an explicit opt-in per kernel.
TEST_F(SmemFacts, dynamic_shared_memory_above_48KiB_needs_opt_in) {
  // The limit every kernel starts with, as the device states it (48 KiB on
  // every GPU the texts describe).
  const int kDefaultLimit = static_cast<int>(backend().status().limits.local_memory_bytes);
  const int count = kDefaultLimit / 4 + 4096;  // 16 KiB over the limit
  std::vector<float> in = make_data(DataKind::uniform, count, 0x48Cu);
  GuardedBuffer<float> input("in", count), output("out", count);
  input.upload(in);
  float* const in_ptr = device_pointer<float>(input.data());
  float* const out_ptr = device_pointer<float>(output.data());

  allow_reverse_dynamic_bytes(kDefaultLimit);  // the limit every kernel starts with
  try {
    reverse_through_smem(count, in_ptr, out_ptr, nullptr);
    SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
    FAIL() << "a launch with " << count * 4 << " bytes of dynamic shared memory succeeded without the opt-in";
  } catch (const CudaError& e) {
    EXPECT_EQ(e.code(), cudaErrorInvalidValue) << e.what();
  }
  reverse_through_smem(kDefaultLimit / 4, in_ptr, out_ptr, nullptr);  // exactly 48 KiB: fine
  SMEMC_CUDA_CHECK(cudaDeviceSynchronize());

  allow_reverse_dynamic_bytes(count * static_cast<int>(sizeof(float)));
  output.poison();
  reverse_through_smem(count, in_ptr, out_ptr, nullptr);
  SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
  input.verify_guards();
  output.verify_guards();
  const std::vector<float> got = output.download();
  for (int i = 0; i < count; ++i) ASSERT_EQ(bits_of(got[i]), bits_of(in[count - 1 - i])) << i;
}

// Cache preferences are hints: accepted, read back as set (the device's
// preference, and each kernel's shared-memory carveout, the attribute that
// can be read back), and no result changes. The device's and the kernels'
// settings are restored afterwards, whatever happens.
class CachePreferencesRestored {
 public:
  explicit CachePreferencesRestored(const std::vector<KernelSymbol>& kernels) : kernels_(kernels) {
    SMEMC_CUDA_CHECK(cudaDeviceGetCacheConfig(&device_config_));
  }
  ~CachePreferencesRestored() {
    SMEMC_CUDA_CHECK_NOTHROW(cudaDeviceSetCacheConfig(device_config_));
    for (const KernelSymbol& k : kernels_) {
      SMEMC_CUDA_CHECK_NOTHROW(cudaFuncSetCacheConfig(k.function, cudaFuncCachePreferNone));
      SMEMC_CUDA_CHECK_NOTHROW(cudaFuncSetAttribute(k.function, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
    }
  }
  CachePreferencesRestored(const CachePreferencesRestored&) = delete;
  CachePreferencesRestored& operator=(const CachePreferencesRestored&) = delete;

 private:
  const std::vector<KernelSymbol>& kernels_;
  cudaFuncCache device_config_ = cudaFuncCachePreferNone;
};

TEST_F(SmemFacts, cache_config_changes_no_result) {
  const auto kernels = every_kernel();
  const CachePreferencesRestored restore(kernels);
  const std::vector<float> x = make_data(DataKind::uniform, workload().reduced ? 3001 : 300007, 0xCAC4Eu);
  auto results = [&] {
    std::vector<std::uint32_t> bits;
    for (const reduce::Variant& v : join(reduce::specs(), reduce::implementations(), reduce::allowances())) {
      const reduce::Spec& spec = *v.spec;
      // Float's variants (the facts are the texts'); exhibits race by design.
      if (v.typing != kF32 || spec.determinism != Determinism::ordered || spec.doc.exhibit()) continue;
      const int block = spec.domain.tested_blocks.front();
      const std::size_t n = reduce::size_violation(spec, static_cast<std::int64_t>(x.size()), block).empty() ? x.size() : 2048;
      GuardedBuffer<float> data("data", n), out("out", 1);
      GuardedBytes workspace("workspace", spec.workspace_bytes(static_cast<std::int64_t>(n), block, v.typing));
      data.upload(std::span<const float>(x).first(n));
      v.launch({.n = static_cast<std::int64_t>(n),
                .data = data.data(),
                .out = out.data(),
                .workspace = workspace.payload(),
                .block = block},
               {});
      bits.push_back(bits_of(out.download()[0]));
    }
    const std::int64_t side = workload().reduced ? 37 : 517;
    for (const transpose::Variant& v : join(transpose::specs(), transpose::implementations(), transpose::allowances())) {
      if (v.typing != kF32) continue;
      GuardedBuffer<float> in("in", side * side), out("out", side * side);
      in.upload(std::span<const float>(x).first(side * side));
      v.launch({.rows = side, .cols = side, .in = in.data(), .out = out.data()}, {});
      for (float f : out.download()) bits.push_back(bits_of(f));
    }
    for (const moving_average::Variant& v :
         join(moving_average::specs(), moving_average::implementations(), moving_average::allowances())) {
      if (v.typing != kF32 || v.spec->determinism != Determinism::ordered) continue;  // the look-back's bits vary run to run
      const int block = v.spec->domain.tested_blocks.front();
      const std::int64_t n = moving_average::size_violation(*v.spec, 1000, block).empty() ? 1000 : 10;
      GuardedBuffer<float> data("data", n);
      GuardedBytes workspace("workspace", v.spec->workspace_bytes(n, block, v.typing));
      data.upload(std::span<const float>(x).first(n));
      v.launch({.n = n, .data = data.data(), .workspace = workspace.payload(), .block = block}, {});
      for (float f : data.download()) bits.push_back(bits_of(f));
    }
    return bits;
  };
  const std::vector<std::uint32_t> baseline = results();
  struct Preference {
    cudaFuncCache config;
    int carveout_percent;  // the kernels' preferred shared-memory share of the unified L1
  };
  for (const Preference p : {Preference{cudaFuncCachePreferShared, 100}, Preference{cudaFuncCachePreferL1, 0},
                             Preference{cudaFuncCachePreferEqual, 50}, Preference{cudaFuncCachePreferNone, 25}}) {
    SMEMC_CUDA_CHECK(cudaDeviceSetCacheConfig(p.config));
    cudaFuncCache read_back{};
    SMEMC_CUDA_CHECK(cudaDeviceGetCacheConfig(&read_back));
    EXPECT_EQ(read_back, p.config) << "the device's cache preference did not take";
    for (const KernelSymbol& k : kernels) {
      SMEMC_CUDA_CHECK(cudaFuncSetCacheConfig(k.function, p.config));
      SMEMC_CUDA_CHECK(cudaFuncSetAttribute(k.function, cudaFuncAttributePreferredSharedMemoryCarveout, p.carveout_percent));
      EXPECT_EQ(attributes_of(k.function).preferredShmemCarveout, p.carveout_percent) << k.name << ": the carveout did not take";
    }
    EXPECT_EQ(results(), baseline) << "cache config " << static_cast<int>(p.config) << ", carveout " << p.carveout_percent
                                   << " %";
  }
}

// The more shared memory a block reserves, the fewer blocks fit on an SM.
TEST_F(SmemFacts, occupancy_never_rises_with_shared_memory) {
  int device = 0, optin = 0;
  SMEMC_CUDA_CHECK(cudaGetDevice(&device));
  SMEMC_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  const void* kernel = occupancy_probe_kernel();
  SMEMC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
  for (int threads : {32, 256, 1024}) {
    int previous = INT_MAX;
    for (int bytes = 0; bytes <= optin; bytes += bytes < 4096 ? 256 : 1024) {
      int blocks = 0;
      SMEMC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, bytes));
      ASSERT_LE(blocks, previous) << threads << " threads, " << bytes << " bytes of dynamic shared memory";
      ASSERT_GE(blocks, 1) << threads << " threads, " << bytes << " bytes: a block within the limit must fit";
      previous = blocks;
    }
  }
}

// §5.8's figures, read off the device and compared with a table keyed by
// compute capability (the CUDA C++ Programming Guide's per-architecture
// limits). Banks are not a device attribute: their width (4 bytes) and
// count (32) are architectural since compute capability 5.0, stated here and
// measured by the profile checks (tests/profile: smem[s*tid]); the bank
// width's own query is the next check's.
TEST_F(SmemFacts, device_figures_match_the_texts) {
  struct Figures {
    int smem_per_sm;
    int reserved_per_block;
    int optin_per_block;
  };
  const std::map<std::pair<int, int>, Figures> known = {
      {{8, 0}, {167936, 1024, 166912}},  // A100: 164 KiB per SM
      {{8, 6}, {102400, 1024, 101376}},  // 100 KiB
      {{8, 9}, {102400, 1024, 101376}},  // 100 KiB
      {{9, 0}, {233472, 1024, 232448}},  // H100/H200: 228 KiB per SM, 227 KiB per block
  };
  int device = 0;
  SMEMC_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  SMEMC_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  std::cout << "[ figures  ] " << prop.name << " cc " << prop.major << '.' << prop.minor << ": sharedMemPerMultiprocessor "
            << prop.sharedMemPerMultiprocessor << ", reservedSharedMemPerBlock " << prop.reservedSharedMemPerBlock
            << ", sharedMemPerBlockOptin " << prop.sharedMemPerBlockOptin << ", sharedMemPerBlock " << prop.sharedMemPerBlock
            << ", warpSize " << prop.warpSize << '\n';
  EXPECT_EQ(prop.warpSize, 32);
  // The 1 KiB the driver keeps per block is the difference between an SM's
  // shared memory and the most one block may use.
  EXPECT_EQ(prop.sharedMemPerMultiprocessor - prop.reservedSharedMemPerBlock, prop.sharedMemPerBlockOptin);
  const auto it = known.find({prop.major, prop.minor});
  if (it == known.end()) {
    GTEST_SKIP() << "no expected figures for compute capability " << prop.major << '.' << prop.minor
                 << " (read: " << prop.sharedMemPerMultiprocessor << " B per SM, " << prop.reservedSharedMemPerBlock
                 << " B reserved per block)";
  }
  EXPECT_EQ(static_cast<int>(prop.sharedMemPerMultiprocessor), it->second.smem_per_sm);
  EXPECT_EQ(static_cast<int>(prop.reservedSharedMemPerBlock), it->second.reserved_per_block);
  EXPECT_EQ(static_cast<int>(prop.sharedMemPerBlockOptin), it->second.optin_per_block);
  EXPECT_EQ(static_cast<int>(prop.sharedMemPerBlock), 48 * 1024) << "the static + default dynamic limit";
}

// §5.5's 8-byte bank mode (Kepler's cudaSharedMemBankSizeEightByte): the
// runtime keeps the calls (deprecated since CUDA 12, used only here) and
// documents that a device whose bank size is fixed ignores the request. On
// every capability since 5.0 the width is 4 bytes: the query says so before
// and after asking for 8, and the profile's counts (tests/profile: the
// padded tiles' wavefronts per element size) are those of 4-byte banks.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST_F(SmemFacts, eight_byte_bank_mode_is_ignored) {
  int device = 0;
  SMEMC_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  SMEMC_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  if (prop.major < 5)
    GTEST_SKIP() << "compute capability " << prop.major << '.' << prop.minor << " has a configurable bank width";
  cudaSharedMemConfig before{}, after{};
  SMEMC_CUDA_CHECK(cudaDeviceGetSharedMemConfig(&before));
  SMEMC_CUDA_CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
  SMEMC_CUDA_CHECK(cudaDeviceGetSharedMemConfig(&after));
  SMEMC_CUDA_CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeDefault));
  std::cout << "[ figures  ] bank width query: " << (before == cudaSharedMemBankSizeEightByte ? 8 : 4) << " bytes, "
            << (after == cudaSharedMemBankSizeEightByte ? 8 : 4) << " bytes after asking for 8\n";
  EXPECT_EQ(before, cudaSharedMemBankSizeFourByte);
  EXPECT_EQ(after, cudaSharedMemBankSizeFourByte) << "the 8-byte mode took effect on a fixed-bank device";
}
#pragma GCC diagnostic pop

// §5.5's four access patterns smem[s*tid] read what they index. What they
// cost (1, 2, 32 and 1 wavefronts per request) is measured by the profile
// checks (tests/profile); this only holds the kernels those measure to
// their results.
TEST_F(SmemFacts, bank_stride_patterns_read_what_they_index) {
  constexpr int blocks = 6;
  const std::vector<float> in = make_data(DataKind::bit_patterns, blocks * 1024, 0xBA4Cu);
  GuardedBuffer<float> input("in", in.size());
  input.upload(in);
  for (int stride : {1, 2, 32, 33}) {
    GuardedBuffer<float> out("out", blocks * 32);
    bank_stride_read(stride, blocks, device_pointer<float>(input.data()), device_pointer<float>(out.data()), nullptr);
    SMEMC_CUDA_CHECK(cudaDeviceSynchronize());
    input.verify_guards();
    out.verify_guards();
    const std::vector<float> got = out.download();
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < 32; ++t) {
        ASSERT_EQ(bits_of(got[b * 32 + t]), bits_of(in[b * 1024 + stride * t]))
            << "stride " << stride << " block " << b << " lane " << t;
      }
    }
  }
}

}  // namespace
}  // namespace smemc::facts::testing
