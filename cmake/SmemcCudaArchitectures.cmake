# Picks CMAKE_CUDA_ARCHITECTURES when the user gave none.
#
# - A value from the user (-DCMAKE_CUDA_ARCHITECTURES=..., a preset, or the
#   CUDAARCHS environment variable) is never overridden.
# - With a visible GPU, "native": SASS for exactly the GPUs present.
# - With no GPU (CI, build hosts) "native" fails at configure time, so the
#   default is "90": sm_90 SASS for the H100/H200 plus compute_90 PTX that the
#   driver can JIT for any newer GPU.
#
# GPU presence is decided with nvidia-smi, the cheapest probe that needs no
# enabled CUDA language; SMEMC_CUDA_ARCHITECTURES_NO_GPU overrides the fallback.
function(_smemc_visible_gpus out)
  # Asked once a configure (the architectures and the GPU-only targets both
  # ask): the answer is kept for the run.
  get_property(asked GLOBAL PROPERTY _SMEMC_VISIBLE_GPUS SET)
  if(asked)
    get_property(caps GLOBAL PROPERTY _SMEMC_VISIBLE_GPUS)
    set(${out} "${caps}" PARENT_SCOPE)
    return()
  endif()
  find_program(SMEMC_NVIDIA_SMI nvidia-smi)
  set(caps "")
  if(SMEMC_NVIDIA_SMI)
    execute_process(
      COMMAND "${SMEMC_NVIDIA_SMI}" --query-gpu=compute_cap --format=csv,noheader
      RESULT_VARIABLE rc OUTPUT_VARIABLE caps ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE
      TIMEOUT 20)
    if(NOT rc EQUAL 0 OR NOT caps MATCHES "^[0-9]+\\.[0-9]+")
      set(caps "")
    endif()
  endif()
  set_property(GLOBAL PROPERTY _SMEMC_VISIBLE_GPUS "${caps}")
  set(${out} "${caps}" PARENT_SCOPE)
endfunction()

function(smemc_choose_cuda_architectures)
  # "native" (the dev and sanitizer presets) needs a GPU; without one, nvcc
  # fails at configure time with an error that does not say so.
  if(CMAKE_CUDA_ARCHITECTURES STREQUAL "native" OR "$ENV{CUDAARCHS}" STREQUAL "native")
    _smemc_visible_gpus(caps)
    if(caps STREQUAL "")
      message(FATAL_ERROR "smem-conformance: CMAKE_CUDA_ARCHITECTURES=native (the dev and sanitizer presets) needs a GPU, "
                          "and nvidia-smi sees none on this machine.\n"
                          "Without a GPU use the ci preset (cmake --workflow --preset ci), or pass "
                          "-DCMAKE_CUDA_ARCHITECTURES=90 (or another list) to build for GPUs elsewhere.")
    endif()
    return()
  endif()
  if(DEFINED CMAKE_CUDA_ARCHITECTURES OR DEFINED ENV{CUDAARCHS})
    return()
  endif()
  set(fallback "90")
  if(DEFINED SMEMC_CUDA_ARCHITECTURES_NO_GPU)
    set(fallback "${SMEMC_CUDA_ARCHITECTURES_NO_GPU}")
  endif()
  set(chosen "${fallback}")
  set(why "no GPU visible to nvidia-smi")
  _smemc_visible_gpus(caps)
  if(NOT caps STREQUAL "")
    set(chosen "native")
    string(REPLACE "\n" ", " caps "${caps}")
    set(why "GPU(s) with compute capability ${caps}")
  endif()
  message(STATUS "smem-conformance: CMAKE_CUDA_ARCHITECTURES=${chosen} (${why}); pass -DCMAKE_CUDA_ARCHITECTURES to choose")
  set(CMAKE_CUDA_ARCHITECTURES "${chosen}" CACHE STRING "CUDA architectures (chosen by smem-conformance when unset)")
endfunction()

# What a build without a GPU leaves out or builds otherwise, decided here
# from the probe above:
#   SMEMC_GPU_ONLY_TARGETS (ON/OFF) from SMEMC_BUILD_GPU_ONLY
#     (SmemcOptions.cmake): auto is ON where nvidia-smi sees a GPU;
#   SMEMC_CUDA_SOURCES_AS_ONE_UNIT (an internal cache entry): ON only where
#     nvidia-smi sees no GPU, the GPU-only targets are not built and the
#     build is a unity build; a family's CUDA library is then one unit
#     (smemc_cuda_sources_as_one_unit, SmemcUnityBuild.cmake). Not on a GPU
#     machine whose build leaves the GPU-only targets out
#     (SMEMC_BUILD_GPU_ONLY=OFF): its family tests still run there. In the
#     cache for tests/mutants/mutants.py, whose prebuild makes CUDA
#     binaries that a GPU runs, which such a build must not.
function(smemc_choose_gpu_only_targets)
  _smemc_visible_gpus(caps)
  if(SMEMC_BUILD_GPU_ONLY STREQUAL "auto")
    if(caps STREQUAL "")
      set(built OFF)
      set(why "auto: no GPU visible to nvidia-smi; -DSMEMC_BUILD_GPU_ONLY=ON builds them")
    else()
      set(built ON)
      set(why "auto: a GPU is visible")
    endif()
  else()
    set(built ${SMEMC_BUILD_GPU_ONLY})
    set(why "SMEMC_BUILD_GPU_ONLY=${SMEMC_BUILD_GPU_ONLY}")
  endif()
  message(STATUS "smem-conformance: GPU-only targets (profile target, CUDA canaries, CUB port test): ${built} (${why})")
  set(SMEMC_GPU_ONLY_TARGETS ${built} PARENT_SCOPE)
  set(one_unit OFF)
  if(CMAKE_UNITY_BUILD AND NOT built AND caps STREQUAL "")
    set(one_unit ON)
  endif()
  set(SMEMC_CUDA_SOURCES_AS_ONE_UNIT ${one_unit} CACHE INTERNAL "a family's CUDA sources compile as one unit (nothing here runs them)")
endfunction()
