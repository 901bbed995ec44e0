# compute-sanitizer runs under CTest.
#
# SMEMC_COMPUTE_SANITIZER (cache): the compute-sanitizer executable; found
# next to nvcc when not given. When it is missing, no sanitizer test is
# registered. When it exists but no device is usable, the wrapper
# (ctest_config/sanitize.sh) exits 77 and CTest reports the test as skipped.
#
# Each device test binary is registered once per tool, as <tool>.<binary>
# (one process: on one GPU the tools' processes share the device, so more
# of them only queue; split into 96 gtest shards at -j 16 the runs took 73 s
# on the H200, as 36 processes 50-58 s: docs/results/2026-12-04-b-h200.md):
# - the fixtures' reduced workload (SMEMC_WORKLOAD=reduced: small sizes, few
#   property cases, fixed seeds), so a tool's whole pass takes minutes;
# - SMEMC_TOOL_RUN_FILTER (cmake/SmemcConformance.cmake): the small suites
#   (their declared size) less marked exhibits (runs of their own, held to their
#   expected findings: tests/exhibits.cmake),
#   the launch contract checks (the tools serialise launches, so a held
#   stream holds the launcher: seen on the H200), and the checks that repeat
#   another's launch shapes with other values; racecheck and synccheck take
#   of those a row's first typing of each accumulator
#   (SMEMC_TOOL_RUN_SELECTION_<tool>, below);
# - --error-exitcode 86: any report fails the test;
# - --report-api-errors no: the suite checks every CUDA call itself, and some
#   tests make calls that must fail (a launch over the shared-memory limit).
# Labels: the tool's name and `sanitizer`.

find_program(SMEMC_COMPUTE_SANITIZER compute-sanitizer
  HINTS "${CUDAToolkit_BIN_DIR}" "${CUDAToolkit_BIN_DIR}/../compute-sanitizer" "${CUDAToolkit_LIBRARY_ROOT}/compute-sanitizer"
  DOC "compute-sanitizer executable (sanitizer tests are registered only when found)")

# Safe to include more than once, and from a function (the installed
# smemc_add_conformance_tests does, per binary): its variables are set anew
# in the including scope each time; its messages print once.
find_package(CUDAToolkit QUIET)
get_property(_smemc_sanitizers_announced GLOBAL PROPERTY SMEMC_SANITIZERS_ANNOUNCED)
set_property(GLOBAL PROPERTY SMEMC_SANITIZERS_ANNOUNCED TRUE)

set(SMEMC_SANITIZER_EXIT_CODE 86)
# The wrapper: this project's, or (a port using the installed package)
# the copy installed beside this file's package config.
if(NOT SMEMC_SANITIZE_WRAPPER)
  set(SMEMC_SANITIZE_WRAPPER "${PROJECT_SOURCE_DIR}/ctest_config/sanitize.sh")
endif()
set(SMEMC_SANITIZER_TOOLS memcheck racecheck synccheck initcheck)

set(SMEMC_SANITIZER_OPTIONS_memcheck --leak-check full --padding 32)
set(SMEMC_SANITIZER_OPTIONS_racecheck)
set(SMEMC_SANITIZER_OPTIONS_synccheck)
set(SMEMC_SANITIZER_OPTIONS_initcheck)

if(SMEMC_COMPUTE_SANITIZER)
  if(NOT _smemc_sanitizers_announced)
    message(STATUS "smem-conformance: compute-sanitizer: ${SMEMC_COMPUTE_SANITIZER}")
  endif()
  # initcheck watches global memory; newer releases can watch shared memory
  # too. Use that where this compute-sanitizer offers it (asked once a
  # configure run: the answer is kept in a global property).
  get_property(_smemc_initcheck_shared GLOBAL PROPERTY SMEMC_INITCHECK_SHARED)
  if(NOT _smemc_sanitizers_announced)
    execute_process(COMMAND "${SMEMC_COMPUTE_SANITIZER}" --tool initcheck --help
                    OUTPUT_VARIABLE _smemc_initcheck_help ERROR_QUIET TIMEOUT 30)
    set(_smemc_initcheck_shared FALSE)
    if(_smemc_initcheck_help MATCHES "--initcheck-address-space")
      set(_smemc_initcheck_shared TRUE)
    endif()
    set_property(GLOBAL PROPERTY SMEMC_INITCHECK_SHARED ${_smemc_initcheck_shared})
  endif()
  if(_smemc_initcheck_shared)
    set(SMEMC_SANITIZER_OPTIONS_initcheck --initcheck-address-space all)
    if(NOT _smemc_sanitizers_announced)
      message(STATUS "smem-conformance: initcheck covers global and shared memory (--initcheck-address-space all)")
    endif()
  elseif(NOT _smemc_sanitizers_announced)
    message(STATUS "smem-conformance: initcheck covers global memory (no --initcheck-address-space)")
  endif()
