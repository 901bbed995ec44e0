#!/usr/bin/env bash
# Runs one profile check for CTest: one launch of one kernel under Nsight
# Compute (ncu), its counters checked against the figures expected on the
# device's compute capability (tests/profile/CMakeLists.txt holds the table).
#
#   profile.sh --target <smemc_profile_target> --case <case> --expect clean|flagged
#              [--ncu <ncu>] [--launch-skip <n>] [--report <metric>]...
#              --check <cc> '<expectation>' ...
#   profile.sh --parse-only <ncu csv> --cc <cc> [--kernel <kernel>] --expect clean|flagged
#              --check <cc> '<expectation>' ...
#   profile.sh --collect <dir> --target <smemc_profile_target> --case <case>...
#              [--ncu <ncu>] [--report <metric>]... --check <cc> '<expectation>' ...
#   profile.sh --from <dir> --target <smemc_profile_target> --case <case> --expect clean|flagged
#              [--traffic [--traffic-above <percent>]] --check <cc> '<expectation>' ...
#
# --collect runs ncu once for every case (CTest's profile.counters, a whole
# GPU): one process of <target> launching the cases in order, every
# kernel's metrics of all the checks, each profiled launch written to
# <dir>/<case>.csv (the i-th launch is the i-th case's; a count that
# differs, or a launch of another case's kernel, is an error). One ncu and
# one CUDA context instead of one per check: the checks took a whole GPU
# for 2 to 9 s each (docs/results/time/). A skip writes its reason to
# <dir>/skipped. --from checks one case's profile from <dir> like
# --parse-only, skipping with the collect run's reason where it skipped.
# --traffic adds one expectation: the DRAM bytes the kernel read and wrote
# (dram__bytes_read.sum+dram__bytes_write.sum) within the traffic the
# case's row states (<target> --traffic <case>: its Spec::traffic), 1 %
# either way and 64 MiB more below (what the launch leaves dirty in L2 is
# not yet written when it ends; the cases move 1 GiB or more);
# --traffic-above <percent> replaces the 1 % above, for a kernel whose
# access pattern costs DRAM more than its data (the check says why).
#
# An expectation is '<lhs> == <v>', '<lhs> <= <v>', '<lhs> >= <v>' or
# '<lhs> in <lo> <hi>' (a closed range), where <lhs> is a metric name, a
# ratio '<metric>/<metric>' or a sum '<metric>+<metric>'. --check <cc> files it under a compute
# capability ("9.0"); only the device's own apply. --report <metric> is
# collected and printed beside them, never checked: a figure to investigate.
#
# Run mode, in order:
#   - <target> --smemc-device-status: no usable device skips (exit 77), or
#     fails with SMEMC_REQUIRE_DEVICE set (device_probe.sh);
#   - no ncu skips: --ncu if given, else ncu on PATH, next to nvcc, in
#     /usr/local/cuda/bin, the newest /opt/nvidia/nsight-compute/*/ncu;
#   - no expectation for the device's compute capability skips;
#   - ncu profiles exactly one launch of the case's kernel (<target> --list
#     names it), the first after <n> skipped launches (default 0).
# --parse-only reads a CSV that ncu --csv wrote instead (no device, no ncu):
# the wrapper's own self-test, and a way to re-check a captured profile.
#
# Every metric read is printed, each expectation with its measured value
# (a ratio with both its terms).
# expect=clean    pass iff every expectation holds.
# expect=flagged  a canary: pass iff the profile was read and an expectation
#                 does NOT hold; a profile that cannot be read (no launch,
#                 a metric missing) is a failure in both modes.
set -u

say() { echo "profile.sh: $*"; }
skip() { echo "SMEMC_SKIPPED: $*"; exit 77; }
die() { say "ERROR: $*"; exit 1; }

target='' case_name='' kernel='' expect='' ncu='' launch_skip=0 parse_only='' cc='' collect='' from='' traffic=0 traffic_above=1
check_ccs=() check_exprs=() reported=() cases=()
while [ $# -gt 0 ]; do
  case $1 in
    --target) target=$2; shift 2 ;;
    --case) case_name=$2; cases+=("$2"); shift 2 ;;
    --collect) collect=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --traffic) traffic=1; shift ;;
    --traffic-above) traffic_above=$2; shift 2 ;;
    --kernel) kernel=$2; shift 2 ;;
    --expect) expect=$2; shift 2 ;;
    --ncu) ncu=$2; shift 2 ;;
    --launch-skip) launch_skip=$2; shift 2 ;;
    --parse-only) parse_only=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --report) reported+=("$2"); shift 2 ;;
    --check)
      [ $# -ge 3 ] || die "--check needs a compute capability and an expectation"
      check_ccs+=("$2"); check_exprs+=("$3"); shift 3 ;;
    *) die "unknown argument '$1'" ;;
  esac
