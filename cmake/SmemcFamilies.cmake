# The kernel families: the one list a family is registered in.
#
# Everything else follows from it: each family's own files are listed in
# kernels/<family>/family.cmake (read below), and the libraries, the test
# binaries, the install, the README tables, the contract tables, the
# kernel symbols and the benchmark loop over the list (the C++ places
# through the generated header smemc/families.hpp). The registration
# self-test (selftest.family_registrations) fails, naming the missing
# piece, when a listed family lacks any of them.
set(SMEMC_FAMILIES reduce transpose moving_average histogram)

# A family's manifest (kernels/<family>/family.cmake) sets, for family f:
#   SMEMC_FAMILY_SPEC_SOURCES_<f>     the spec library (relative to kernels/<f>)
#   SMEMC_FAMILY_SPEC_HEADERS_<f>     its installed headers (spec.hpp first)
#   SMEMC_FAMILY_SPEC_LINKS_<f>       what the spec library links beyond the common spec
#   SMEMC_FAMILY_CUDA_SOURCES_<f>     the CUDA library (relative to kernels/<f>)
#   SMEMC_FAMILY_CUDA_LINKS_<f>       what it links beyond the kit and the spec
#   SMEMC_FAMILY_BUILT_ELSEWHERE_<f>  files of the family's folders another target
#                                     builds (said where, in the manifest)
#   SMEMC_FAMILY_OPENCL_PROGRAMS_<f>  the .cl sources, each embedded as <stem>_cl
#                                     (the table is opencl/table.cpp)
#   SMEMC_FAMILY_SHARED_SOURCES_<f>   test sources every binary of the family
#   SMEMC_FAMILY_SOURCES_<f>          shares, and the conformance checks over a
#                                     table (relative to tests/)
#   SMEMC_FAMILY_TEST_HEADERS_<f>     test headers installed with them (relative to tests/)
#   SMEMC_FAMILY_PROFILE_<f>          optional: the family's profile checks
#                                     (relative to tests/): <f>/profile.cmake, with
#                                     its cases in <f>/profile_cases.cu
#   SMEMC_FAMILY_BATCH_ROWS_<f>       optional: rows of its small checks one test
#                                     process runs (default SMEMC_BATCH_ROWS)
#   SMEMC_FAMILY_LARGE_BATCH_ROWS_<f> optional: rows of one of its large suites one
#                                     process runs (default 1)
#   SMEMC_FAMILY_LARGE_COST_<f>       optional: the CTest COST (a positive whole
#                                     number) of its large checks' processes, in
#                                     binaries registered with FAMILY <f> (default
#                                     500): CTest starts the higher first, so a
#                                     family whose large checks take longest names
#                                     a higher one
# smemc_load_family_manifests(<dir>) reads <dir>/<f>/family.cmake for every
# family (the source tree's kernels/, or an installed package's copies).
macro(smemc_load_family_manifests dir)
  foreach(_smemc_family IN LISTS SMEMC_FAMILIES)
    if(NOT EXISTS "${dir}/${_smemc_family}/family.cmake")
      message(FATAL_ERROR "smem-conformance: family '${_smemc_family}' (SMEMC_FAMILIES) has no ${dir}/${_smemc_family}/family.cmake")
    endif()
    include("${dir}/${_smemc_family}/family.cmake")
    if(NOT SMEMC_FAMILY_SPEC_SOURCES_${_smemc_family} OR NOT SMEMC_FAMILY_SOURCES_${_smemc_family})
      message(FATAL_ERROR "smem-conformance: ${dir}/${_smemc_family}/family.cmake sets no spec sources or no test sources")
    endif()
  endforeach()
endmacro()
