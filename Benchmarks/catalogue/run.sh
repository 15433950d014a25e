#!/usr/bin/env bash
# Generated catalogue benchmark: `serve --seed generated:N` in memory (release build). For each size it prints how
# long the seed took to write (the median of SEED_ROUNDS starts, wall time from the server's own log line, and the
# CPU seconds the process used by then), then, on the last start, the request figures of Benchmarks/scale (median
# ms of ROUNDS rounds: a create, the first page right after it, the first page again, page 1,000, a search that
# matches a fifth of the products, "keyboard", and a detail), and the first search of a text after the search index
# is built (FIRST_SEARCH_ROUNDS rounds of first_search.py).
# Last, in one process (the in-process benchmark's EmulatorBenchmark, release): the first demo emulator and the first
# generated one of the first SIZE, then the median and p90 of SECOND_EMULATORS more of each, which copy the first's
# store (StoreTemplates) instead of seeding again.
# Usage: Benchmarks/catalogue/run.sh [SIZE...]   Environment: ROUNDS (15), SEED_ROUNDS (3), SECOND_EMULATORS (9),
# FIRST_SEARCH_ROUNDS (6), OPENMARKET (a binary).
ROUNDS="${ROUNDS:-15}"
FIRST_SEARCH_ROUNDS="${FIRST_SEARCH_ROUNDS:-6}"
SEED_ROUNDS="${SEED_ROUNDS:-3}"
SECOND_EMULATORS="${SECOND_EMULATORS:-9}"
source "$(dirname "$0")/../lib.sh"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 1000000)
if [ -z "${OPENMARKET:-}" ]; then build_release; fi

# start_generated SIZE: starts a generated store in memory; waits (at most 10 minutes) until it listens.
start_generated() {
  "$OPENMARKET" serve --port 0 --threads "$THREADS" --database :memory: --seed "generated:$1" --log-level info \
    >"$WORK_DIR/serve.out" 2>"$WORK_DIR/serve.err" &
  PIDS+=($!)
  for _ in $(seq 1 6000); do
    OPENMARKET_URL=$(head -n 1 "$WORK_DIR/serve.out" | grep -o 'http://[^ ]*' || true)
    [ -n "$OPENMARKET_URL" ] && return 0
    kill -0 "${PIDS[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  echo "the emulator did not start:" >&2; cat "$WORK_DIR/serve.err" >&2; exit 1
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-9s %10s %10s   %9s %9s %9s %9s %9s %9s\n' products seed-ms seed-cpu-s create after-write cached page-1000 \
  search detail
for size in "${sizes[@]}"; do
  : >"$WORK_DIR/seed-ms"; : >"$WORK_DIR/seed-cpu"
  for round in $(seq 1 "$SEED_ROUNDS"); do
    start_generated "$size"
    # The log line may reach the file a moment after the URL: the logger writes from its own thread.
    for _ in $(seq 1 100); do grep -q 'written in' "$WORK_DIR/serve.err" && break; sleep 0.05; done
    grep -o 'written in [0-9]* ms' "$WORK_DIR/serve.err" | grep -o '[0-9]*' >>"$WORK_DIR/seed-ms"
    # utime + stime, in clock ticks, of the server so far: seeding is nearly all of it.
    awk -v hz="$(getconf CLK_TCK)" '{ print ($14 + $15) / hz }' "/proc/${PIDS[-1]}/stat" >>"$WORK_DIR/seed-cpu"
    if [ "$round" -lt "$SEED_ROUNDS" ]; then stop_last; fi
  done
  requests=$(python3 "$BENCH_DIR/scale/scale.py" measure "$OPENMARKET_URL" "$size" "$ROUNDS" keyboard)
  first_search=$(python3 "$BENCH_DIR/catalogue/first_search.py" "$OPENMARKET_URL" "$WORK_DIR/serve.err" "$FIRST_SEARCH_ROUNDS")
  stop_last
  printf '%-9s %10s %10s   %s\n' "$size" "$(median <"$WORK_DIR/seed-ms")" "$(median <"$WORK_DIR/seed-cpu")" "$requests"
  printf '%-9s %s\n' "" "$first_search"
done

inprocess="$BENCH_DIR/inprocess"
swift build -c release --package-path "$inprocess" --product EmulatorBenchmark --quiet
echo "making an emulator in process (microseconds; the first of each kind, then median and p90 of $SECOND_EMULATORS after it):"
"$(swift build -c release --package-path "$inprocess" --show-bin-path)/EmulatorBenchmark" generated "$SECOND_EMULATORS" \
  "${sizes[0]}" | sed 's/^/  /'
