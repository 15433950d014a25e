#!/usr/bin/env bash
# Scale benchmark: v2b with 10,000, 100,000 and 1,000,000 products written straight into the database (the schema
# comes from the server itself), then the release binary over a real client round trip. Each round does, in this
# order: a create, the first page (so right after a write), the first page again (cached), page 1,000, a search
# and a detail; the table shows the median of ROUNDS rounds in milliseconds.
# Usage: Benchmarks/scale/run.sh [SIZE...]   Environment: ROUNDS (15), OPENMARKET (a binary to measure instead
# of this checkout's release build, e.g. an older commit's), FILLED (a directory that keeps each size's filled
# database, so a later run measures a copy of it instead of filling again; filling 1,000,000 takes minutes).
ROUNDS="${ROUNDS:-15}"  # before lib.sh, whose default of 3 suits its wrk runs, not this
source "$(dirname "$0")/../lib.sh"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
if [ -z "${OPENMARKET:-}" ]; then build_release; fi

printf '%-10s %9s %9s %9s %9s %9s %9s   %s\n' products create after-write cached page-1000 search detail \
  "(median ms of $ROUNDS rounds; search hits, after-write/cached, create and page)"
for size in "${sizes[@]}"; do
  database="$WORK_DIR/scale-$size.sqlite"
  filled="${FILLED:-$WORK_DIR}/filled-$size.sqlite"
  if [ ! -f "$filled" ]; then
    start_openmarket --database "$filled.part" --log-level warning  # creates the schema and the demo vendor
    stop_last
    python3 "$BENCH_DIR/scale/scale.py" fill "$filled.part" "$size"  # checkpoints and truncates its WAL
    rm -f "$filled.part-wal" "$filled.part-shm" "$filled.part-reserve"
    mv "$filled.part" "$filled"
  fi
  cp "$filled" "$database"  # measuring writes, so each run starts from the same products
  start_openmarket --database "$database" --log-level warning
  printf '%-10s %s\n' "$size" "$(python3 "$BENCH_DIR/scale/scale.py" measure "$OPENMARKET_URL" "$size" "$ROUNDS")"
  stop_last
  rm -f "$database" "$database-wal" "$database-shm" "$database-reserve"
done
