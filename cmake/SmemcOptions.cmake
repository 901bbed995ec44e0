# What this build contains. Every switch defaults to what the machine has:
#   SMEMC_WITH_CUDA    the CUDA kernels, backend, smem-facts tests, canaries and
#                      compute-sanitizer runs (default: on when check_language
#                      finds a CUDA compiler)
#   SMEMC_WITH_OPENCL  the OpenCL port, its tests on the OpenCL platform found
#                      at run time, and the Oclgrind runs (default: on when
#                      FindOpenCL finds the headers and the ICD loader)
#   SMEMC_BUILD_TESTS  the conformance tests (default on)
#   SMEMC_BUILD_BENCH  the nvbench benchmark of every CUDA variant, bench/
#                      (default off: it needs nvbench and CMake >= 3.30.4, and
#                      no test needs it)
#   SMEMC_TEST_CXX_FLAGS  C++ flags of the test sources (tests/) after the
#                      build type's (default none; the ci preset: -Og)
#   SMEMC_BUILD_GPU_ONLY  with CUDA, what only a GPU can run: the profile
#                      target, the compute-sanitizer canaries and the CUB
#                      port's package test (default auto: on where nvidia-smi
#                      sees a GPU at configure; SmemcCudaArchitectures.cmake)
# Without CUDA the specs, host models, fixtures, host checks and the other
# backends still build and run.
include(CheckLanguage)
check_language(CUDA)
set(_smemc_cuda_default OFF)
if(CMAKE_CUDA_COMPILER)
  set(_smemc_cuda_default ON)
endif()
option(SMEMC_WITH_CUDA "Build the CUDA kernels, backend and CUDA-only tests" ${_smemc_cuda_default})
if(SMEMC_WITH_CUDA AND NOT CMAKE_CUDA_COMPILER)
  message(FATAL_ERROR "smem-conformance: SMEMC_WITH_CUDA=ON but no CUDA compiler was found: put nvcc on PATH, "
                      "set CMAKE_CUDA_COMPILER, or configure with -DSMEMC_WITH_CUDA=OFF")
endif()

find_package(OpenCL QUIET)
set(_smemc_opencl_default OFF)
if(OpenCL_FOUND)
  set(_smemc_opencl_default ON)
endif()
option(SMEMC_WITH_OPENCL "Build the OpenCL port and its tests" ${_smemc_opencl_default})
if(SMEMC_WITH_OPENCL AND NOT OpenCL_FOUND)
  message(FATAL_ERROR "smem-conformance: SMEMC_WITH_OPENCL=ON but OpenCL was not found. On Debian/Ubuntu:\n"
                      "  apt-get install ocl-icd-opencl-dev opencl-c-headers\n"
                      "(and a runtime to run the tests: pocl-opencl-icd), or configure with -DSMEMC_WITH_OPENCL=OFF")
endif()

option(SMEMC_BUILD_TESTS "Build the conformance tests" ON)
option(SMEMC_BUILD_BENCH "Build the nvbench benchmark (bench/; needs nvbench, CMake >= 3.30.4 and CUDA)" OFF)
# The test sources are checks, not the work: what a run spends its time in
# (host models, data, exact sums, comparisons) lives in kernels/ and
# fixtures/ and keeps the build type's flags, so the ci preset compiles the
# checks at -Og to spend less of a 2-core CI machine's build on them
# (docs/results/time/2026-12-04-cpu-ci.md has the build's share of the run;
# 2026-12-05-cpu-ci.md: -Og against -O1, 10 CPU-seconds less build for
# about 3 test-seconds more in the host checks).
set(SMEMC_TEST_CXX_FLAGS "" CACHE STRING "C++ flags of the test sources (tests/), after the build type's (the ci preset: -Og)")
# Where no GPU is (CPU CI), the targets and tests that only a GPU can run
# are not built: their tests stay registered and skip, naming this switch
# (tests/CMakeLists.txt: SMEMC_GPU_ONLY_SKIP). On a 2-core CI machine a
# clean clone's run went from about 620 to 520 CPU-seconds without them:
# the CUB port's build of three CUB units and the installed CUDA kit
# (package.cub_port), the profile target (two units) and the CUDA canaries
# (docs/results/2026-12-06-j-cpu.md).
# The kernels, the CUDA backend and every CUDA test binary are still built
# there (their tests skip, each on its own), so CPU CI still compiles every
# kernel; the GPU run builds and runs the rest.
set(SMEMC_BUILD_GPU_ONLY auto CACHE STRING "Build the GPU-only targets (profile target, CUDA canaries, CUB port test): auto (where nvidia-smi sees a GPU), ON or OFF")
set_property(CACHE SMEMC_BUILD_GPU_ONLY PROPERTY STRINGS auto ON OFF)
if(NOT SMEMC_BUILD_GPU_ONLY MATCHES "^(auto|ON|OFF)$")
  message(FATAL_ERROR "SMEMC_BUILD_GPU_ONLY must be auto, ON or OFF, not '${SMEMC_BUILD_GPU_ONLY}'")
endif()
message(STATUS "smem-conformance: CUDA ${SMEMC_WITH_CUDA}, OpenCL ${SMEMC_WITH_OPENCL}, tests ${SMEMC_BUILD_TESTS}")
