# Every family of SMEMC_FAMILIES registered everywhere a family must be
# (CTest: selftest.family_registrations; `cmake -DSOURCE_DIR=<repo>
# -DFAMILIES=<a;b;c> -P family_registrations.cmake`). Until a family
# registers in one place (issue 17), this is the list of places, and the
# test fails naming each one a family is missing from: a family added to
# SMEMC_FAMILIES and forgotten somewhere, or a place that lost a family.
#
# Each entry: file !! a text that file must hold for family @F@.
set(places
  "kernels/CMakeLists.txt!!smemc_add_spec_library(@F@ "
  "kernels/CMakeLists.txt!!smemc_add_cuda_library(@F@"
  "kernels/opencl/CMakeLists.txt!!smemc_add_opencl_library(@F@)"
  "cmake/SmemcConformance.cmake!!SMEMC_FAMILY_SHARED_SOURCES_@F@ "
  "cmake/SmemcConformance.cmake!!SMEMC_FAMILY_SOURCES_@F@ "
  "cmake/SmemcInstall.cmake!!smemc_@F@_spec"
  "cmake/SmemcInstall.cmake!!@F@/spec.hpp"
  "tests/CMakeLists.txt!!smemc_@F@_spec"
  "tests/CMakeLists.txt!!smemc_@F@_cuda"
  "tests/spec/spec_tables.cpp!!@F@::specs()"
  "tests/common/contract_tables.hpp!!@F@_cases()"
  "tests/smem_facts/test_smem_facts.cpp!!@F@::kernel_symbols()"
  "bench/families.cu!!@F@::implementations()"
  "README.md!!<!-- spec-table:@F@ -->")

if(NOT SOURCE_DIR OR NOT FAMILIES)
  message(FATAL_ERROR "family_registrations.cmake: SOURCE_DIR and FAMILIES are required")
endif()
set(missing)
set(checked 0)
foreach(family IN LISTS FAMILIES)
  foreach(place IN LISTS places)
    string(REPLACE "!!" ";" fields "${place}")
    list(GET fields 0 file)
    list(GET fields 1 text)
    string(REPLACE "@F@" "${family}" text "${text}")
    file(READ "${SOURCE_DIR}/${file}" content)
    string(FIND "${content}" "${text}" at)
    math(EXPR checked "${checked} + 1")
    if(at EQUAL -1)
      list(APPEND missing "${family}: ${file} lacks \"${text}\"")
    endif()
  endforeach()
endforeach()
list(LENGTH FAMILIES families)
if(missing)
  list(JOIN missing "\n  " text)
  message(FATAL_ERROR "family registrations missing:\n  ${text}")
endif()
message(STATUS "family registrations: ${families} families, ${checked} places, none missing")
