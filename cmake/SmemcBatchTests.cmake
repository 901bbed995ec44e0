# Run after a test binary is built (SMEMC_TEST_PROCESSES=batch,
# SmemcConformance.cmake): lists the binary's tests of one kind and writes
# the CTest file that runs them a few rows to a process, each test still a
# CTest test of its own.
#
# For every group of tests (a row's tests of every parameterized suite: the
# row is the part of a test's name after its last '/', the family the part
# of its suite's name before the first '/'; for the large kinds a suite's
# tests of one row; other suites whole), consecutive groups of a family
# (large: of a suite) joined BATCH_ROWS or FAMILY_ROWS at a time (below), it writes:
#   <PREFIX>batch-<KIND>:<family>/<row>[+<row> or ..<row>]  the process
#       (large: <suite>/<row>...): the binary with the
#       group's tests as its filter and SMEMC_BATCH_DIR set (every test's
#       output and verdict in a file of its own, smemc/batch.hpp); a CTest
#       fixture setup, with the group's resources and environment
#   <PREFIX><suite>.<test>               one per test: smemc_batch_result
#       reads the test's file back (its output; exit 0, 1 or 77 = skipped)
# so `ctest -R <one test>` runs its batch first (CTest adds a required
# fixture's setup) and the JUnit file holds every test on its own. After a
# sticky device fault the batch's later tests continue in a new process
# (smemc/batch.hpp); a batch process that crashes fails its fixture, and
# CTest then runs none of its tests.
#
#   cmake -DTEST_EXECUTABLE=... -DFILTER=... -DPREFIX=... -DKIND=... -DLABEL=...
#         -DREADER=... -DBATCH_ROOT=... -DWORKING_DIRECTORY=... -DCTEST_FILE=...
#         -DBATCH_PROPERTIES_VARIABLE=<name> -DTEST_ENVIRONMENT=<|-separated>
#         -DBATCH_ROWS=<rows a process takes; default 1> -DFAMILY_ROWS=<family>=<rows>|...
#         -DDISCOVERY_TIMEOUT=<s> -P SmemcBatchTests.cmake
# BATCH_PROPERTIES_VARIABLE names a variable that the file including the
# written one sets to the batches' properties (resources, COST, ...): they
# are read when ctest includes it, so they are the configure's, not those
# of the build that linked the binary.
cmake_minimum_required(VERSION 3.25)
foreach(required TEST_EXECUTABLE FILTER KIND LABEL READER BATCH_ROOT WORKING_DIRECTORY CTEST_FILE)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "SmemcBatchTests.cmake: ${required} is required")
  endif()
endforeach()
if(NOT DISCOVERY_TIMEOUT)
  set(DISCOVERY_TIMEOUT 120)
endif()
string(REPLACE "|" ";" test_environment "${TEST_ENVIRONMENT}")

execute_process(COMMAND "${TEST_EXECUTABLE}" --gtest_list_tests "--gtest_filter=${FILTER}"
                WORKING_DIRECTORY "${WORKING_DIRECTORY}" TIMEOUT ${DISCOVERY_TIMEOUT}
                OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "Listing the tests of ${TEST_EXECUTABLE} (--gtest_filter=${FILTER}) failed (${code}):\n${listing}\n${errors}")
endif()

# A CTest name or argument as a bracket argument (no name holds "]==]").
function(_bracket out text)
  set(${out} "[==[${text}]==]" PARENT_SCOPE)
endfunction()

# gtest's listing: "Suite." lines, then "  test" lines; comments after '#'.
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(groups)
set(suite)
foreach(line IN LISTS lines)
  string(REGEX REPLACE "#.*" "" line "${line}")
  if(line MATCHES "^([^ ]+)\\.[ ]*$")
    set(suite "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^  ([^ ]+)[ ]*$" AND suite)
    set(test "${CMAKE_MATCH_1}")
    set(group "${suite}")
    # A row's suites of this kind together, not a suite and row: the driver
    # makes CUDA contexts one after another (about 0.2 s each on the H200);
    # on 2026-12-04 this cut the CUDA run's process start from 286 to
    # 179-214 test-seconds there.
    # Large checks keep a group a suite and row: most are seconds of work
    # of their own, and a row's two together (the scan's large_n and
    # large_limit: 48.7 s on the H200, 2026-12-04) would be the run's
    # longest process.
    if(test MATCHES "/([^/]+)$")
      set(row "${CMAKE_MATCH_1}")
      if(KIND MATCHES "^large")
        set(group "${suite}/${row}")
      else()
        string(REGEX REPLACE "/.*" "" family "${suite}")
        set(group "${family}/${row}")
      endif()
    endif()
    string(MD5 key "${group}")  # a variable name for any group name
    if(NOT DEFINED members_${key})
      list(APPEND groups "${key}")
      set(name_${key} "${group}")
      set(members_${key})
    endif()
    list(APPEND members_${key} "${suite}.${test}")
  endif()