done
[ -n "$collect" ] && expect=clean  # collecting checks nothing
case $expect in
  clean|flagged) ;;
  *) die "--expect must be clean or flagged, not '$expect'" ;;
esac

# The first executable ncu of the places named above, or nothing.
find_ncu() {
  local nvcc candidate
  if command -v ncu >/dev/null 2>&1; then command -v ncu; return; fi
  if nvcc=$(command -v nvcc 2>/dev/null) && [ -x "$(dirname "$nvcc")/ncu" ]; then
    echo "$(dirname "$nvcc")/ncu"; return
  fi
  if [ -x /usr/local/cuda/bin/ncu ]; then echo /usr/local/cuda/bin/ncu; return; fi
  candidate=$(printf '%s\n' /opt/nvidia/nsight-compute/*/ncu | sort -V | tail -n 1)
  if [ -x "$candidate" ]; then echo "$candidate"; fi
}

# ncu matches --kernel-name against the bare function name by default
# (--kernel-name-base function); the suite's kernels live in namespaces
# (anonymous ones among them) and some are templates, and the CSV names
# them demangled. This matches the name whole in any of the three forms:
#   bank_stride_kernel
#   smemc::facts::(anonymous namespace)::bank_stride_kernel<1>(const float *, float *)
#   _ZN5smemc5facts12_GLOBAL__N_118bank_stride_kernelILi1EEEvPKfPf
# (in the mangled one a length precedes the name, and E or I follows it).
kernel_regex() { echo "(^|[^A-Za-z_])$1([^A-Za-z0-9_]|[EI]|$)"; }

# check_profile <csv> <kernel or empty> <expectation>...: prints every metric
# of the one profiled launch and every expectation with its value. Exit 0:
# all hold; 1: one does not; 2: the profile cannot be read or an
# expectation is malformed.
check_profile() {
  local csv=$1 name=$2
  shift 2
  local regex=
  [ -n "$name" ] && regex=$(kernel_regex "$name")
  LC_ALL=C awk -v kernel="$name" -v kernel_re="$regex" -v expectations="$(printf '%s\n' "$@")" '
    function fail(why) { print "profile.sh: ERROR: " why; error = 1; exit 2 }
    # One CSV line into f[1..n] (quoted fields, "" inside quotes); returns n.
    function split_csv(line, f,    n, i, c, field, quoted) {
      n = 0; field = ""; quoted = 0
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
          if (c != "\"") field = field c
          else if (substr(line, i + 1, 1) == "\"") { field = field c; i++ }
          else quoted = 0
        } else if (c == "\"") quoted = 1
        else if (c == ",") { f[++n] = field; field = "" }
        else field = field c
      }
      f[++n] = field
      return n
    }
    function is_number(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
    function show(x) { return x == int(x) && x < 1e15 && x > -1e15 ? sprintf("%.0f", x) : sprintf("%.4f", x) }
    function metric(m) {
      if (!(m in value)) fail("metric " m " is not in the profile (not collected, or not on this device)")
      return value[m]
    }
    { sub(/\r$/, "") }
    /^==/ { next }  # ncu messages (==PROF==, ==WARNING==) and nothing else start so
    !header {
      n = split_csv($0, f)
      for (i = 1; i <= n; i++) col[f[i]] = i
      if (("ID" in col) && ("Kernel Name" in col) && ("Metric Name" in col) && ("Metric Value" in col)) {
        header = 1; columns = n
      } else split("", col)
      next
    }
    {
      if (split_csv($0, f) != columns || f[col["ID"]] !~ /^[0-9]+$/) next  # the program'"'"'s own output
      id = f[col["ID"]]
      if (!(id in launches)) { launches[id] = f[col["Kernel Name"]]; launch_count++ }
      m = f[col["Metric Name"]]
      v = f[col["Metric Value"]]
      gsub(/,/, "", v)  # thousands separators (ncu runs under LC_ALL=C)
      if (!is_number(v)) fail("metric " m " reads \"" f[col["Metric Value"]] "\", not a number")
      value[m] = v + 0
      unit[m] = ("Metric Unit" in col) ? f[col["Metric Unit"]] : ""
      order[++metrics] = m
      if ("CC" in col) device_cc = f[col["CC"]]
    }
    END {
      if (error) exit 2
      if (!header) fail("no ncu CSV header (ID, Kernel Name, Metric Name, Metric Value) in the profile")
      if (launch_count == 0) fail("no launch was profiled" (kernel != "" ? " (no kernel matched " kernel ")" : ""))
      if (launch_count > 1) fail(launch_count " launches were profiled; a check reads exactly one")
      for (id in launches) launched = launches[id]
      if (kernel_re != "" && launched !~ kernel_re) fail("the profiled kernel \"" launched "\" is not " kernel)
      print "profile.sh: kernel " launched (device_cc != "" ? " (compute capability " device_cc ")" : "")
      for (i = 1; i <= metrics; i++) printf "profile.sh:   %-58s %14s %s\n", order[i], show(value[order[i]]), unit[order[i]]

      failed = 0
      count = split(expectations, lines, "\n")
      for (i = 1; i <= count; i++) {
        if (lines[i] == "") continue
        k = split(lines[i], t, " ")
        op = t[2]
        if (!((op == "in" && k == 4 && is_number(t[3]) && is_number(t[4])) ||
              ((op == "==" || op == "<=" || op == ">=") && k == 3 && is_number(t[3]))))
          fail("malformed expectation \"" lines[i] "\"")
        parts = split(t[1], terms, "/")
        if (parts > 2) fail("malformed expectation \"" lines[i] "\": a ratio has two terms")
        if (parts == 1 && index(t[1], "+") > 0) {
          n_sum = split(t[1], addends, "+")
          x = 0
          shown_terms = ""
          for (a = 1; a <= n_sum; a++) {
            x += metric(addends[a])
            shown_terms = shown_terms (a > 1 ? " + " : "") show(value[addends[a]])
          }
          measured = t[1] " = " shown_terms " = " show(x)
        } else if (parts == 2) {
          den = metric(terms[2])
          if (den == 0) fail(terms[2] " is 0: " t[1] " is undefined")
          x = metric(terms[1]) / den
          measured = terms[1] " / " terms[2] " = " show(value[terms[1]]) " / " show(den) " = " show(x)
        } else {
          x = metric(t[1])
          measured = t[1] " = " show(x)
        }
        if (op == "in") { holds = x >= t[3] + 0 && x <= t[4] + 0; wanted = "in [" t[3] ", " t[4] "]" }
        else if (op == "==") { holds = x == t[3] + 0; wanted = "== " t[3] }
        else if (op == "<=") { holds = x <= t[3] + 0; wanted = "<= " t[3] }
        else { holds = x >= t[3] + 0; wanted = ">= " t[3] }
        printf "profile.sh: %-4s %s, expected %s\n", holds ? "ok" : "FAIL", measured, wanted
        failed += !holds
      }
      exit failed > 0 ? 1 : 0
    }' "$csv"
}

# The expectations filed under compute capability $1.
expectations_for() {
  local i
  for i in "${!check_ccs[@]}"; do
    [ "${check_ccs[$i]}" = "$1" ] && echo "${check_exprs[$i]}"
  done
}

# The metrics the expectations read and the reported ones, comma-separated,
# each once.
metrics_of() {
  local expectation lhs
  {
    for expectation in "$@"; do
      read -r lhs _ <<<"$expectation"
      tr '/+' '\n\n' <<<"$lhs"
    done
    [ ${#reported[@]} -eq 0 ] || printf '%s\n' "${reported[@]}"
  } | awk '!seen[$0]++' | paste -sd, -
}

# The kernel of a case, from <target> --list.
kernel_of() { "$target" --list | awk -v c="$1" '$1 == c { print $2 }'; }

# The device's compute capability into cc and an ncu into ncu, for the run
# and collect modes, or a skip through the function $1 (skip, or one that
# also records why). The device probe names the compute capability too: one
# start of the target (a CUDA context) instead of two.
device_and_ncu() {
  local skip_with=$1 status code
  status=$("$target" --smemc-device-status 2>&1)
  code=$?
  if [ "$code" -eq 77 ]; then "$skip_with" "$status"; fi
  [ "$code" -eq 0 ] || die "the device probe '$target --smemc-device-status' failed with exit code $code: $status"
  if [ -n "$ncu" ]; then
    [ -x "$ncu" ] || "$skip_with" "ncu not found: $ncu (SMEMC_NCU) is not executable"
  else
    ncu=$(find_ncu)
    [ -n "$ncu" ] || "$skip_with" "ncu not found (looked on PATH, next to nvcc, in /usr/local/cuda/bin and /opt/nvidia/nsight-compute/*/; configure with -DSMEMC_NCU=<path to ncu>)"
  fi
  cc=$(sed -n 's/.*compute capability \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' <<<"$status" | head -n 1)
  [ -n "$cc" ] || cc=$("$target" --compute-capability) || die "$target --compute-capability failed: $cc"
}

