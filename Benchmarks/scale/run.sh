#!/usr/bin/env bash
# Scale benchmark: v2b with 10,000, 100,000 and 1,000,000 products written straight into the database (the schema
# comes from the server itself), then the release binary over a real client round trip. Each round does, in this
# order: a create, the first page (so right after a write), the first page again (cached), page 1,000, a search
# and a detail; the table shows the median of ROUNDS rounds in milliseconds.
# Usage: Benchmarks/scale/run.sh [SIZE...]   Environment: ROUNDS (15), OPENMARKET (a binary to measure instead
# of this checkout's release build, e.g. an older commit's).
source "$(dirname "$0")/../lib.sh"
ROUNDS="${ROUNDS:-15}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
if [ -z "${OPENMARKET:-}" ]; then build_release; fi

printf '%-10s %9s %9s %9s %9s %9s %9s   %s\n' products create after-write cached page-1000 search detail \
  "(median ms of $ROUNDS rounds; search hits)"
for size in "${sizes[@]}"; do
  database="$WORK_DIR/scale-$size.sqlite"
  start_openmarket --database "$database" --log-level warning  # creates the schema and the demo vendor
  stop_last
  python3 "$BENCH_DIR/scale/scale.py" fill "$database" "$size"
  start_openmarket --database "$database" --log-level warning
  printf '%-10s %s\n' "$size" "$(python3 "$BENCH_DIR/scale/scale.py" measure "$OPENMARKET_URL" "$size" "$ROUNDS")"
  stop_last
  rm -f "$database" "$database-wal" "$database-shm"
done
