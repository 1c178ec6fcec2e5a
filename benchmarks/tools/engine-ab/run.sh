#!/usr/bin/env bash
# A/B of the Bloom engine's hot paths between two git revisions: builds the JMH benchmark jar of each
# into a scratch directory, runs the same JMH selection on both, interleaved (base, head, base,
# head, ...) so that a drift of the machine hits both alike, and prints a side-by-side table of
# ns/op (the median over rounds) and B/op (JMH's -prof gc, gc.alloc.rate.norm).
#
#   usage: benchmarks/tools/engine-ab/run.sh [BASE [HEAD]]     (defaults: 8ecfec1 and HEAD)
#
# What it runs (both revisions hold these benchmarks unchanged):
#   MembershipBenchmark add, mightContainPresent, mightContainAbsent: n = 10^6 long keys, p = 0.01,
#     contestants $AB_CONTESTANTS (classic and counting, standard and blocked, and the blocked
#     single-writer variants);
#   LargeFilterBenchmark absentLoop and absentBatch (one mightContainHash at a time against one
#     mightContainHashes call over 1024 hashes): the only batch query both revisions benchmark, at
#     its fixed n = 10^8 (120-540 MB per filter, 10-60 s to fill), contestants $AB_LARGE_CONTESTANTS.
#
# Environment:
#   AB_ROUNDS             rounds of the whole selection per revision (default 3)
#   AB_CONTESTANTS        default classic,classic-blocked,classic-blocked-single,counting,counting-blocked,counting-blocked-single
#   AB_LARGE_CONTESTANTS  default classic,classic-blocked,counting-blocked; empty skips the n = 10^8 part
#   AB_JMH_ARGS           extra JMH arguments, e.g. "-wi 1 -i 1 -w 1s -r 1s" to check the script quickly
#   AB_MAVEN_ARGS         extra Maven arguments for the builds, e.g. -o
#   AB_DIR                scratch directory (default /tmp/engine-ab); sources, jars and JSON results go there
# B/op: the queries allocate nothing (JMH shows about 0.001 B/op of its own); add's figure is the
# empty filter its benchmark creates before each invocation of 10^6 adds (its array divided by 10^6,
# about 1-6 B/op), the same on both sides when the add path itself allocates nothing.
# Run it on a quiet machine: the figures are worth only as much as the quiet. The whole default run
# takes about an hour (each n = 10^6 combination about 20 s, each n = 10^8 one about a minute).
set -euo pipefail
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"

base=${1:-8ecfec1}
head=${2:-HEAD}
rounds=${AB_ROUNDS:-3}
contestants=${AB_CONTESTANTS:-classic,classic-blocked,classic-blocked-single,counting,counting-blocked,counting-blocked-single}
large=${AB_LARGE_CONTESTANTS-classic,classic-blocked,counting-blocked}
dir=${AB_DIR:-/tmp/engine-ab}
read -r -a jmh_extra <<< "${AB_JMH_ARGS:-}"
read -r -a mvn_extra <<< "${AB_MAVEN_ARGS:-}"
mkdir -p "$dir"

# Builds REV's benchmark jar (never installing anything into ~/.m2) and prints its path.
build() {
  local rev=$1 sha src module jar
  sha=$(git rev-parse --short "$rev^{commit}")
  jar=$dir/benchmarks-$sha.jar
  if [[ ! -f $jar ]]; then
    src=$dir/src-$sha
    rm -rf "$src" && mkdir -p "$src"
    git archive "$sha" | tar -x -C "$src"
    # The module holding the JMH suite, wherever the revision keeps it.
    module=$(cd "$src" && dirname "$(dirname "$(find . -path '*/src/main/java/*' -name MembershipBenchmark.java | head -1)")")
    module=${module%%/src/*}
    echo "engine-ab: building $rev ($sha), module ${module#./} ..." >&2
    (cd "$src" && mvn -B -ntp -q -DskipTests ${mvn_extra[@]+"${mvn_extra[@]}"} -pl "${module#./}" -am package >&2)
    cp "$src/${module#./}/target/benchmarks.jar" "$jar"
  fi
  echo "$jar"
}

base_jar=$(build "$base")
head_jar=$(build "$head")

run() {
  local jar=$1 out=$2
  java -jar "$jar" 'MembershipBenchmark\.(add|mightContainPresent|mightContainAbsent)$' \
    -p contestant="$contestants" -p keyType=long -p fpp=0.01 \
    -f 1 -prof gc ${jmh_extra[@]+"${jmh_extra[@]}"} -rf json -rff "$out-small.json" > "$out-small.log"
  if [[ -n $large ]]; then
    java -jar "$jar" 'LargeFilterBenchmark\.absent(Loop|Batch)$' -p contestant="$large" \
      -prof gc ${jmh_extra[@]+"${jmh_extra[@]}"} -rf json -rff "$out-large.json" > "$out-large.log"
  fi
}

for round in $(seq 1 "$rounds"); do
  for side in base head; do
    jar=$base_jar && [[ $side == head ]] && jar=$head_jar
    echo "engine-ab: round $round of $rounds, $side ..." >&2
    run "$jar" "$dir/$side-$round"
  done
done

python3 - "$dir" "$rounds" "$base" "$head" <<'PY'
import json, statistics, sys, os
d, rounds, base, head = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = {}
for side in ("base", "head"):
    for r in range(1, rounds + 1):
        for part in ("small", "large"):
            path = os.path.join(d, f"{side}-{r}-{part}.json")
            if not os.path.exists(path):
                continue
            for result in json.load(open(path)):
                key = (result["benchmark"].rsplit(".", 1)[1], result["params"]["contestant"])
                cell = rows.setdefault(key, {"base": ([], []), "head": ([], [])})[side]
                cell[0].append(result["primaryMetric"]["score"])
                norm = result.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
                if norm is not None:
                    cell[1].append(norm["score"])
def med(xs):
    return statistics.median(xs) if xs else float("nan")
print(f"base {base}, head {head}; ns/op the median of {rounds} rounds; B/op the largest seen")
print()
print("| benchmark | contestant | base ns/op | head ns/op | head/base | base B/op | head B/op |")
print("|---|---|---:|---:|---:|---:|---:|")
for (bench, contestant), sides in sorted(rows.items()):
    b, h = med(sides["base"][0]), med(sides["head"][0])
    bb = max(sides["base"][1], default=float("nan"))
    hb = max(sides["head"][1], default=float("nan"))
    print(f"| {bench} | {contestant} | {b:.2f} | {h:.2f} | {h / b:.3f} | {bb:.3f} | {hb:.3f} |")
PY
