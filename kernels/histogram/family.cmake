# The histogram family's files (cmake/SmemcFamilies.cmake says what each list is).
set(SMEMC_FAMILY_SPEC_SOURCES_histogram spec.cpp)
set(SMEMC_FAMILY_SPEC_HEADERS_histogram spec.hpp bin_rule.hpp)
set(SMEMC_FAMILY_SPEC_LINKS_histogram)
set(SMEMC_FAMILY_CUDA_SOURCES_histogram cuda/histogram.cu)
set(SMEMC_FAMILY_CUDA_LINKS_histogram)
set(SMEMC_FAMILY_OPENCL_PROGRAMS_histogram opencl/histogram.cl)
set(SMEMC_FAMILY_SHARED_SOURCES_histogram histogram/histogram_cases.cpp histogram/test_histogram_spec.cpp)
set(SMEMC_FAMILY_SOURCES_histogram histogram/test_histogram.cpp)
set(SMEMC_FAMILY_TEST_HEADERS_histogram histogram/histogram_cases.hpp histogram/histogram_contract_cases.hpp
    histogram/histogram_samples.hpp)
set(SMEMC_FAMILY_PROFILE_histogram histogram/profile.cmake histogram/profile_cases.cu)
