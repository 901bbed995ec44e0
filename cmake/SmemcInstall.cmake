# The installable package a port builds against (find_package(smemc CONFIG)):
#   smemc::spec_common, smemc::<family>_spec   the neutral specification
#   smemc::fixtures, smemc::test_main          the test harness (with tests)
#   smemc::conformance_matrix                  the matrix printer (with tests)
#   smemc::batch_result                        a batched test's reader (with tests)
#   share/smem-conformance/tests/              the conformance test sources
#   share/smem-conformance/ctest/              a one-GPU resource spec and its writer
#   smemc_add_conformance_tests(), smemc_write_ctest_custom()
#   the CUDA port kit (find_package(smemc CONFIG COMPONENTS cuda)), as
#   sources compiled in the port's project: smemc::cuda_check,
#   smemc::cuda_backend, smemc::reduce_fixup_cuda (cmake/SmemcCudaKit.cmake)
#   smemc_package                              a target that builds what is installed
#   share/doc/smem-conformance/                porting.md and the spec's own
#                                              sources (rows, host models), to read
# The CUDA kernels of this project and its OpenCL port are not installed.
include(CMakePackageConfigHelpers)

set(SMEMC_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/smemc")
set(SMEMC_INSTALL_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}/smem-conformance")
set(SMEMC_INSTALL_TESTDIR "${CMAKE_INSTALL_DATADIR}/smem-conformance/tests")
set(SMEMC_INSTALL_CUDA_KITDIR "${CMAKE_INSTALL_DATADIR}/smem-conformance/cuda")

set(_smemc_targets smemc_spec_common)
foreach(family IN LISTS SMEMC_FAMILIES)
  list(APPEND _smemc_targets smemc_${family}_spec)
endforeach()
if(SMEMC_BUILD_TESTS)
  list(APPEND _smemc_targets smemc_fixtures smemc_test_main smemc_conformance_matrix smemc_batch_result)
  # The families' test objects, compiled (a port links them, compiling
  # none of the test sources; the sources are installed too, to read).
  foreach(family IN LISTS SMEMC_FAMILIES)
    list(APPEND _smemc_targets smemc_${family}_shared_test_objects smemc_${family}_checks_test_objects)
  endforeach()
endif()
install(TARGETS ${_smemc_targets} EXPORT smemcTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  OBJECTS DESTINATION "${CMAKE_INSTALL_LIBDIR}/smem-conformance-objects")
# What the package holds, built: `cmake --build <build> --target smemc_package`
# then `cmake --install <build>` installs it without building the ports or
# their tests.
add_custom_target(smemc_package DEPENDS ${_smemc_targets})

# The resource spec of one GPU (16 slots) and the script that writes one for
# every GPU nvidia-smi lists, for a port's `ctest --resource-spec-file`
# (SMEMC_CTEST_RESOURCE_SPEC=ON: porting.md, "GPUs for the tests").
install(FILES ctest_config/resources-1gpu.json DESTINATION "${CMAKE_INSTALL_DATADIR}/smem-conformance/ctest")
install(PROGRAMS ctest_config/make_resource_spec.sh DESTINATION "${CMAKE_INSTALL_DATADIR}/smem-conformance/ctest")

# The CUDA port kit: sources and headers, compiled in the port's project for
# its own GPUs (always installed: it needs CUDA only where a port asks for it).
install(FILES fixtures/cuda/cuda_backend.cu kernels/common/cuda/cuda_check.cpp kernels/reduce/cuda/fixup.cu
        DESTINATION "${SMEMC_INSTALL_CUDA_KITDIR}")
install(FILES kernels/common/cuda/cuda_check.hpp kernels/common/cuda/device_types.cuh kernels/common/cuda/interop.hpp
              kernels/common/cuda/kernel_symbol.hpp
        DESTINATION "${SMEMC_INSTALL_INCLUDEDIR}/common/cuda")
install(FILES kernels/reduce/cuda/fixup.hpp kernels/reduce/cuda/block_tree.cuh
        DESTINATION "${SMEMC_INSTALL_INCLUDEDIR}/reduce/cuda")
install(FILES cmake/SmemcCudaKit.cmake cmake/SmemcSanitizers.cmake cmake/SmemcFamilies.cmake DESTINATION "${SMEMC_INSTALL_CMAKEDIR}")
# The families' manifests (SmemcFamilies.cmake reads them), beside it.
foreach(family IN LISTS SMEMC_FAMILIES)
  install(FILES "kernels/${family}/family.cmake" DESTINATION "${SMEMC_INSTALL_CMAKEDIR}/families/${family}")
endforeach()
install(PROGRAMS ctest_config/sanitize.sh ctest_config/device_probe.sh DESTINATION "${SMEMC_INSTALL_CMAKEDIR}")

# The neutral headers only (no backend header is part of the package).
install(FILES kernels/common/contract.hpp kernels/common/ctest_gpu.hpp kernels/common/depth.hpp kernels/common/device_address.hpp
              kernels/common/device_error.hpp kernels/common/host_threads.hpp kernels/common/implementation.hpp kernels/common/preconditions.hpp
              kernels/common/spec.hpp kernels/common/stream.hpp kernels/common/traffic.hpp kernels/common/types.hpp kernels/common/typed_models.hpp
              kernels/common/values.hpp
        DESTINATION "${SMEMC_INSTALL_INCLUDEDIR}/common")
foreach(family IN LISTS SMEMC_FAMILIES)
  foreach(header IN LISTS SMEMC_FAMILY_SPEC_HEADERS_${family})
    install(FILES "kernels/${family}/${header}" DESTINATION "${SMEMC_INSTALL_INCLUDEDIR}/${family}")
  endforeach()
endforeach()

# The specification as a port reads it: docs/porting.md and the sources that
# define the rows and the host models (compiled into smemc::<family>_spec
# already; installed to be read, since the models are the order of
# operations a port reproduces).
set(SMEMC_INSTALL_DOCDIR "${CMAKE_INSTALL_DATADIR}/doc/smem-conformance")
install(FILES docs/porting.md README.md DESTINATION "${SMEMC_INSTALL_DOCDIR}")
install(FILES kernels/common/spec.cpp kernels/common/types.cpp DESTINATION "${SMEMC_INSTALL_DOCDIR}/spec/common")
foreach(family IN LISTS SMEMC_FAMILIES)
  foreach(source IN LISTS SMEMC_FAMILY_SPEC_SOURCES_${family})
    install(FILES "kernels/${family}/${source}" DESTINATION "${SMEMC_INSTALL_DOCDIR}/spec/${family}")
  endforeach()
endforeach()

if(SMEMC_BUILD_TESTS)
  install(DIRECTORY fixtures/include/smemc DESTINATION "${SMEMC_INSTALL_INCLUDEDIR}")
  foreach(family IN LISTS SMEMC_FAMILIES)
    foreach(source IN LISTS SMEMC_FAMILY_SHARED_SOURCES_${family} SMEMC_FAMILY_SOURCES_${family} SMEMC_FAMILY_TEST_HEADERS_${family})
      get_filename_component(dir "${source}" DIRECTORY)
      install(FILES "tests/${source}" DESTINATION "${SMEMC_INSTALL_TESTDIR}/${dir}")
    endforeach()
  endforeach()
  install(FILES tests/common/contract_tables.hpp tests/common/contract_checks.hpp DESTINATION "${SMEMC_INSTALL_TESTDIR}/common")
  install(FILES cmake/SmemcConformance.cmake cmake/SmemcBatchTests.cmake ctest_config/CTestCustom.cmake.in DESTINATION "${SMEMC_INSTALL_CMAKEDIR}")
endif()

install(EXPORT smemcTargets NAMESPACE smemc:: DESTINATION "${SMEMC_INSTALL_CMAKEDIR}")
set(SMEMC_PACKAGE_HAS_TESTS ${SMEMC_BUILD_TESTS})
configure_package_config_file(cmake/smemcConfig.cmake.in "${CMAKE_CURRENT_BINARY_DIR}/smemcConfig.cmake"
  INSTALL_DESTINATION "${SMEMC_INSTALL_CMAKEDIR}"
  PATH_VARS SMEMC_INSTALL_TESTDIR SMEMC_INSTALL_CUDA_KITDIR)
write_basic_package_version_file("${CMAKE_CURRENT_BINARY_DIR}/smemcConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/smemcConfig.cmake" "${CMAKE_CURRENT_BINARY_DIR}/smemcConfigVersion.cmake"
  DESTINATION "${SMEMC_INSTALL_CMAKEDIR}")
