# Every dependency comes from an installed package; nothing is downloaded or
# vendored. A missing one stops configure and names the Debian package.
function(_smemc_missing what package)
  message(FATAL_ERROR
    "smem-conformance: ${what} not found. On Debian/Ubuntu install it with\n"
    "  apt-get install ${package}\n"
    "or point CMAKE_PREFIX_PATH at an installation.")
endfunction()

if(SMEMC_WITH_CUDA)
  # C++20 device code needs CUDA 12 or newer (Debian 12's nvidia-cuda-toolkit
  # is 11.8: too old; use NVIDIA's packages).
  find_package(CUDAToolkit 12.0)
  if(NOT CUDAToolkit_FOUND)
    _smemc_missing("The CUDA Toolkit 12.0 or newer" "cuda-toolkit-12-x (NVIDIA's repository)")
  endif()
  if(CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND CMAKE_CUDA_COMPILER_VERSION VERSION_LESS 12.0)
    message(FATAL_ERROR "smem-conformance: nvcc ${CMAKE_CUDA_COMPILER_VERSION} is too old: C++20 device code needs CUDA 12.0 or newer")
  endif()
endif()

if(SMEMC_BUILD_TESTS)
  find_package(GTest CONFIG QUIET)
  if(NOT GTest_FOUND)
    find_package(GTest QUIET)
  endif()
  if(NOT TARGET GTest::gtest)
    _smemc_missing("GoogleTest" "libgtest-dev")
  endif()

  find_package(rapidcheck CONFIG QUIET)
  if(NOT rapidcheck_FOUND OR NOT TARGET rapidcheck_gtest)
    _smemc_missing("rapidcheck (with its rapidcheck_gtest target)" "librapidcheck-dev")
  endif()

  # The fixtures' host work (inputs, exact sums, the checks of large
  # outputs) runs over the cores through oneTBB.
  find_package(TBB CONFIG QUIET)
  if(NOT TARGET TBB::tbb)
    _smemc_missing("oneTBB" "libtbb-dev")
  endif()
endif()
