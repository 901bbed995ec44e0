# Test registration: one function registers a test binary with CTest.
#
# Every gtest test becomes one CTest test (gtest_discover_tests), so CTest
# reports each check on its own and shows device tests as skipped where no
# device is usable. Tests are split by name:
#   HOST_ONLY           label selftest     the fixtures' own tests (no device)
#   suite *Host*        label host         a family's host-side checks (no device)
#   check large*        label gpu-large    most of a GPU: all 8 of its slots, and
#                                          RUN_SERIAL where no resource spec is given
#   variant *__exhibit  label gpu-exhibit  marked exhibits (registry); 1 slot
#                       (gpu-large-exhibit for an exhibit's large check)
#   the rest            label gpu-small    1 slot of a GPU
# One label per test (gtest_discover_tests cannot pass a list); ctest -L
# takes a regular expression, so -L gpu selects every device test, -L large
# the large ones, -LE exhibit leaves the exhibits out.
# With compute-sanitizer available, each device binary is also registered
# once per tool (SmemcSanitizers.cmake).

set(SMEMC_RESULTS_DIR "${CMAKE_BINARY_DIR}/conformance-results")
set(SMEMC_GPU_SLOTS 8)  # slots per GPU in the resource spec (ctest_config/)

include(SmemcSanitizers)

function(_smemc_discover target filter label)
  set(resource_args)
  if(label MATCHES "gpu")
    set(resource_args RESOURCE_GROUPS "gpus:1")
    if(label MATCHES "large")
      set(resource_args RESOURCE_GROUPS "gpus:${SMEMC_GPU_SLOTS}" RUN_SERIAL TRUE)
    endif()
  endif()
  # NO_PRETTY_VALUES: test names end with the variant, not a pointer value.
  gtest_discover_tests(${target}
    TEST_FILTER "${filter}"
    NO_PRETTY_VALUES
    DISCOVERY_TIMEOUT 60
    PROPERTIES
      LABELS "${label}"
      ENVIRONMENT "SMEMC_RESULTS_DIR=${SMEMC_RESULTS_DIR}"
      TIMEOUT 900
      ${resource_args})
endfunction()

# smemc_add_test_binary(<name> SOURCES <src>... [LIBRARIES <lib>...]
#                       [BACKEND <target>] [HOST_ONLY])
# BACKEND defaults to smemc_cuda_backend; a port passes its own backend and
# its own family libraries (registries) and reuses the test sources.
function(smemc_add_test_binary name)
  cmake_parse_arguments(ARG "HOST_ONLY" "BACKEND" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_BACKEND)
    set(ARG_BACKEND smemc_cuda_backend)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE smemc_test_main ${ARG_BACKEND} ${ARG_LIBRARIES})
  smemc_target_defaults(${name})
  if(ARG_HOST_ONLY)
    _smemc_discover(${name} "*" "selftest")
    return()
  endif()
  # gtest filters match "<suite>.<check>/<variant>": the patterns anchor on
  # the suite (*Host*.*), the check (*.large*) and the variant (*__exhibit).
  _smemc_discover(${name} "*Host*.*" "host")
  _smemc_discover(${name} "-*Host*.*:*.large*:*__exhibit" "gpu-small")
  _smemc_discover(${name} "*.large*-*Host*.*:*__exhibit" "gpu-large")
  _smemc_discover(${name} "*__exhibit-*Host*.*:*.large*" "gpu-exhibit")
  _smemc_discover(${name} "*.large*__exhibit-*Host*.*" "gpu-large-exhibit")
  if(ARG_BACKEND STREQUAL "smemc_cuda_backend")
    smemc_add_sanitizer_runs(${name})  # compute-sanitizer checks CUDA binaries only
  endif()
endfunction()

# CTestCustom.cmake in the build tree: output limits, and the hooks that clear
# the conformance records before a run and print the matrix after it.
function(smemc_write_ctest_custom)
  set(SMEMC_MATRIX_COMMAND "$<TARGET_FILE:smemc_conformance_matrix>")
  configure_file(${PROJECT_SOURCE_DIR}/ctest_config/CTestCustom.cmake.in
                 ${CMAKE_BINARY_DIR}/CTestCustom.cmake.configured @ONLY)
  file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/CTestCustom.cmake
       INPUT ${CMAKE_BINARY_DIR}/CTestCustom.cmake.configured)
endfunction()
