# The CUDA port kit: what a CUDA port of the specification builds on, the
# same targets in this build and, from the installed sources, in a port's
# own project (find_package(smemc 0.6 CONFIG REQUIRED COMPONENTS cuda)):
#
#   smemc::cuda_check         SMEMC_CUDA_CHECK and friends: a failed call names
#                             the call, the file and the line (static library)
#   smemc::cuda_backend       smemc::backend() on CUDA: device probe and
#                             selection (CTest's GPU), guarded memory, streams,
#                             stream holds, sticky-fault detection (an OBJECT
#                             library: link it into each test binary)
#   smemc::reduce_fixup_cuda  the spec's fix-up kernel (reduce/cuda/fixup.hpp),
#                             which a port reproducing a fix-up row must match
#                             bit for bit: use this one
#
# The kit is compiled in the port's project, for the port's
# CMAKE_CUDA_ARCHITECTURES, never shipped as device code built for other
# GPUs. The CUDA runtime it links follows CMAKE_CUDA_RUNTIME_LIBRARY (the
# port's .cu files use the same one): Static (CMake's default) links
# CUDA::cudart_static, Shared links CUDA::cudart. One process must have one
# runtime: never mix the two.
include_guard(GLOBAL)

if(NOT CMAKE_CUDA_COMPILER_LOADED)
  message(FATAL_ERROR "smem-conformance's CUDA kit needs the CUDA language: project(... LANGUAGES CXX CUDA) or "
                      "enable_language(CUDA) before find_package(smemc ... COMPONENTS cuda)")
endif()
find_package(CUDAToolkit REQUIRED)

# CMake 3.25 (Debian 12) predates nvcc's C++20 flag in its compiler tables
# (newer CMake defines it itself): without this, CUDA_STANDARD 20 does not
# configure there. Set in the scope that includes this file, which is the
# caller's of find_package(smemc ...).
if(CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
  set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
  set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
endif()

# The CUDA runtime the kit links, as the port's own .cu files do.
if(CMAKE_CUDA_RUNTIME_LIBRARY STREQUAL "Shared" OR CMAKE_CUDA_RUNTIME_LIBRARY STREQUAL "SHARED")
  set(SMEMC_CUDART CUDA::cudart)
else()
  set(SMEMC_CUDART CUDA::cudart_static)
endif()

# C++20 and CUDA C++20, no contraction of host float expressions (the
# checks compare bits), position-independent, whole-program device code.
function(smemc_cuda_kit_defaults target)
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CUDA_STANDARD 20 CUDA_STANDARD_REQUIRED ON CUDA_EXTENSIONS OFF
    POSITION_INDEPENDENT_CODE ON CUDA_SEPARABLE_COMPILATION OFF)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-ffp-contract=off>
    $<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:-lineinfo -Xcompiler=-ffp-contract=off>)
endfunction()

# smemc_cuda_kit(CHECK_SOURCE <cuda_check.cpp> FIXUP_SOURCE <fixup.cu>
#                SPEC <spec_common target> REDUCE_SPEC <reduce_spec target>)
# Defines smemc_cuda_check and smemc_reduce_fixup_cuda, with smemc:: aliases.
function(smemc_cuda_kit)
  cmake_parse_arguments(ARG "" "CHECK_SOURCE;FIXUP_SOURCE;SPEC;REDUCE_SPEC" "" ${ARGN})
  add_library(smemc_cuda_check STATIC "${ARG_CHECK_SOURCE}")
  target_link_libraries(smemc_cuda_check PUBLIC ${ARG_SPEC} ${SMEMC_CUDART})
  smemc_cuda_kit_defaults(smemc_cuda_check)
  add_library(smemc::cuda_check ALIAS smemc_cuda_check)

  add_library(smemc_reduce_fixup_cuda STATIC "${ARG_FIXUP_SOURCE}")
  target_link_libraries(smemc_reduce_fixup_cuda PUBLIC smemc_cuda_check ${ARG_REDUCE_SPEC})
  smemc_cuda_kit_defaults(smemc_reduce_fixup_cuda)
  add_library(smemc::reduce_fixup_cuda ALIAS smemc_reduce_fixup_cuda)
endfunction()

# smemc_cuda_kit_backend(SOURCE <cuda_backend.cu> FIXTURES <fixtures target>)
# Defines smemc_cuda_backend (OBJECT) and smemc::cuda_backend.
function(smemc_cuda_kit_backend)
  cmake_parse_arguments(ARG "" "SOURCE;FIXTURES" "" ${ARGN})
  add_library(smemc_cuda_backend OBJECT "${ARG_SOURCE}")
  target_link_libraries(smemc_cuda_backend PUBLIC ${ARG_FIXTURES} smemc_cuda_check)
  # The probe names what the binary was built for when the device cannot run it.
  target_compile_definitions(smemc_cuda_backend PRIVATE SMEMC_CUDA_ARCHITECTURES="${CMAKE_CUDA_ARCHITECTURES}")
  smemc_cuda_kit_defaults(smemc_cuda_backend)
  add_library(smemc::cuda_backend ALIAS smemc_cuda_backend)
endfunction()
