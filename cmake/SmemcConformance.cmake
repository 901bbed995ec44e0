# The conformance tests, built against a backend: used by this project for
# its own backends (CUDA, OpenCL) and installed with the package, where a
# port living in its own repository uses it the same way:
#
#   find_package(smemc CONFIG REQUIRED)
#   smemc_add_conformance_tests(NAME cpu_reduce_tests FAMILY reduce
#                               BACKEND my_backend IMPLEMENTATIONS my_reduce_table
#                               PREFIX cpu)
#   smemc_write_ctest_custom()   # the conformance matrix after every ctest run
#
# FAMILY         one of SMEMC_FAMILIES (reduce, transpose, ...): which test sources
# BACKEND        a target defining smemc::backend()
# IMPLEMENTATIONS  a target defining <family>::implementations(), the table
# PREFIX         CTest names are <PREFIX>.<gtest name>; labels <PREFIX>-<kind>
# LIBRARIES      anything else the binary links
# SANITIZERS     (a CUDA backend) also register the binary under
#                compute-sanitizer's memcheck, racecheck, synccheck and
#                initcheck (<tool>.<NAME>, labels <tool> and sanitizer), as
#                this project registers its own: reduced workload, host,
#                large and exhibit checks and the launch contract left out
#
# The binary checks the spec's rows of FAMILY joined with the table
# IMPLEMENTATIONS defines, and after them every row the table brings of its
# own (port rows, common/implementation.hpp): each is checked as the
# built-in rows are, by its determinism class, on its (possibly narrowed)
# domain, and appears in the matrix and the JUnit file. A row the table
# declares unsupported is one skipped test (<family>/<Family>Unsupported.declared).
#
# Every gtest test becomes one CTest test (gtest_discover_tests), labelled
# by the size its suite declares (SMEMC_SUITE_SIZE, smemc/test_size.hpp;
# one label each; ctest -L takes a regular expression):
#   <PREFIX>-host           host suites (launcher and table checks): no device
#   <PREFIX>-small          small suites: device checks, 1 slot of a GPU
#   <PREFIX>-large          large suites: 1/SMEMC_LARGE_CHECKS_PER_GPU of a GPU's slots (gpu-sized data)
#   <PREFIX>-exhibit        checks of marked exhibits (known-bad variants)
#   <PREFIX>-large-exhibit  an exhibit's large check
# Records for the conformance matrix go to SMEMC_RESULTS_DIR (a cache
# variable; default <build>/conformance-results).

include_guard(GLOBAL)
include(GoogleTest)

set(SMEMC_RESULTS_DIR "${CMAKE_BINARY_DIR}/conformance-results" CACHE PATH
    "Where each test writes its conformance record (the matrix reads them)")
set(SMEMC_GPU_SLOTS 16 CACHE STRING "Slots per GPU in the CTest resource spec (ctest_config/): a small device check takes 1")
option(SMEMC_CTEST_RESOURCE_SPEC
       "ctest runs with a resource spec (the dev and sanitizer presets do): a test that needs a whole GPU then takes all of one GPU's slots, and tests spread over several GPUs; without one, such tests run serially (RUN_SERIAL)"
       OFF)

# The test properties of a test that needs a whole GPU (the profile checks:
# hardware counters see every kernel on the device): all slots of one GPU
# through the resource spec, or, where ctest runs without one, no other test
# beside it.
function(smemc_whole_gpu_properties out)
  _smemc_gpu_share_properties(properties ${SMEMC_GPU_SLOTS})
  set(${out} ${properties} PARENT_SCOPE)
endfunction()

# `slots` of one GPU under a resource spec; without one, no other test beside it.
function(_smemc_gpu_share_properties out slots)
  set(properties RESOURCE_GROUPS "gpus:${slots}")
  if(NOT SMEMC_CTEST_RESOURCE_SPEC)
    list(APPEND properties RUN_SERIAL TRUE)
  endif()
  set(${out} ${properties} PARENT_SCOPE)