endforeach()

# Consecutive rows share a process, BATCH_ROWS of them (default 1), or the
# number FAMILY_ROWS gives the row's family ("<family>=<rows>|..."): a
# small kind's rows of one family, named <family>/<row>+<row> (more:
# <first row>..<last row>); a large kind's rows of one suite, named
# <family>/<suite>/<row>+<row> (..<last row>). A whole
# suite (a group without a row) keeps a process of its own.
if(NOT BATCH_ROWS)
  set(BATCH_ROWS 1)
endif()
string(REPLACE "|" ";" family_rows "${FAMILY_ROWS}")
foreach(entry IN LISTS family_rows)
  if(NOT entry MATCHES "^([^=]+)=([1-9][0-9]*)$")
    message(FATAL_ERROR "SmemcBatchTests.cmake: FAMILY_ROWS entry '${entry}' is not <family>=<rows>")
  endif()
  set(rows_of_${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
endforeach()
set(merged)
set(open_key "")
foreach(key IN LISTS groups)
  set(group "${name_${key}}")
  string(REGEX REPLACE "/.*" "" family "${group}")
  set(limit ${BATCH_ROWS})
  if(DEFINED rows_of_${family})
    set(limit ${rows_of_${family}})
  endif()
  string(REGEX REPLACE "/[^/]*$" "" shared "${group}")  # what the rows of one process share
  if(open_key AND group MATCHES "/" AND shared STREQUAL open_shared AND open_rows LESS limit)
    string(REGEX REPLACE "^.*/" "" row "${group}")
    # Two rows: <first>+<second>; more: <first>..<last> (a file name of its own).
    if(open_rows EQUAL 1)
      set(name_${open_key} "${name_${open_key}}+${row}")
    else()
      string(REGEX REPLACE "(\\+|\\.\\.)[^/]*$" "..${row}" name_${open_key} "${name_${open_key}}")
    endif()
    list(APPEND members_${open_key} ${members_${key}})
    math(EXPR open_rows "${open_rows} + 1")
  else()
    list(APPEND merged "${key}")
    set(open_key "${key}")
    set(open_shared "${shared}")
    set(open_rows 1)
    if(NOT group MATCHES "/")  # a suite whole: a process of its own
      set(open_rows ${limit})
    endif()
  endif()
endforeach()
set(groups ${merged})

set(content "# Generated by SmemcBatchTests.cmake from ${TEST_EXECUTABLE} --gtest_filter=${FILTER}\n")
# The map (batch, CTest name, gtest name) for the suite-time report.
set(map "")
foreach(key IN LISTS groups)
  set(group "${name_${key}}")
  set(batch "${PREFIX}batch-${KIND}:${group}")
  string(REPLACE "/" "~" folder "${group}")
  set(dir "${BATCH_ROOT}/${KIND}/${folder}")
  list(JOIN members_${key} ":" filter)
  _bracket(b_batch "${batch}")
  _bracket(b_exe "${TEST_EXECUTABLE}")
  _bracket(b_filter "--gtest_filter=${filter}")
  _bracket(b_wd "${WORKING_DIRECTORY}")
  _bracket(b_env "${test_environment};SMEMC_BATCH_DIR=${dir}")
  _bracket(b_labels "${LABEL};batch")
  string(APPEND content "add_test(${b_batch} ${b_exe} ${b_filter})\n"
                        "set_tests_properties(${b_batch} PROPERTIES WORKING_DIRECTORY ${b_wd} LABELS ${b_labels}"
                        " ENVIRONMENT ${b_env} FIXTURES_SETUP ${b_batch}")
  if(BATCH_PROPERTIES_VARIABLE)
    string(APPEND content " \${${BATCH_PROPERTIES_VARIABLE}}")
  endif()
  string(APPEND content ")\n")
  foreach(full IN LISTS members_${key})
    string(REPLACE "/" "~" file "${full}")
    _bracket(b_name "${PREFIX}${full}")
    _bracket(b_reader "${READER}")
    _bracket(b_file "${dir}/${file}.txt")
    _bracket(b_label "${LABEL}")
    string(APPEND content "add_test(${b_name} ${b_reader} ${b_file} ${b_batch})\n"
                          "set_tests_properties(${b_name} PROPERTIES LABELS ${b_label} FIXTURES_REQUIRED ${b_batch}"
                          " SKIP_RETURN_CODE 77)\n")
    string(APPEND map "${batch}\t${PREFIX}${full}\t${TEST_EXECUTABLE}\t${full}\n")
  endforeach()
endforeach()
file(WRITE "${CTEST_FILE}" "${content}")
file(WRITE "${CTEST_FILE}.tsv" "${map}")
