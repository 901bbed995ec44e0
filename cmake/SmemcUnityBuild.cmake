# Unity builds (CMAKE_UNITY_BUILD, the ci preset's choice): C++ sources of a
# target compiled in batches, each header parsed once per batch. On the
# 2-core CI machine it took the build from 246 to 205-219 CPU-seconds
# (docs/results/time/2026-12-04-c-cpu-ci.md); the families' check sources
# and the fixtures share most of their headers.
#
# CUDA sources stay one translation unit each (CMake >= 3.31 would batch
# them too): the kernels compile as the GPU machine's builds compile them,
# and each .cu's file-local helpers stay file-local.
function(smemc_keep_cuda_out_of_unity_batches dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
      if(source MATCHES "\\.cu$")
        set_source_files_properties("${source}" TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
      endif()
    endforeach()
  endforeach()
  get_property(subdirectories DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    smemc_keep_cuda_out_of_unity_batches("${subdirectory}")
  endforeach()
endfunction()
