#!/usr/bin/env bash
# Taking and restoring a snapshot of the demo store (54 products, 162 pictures, some 3 MB) through the admin API:
# the median over ROUNDS of curl's total time for POST /__admin/snapshots and for its restore, on a database file and
# in memory. Each round takes a snapshot, creates nothing, restores it and deletes it.
# Environment: ROUNDS (default 15).
source "$(dirname "$0")/lib.sh"
ROUNDS="${ROUNDS:-15}"
build_release

median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] * 1000 }'; }

for database in "$WORK_DIR/demo.sqlite" ":memory:"; do
  start_openmarket --database "$database" --seed demo --log-level warning
  url=$OPENMARKET_URL
  takes=()
  restores=()
  for round in $(seq 1 "$ROUNDS"); do
    takes+=("$(curl -sf -o /dev/null -w '%{time_total}' -X POST "$url/__admin/snapshots" -d "{\"name\": \"r$round\"}")")
    restores+=("$(curl -sf -o /dev/null -w '%{time_total}' -X POST "$url/__admin/snapshots/r$round/restore")")
    curl -sf -o /dev/null -X DELETE "$url/__admin/snapshots/r$round"
  done
  size=$(curl -sf -X POST "$url/__admin/snapshots" -d '{"name": "size"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["byteCount"])')
  echo "$database: a snapshot of $size bytes taken in $(printf '%s\n' "${takes[@]}" | median) ms," \
    "restored in $(printf '%s\n' "${restores[@]}" | median) ms (median of $ROUNDS, curl's total time)"
  stop_last
done