if [ -n "$collect" ]; then
  [ -n "$target" ] && [ ${#cases[@]} -gt 0 ] || die "--collect needs --target and at least one --case"
  [ "$launch_skip" = 0 ] || die "--collect profiles every case's first launch: no --launch-skip"
  rm -rf "$collect" && mkdir -p "$collect" || die "cannot make $collect"
  collect_skip() { echo "$*" > "$collect/skipped"; skip "$*"; }
  device_and_ncu collect_skip
  mapfile -t expectations < <(expectations_for "$cc")
  [ ${#expectations[@]} -gt 0 ] || collect_skip "no expected counts for compute capability $cc"
  echo "$cc" > "$collect/cc"
  kernels=()
  for c in "${cases[@]}"; do
    k=$(kernel_of "$c")
    [ -n "$k" ] || die "$target --list has no case '$c'"
    kernels+=("$k")
  done
  alternatives=$(printf '%s\n' "${kernels[@]}" | awk '!seen[$0]++' | paste -sd'|' -)
  say "$("$ncu" --version 2>&1 | tail -n 1) ($ncu)"
  say "compute capability $cc, ${#cases[@]} cases: ${cases[*]}"
  start=$(date +%s)
  LC_ALL=C "$ncu" --clock-control none --csv --print-units base \
    --metrics "$(metrics_of "${expectations[@]}")" \
    --kernel-name "regex:$(kernel_regex "($alternatives)")" --launch-count "${#cases[@]}" \
    "$target" "${cases[@]}" >"$collect/all.csv" 2>&1
  code=$?
  say "ncu exit code $code after $(( $(date +%s) - start )) s"
  if grep -q ERR_NVGPUCTRPERM "$collect/all.csv"; then
    cat "$collect/all.csv"
    die "no permission to read the GPU's performance counters (run as root, or load nvidia with NVreg_RestrictProfilingToAdminUsers=0)"
  fi
  [ "$code" -eq 0 ] || { cat "$collect/all.csv"; die "ncu or $target failed (exit code $code)"; }
  # The profile split by launch: the header into every case's file, the
  # i-th launch's rows (ncu numbers launches 0, 1, ... in the order
  # profiled) into the i-th case's.
  LC_ALL=C awk -v dir="$collect" -v names="$(printf '%s\n' "${cases[@]}")" '
    BEGIN { n = split(names, name, "\n") }
    /^==/ { next }
    !header && /"ID"/ && /"Metric Name"/ { header = $0; for (i = 1; i <= n; i++) print header > (dir "/" name[i] ".csv"); next }
    header && match($0, /^"[0-9]+"/) {
      id = substr($0, 2, RLENGTH - 2) + 0
      if (id >= n) { print "profile.sh: ERROR: launch " id " profiled, but only " n " cases ran"; bad = 1; exit }
      print > (dir "/" name[id + 1] ".csv"); seen[id] = 1
    }
    END {
      if (bad) exit 1
      if (!header) { print "profile.sh: ERROR: no ncu CSV header in the profile"; exit 1 }
      for (i = 0; i < n; i++) if (!(i in seen)) { print "profile.sh: ERROR: no launch profiled for case " name[i + 1]; exit 1 }
    }' "$collect/all.csv" || { cat "$collect/all.csv"; die "the profile does not hold one launch per case"; }
  # Each case's launch must be of its own kernel (check_profile holds each
  # file to exactly one launch of it when the check reads it).
  for i in "${!cases[@]}"; do
    check_profile "$collect/${cases[$i]}.csv" "${kernels[$i]}" >/dev/null
    [ $? -le 1 ] || { check_profile "$collect/${cases[$i]}.csv" "${kernels[$i]}"; die "case ${cases[$i]}: its profile cannot be read"; }
  done
  say "profiled ${#cases[@]} launches into $collect"
  exit 0
fi

if [ -n "$from" ]; then
  [ -n "$target" ] && [ -n "$case_name" ] || die "--from needs --target and --case"
  [ -r "$from/skipped" ] && skip "$(cat "$from/skipped") (profile.counters skipped)"
  [ -r "$from/cc" ] && [ -r "$from/$case_name.csv" ] || die "no profile of case $case_name in $from: profile.counters did not run, or failed"
  parse_only="$from/$case_name.csv"
  cc=$(cat "$from/cc")
  kernel=$(kernel_of "$case_name")
  [ -n "$kernel" ] || die "$target --list has no case '$case_name'"
fi

if [ -n "$parse_only" ]; then
  [ -n "$cc" ] || die "--parse-only needs --cc <compute capability>"
  [ -r "$parse_only" ] || die "cannot read $parse_only"
  csv=$parse_only
else
  if [ -z "$target" ] || [ -z "$case_name" ]; then die "--target and --case are required (or --parse-only)"; fi
  device_and_ncu skip
  kernel=$(kernel_of "$case_name")
  [ -n "$kernel" ] || die "$target --list has no case '$case_name'"
fi

mapfile -t expectations < <(expectations_for "$cc")
if [ "$traffic" = 1 ]; then
  [ -n "$target" ] && [ -n "$case_name" ] || die "--traffic needs --target and --case"
  [[ "$traffic_above" =~ ^[0-9]+$ ]] || die "--traffic-above takes a whole percent, not '$traffic_above'"
  stated=$("$target" --traffic "$case_name") || die "$target --traffic $case_name failed"
  read -r stated_read stated_written extra <<<"$stated"
  [[ "$stated_read" =~ ^[0-9]+$ && "$stated_written" =~ ^[0-9]+$ && -z "$extra" ]] ||
    die "$target --traffic $case_name printed '$stated', not '<read> <written>'"
  total=$((stated_read + stated_written))
  low=$((total - total / 100 - 64 * 1024 * 1024))
  high=$((total + total * traffic_above / 100))
  say "traffic stated by the row: $stated_read bytes read, $stated_written written ($total); DRAM bytes must be in [$low, $high]"
  expectations+=("dram__bytes_read.sum+dram__bytes_write.sum in $low $high")
fi
[ ${#expectations[@]} -gt 0 ] || skip "no expected counts for compute capability $cc"

if [ -z "$parse_only" ]; then
  csv=$(mktemp)
  trap 'rm -f "$csv"' EXIT
  say "$("$ncu" --version 2>&1 | tail -n 1) ($ncu)"
  say "compute capability $cc, case $case_name, kernel $kernel (launch $launch_skip)"
  start=$(date +%s)
  # LC_ALL=C: ncu formats numbers by the locale (1.234,5 elsewhere).
  # --print-units base: counts as counts, never scaled to K or M.
  LC_ALL=C "$ncu" --clock-control none --csv --print-units base \
    --metrics "$(metrics_of "${expectations[@]}")" \
    --kernel-name "regex:$(kernel_regex "$kernel")" --launch-skip "$launch_skip" --launch-count 1 \
    "$target" "$case_name" >"$csv" 2>&1
  code=$?
  cat "$csv"
  say "ncu exit code $code after $(( $(date +%s) - start )) s"
  if grep -q ERR_NVGPUCTRPERM "$csv"; then
    die "no permission to read the GPU's performance counters (run as root, or load nvidia with NVreg_RestrictProfilingToAdminUsers=0)"
  fi
  [ "$code" -eq 0 ] || die "ncu or $case_name failed (exit code $code)"
fi

check_profile "$csv" "$kernel" "${expectations[@]}"
status=$?

case $expect in
  clean)
    case $status in
      0) say "every expectation holds"; exit 0 ;;
      1) say "PROFILE CHECK FAILED: an expectation does not hold"; exit 1 ;;
      *) exit 1 ;;
    esac ;;
  flagged)
    case $status in
      1) say "canary flagged as expected: an expectation does not hold"; exit 0 ;;
      0) say "CANARY NOT FLAGGED: every expectation holds for the planted kernel"; exit 1 ;;
      *) say "CANARY INCONCLUSIVE: the profile could not be read"; exit 1 ;;
    esac ;;
esac
