# The moving-average family's files (cmake/SmemcFamilies.cmake says what each list is).
set(SMEMC_FAMILY_SPEC_SOURCES_moving_average spec.cpp host_models.cpp)
set(SMEMC_FAMILY_SPEC_HEADERS_moving_average spec.hpp host_models.hpp)
set(SMEMC_FAMILY_SPEC_LINKS_moving_average Threads::Threads)  # the large checks' streamed models use the host's cores
set(SMEMC_FAMILY_CUDA_SOURCES_moving_average
    cuda/moving_average.cu cuda/moving_average_lookback.cu cuda/moving_average_seed.cu)
set(SMEMC_FAMILY_CUDA_LINKS_moving_average)
set(SMEMC_FAMILY_OPENCL_PROGRAMS_moving_average opencl/moving_average.cl)
set(SMEMC_FAMILY_SHARED_SOURCES_moving_average moving_average/moving_average_cases.cpp moving_average/moving_average_checks.cpp moving_average/test_moving_average_spec.cpp)
set(SMEMC_FAMILY_SOURCES_moving_average moving_average/test_moving_average.cpp)
set(SMEMC_FAMILY_TEST_HEADERS_moving_average
    moving_average/moving_average_cases.hpp moving_average/moving_average_checks.hpp
    moving_average/moving_average_contract_cases.hpp)
# Rows a test process runs (cmake/SmemcBatchTests.cmake): a row's small
# checks alone (the scans' edge sizes run their models for seconds: two
# rows together took 14-15 s on the H200, docs/results/2026-12-05-c-h200.md).
set(SMEMC_FAMILY_BATCH_ROWS_moving_average 1)
# Its large checks first (the other families' large checks have COST
# 500): each streams a model of about 2^31 outputs on the host, the CUDA run's
# longest tests. Started with the others' (the reductions' first, by test
# number), they ran at 17-36 s of a 57 s run beside the transposes' and
# histograms' large checks, the host's cores 78-98 % busy, and took
# 15.2-17.9 s, over the 15 s a test may take; started first, 11.0-14.6 s in
# runs of 50-51 s (H200, docs/results/2026-12-06-i-h200.md). The profile
# checks' whole-GPU run (tests/profile) comes before them (COST 1500): a
# whole GPU is free only at the start.
set(SMEMC_FAMILY_LARGE_COST_moving_average 1000)
