#!/usr/bin/env bash
# Negative controls for profile.sh's comparisons (CTest: profile_selftest.thresholds,
# no device, no ncu): synthetic one-launch profiles with a counter just
# inside and just outside every kind of limit (==, <=, >=, in), a ratio
# whose denominator is 0, a value that is not a number, and a capability
# with no figures. Each case states the exit code profile.sh must give:
# 0 the expectations hold, 1 one does not, 77 skipped; a profile that
# cannot be read fails a canary (--expect flagged) as well as a check.
#   thresholds.sh <profile.sh>
set -u
wrapper=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0

# profile <file> <metric>=<value>...: one launch of kernel k, as ncu --csv writes it.
profile() {
  local file=$1 pair
  shift
  {
    echo '==PROF== Connected to process 1 (k)'
    echo '"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"'
    for pair in "$@"; do
      echo "\"0\",\"1\",\"p\",\"h\",\"k(int)\",\"1\",\"7\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"Command line profiler metrics\",\"${pair%%=*}\",\"\",\"${pair#*=}\""
    done
  } > "$dir/$file"
}

# verdict <want> <got> <what>: one case's line (the wrapper's output under a failure).
verdict() {
  if [ "$2" -ne "$1" ]; then
    echo "FAIL: $3: exit $2, expected $1"
    sed 's/^/    /' "$dir/out"
    failures=$((failures + 1))
  else
    echo "ok:   $3: exit $2"
  fi
}

# expect <exit code> <expect mode> <file> <expectation>: runs the wrapper on it.
expect() {
  local want=$1 mode=$2 file=$3 expectation=$4
  bash "$wrapper" --parse-only "$dir/$file" --cc 9.0 --kernel k --expect "$mode" --check 9.0 "$expectation" > "$dir/out" 2>&1
  verdict "$want" $? "'$expectation' on $file (--expect $mode)"
}

profile five.csv a=5 b=2
profile zero.csv a=5 b=0
profile text.csv a=n/a
expect 0 clean five.csv "a == 5"
expect 1 clean five.csv "a == 4"
expect 1 clean five.csv "a == 6"
expect 0 clean five.csv "a <= 5"
expect 1 clean five.csv "a <= 4.999"
expect 0 clean five.csv "a >= 5"
expect 1 clean five.csv "a >= 5.001"
expect 0 clean five.csv "a in 5 6"
expect 0 clean five.csv "a in 4 5"
expect 1 clean five.csv "a in 5.001 6"
expect 1 clean five.csv "a in 4 4.999"
expect 0 clean five.csv "a/b in 2.5 2.5"
expect 1 clean five.csv "a/b <= 2.499"
expect 0 clean five.csv "a+b in 7 7"
expect 1 clean five.csv "a+b in 7.001 8"
expect 1 clean five.csv "a+c == 5"
# A canary passes only when an expectation fails on a profile that was read.
expect 0 flagged five.csv "a == 4"
expect 1 flagged five.csv "a == 5"
# Inconclusive: never a pass, in either mode.
expect 1 clean zero.csv "a/b <= 3"
expect 1 flagged zero.csv "a/b <= 3"
expect 1 clean text.csv "a == 5"
expect 1 flagged text.csv "a == 5"
expect 1 clean five.csv "c == 5"
expect 1 flagged five.csv "c == 5"
expect 1 clean five.csv "a =="
# Figures for another capability only: skipped, not passed.
bash "$wrapper" --parse-only "$dir/five.csv" --cc 9.0 --kernel k --expect clean --check 8.0 "a == 5" > "$dir/out" 2>&1
code=$?
if [ "$code" -eq 77 ]; then echo "ok:   no figures for 9.0: exit 77"; else echo "FAIL: no figures for 9.0: exit $code, expected 77"; failures=$((failures + 1)); fi

# The traffic expectation (--traffic): the row's stated bytes (a stand-in
# target printing "<read> <written>": 1 GiB each way, 2 GiB in all), 1 %
# and 64 MiB below, 1 % above (or --traffic-above <percent>), each end just
# inside and just outside.
printf '#!/usr/bin/env bash\necho "1073741824 1073741824"\n' > "$dir/target"
chmod +x "$dir/target"
total=2147483648
low=$((total - total / 100 - 64 * 1024 * 1024)) high=$((total + total / 100)) high5=$((total + total * 5 / 100))
# traffic <exit code> <dram bytes> [wrapper options]: one launch that moved them.
traffic() {
  local want=$1 bytes=$2
  shift 2
  profile traffic.csv "dram__bytes_read.sum=$((bytes / 2))" "dram__bytes_write.sum=$((bytes - bytes / 2))" "a=5"
  bash "$wrapper" --parse-only "$dir/traffic.csv" --cc 9.0 --kernel k --expect clean --target "$dir/target" --case c \
    --traffic "$@" --check 9.0 "a == 5" > "$dir/out" 2>&1
  verdict "$want" $? "traffic of $bytes bytes ($*)"
}
traffic 0 "$total"
traffic 0 "$low"
traffic 1 $((low - 1))
traffic 0 "$high"
traffic 1 $((high + 1))
traffic 1 "$high5" --traffic-above 4
traffic 0 "$high5" --traffic-above 5
traffic 1 $((high5 + 1)) --traffic-above 5

echo "thresholds.sh: $failures failed"
[ "$failures" -eq 0 ]
