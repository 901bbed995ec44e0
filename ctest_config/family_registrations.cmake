# Every family of SMEMC_FAMILIES complete (CTest: selftest.family_registrations;
# `cmake -DSOURCE_DIR=<repo> -DFAMILIES=<a;b;c> -P family_registrations.cmake`).
#
# A family is registered once, in SMEMC_FAMILIES (cmake/SmemcFamilies.cmake);
# the libraries, test binaries, install rules, README tables, contract
# tables, kernel symbols and benchmark loop over that list. This names, per
# family, each piece those loops expect and the family lacks:
#   - its manifest, kernels/<f>/family.cmake, naming every file of the
#     family's folders (a file no list names is a file the build, the
#     install or the tests forgot) and naming only files that exist;
#   - the C++ hooks the loops call: <f>::spec_table(), implementations()
#     and allowances() (spec.hpp), kernel_symbols() (cuda/<f>_cuda.hpp),
#     <f>::Benchmark (cuda/bench.cuh), the OpenCL table (opencl/table.cpp),
#     contract::<f>_cases() (tests/<f>/<f>_contract_cases.hpp);
#   - its variant table's markers in README.md.
# -DOMIT=<family>:<file> drops one file from that family's manifest lists
# after reading it: the negative control feeds the check a manifest that
# forgets a file (selftest.a_test_header_missing_from_a_manifest_is_named).
cmake_minimum_required(VERSION 3.25)
if(NOT SOURCE_DIR OR NOT FAMILIES)
  message(FATAL_ERROR "family_registrations.cmake: SOURCE_DIR and FAMILIES are required")
endif()

set(missing)
function(_expect_text family file text)
  set(path "${SOURCE_DIR}/${file}")
  set(found -1)
  if(EXISTS "${path}")
    file(READ "${path}" content)
    string(FIND "${content}" "${text}" found)
  endif()
  if(found EQUAL -1)
    set(missing ${missing} "${family}: ${file} lacks \"${text}\"" PARENT_SCOPE)
  endif()
endfunction()

# The files of a folder (not below it) with one of the suffixes, relative to `base`.
function(_files_in out base folder)
  set(found)
  foreach(suffix IN LISTS ARGN)
    file(GLOB names RELATIVE "${base}" "${base}/${folder}*${suffix}")
    list(APPEND found ${names})
  endforeach()
  list(SORT found)
  set(${out} ${found} PARENT_SCOPE)
endfunction()

foreach(family IN LISTS FAMILIES)
  set(manifest "${SOURCE_DIR}/kernels/${family}/family.cmake")
  if(NOT EXISTS "${manifest}")
    list(APPEND missing "${family}: kernels/${family}/family.cmake is missing (the family's files, cmake/SmemcFamilies.cmake)")
    continue()
  endif()
  include("${manifest}")
  set(kernels "${SOURCE_DIR}/kernels/${family}")
  set(tests "${SOURCE_DIR}/tests")
  # What the manifest lists: the spec's and CUDA files (relative to
  # kernels/<f>), the test files (relative to tests/).
  set(spec_files ${SMEMC_FAMILY_SPEC_SOURCES_${family}} ${SMEMC_FAMILY_SPEC_HEADERS_${family}})
  set(cuda_files ${SMEMC_FAMILY_CUDA_SOURCES_${family}} ${SMEMC_FAMILY_BUILT_ELSEWHERE_${family}})
  set(test_files ${SMEMC_FAMILY_SHARED_SOURCES_${family}} ${SMEMC_FAMILY_SOURCES_${family}}
                 ${SMEMC_FAMILY_TEST_HEADERS_${family}} ${SMEMC_FAMILY_PROFILE_${family}})
  if(OMIT MATCHES "^${family}:(.+)$")
    foreach(kind IN ITEMS spec cuda test)
      list(REMOVE_ITEM ${kind}_files "${CMAKE_MATCH_1}")
    endforeach()
  endif()
  # On disk: the spec's folder, cuda/ and opencl/, the family's tests.
  _files_in(spec_on_disk "${kernels}" "" .cpp .hpp)
  _files_in(cuda_on_disk "${kernels}" "cuda/" .cu .cpp)
  _files_in(cl_on_disk "${kernels}" "opencl/" .cl)
  _files_in(tests_on_disk "${tests}" "${family}/" .cpp .hpp .cu .cmake)
  foreach(kind IN ITEMS spec cuda test)
    foreach(file IN LISTS ${kind}_files)
      set(base "${kernels}")
      if(kind STREQUAL "test")
        set(base "${tests}")
      endif()
      if(NOT EXISTS "${base}/${file}")
        list(APPEND missing "${family}: family.cmake lists ${file}, which does not exist")
      endif()
    endforeach()
  endforeach()
  foreach(pair IN ITEMS "spec_on_disk!!spec_files!!SPEC_SOURCES or SPEC_HEADERS"
                        "cuda_on_disk!!cuda_files!!CUDA_SOURCES or BUILT_ELSEWHERE"
                        "cl_on_disk!!SMEMC_FAMILY_OPENCL_PROGRAMS_${family}!!OPENCL_PROGRAMS"
                        "tests_on_disk!!test_files!!SHARED_SOURCES, SOURCES, TEST_HEADERS or PROFILE")
    string(REPLACE "!!" ";" fields "${pair}")
    list(GET fields 0 on_disk)
    list(GET fields 1 listed)
    list(GET fields 2 lists)
    foreach(file IN LISTS ${on_disk})
      if(NOT file IN_LIST ${listed})
        list(APPEND missing "${family}: ${file} is in the family's folder and in none of family.cmake's ${lists}")
      endif()
    endforeach()
  endforeach()
  if(NOT "spec.hpp" IN_LIST SMEMC_FAMILY_SPEC_HEADERS_${family})
    list(APPEND missing "${family}: family.cmake's SPEC_HEADERS lacks spec.hpp")
  endif()
  # The C++ hooks the loops over SMEMC_FAMILIES call.
  _expect_text(${family} "kernels/${family}/spec.hpp" "SpecTable spec_table();")
  _expect_text(${family} "kernels/${family}/spec.hpp" "implementations();")
  _expect_text(${family} "kernels/${family}/spec.hpp" "allowances();")
  _expect_text(${family} "kernels/${family}/cuda/${family}_cuda.hpp" "kernel_symbols();")
  _expect_text(${family} "kernels/${family}/cuda/bench.cuh" "Benchmark")
  _expect_text(${family} "kernels/${family}/opencl/table.cpp" "implementations()")
  _expect_text(${family} "tests/${family}/${family}_contract_cases.hpp" "${family}_cases()")
  _expect_text(${family} "README.md" "<!-- spec-table:${family} -->")
endforeach()

list(LENGTH FAMILIES families)
if(missing)
  list(JOIN missing "\n  " text)
  message(FATAL_ERROR "family registrations missing:\n  ${text}")
endif()
message(STATUS "family registrations: ${families} families complete")
