#!/usr/bin/env bash
# Counts the instructions a redis-server executes for one CheckCost workload: deterministic for a
# given server binary, client version and workload, whatever else the machine is doing.
#   usage: run.sh COMPARE_JAR CLASSES_DIR KIND PHASE
#   COMPARE_JAR  a benchmarks/target/bloomery-benchmarks.jar of the version to measure (the client code)
#   CLASSES_DIR  where `javac -cp COMPARE_JAR -d CLASSES_DIR CheckCost.java` put CheckCost.class
#   KIND         classic | counting | scalable;   PHASE  batchAdd | batchQuery | add | query | none
# Needs valgrind and BLOOMERY_REDIS_SERVER naming a redis-server binary (the tests' embedded one is
# redis-server-6.2.6-v5-linux-amd64 inside com.github.codemonstur:embedded-redis:1.4.3).
set -euo pipefail
jar=$1 classes=$2 kind=$3 phase=$4
dir=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$BLOOMERY_REDIS_SERVER" \
  --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$dir" > "$dir/valgrind.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
java -cp "$jar:$classes" CheckCost "$port" "$kind" "$phase"
wait "$server"
echo "$kind $phase: $(grep 'I *refs' "$dir/valgrind.log" | awk '{print $NF}') instructions"
rm -rf "$dir"
