# The package proof run by the CTest test package.example_port
# (tests/package/CMakeLists.txt): install this build, build examples/cpu_port
# against the installed package and nothing else, run the port's conformance
# tests, and put their records into this run's conformance matrix.
#
#   cmake -DSMEMC_BUILD_DIR=... -DSMEMC_EXAMPLE_SOURCE_DIR=... -DSMEMC_SCRATCH_DIR=...
#         -DSMEMC_GENERATOR=... -DSMEMC_CXX_COMPILER=... -DSMEMC_BUILD_TYPE=...
#         -DSMEMC_RESULTS_DIR=... [-DSMEMC_MAKE_PROGRAM=...] [-DSMEMC_CTEST_COMMAND=...]
#         [-DSMEMC_DEPENDENCY_PREFIXES=<the outer CMAKE_PREFIX_PATH>]
#         [-DSMEMC_EXTRA_ARGS=<configure arguments of the example, |-separated>]
#         [-DSMEMC_CUDA_ARCHITECTURES=<the example's CMAKE_CUDA_ARCHITECTURES, ,-separated>]
#         -P example_port.cmake
#
# SMEMC_SCRATCH_DIR is emptied first, then holds prefix/ (the install), src/
# (a copy of the example, so that no path relative to the source tree can
# resolve) and build/ (the example's build tree). Every step that fails
# stops the script with FATAL_ERROR naming the step.
cmake_minimum_required(VERSION 3.25)

foreach(var IN ITEMS SMEMC_BUILD_DIR SMEMC_EXAMPLE_SOURCE_DIR SMEMC_SCRATCH_DIR SMEMC_GENERATOR SMEMC_CXX_COMPILER
                     SMEMC_RESULTS_DIR)
  if("${${var}}" STREQUAL "")
    message(FATAL_ERROR "example_port: -D${var}=... is required")
  endif()
endforeach()
if("${SMEMC_CTEST_COMMAND}" STREQUAL "")
  get_filename_component(_cmake_bin "${CMAKE_COMMAND}" DIRECTORY)
  set(SMEMC_CTEST_COMMAND "${_cmake_bin}/ctest")
endif()

set(prefix "${SMEMC_SCRATCH_DIR}/prefix")
set(source "${SMEMC_SCRATCH_DIR}/src")
set(build "${SMEMC_SCRATCH_DIR}/build")
set(config_args)
if(NOT "${SMEMC_BUILD_TYPE}" STREQUAL "")
  set(config_args --config "${SMEMC_BUILD_TYPE}")
endif()

include("${CMAKE_CURRENT_LIST_DIR}/example_steps.cmake")  # smemc_example_step, smemc_example_extra_args

# (0) The example names nothing of the source tree: no parent-directory
# path, no absolute path into it. Building a copy (below) proves the same.
get_filename_component(source_root "${SMEMC_EXAMPLE_SOURCE_DIR}/../.." ABSOLUTE)
set(patterns)
foreach(pattern IN ITEMS CMakeLists.txt *.cmake *.cpp *.cu *.cuh *.hpp *.h *.md)
  list(APPEND patterns "${SMEMC_EXAMPLE_SOURCE_DIR}/${pattern}")
endforeach()
file(GLOB_RECURSE example_files LIST_DIRECTORIES false RELATIVE "${SMEMC_EXAMPLE_SOURCE_DIR}" ${patterns})
list(FILTER example_files EXCLUDE REGEX "(^|/)(build[^/]*|CMakeFiles)/")  # an in-source build tree
set(offending)
foreach(file IN LISTS example_files)
  file(READ "${SMEMC_EXAMPLE_SOURCE_DIR}/${file}" text)
  string(FIND "${text}" "${source_root}/" absolute)
  if(text MATCHES "\\.\\./" OR NOT absolute EQUAL -1)
    list(APPEND offending "${file}")
  endif()
endforeach()
if(offending)
  message(FATAL_ERROR "example_port: step 'self-contained' failed: ${offending} refer(s) to the source tree "
                      "(a ../ path or ${source_root}/); the example must build from the installed package only")
endif()
message(STATUS "example_port: self-contained: none of ${example_files} refers to the source tree")

file(REMOVE_RECURSE "${SMEMC_SCRATCH_DIR}")
foreach(file IN LISTS example_files)
  get_filename_component(dir "${source}/${file}" DIRECTORY)
  file(COPY "${SMEMC_EXAMPLE_SOURCE_DIR}/${file}" DESTINATION "${dir}")
endforeach()

