# selftest.batch_reports_each_test_alone (tests/CMakeLists.txt): runs the
# fixture binary's BatchControls as one batch, asked to fail, and reads each
# test's file back with the reader CTest uses, holding every answer to what
# the test gives in a process of its own.
#   cmake -DBINARY=<smemc_fixture_tests> -DREADER=<smemc_batch_result> -DDIR=<scratch> -P batch_selftest.cmake
cmake_minimum_required(VERSION 3.25)
set(problems)

set(ENV{SMEMC_BATCH_DIR} "${DIR}")
set(ENV{SMEMC_BATCH_CONTROL} "fail")
execute_process(COMMAND "${BINARY}" "--gtest_filter=BatchControls.*" RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  list(APPEND problems "the batch process exits 0 when a test of it fails (it ran as far as it could), not ${code}")
endif()

# reader(<test> <expected exit> <text the output must hold>)
function(reader test expected text)
  set(file "${DIR}/BatchControls.${test}.txt")
  execute_process(COMMAND "${READER}" "${file}" "the-batch" RESULT_VARIABLE code OUTPUT_VARIABLE out)
  if(NOT code EQUAL expected)
    set(problems ${problems} "${test}: the reader exits ${code}, not ${expected}:\n${out}" PARENT_SCOPE)
  elseif(NOT out MATCHES "${text}")
    set(problems ${problems} "${test}: the reader's output lacks '${text}':\n${out}" PARENT_SCOPE)
  endif()
endfunction()
reader(passes 0 "batch control: passing.*\\[       OK \\] BatchControls.passes")
reader(fails_when_asked 1 "the failure asked for.*\\[  FAILED  \\] BatchControls.fails_when_asked")
reader(skips 77 "the skip asked for.*\\[  SKIPPED \\] BatchControls.skips")
reader(faults_when_asked 1 "the fault asked for.*smemc-batch-verdict: failed")
reader(runs_after_the_fault 0 "batch control: after the fault")
reader(ends_the_process_when_asked 1 "ending the process.*no verdict: the batch process \\(CTest test 'the-batch'\\) ended during this test")
reader(never_reached_when_the_process_ends 1 "no result for this test .*CTest test 'the-batch'")
# The tests after the fault ran in a process of their own.
string(REGEX MATCH "later tests continue in a new process" continued "${out}")
if(NOT continued)
  list(APPEND problems "the batch says that the tests after the fault continue in a new process:\n${out}")
endif()
# Every file starts with the process's header line, as a test's own process does.
file(READ "${DIR}/BatchControls.passes.txt" first_file)
if(NOT first_file MATCHES "^\\[ smemc    \\] backend ")
  list(APPEND problems "a test's file starts with the header line:\n${first_file}")
endif()

# The seed in the batch is the seed alone.
file(READ "${DIR}/BatchControls.prints_its_seed.txt" batched)
unset(ENV{SMEMC_BATCH_DIR})
execute_process(COMMAND "${BINARY}" "--gtest_filter=BatchControls.prints_its_seed" RESULT_VARIABLE code OUTPUT_VARIABLE alone)
string(REGEX MATCH "batch control seed: [0-9]+" seed_batched "${batched}")
string(REGEX MATCH "batch control seed: [0-9]+" seed_alone "${alone}")
if(NOT seed_alone OR NOT seed_batched STREQUAL seed_alone)
  list(APPEND problems "a property's seed is the same in a batch ('${seed_batched}') as alone ('${seed_alone}')")
endif()

if(problems)
  list(JOIN problems "\n" report)
  message(FATAL_ERROR "batch runner self-test failed:\n${report}")
endif()
message(STATUS "batch runner self-test: every reader gave its test's own verdict; the seed alone and batched: ${seed_alone}")
