#!/usr/bin/env bash
# Instructions per single-key query of the sectored and patterned classic filters, of the sectored positions written
# inline, of FastFilter's BlockedBloom and of the hash alone (QueryInstructions.java says what each
# variant runs), counted with valgrind's cachegrind: deterministic to a few percent whatever else the
# machine is doing (the JIT's choices move between runs), so usable where timings are noise.
#   usage: benchmarks/tools/query-instructions/run.sh [VARIANT ...]   (default: all five)
# Needs valgrind and benchmarks/target/benchmarks.jar (mvn -B -ntp -pl benchmarks -am package -DskipTests).
# Each variant runs twice under cachegrind, with 10^6 and 5·10^6 queries after the same warm-up; the
# difference of the two counts over 4·10^6 is one query and its share of the loop. -Xbatch makes the
# JIT compile in the foreground, so the counts repeat. About 90 s a variant. Runs the `java` on the
# PATH; valgrind 3.19 cannot run JDK 25 (its start-up CPU probe, the VM_Version stub, dies with
# SIGSEGV under valgrind whatever -XX:UseAVX says), so the counts are JDK 17's until valgrind is newer.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
jar=$root/benchmarks/target/benchmarks.jar
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac -cp "$jar" -d "$classes" "$root/benchmarks/tools/query-instructions/QueryInstructions.java"
count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    java -Xbatch -Xmx2g -cp "$jar:$classes" QueryInstructions "$1" "$2" 2>&1 \
    | awk '/I *refs/ {gsub(",", "", $NF); print $NF}'
}
for variant in "${@:-library patterned inline fastfilter hash}"; do
  for v in $variant; do
    few=$(count "$v" 1000000)
    many=$(count "$v" 5000000)
    echo "$v: $(( (many - few) / 4000000 )) instructions per query"
  done
done