# (1) Install this build.
message(STATUS "example_port: install")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${SMEMC_BUILD_DIR}" --prefix "${prefix}" ${config_args}
                OUTPUT_VARIABLE install_log ERROR_VARIABLE install_log RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "example_port: step 'install' failed (${result}):\n${install_log}")
endif()
string(REGEX MATCHALL "-- (Installing|Up-to-date): " installed "${install_log}")
list(LENGTH installed installed_count)
message(STATUS "example_port: installed ${installed_count} files into ${prefix}")
# The specification a port reads without the source tree: porting.md and
# the sources of the rows and host models.
set(missing)
foreach(doc IN ITEMS porting.md spec/reduce/host_models.cpp spec/moving_average/host_models.cpp spec/transpose/spec.cpp)
  if(NOT EXISTS "${prefix}/share/doc/smem-conformance/${doc}")
    list(APPEND missing "${doc}")
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "example_port: step 'install' failed: share/doc/smem-conformance lacks ${missing}")
endif()

# (2) Configure the example against the prefix only. The user package
# registry is off, so a registered build tree cannot stand in for the install.
set(generator_args -G "${SMEMC_GENERATOR}")
if(NOT "${SMEMC_MAKE_PROGRAM}" STREQUAL "")
  list(APPEND generator_args "-DCMAKE_MAKE_PROGRAM=${SMEMC_MAKE_PROGRAM}")
endif()
# The outer build's own CMAKE_PREFIX_PATH follows it, through the
# environment (where GoogleTest or rapidcheck are not system packages, as on
# the GPU machine); the package itself is found in the prefix.
if(NOT "${SMEMC_DEPENDENCY_PREFIXES}" STREQUAL "")
  string(REPLACE ";" ":" dependency_prefixes "${SMEMC_DEPENDENCY_PREFIXES}")
  set(ENV{CMAKE_PREFIX_PATH} "${dependency_prefixes}")
endif()
smemc_example_extra_args(extra_args "${SMEMC_EXTRA_ARGS}" "${SMEMC_CUDA_ARCHITECTURES}")
smemc_example_step(configure "${CMAKE_COMMAND}" -S "${source}" -B "${build}" ${generator_args}
  "-DCMAKE_CXX_COMPILER=${SMEMC_CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${SMEMC_BUILD_TYPE}"
  "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON ${extra_args})
load_cache("${build}" READ_WITH_PREFIX example_ smemc_DIR SMEMC_RESULTS_DIR)
string(FIND "${example_smemc_DIR}" "${prefix}/" found_at)
if(NOT found_at EQUAL 0)
  message(FATAL_ERROR "example_port: step 'configure' failed: smemc was found in '${example_smemc_DIR}', not in ${prefix}")
endif()

# (3) Build it.
smemc_example_step(build "${CMAKE_COMMAND}" --build "${build}" ${config_args})

# (4) Run its tests; their output, and the port's matrix that its
# post-test hook prints, go to this test's output.
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
message(STATUS "example_port: test")
set(ctest_config_args)
if(NOT "${SMEMC_BUILD_TYPE}" STREQUAL "")
  set(ctest_config_args -C "${SMEMC_BUILD_TYPE}")  # ctest takes -C, not --config
endif()
execute_process(COMMAND "${SMEMC_CTEST_COMMAND}" --test-dir "${build}" --output-on-failure --parallel ${cores}
                        ${ctest_config_args}
                COMMAND_ECHO STDOUT RESULT_VARIABLE test_result)

# (5) The port's conformance records into this run's: the outer matrix then
# shows the cpu-threads rows beside this build's own backends. Copied even
# when a test failed, so that the outer matrix shows the failure.
if("${example_SMEMC_RESULTS_DIR}" STREQUAL "")
  set(example_SMEMC_RESULTS_DIR "${build}/conformance-results")
endif()
file(GLOB records "${example_SMEMC_RESULTS_DIR}/*.tsv")
list(LENGTH records record_count)
if(record_count GREATER 0)
  file(MAKE_DIRECTORY "${SMEMC_RESULTS_DIR}")
  file(COPY ${records} DESTINATION "${SMEMC_RESULTS_DIR}")
endif()
message(STATUS "example_port: copied ${record_count} conformance records to ${SMEMC_RESULTS_DIR}")

if(NOT test_result EQUAL 0)
  message(FATAL_ERROR "example_port: step 'test' failed (${test_result}): see the example's test output above")
endif()
if(record_count EQUAL 0)
  message(FATAL_ERROR "example_port: step 'records' failed: no conformance records in ${example_SMEMC_RESULTS_DIR}")
endif()
message(STATUS "example_port: the CPU port built from the installed package and passed its conformance tests")
