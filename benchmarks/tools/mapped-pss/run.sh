#!/usr/bin/env bash
# Proportional set size (PSS, from /proc/PID/smaps_rollup) of several JVMs serving one filter file:
# first each maps it (MappedServing hold), then each reads it into its heap (hold --heap). PSS divides
# a page shared by k processes by k, so mapped processes share one copy of the file's pages where
# heap copies are one each.
#   usage: benchmarks/tools/mapped-pss/run.sh FILE [PROCESSES] [HEAP]   (default 4 processes, -Xmx2g)
# Needs benchmarks/target/benchmarks.jar (mvn -B -ntp -pl benchmarks -am package -DskipTests).
set -euo pipefail
file=$1
count=${2:-4}
heap=${3:-2g}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
jar=$root/benchmarks/target/benchmarks.jar
run() {
  local mode=$1 pids=() fifos=() dir
  dir=$(mktemp -d)
  for i in $(seq "$count"); do
    mkfifo "$dir/in$i"
    # The fifo held open by this shell keeps the JVM waiting until the shell closes it.
    java -Xmx"$heap" -cp "$jar" org.bloomery.benchmarks.MappedServing hold $mode "$file" <"$dir/in$i" >"$dir/out$i" &
    pids+=($!)
    exec {fd}>"$dir/in$i"
    fifos+=("$fd")
  done
  for i in $(seq "$count"); do
    until grep -q '^ready' "$dir/out$i" 2>/dev/null; do sleep 0.5; done
  done
  local total=0
  for pid in "${pids[@]}"; do
    local pss
    pss=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup")
    echo "  ${mode:---mapped} process $pid: Pss $((pss / 1024)) MiB"
    total=$((total + pss))
  done
  echo "${mode:---mapped}: $count processes, Pss total $((total / 1024)) MiB"
  for fd in "${fifos[@]}"; do exec {fd}>&-; done
  wait "${pids[@]}"
  rm -rf "$dir"
}
echo "$file: $(stat -c %s "$file") bytes"
run ""
run --heap