endfunction()

# A large check (gigabytes of device memory, at most about 18 GB: the
# transposes at n = 46341, the scan's limit at INT_MAX - 1024) takes
# 1/SMEMC_LARGE_CHECKS_PER_GPU of one GPU's slots: by default all of them;
# serially without a resource spec. `auto` (the dev preset) takes as many as
# three quarters of the smallest GPU's memory holds (nvidia-smi at configure
# time; 1 where it reports none): 5 on an H200 (141 GB), 3 on an 80 GB GPU,
# 1 under 48 GB. The small checks take the slots left, a few hundred MB each.
set(SMEMC_LARGE_CHECKS_PER_GPU 1 CACHE STRING
    "Large checks (up to about 18 GB of device memory each) one GPU runs at once under a resource spec (a number, or auto)")
set(SMEMC_LARGE_CHECK_MIB 18432)
function(_smemc_large_checks_per_gpu out)
  set(checks "${SMEMC_LARGE_CHECKS_PER_GPU}")
  if(checks STREQUAL "auto")
    set(checks 1)
    find_program(SMEMC_NVIDIA_SMI nvidia-smi)
    if(SMEMC_NVIDIA_SMI)
      execute_process(COMMAND "${SMEMC_NVIDIA_SMI}" --query-gpu=memory.total --format=csv,noheader,nounits
                      OUTPUT_VARIABLE memories RESULT_VARIABLE code ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
      if(code EQUAL 0 AND memories MATCHES "^[0-9]")
        string(REGEX MATCHALL "[0-9]+" memories "${memories}")
        list(SORT memories COMPARE NATURAL)
        list(GET memories 0 smallest)
        math(EXPR checks "${smallest} * 3 / 4 / ${SMEMC_LARGE_CHECK_MIB}")
      endif()
    endif()
    if(checks LESS 1)
      set(checks 1)
    endif()
  elseif(NOT checks MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "SMEMC_LARGE_CHECKS_PER_GPU must be a positive number or auto, not '${checks}'")
  endif()
  if(checks GREATER SMEMC_GPU_SLOTS)
    set(checks ${SMEMC_GPU_SLOTS})
  endif()
  set(${out} ${checks} PARENT_SCOPE)
endfunction()
_smemc_large_checks_per_gpu(SMEMC_LARGE_CHECKS_AT_ONCE)
if(SMEMC_CTEST_RESOURCE_SPEC)
  message(STATUS "smem-conformance: ${SMEMC_LARGE_CHECKS_AT_ONCE} large check(s) a GPU's memory holds (SMEMC_LARGE_CHECKS_PER_GPU=${SMEMC_LARGE_CHECKS_PER_GPU})")
endif()
# A large check's share of a GPU's S slots: with k = 1, all of them (alone
# on its GPU); else floor(S / (k + 1)) + 1, the fewest slots of which k + 1
# do not fit, so never more than k run at once (memory), and the slots left
# run small checks beside them (S = 16 and k = 5: 3 slots, 1 left; S = 64:
# 11, 9 left, which the H200 ran no faster: docs/porting.md). Where S is
# small against k fewer than k fit (S = 16, k = 7: 3 slots, 5 at once); the
# configure says how many.
if(SMEMC_LARGE_CHECKS_AT_ONCE EQUAL 1)
  set(SMEMC_LARGE_CHECK_SLOTS ${SMEMC_GPU_SLOTS})
else()
  math(EXPR SMEMC_LARGE_CHECK_SLOTS "${SMEMC_GPU_SLOTS} / (${SMEMC_LARGE_CHECKS_AT_ONCE} + 1) + 1")
endif()
if(SMEMC_CTEST_RESOURCE_SPEC)
  math(EXPR _smemc_large_fit "${SMEMC_GPU_SLOTS} / ${SMEMC_LARGE_CHECK_SLOTS}")
  message(STATUS "smem-conformance: a large check takes ${SMEMC_LARGE_CHECK_SLOTS} of a GPU's ${SMEMC_GPU_SLOTS} slots: ${_smemc_large_fit} at once")
endif()
function(smemc_large_gpu_properties out)
  _smemc_gpu_share_properties(properties ${SMEMC_LARGE_CHECK_SLOTS})
  set(${out} ${properties} PARENT_SCOPE)
endfunction()

# A device check's share of the host's cores, as its share of a GPU's
# slots (SMEMC_HOST_THREADS: kernels/common/host_threads.hpp caps its
# models' threads and oneTBB's): a small check 1 of S slots, a large one
# SMEMC_LARGE_CHECK_SLOTS. CTest runs as many of them at once as the slots
# hold, and each would otherwise start a thread per core: on the H200 the
# CUDA run's 16 cores were 80-98 % busy wherever its GPU was shared
# (docs/results/2026-12-05-c-h200.md). Only under a resource spec, where
# the slots are what CTest shares out; the cores counted at configure time.
# OFF by default: on the H200 the cap made the CUDA run slower, not faster
# (54.0 s against 50.7 s), the scan's large_limit waiting 8.3 s for its
# model on 3 threads against 3.2 s on all 16 (18.8 s against 14.7 s, past
# the 15 s a check may take; docs/results/2026-12-05-e-h200.md). It is for
# a host with fewer cores than a GPU's slots, where the checks' threads
# would crowd each other out.
option(SMEMC_SHARE_HOST_CORES "Under a resource spec, cap each device check's host threads at its share of the slots" OFF)
# The slots that share the host's cores: one GPU's (the dev preset's spec,
# resources-1gpu.json); with a spec of G GPUs (make_resource_spec.sh), G
# times as many.
set(SMEMC_HOST_SHARED_SLOTS "${SMEMC_GPU_SLOTS}" CACHE STRING
    "Slots the host's cores are shared among (SMEMC_SHARE_HOST_CORES): a GPU's, times the GPUs of ctest's resource spec")
if(NOT SMEMC_HOST_SHARED_SLOTS MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "SMEMC_HOST_SHARED_SLOTS must be a positive number, not '${SMEMC_HOST_SHARED_SLOTS}'")
endif()
cmake_host_system_information(RESULT SMEMC_HOST_CORES QUERY NUMBER_OF_LOGICAL_CORES)
function(_smemc_host_threads out slots)
  math(EXPR threads "${SMEMC_HOST_CORES} * ${slots} / ${SMEMC_HOST_SHARED_SLOTS}")
  if(threads LESS 1)
    set(threads 1)
  endif()
  set(${out} ${threads} PARENT_SCOPE)
endfunction()
function(_smemc_host_threads_property out slots)
  set(property)
  if(SMEMC_CTEST_RESOURCE_SPEC AND SMEMC_SHARE_HOST_CORES)
    _smemc_host_threads(threads ${slots})
    set(property ENVIRONMENT_MODIFICATION "SMEMC_HOST_THREADS=set:${threads}")
  endif()
  set(${out} ${property} PARENT_SCOPE)
endfunction()
if(SMEMC_CTEST_RESOURCE_SPEC AND SMEMC_SHARE_HOST_CORES)
  _smemc_host_threads(_smemc_small_threads 1)
  _smemc_host_threads(_smemc_large_threads ${SMEMC_LARGE_CHECK_SLOTS})
  message(STATUS "smem-conformance: host threads a device check may use: ${_smemc_small_threads} (small), ${_smemc_large_threads} (large), of ${SMEMC_HOST_CORES} cores (SMEMC_SHARE_HOST_CORES)")
endif()

# The families and their test sources (relative to SMEMC_TEST_SOURCE_DIR),
# from the one list (SmemcFamilies.cmake) and each family's manifest: this
# project read them from kernels/ before including this file; an installed
# package reads its copies, installed beside this file. Per family, in two
# parts that every binary of the family shares (compiled once per project,
# as OBJECT libraries, whatever the number of backends):
#   SMEMC_FAMILY_SHARED_SOURCES_<f>  the harness and the spec checks (the
#       *_spec.cpp checks hold a backend's own rows to what the spec holds
#       its rows to; smemc_spec_tests runs them on the spec's rows)
#   SMEMC_FAMILY_SOURCES_<f>         the conformance checks over a table
if(NOT DEFINED SMEMC_FAMILIES)
  include("${CMAKE_CURRENT_LIST_DIR}/SmemcFamilies.cmake")
  smemc_load_family_manifests("${CMAKE_CURRENT_LIST_DIR}/families")
endif()

# The gtest filter of a binary's run under a tool (compute-sanitizer,
# Oclgrind). The tools report hazards of the kernels' launches (races,
# uninitialised and out-of-bounds accesses), which depend on the launch
# shapes (n, block, data offsets) and not on the values. Run: the small
# suites' tests of rows that are not exhibits (@small,plain: the sizes the
# suites declare, smemc/test_size.hpp). Left out: the host
# checks, the large and exhibit checks (each exhibit is held to its
# expected finding under each tool, tests/exhibits.cmake: in a run of its
# own, or where that finding is `clean`, this project's compute-sanitizer
# runs take its row back in: SMEMC_TOOL_RUN_EXTRA_<tool>,
# SmemcSanitizers.cmake), the launch-contract checks (a tool serialises launches,
# so a held stream holds the launcher too), and the checks whose launch
# shapes another kept check already runs with other values: repeatable (the
# same launch again), error_bound, exact_small_integers and nan_inf (the
# shapes of host_model_bitwise and edge_sizes; for the moving averages
# error_bound's are host_model_bitwise's), and streams (two launches on two
# streams, which a tool runs one after the other: the shapes of the
# sweeps; a quarter of the reduction's Oclgrind run, 14 of 56 s, 2026-12-04),
# and the smem facts' cache-preference check (the families' f32 rows at one
# shape each, five times, with only the cache preference and carveout
# changed: they change how many blocks fit on an SM, not which addresses a
# block touches; 2.7 s of racecheck's 8.6 s smem-facts run on the H200).
set(SMEMC_TOOL_RUN_EXCLUDES
    "-*.launch_is_asynchronous/*:*.held_stream_result/*:*.repeatable/*:*.error_bound/*:*.exact_small_integers/*:*.nan_inf/*:*.streams/*:SmemFacts.cache_config_changes_no_result")
set(SMEMC_TOOL_RUN_SELECTION "@small,plain")
set(SMEMC_TOOL_RUN_FILTER "${SMEMC_TOOL_RUN_SELECTION}${SMEMC_TOOL_RUN_EXCLUDES}")

# C++20 without contraction of float expressions: the tests compare bits.
function(smemc_conformance_defaults target)
  set_target_properties(${target} PROPERTIES CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-ffp-contract=off>)
endfunction()

# How CTest runs a binary's tests: `batch` (the default), one process per
# SMEMC_BATCH_ROWS rows, each gtest test still a CTest test of its own that reads
# its result back (SmemcBatchTests.cmake); `test`, one process per test
# (gtest_discover_tests). A CUDA test process spends about a second before
# its first test, and a GPU's driver makes its contexts one at a time
# (docs/results/time/), so per test the CUDA run is mostly process start.
set(SMEMC_TEST_PROCESSES batch CACHE STRING "How CTest runs the gtest binaries: batch (SMEMC_BATCH_ROWS rows a process) or test (one per test)")
set_property(CACHE SMEMC_TEST_PROCESSES PROPERTY STRINGS batch test)
if(NOT SMEMC_TEST_PROCESSES MATCHES "^(batch|test)$")
  message(FATAL_ERROR "SMEMC_TEST_PROCESSES must be batch or test, not '${SMEMC_TEST_PROCESSES}'")
endif()
# Rows a small batch takes (consecutive rows of one family; a family's
# manifest may name its own number, and its large checks' too:
# SMEMC_FAMILY_BATCH_ROWS_<f>, SMEMC_FAMILY_LARGE_BATCH_ROWS_<f>; the
# large checks otherwise keep a process a suite and row). A CUDA process's
# start costs the H200's driver about 0.3 s alone (16 device probes: 5.4 s
# one at a time, 3.5 s 16 at a time, docs/results/2026-12-05-b-h200.md),
# and several seconds of a loaded host: 2 rows a process took the CUDA run
# from 72.3 to 63.9 s, its small processes from 83 to 44 and their
# test-seconds from 401 to 283 (docs/results/2026-12-05-c-h200.md).
set(SMEMC_BATCH_ROWS 2 CACHE STRING "Rows of one family a small batch process runs (SMEMC_TEST_PROCESSES=batch)")
if(NOT SMEMC_BATCH_ROWS MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "SMEMC_BATCH_ROWS must be a positive number, not '${SMEMC_BATCH_ROWS}'")
endif()
set(_SMEMC_BATCH_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/SmemcBatchTests.cmake")

# The batch registration of _smemc_discover: the listing runs after the
# build (as gtest_discover_tests' does), and the CTest file it writes is
# included when ctest runs.
function(_smemc_discover_batches target name_prefix filter kind label host_only resources)
  if(TARGET smemc::batch_result)
    set(reader "$<TARGET_FILE:smemc::batch_result>")
  else()
    set(reader "$<TARGET_FILE:smemc_batch_result>")
    add_dependencies(${target} smemc_batch_result)
  endif()
  set(prefix)
  if(name_prefix)
    list(GET name_prefix 1 prefix)
  endif()
  set(ctest_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_${kind}_batches.cmake")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_${kind}_batches_include.cmake")
  # The properties go in the include file, written at configure time, which
  # sets them before it includes the batches' file: a configure that
  # changes them (SMEMC_GPU_SLOTS, SMEMC_LARGE_CHECKS_PER_GPU) takes effect
  # without relinking the binaries (the batches' file is written after each
  # link). Each as a bracket argument: no value holds "]==]" or ';'.
  set(properties_set "set(_smemc_batch_properties")
  foreach(property IN LISTS host_only resources)
    string(APPEND properties_set " [==[${property}]==]")
  endforeach()
  string(APPEND properties_set ")\n")
  set(environment "SMEMC_RESULTS_DIR=${SMEMC_RESULTS_DIR}")
  # Rows a process takes: SMEMC_BATCH_ROWS of a small or host kind's, one of
  # a large kind's, unless the family's manifest names its own number for
  # its device checks (SMEMC_FAMILY_BATCH_ROWS_<f>: small and exhibit;
  # SMEMC_FAMILY_LARGE_BATCH_ROWS_<f>).
  set(rows ${SMEMC_BATCH_ROWS})
  set(rows_variable)  # host checks: no family's number (no device, milliseconds each)
  if(kind MATCHES "^(small|exhibit)$")
    set(rows_variable SMEMC_FAMILY_BATCH_ROWS_)
  elseif(kind MATCHES "^large")
    set(rows 1)
    set(rows_variable SMEMC_FAMILY_LARGE_BATCH_ROWS_)
  endif()
  set(family_rows)
  foreach(family IN LISTS SMEMC_FAMILIES)
    if(rows_variable AND DEFINED ${rows_variable}${family})
      if(NOT ${rows_variable}${family} MATCHES "^[1-9][0-9]*$")
        message(FATAL_ERROR "${rows_variable}${family} (kernels/${family}/family.cmake) must be a positive number, not '${${rows_variable}${family}}'")
      endif()
      list(APPEND family_rows "${family}=${${rows_variable}${family}}")
    endif()
  endforeach()
  list(JOIN family_rows "|" family_rows)
  # The batches' file is written after each link: a change to the script
  # that writes it relinks the binary, so it is written anew.
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${_SMEMC_BATCH_SCRIPT}")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" "-DTEST_EXECUTABLE=$<TARGET_FILE:${target}>" "-DFILTER=${filter}" "-DPREFIX=${prefix}"
            "-DKIND=${kind}" "-DLABEL=${label}" "-DREADER=${reader}"
            "-DBATCH_ROOT=${CMAKE_CURRENT_BINARY_DIR}/batches/${target}"
            "-DWORKING_DIRECTORY=${CMAKE_CURRENT_BINARY_DIR}" "-DCTEST_FILE=${ctest_file}"
            "-DBATCH_PROPERTIES_VARIABLE=_smemc_batch_properties" "-DTEST_ENVIRONMENT=${environment}" -DDISCOVERY_TIMEOUT=120
            "-DBATCH_ROWS=${rows}" "-DFAMILY_ROWS=${family_rows}"
            -P "${_SMEMC_BATCH_SCRIPT}"
    BYPRODUCTS "${ctest_file}"
    VERBATIM)
  file(WRITE "${include_file}"
       "${properties_set}if(EXISTS \"${ctest_file}\")\n  include(\"${ctest_file}\")\nelse()\n"
       "  add_test(${target}_${kind}_NOT_BUILT ${target}_${kind}_NOT_BUILT)\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()

function(_smemc_discover target prefix filter kind family)
  set(resources)
  if(NOT kind MATCHES "host|spec|selftest")
    set(resources RESOURCE_GROUPS "gpus:1")
    _smemc_host_threads_property(threads 1)
    if(kind MATCHES "large")
      # Long tests: started before the small ones (CTest starts the higher
      # COST first), they run beside them instead of after them. A family's
      # manifest may rank its own (SMEMC_FAMILY_LARGE_COST_<f>), read for the
      # FAMILY a binary is registered with (smemc_add_conformance_tests
      # passes it; a binary registered without one keeps 500).
      smemc_large_gpu_properties(resources)
      set(cost 500)
      if(family AND DEFINED SMEMC_FAMILY_LARGE_COST_${family})
        if(NOT SMEMC_FAMILY_LARGE_COST_${family} MATCHES "^[1-9][0-9]*$")
          message(FATAL_ERROR "SMEMC_FAMILY_LARGE_COST_${family} (the family's family.cmake) must be a positive whole number, "
                              "not '${SMEMC_FAMILY_LARGE_COST_${family}}'")
        endif()
        set(cost ${SMEMC_FAMILY_LARGE_COST_${family}})
      endif()
      list(APPEND resources COST ${cost})
      _smemc_host_threads_property(threads ${SMEMC_LARGE_CHECK_SLOTS})
    endif()
    list(APPEND resources ${threads})
  endif()
  # The host checks' processes probe no device (smemc::host_only_reason()).
  # (A property of its own: gtest_discover_tests splits a list value.)
  set(host_only)
  if(kind STREQUAL "host")
    set(host_only ENVIRONMENT_MODIFICATION "SMEMC_HOST_ONLY=set:1")
  endif()
  set(label "${kind}")
  if(prefix)
    set(label "${prefix}-${kind}")
  endif()
  set(name_prefix)
  if(prefix)
    set(name_prefix TEST_PREFIX "${prefix}.")
  endif()
  if(SMEMC_TEST_PROCESSES STREQUAL "batch")
    _smemc_discover_batches(${target} "${name_prefix}" "${filter}" "${kind}" "${label}"
                            "${host_only}" "${resources}")
    return()
  endif()
  # NO_PRETTY_VALUES: test names end with the variant, not a value. No
  # TIMEOUT of its own: a test property would override `ctest --timeout`;
  # the presets give 1200 s, a port's own ctest call its own.
  gtest_discover_tests(${target}
    ${name_prefix}
    TEST_FILTER "${filter}"
    NO_PRETTY_VALUES
    DISCOVERY_TIMEOUT 120
    PROPERTIES
      LABELS "${label}"
      ENVIRONMENT "SMEMC_RESULTS_DIR=${SMEMC_RESULTS_DIR}"
      ${host_only}
      ${resources})
endfunction()

# Registers every test of a binary by the size its suite declares
# (SMEMC_SUITE_SIZE beside the suite, smemc/test_size.hpp: host needs no
# device, small a device, large gigabytes of one), and exhibits (tests of
# rows whose names end in __exhibit) apart: the binary expands each size
# token into the tests it selects, and a suite that declares no size fails
# the discovery, so the build, naming it. KIND_ONLY: all tests get one kind
# (a binary of host checks only); EXCLUDE: a gtest filter of tests not
# registered (registered apart, with properties of their own); FAMILY: the
# family whose checks the binary runs (its manifest's large-check COST).
function(smemc_register_tests target)
  cmake_parse_arguments(ARG "" "PREFIX;KIND_ONLY;EXCLUDE;FAMILY" "" ${ARGN})
  if(ARG_KIND_ONLY)
    set(filter "*")
    if(ARG_EXCLUDE)
      set(filter "*-${ARG_EXCLUDE}")
    endif()
    _smemc_discover(${target} "${ARG_PREFIX}" "${filter}" "${ARG_KIND_ONLY}" "${ARG_FAMILY}")
    return()
  endif()
  _smemc_discover(${target} "${ARG_PREFIX}" "@host" "host" "${ARG_FAMILY}")
  _smemc_discover(${target} "${ARG_PREFIX}" "@small,plain" "small" "${ARG_FAMILY}")
  _smemc_discover(${target} "${ARG_PREFIX}" "@large,plain" "large" "${ARG_FAMILY}")
  _smemc_discover(${target} "${ARG_PREFIX}" "@small,exhibit" "exhibit" "${ARG_FAMILY}")
  _smemc_discover(${target} "${ARG_PREFIX}" "@large,exhibit" "large-exhibit" "${ARG_FAMILY}")
endfunction()

# The OBJECT library of a family's test sources (`part`: shared or checks),
# made once per project: every backend's binary of the family links it. An
# installed package built with its tests holds them compiled
# (smemc::<family>_<part>_test_objects): a port links those and compiles
# none of the test sources.
function(smemc_family_test_objects family part out)
  set(${out} smemc::${family}_${part}_test_objects PARENT_SCOPE)
  if(TARGET smemc::${family}_${part}_test_objects)
    return()
  endif()
  set(target smemc_${family}_${part}_test_objects)
  if(part STREQUAL "shared")
    set(list SMEMC_FAMILY_SHARED_SOURCES_${family})
  else()
    set(list SMEMC_FAMILY_SOURCES_${family})
  endif()
  set(sources)
  foreach(source IN LISTS ${list})
    list(APPEND sources "${SMEMC_TEST_SOURCE_DIR}/${source}")
  endforeach()
  add_library(${target} OBJECT ${sources})
  target_include_directories(${target} PRIVATE "${SMEMC_TEST_SOURCE_DIR}/${family}" "${SMEMC_TEST_SOURCE_DIR}/common")
  target_link_libraries(${target} PUBLIC smemc::test_main smemc::${family}_spec)
  smemc_conformance_defaults(${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${family}_${part}_test_objects POSITION_INDEPENDENT_CODE ON)
  add_library(smemc::${family}_${part}_test_objects ALIAS ${target})
  _smemc_test_objects_precompiled_header(${target})
endfunction()

# One precompiled header for every family's test objects (they share their
# flags): GoogleTest, rapidcheck, the standard headers and the fixtures'
# they all include. The first target makes it, the others reuse it; GCC
# checks that it fits each unit (CMake adds -Winvalid-pch, an error under
# the ci preset's warnings-as-errors).
set(_SMEMC_TEST_OBJECTS_PCH_HEADERS
  <gtest/gtest.h> <rapidcheck.h>
  <algorithm> <bit> <cmath> <cstring> <iomanip> <limits> <map> <optional> <set> <sstream> <stdexcept> <string> <vector>
  [["smemc/testing.hpp"]] [["smemc/generators.hpp"]] [["smemc/float_bits.hpp"]] [["smemc/workload.hpp"]]
  [["smemc/data.hpp"]] [["smemc/compare.hpp"]] [["smemc/check_failure.hpp"]] [["smemc/device_buffer.hpp"]]
  [["smemc/backend.hpp"]])
function(_smemc_test_objects_precompiled_header target)
  get_property(owner GLOBAL PROPERTY _SMEMC_TEST_OBJECTS_PCH_OWNER)
  if(owner)
    target_precompile_headers(${target} REUSE_FROM ${owner})
  else()
    target_precompile_headers(${target} PRIVATE ${_SMEMC_TEST_OBJECTS_PCH_HEADERS})
    set_property(GLOBAL PROPERTY _SMEMC_TEST_OBJECTS_PCH_OWNER ${target})
  endif()
endfunction()

function(smemc_add_conformance_tests)
  cmake_parse_arguments(ARG "SANITIZERS" "NAME;FAMILY;BACKEND;IMPLEMENTATIONS;PREFIX" "LIBRARIES" ${ARGN})
  foreach(required NAME FAMILY BACKEND IMPLEMENTATIONS)
    if(NOT ARG_${required})
      message(FATAL_ERROR "smemc_add_conformance_tests: ${required} is required")
    endif()
  endforeach()
  if(NOT ARG_FAMILY IN_LIST SMEMC_FAMILIES)
    message(FATAL_ERROR "smemc_add_conformance_tests: FAMILY must be one of ${SMEMC_FAMILIES}, not '${ARG_FAMILY}'")
  endif()
  if(NOT DEFINED ARG_PREFIX)
    set(ARG_PREFIX "${ARG_NAME}")
  endif()
  smemc_family_test_objects(${ARG_FAMILY} shared shared)
  smemc_family_test_objects(${ARG_FAMILY} checks checks)
  add_executable(${ARG_NAME})  # its objects come from the two OBJECT libraries it links
  target_link_libraries(${ARG_NAME} PRIVATE ${shared} ${checks} smemc::test_main smemc::${ARG_FAMILY}_spec ${ARG_IMPLEMENTATIONS}
                        ${ARG_BACKEND} ${ARG_LIBRARIES})
  smemc_conformance_defaults(${ARG_NAME})
  smemc_register_tests(${ARG_NAME} PREFIX "${ARG_PREFIX}" FAMILY ${ARG_FAMILY})
  if(ARG_SANITIZERS)
    include("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/SmemcSanitizers.cmake")
    smemc_add_sanitizer_runs(${ARG_NAME})
  endif()
endfunction()

# CTestCustom.cmake in the build tree: output limits, and the hooks that
# clear the conformance records before a run and print the matrix after it.
function(smemc_write_ctest_custom)
  if(TARGET smemc::conformance_matrix)
    set(SMEMC_MATRIX_COMMAND "$<TARGET_FILE:smemc::conformance_matrix>")
  else()
    set(SMEMC_MATRIX_COMMAND "$<TARGET_FILE:smemc_conformance_matrix>")
  endif()
  configure_file("${SMEMC_CTEST_CUSTOM_TEMPLATE}" "${CMAKE_BINARY_DIR}/CTestCustom.cmake.configured" @ONLY)
  file(GENERATE OUTPUT "${CMAKE_BINARY_DIR}/CTestCustom.cmake" INPUT "${CMAKE_BINARY_DIR}/CTestCustom.cmake.configured")
  # The records accumulate over ctest runs (phases); configuring starts
  # afresh, and so does this target.
  file(REMOVE_RECURSE "${SMEMC_RESULTS_DIR}")
  if(NOT TARGET smemc_clear_results)
    add_custom_target(smemc_clear_results COMMAND "${CMAKE_COMMAND}" -E rm -rf "${SMEMC_RESULTS_DIR}"
                      COMMENT "Clearing the conformance records in ${SMEMC_RESULTS_DIR}" VERBATIM)
  endif()
endfunction()
