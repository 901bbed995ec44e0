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
