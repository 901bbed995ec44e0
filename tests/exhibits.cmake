# The exhibits' expected findings. A marked exhibit (known-bad code kept as
# the texts show it) runs under every tool like any row, and what each tool
# reports of it is fixed here: a regex that every report must match (the
# one hazard the exhibit is kept to show, in the kernel that has it), or
# `clean`. A missing finding, a new one or a different one fails
# (sanitize.sh and oclgrind.sh, expect=finding), so an exhibit cannot get
# worse unnoticed. Which platforms the hazard gives wrong results on is the
# row's exhibit_reason and docs/porting.md's OpenCL table.
#
#   family !! exhibit row !! tool !! expected (regex, or clean) [!! count]
#
# The count, where given, is the number of distinct reports (addresses,
# hazard tallies, work-item and group numbers left out): one hazard site
# more or fewer fails as a different finding would.
set(SMEMC_EXHIBIT_FINDINGS
  # The legacy warp tail reads its partner's slot with no barrier between a
  # lane's read and its neighbour's write: racecheck reports the race in the
  # tail (as warnings: the lanes are in one warp), and nothing else. Pinned
  # to the tail's statements (kernels/reduce/cuda/block_tree.cuh, lines 37
  # to 42, v[t] = sum = sum + v[t + 32] ... v[t + 1]): each step's read
  # (38 to 42) against the step before's store and its own, 5 distinct
  # reports on the H200 (2026-12-02, compute-sanitizer 2025.3.1).
  "reduce!!reduce_warp_volatile_legacy!!racecheck!!Race reported between Read access at .*warp_tail_volatile_legacy.* in block_tree.cuh:(38|39|40|41|42) .*and Write access at .*warp_tail_volatile_legacy.* in block_tree.cuh:(37|38|39|40|41) .*and Write access at .*warp_tail_volatile_legacy.* in block_tree.cuh:(38|39|40|41|42) .*hazard!!5"
  "reduce!!reduce_warp_volatile_legacy!!memcheck!!clean"
  "reduce!!reduce_warp_volatile_legacy!!synccheck!!clean"
  "reduce!!reduce_warp_volatile_legacy!!initcheck!!clean"
  # Oclgrind's reports name both statements: the tail's own steps, one
  # lane's read of its partner's slot against the partner's store; 5
  # distinct pairs (the first step, v[t + 32], against each later one). (No
  # brackets or semicolons in these regexes: CMake's lists would split
  # them; `.` stands for each.)
  "reduce!!reduce_warp_volatile_legacy!!oclgrind!!data race at local memory.*Kernel: reduce_warp_volatile_legacy \\| v.t. = sum = sum \\+ v.t \\+ .+.. \\| v.t. = sum = sum \\+ v.t \\+ .+..$!!5"
  # The seed's trailing store sh_arr[index] = average races, in the source,
  # with the larger threads' reads of sh_arr[index]. On the H200 racecheck
  # reports nothing (2026-12-01, compute-sanitizer 2025.3.1): the block is
  # one warp (n <= 10), and the warp reconverges after the loop before any
  # lane stores, so no read and write of a slot are ever unordered there;
  # the results are right. The race shows where work-items run apart: PoCL
  # computes wrong means and Oclgrind reports it (below). Were nvcc to move
  # the store into the loop's divergent region, racecheck would report it
  # and this line would fail: that is the point of holding it.
  "moving_average!!moving_average_seed!!racecheck!!clean"
  "moving_average!!moving_average_seed!!memcheck!!clean"
  "moving_average!!moving_average_seed!!synccheck!!clean"
  "moving_average!!moving_average_seed!!initcheck!!clean"
  # Its statements: the sums' reads against the trailing store (a race at
  # the staging store instead would be the barrier's loss); one pair.
  "moving_average!!moving_average_seed!!oclgrind!!data race at local memory.*Kernel: gpu_shared_memory \\| (sum \\+= sh_arr.i..|sh_arr.index. = average.) \\| (sum \\+= sh_arr.i..|sh_arr.index. = average.)$!!1")

# The gtest filter of an exhibit's tool run: its small suites' checks, less
# what the tool runs leave out for every row (SMEMC_TOOL_RUN_EXCLUDES,
# `streams` among them: under Oclgrind the legacy tail's run that included
# it ended about one time in two with glibc's "corrupted double-linked
# list" after its last output: 2026-12-01, Oclgrind 21.10; never without
# it, in 6 runs each way; the cause is not yet found: docs/porting.md).
function(smemc_exhibit_filter row out)
  set(${out} "@small,exhibit,${row}${SMEMC_TOOL_RUN_EXCLUDES}" PARENT_SCOPE)
endfunction()

# smemc_for_exhibit_findings(<list of tools, by variable name> <callback>):
# calls <callback>(<family> <row> <tool> <expect> <regex> <filter>) for each
# entry of those tools.
macro(smemc_for_exhibit_findings tools callback)
  foreach(_entry IN LISTS SMEMC_EXHIBIT_FINDINGS)
    string(REPLACE "!!" ";" _fields "${_entry}")
    list(GET _fields 0 _family)
    list(GET _fields 1 _row)
    list(GET _fields 2 _tool)
    list(GET _fields 3 _expected)
    list(LENGTH _fields _field_count)
    set(_count "")
    if(_field_count GREATER 4)
      list(GET _fields 4 _count)
    endif()
    if(NOT _tool IN_LIST ${tools})
      continue()
    endif()
    if(_expected STREQUAL "clean")
      set(_expect clean)
      # A filter that matched no check would be clean too: the run must
      # show that its checks ran.
      set(_regex "\\[==========\\] [1-9][0-9]* tests? from .* ran")
    else()
      set(_expect finding)
      if(NOT _count STREQUAL "")
        set(_expect "finding=${_count}")
      endif()
      set(_regex "${_expected}")
    endif()
    smemc_exhibit_filter(${_row} _filter)
    cmake_language(CALL ${callback} ${_family} ${_row} ${_tool} ${_expect} "${_regex}" "${_filter}")
  endforeach()
endmacro()
