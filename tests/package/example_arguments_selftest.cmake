# selftest.example_port_arguments: the example's configure arguments reach
# its cmake as they were meant (ctest_config/example_steps.cmake). A flag
# with a comma and a space stays one argument; an architecture list of two
# stays ONE argument, -DCMAKE_CUDA_ARCHITECTURES=52;90 (passed split, the
# example's configure would read 90 as a stray path). The test's pass
# expression (tests/package/CMakeLists.txt) holds the whole expected argv.
#
#   cmake -P example_arguments_selftest.cmake
# runs the helpers on fixed input, with this script as the command; the
# command prints each of its arguments after -- in brackets, one a line
# (a status line: stdout, in order after the echoed command).
if(DEFINED SMEMC_PRINT_ARGUMENTS)
  set(after_separator OFF)
  math(EXPR last "${CMAKE_ARGC} - 1")
  foreach(i RANGE ${last})
    if(after_separator)
      message(STATUS "[${CMAKE_ARGV${i}}]")
    elseif("${CMAKE_ARGV${i}}" STREQUAL "--")
      set(after_separator ON)
    endif()
  endforeach()
  return()
endif()

include("${CMAKE_CURRENT_LIST_DIR}/../../ctest_config/example_steps.cmake")
smemc_example_extra_args(args "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG|-DCMAKE_EXE_LINKER_FLAGS=-Wl,--as-needed" "52,90")
smemc_example_step(print "${CMAKE_COMMAND}" -DSMEMC_PRINT_ARGUMENTS=ON -P "${CMAKE_CURRENT_LIST_FILE}" -- first ${args} last)
