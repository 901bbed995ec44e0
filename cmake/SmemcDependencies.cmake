# Every dependency comes from an installed package; nothing is downloaded or
# vendored. A missing one stops configure and names the Debian package.
function(_smemc_missing what package)
  message(FATAL_ERROR
    "smem-conformance: ${what} not found. On Debian/Ubuntu install it with\n"
    "  apt-get install ${package}\n"
    "or point CMAKE_PREFIX_PATH at an installation.")
endfunction()

find_package(CUDAToolkit)
if(NOT CUDAToolkit_FOUND)
  _smemc_missing("The CUDA Toolkit" "nvidia-cuda-toolkit (or NVIDIA's cuda-toolkit package)")
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

  include(GoogleTest)
endif()