elseif(NOT _smemc_sanitizers_announced)
  message(STATUS "smem-conformance: compute-sanitizer not found: no sanitizer tests")
endif()

# smemc_sanitizer_test(NAME <name> TOOL <tool> EXPECT clean|flagged [MATCH <regex>]
#                      COMMAND <program> <args>...)
function(smemc_sanitizer_test)
  cmake_parse_arguments(ARG "" "NAME;TOOL;EXPECT;MATCH" "COMMAND;LABELS" ${ARGN})
  if(NOT SMEMC_COMPUTE_SANITIZER)
    return()
  endif()
  if(NOT ARG_MATCH)
    set(ARG_MATCH "-")
  endif()
  list(GET ARG_COMMAND 0 program)
  set(labels ${ARG_TOOL} sanitizer ${ARG_LABELS})
  add_test(NAME ${ARG_NAME}
    COMMAND bash "${SMEMC_SANITIZE_WRAPPER}" "${program}" ${ARG_EXPECT} "${ARG_MATCH}" ${SMEMC_SANITIZER_EXIT_CODE}
            "${SMEMC_COMPUTE_SANITIZER}" --tool ${ARG_TOOL} ${SMEMC_SANITIZER_OPTIONS_${ARG_TOOL}}
            --error-exitcode ${SMEMC_SANITIZER_EXIT_CODE} --report-api-errors no
            -- ${ARG_COMMAND})
  set_tests_properties(${ARG_NAME} PROPERTIES
    LABELS "${labels}"
    ENVIRONMENT "SMEMC_WORKLOAD=reduced;SMEMC_RESULTS_DIR="
    SKIP_RETURN_CODE 77
    RESOURCE_GROUPS "gpus:1"
    TIMEOUT 1800)
endfunction()

# SMEMC_TOOL_RUN_SELECTION_<tool>: a tool's own selection where it has one.
# racecheck and synccheck report on shared memory and barriers alone, and
# a row's typings that share an accumulator type share its shared memory's
# type, its barriers and its plain shared-memory accesses (the element type
# changes the global accesses: smemc/test_size.hpp): they run a row's first
# typing of each accumulator (",per_accumulator"). memcheck and initcheck,
# which watch global memory, run every typing. On the H200 racecheck's runs
# were the pass (42.8 of the 64.0 s its 29 runs took one at a time,
# docs/results/2026-12-05-e-h200.md), each typing costing racecheck about as
# much as the first; by accumulator the pass took 28.0 s, 40.2 before
# (docs/results/2026-12-05-f-h200.md). A port whose
# shared-memory code differs by element type (a packed half2 scratch, say)
# sets these to SMEMC_TOOL_RUN_SELECTION before it includes this file.
if(NOT DEFINED SMEMC_TOOL_RUN_SELECTION_racecheck)
  set(SMEMC_TOOL_RUN_SELECTION_racecheck "${SMEMC_TOOL_RUN_SELECTION},per_accumulator")
endif()
if(NOT DEFINED SMEMC_TOOL_RUN_SELECTION_synccheck)
  set(SMEMC_TOOL_RUN_SELECTION_synccheck "${SMEMC_TOOL_RUN_SELECTION},per_accumulator")
endif()

# SMEMC_TOOL_RUN_EXTRA_<tool>, where the caller sets it: more of the
# binary's tests for that tool's run, as filter patterns each led by ':'
# (this project's exhibits whose finding under the tool is `clean`:
# tests/CMakeLists.txt).
function(smemc_add_sanitizer_runs target)
  foreach(tool IN LISTS SMEMC_SANITIZER_TOOLS)
    set(selection "${SMEMC_TOOL_RUN_SELECTION}")
    if(DEFINED SMEMC_TOOL_RUN_SELECTION_${tool})
      set(selection "${SMEMC_TOOL_RUN_SELECTION_${tool}}")
    endif()
    smemc_sanitizer_test(NAME ${tool}.${target} TOOL ${tool} EXPECT clean
      COMMAND $<TARGET_FILE:${target}>
              "--gtest_filter=${selection}${SMEMC_TOOL_RUN_EXTRA_${tool}}${SMEMC_TOOL_RUN_EXCLUDES}" --gtest_brief=1)
  endforeach()
endfunction()
