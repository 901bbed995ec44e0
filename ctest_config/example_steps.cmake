# The two helpers of example_port.cmake that turn its -D arguments into a
# command line, apart so that selftest.example_port_arguments
# (tests/package/CMakeLists.txt) can run them without building an example.

# Sets out to the example's extra configure arguments: the |-separated
# arguments in extra (a flag may hold a comma: -Wl,...), then, where
# architectures (,-separated) is not empty, -DCMAKE_CUDA_ARCHITECTURES= as
# ONE argument whose value is the list. Its ; is escaped, so that the list
# stays one element of out.
function(smemc_example_extra_args out extra architectures)
  set(args)
  if(NOT "${extra}" STREQUAL "")
    string(REPLACE "|" ";" args "${extra}")
  endif()
  if(NOT "${architectures}" STREQUAL "")
    string(REPLACE "," "\\;" list "${architectures}")
    list(APPEND args "-DCMAKE_CUDA_ARCHITECTURES=${list}")
  endif()
  set(${out} "${args}" PARENT_SCOPE)
endfunction()

# Runs the command after the step's name, echoed; stops the script when it
# fails. PARSE_ARGV keeps an argument that holds a ; one argument (${ARGN}
# would split the architectures' list into two).
function(smemc_example_step name)
  cmake_parse_arguments(PARSE_ARGV 1 step "" "" "")
  message(STATUS "example_port: ${name}")
  execute_process(COMMAND ${step_UNPARSED_ARGUMENTS} COMMAND_ECHO STDOUT RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "example_port: step '${name}' failed (${result})")
  endif()
endfunction()
