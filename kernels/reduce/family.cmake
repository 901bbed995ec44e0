# The reduction family's files (cmake/SmemcFamilies.cmake says what each list is).
set(SMEMC_FAMILY_SPEC_SOURCES_reduce spec.cpp host_models.cpp)
set(SMEMC_FAMILY_SPEC_HEADERS_reduce spec.hpp host_models.hpp)
set(SMEMC_FAMILY_SPEC_LINKS_reduce)
set(SMEMC_FAMILY_CUDA_SOURCES_reduce
    cuda/reduce_by_halving.cu cuda/reduce_block.cu cuda/reduce_smem.cu cuda/reduce_vec4.cu cuda/table.cpp)
set(SMEMC_FAMILY_CUDA_LINKS_reduce smemc_reduce_fixup_cuda)  # the spec's fix-up kernel (the CUDA port kit)
# Built elsewhere: the spec's fix-up kernel is the CUDA port kit's (smemc_cuda_kit).
set(SMEMC_FAMILY_BUILT_ELSEWHERE_reduce cuda/fixup.cu)
set(SMEMC_FAMILY_OPENCL_PROGRAMS_reduce opencl/reduce.cl opencl/reduce_shfl.cl)
set(SMEMC_FAMILY_SHARED_SOURCES_reduce reduce/reduce_cases.cpp reduce/reduce_harness.cpp reduce/test_reduce_spec.cpp)
set(SMEMC_FAMILY_SOURCES_reduce reduce/test_reduce.cpp)
set(SMEMC_FAMILY_TEST_HEADERS_reduce reduce/reduce_cases.hpp reduce/reduce_harness.hpp reduce/reduce_contract_cases.hpp)
# Rows a test process runs (cmake/SmemcBatchTests.cmake): a row's small
# checks alone (each reaches 2^24 values at every block it claims: two rows
# together took 16-17 s on the H200, docs/results/2026-12-05-c-h200.md);
# eight rows' large checks (their inputs are filled on the device: about a
# second each, most of it the process's start).
set(SMEMC_FAMILY_BATCH_ROWS_reduce 1)
set(SMEMC_FAMILY_LARGE_BATCH_ROWS_reduce 8)
