#!/usr/bin/env bash
# Counts the instructions a redis-server executes for one CheckCost workload: deterministic for a
# given server binary, client version and workload, whatever else the machine is doing.
#   usage: run.sh COMPARE_JAR CLASSES_DIR KIND PHASE [OPTIONS]
#   COMPARE_JAR  a benchmarks/target/bloomery-benchmarks.jar of the version to measure (the client code)
#   CLASSES_DIR  where `javac -cp COMPARE_JAR -d CLASSES_DIR CheckCost.java` put CheckCost.class
#   KIND         classic | counting | scalable;   PHASE  batchAdd | batchQuery | add | query | none
#   OPTIONS      spec options added to the filter's, e.g. minReplicas=1,replicaTimeoutMillis=5000
# With REPLICA=yes, a replica of the measured server runs beside it (not counted), so that WAIT
# (option minReplicas) has a replica to answer it.
# Needs valgrind and BLOOMERY_REDIS_SERVER naming a redis-server binary (the tests' embedded one is
# redis-server-6.2.6-v5-linux-amd64 inside com.github.codemonstur:embedded-redis:1.4.3).
set -euo pipefail
jar=$1 classes=$2 kind=$3 phase=$4 options=${5:-}
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$BLOOMERY_REDIS_SERVER" \
  --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" > "$dir/valgrind.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
replica=
if [ "${REPLICA:-}" = yes ]; then
  mkdir "$dir/replica"
  "$BLOOMERY_REDIS_SERVER" --port $((port + 1)) --bind 127.0.0.1 --save '' --appendonly no --dir "$dir/replica" \
    --replicaof 127.0.0.1 "$port" > "$dir/replica.log" 2>&1 &
  replica=$!
fi
java -cp "$jar:$classes" CheckCost "$port" "$kind" "$phase" $options
wait "$server"
if [ -n "$replica" ]; then kill "$replica"; wait "$replica" || true; fi
# The last count is the server's: the child a replica's sync forks reports its own count first.
echo "$kind $phase: $(grep 'I *refs' "$dir/valgrind.log" | tail -n 1 | awk '{print $NF}') instructions"
rm -rf "$dir"
