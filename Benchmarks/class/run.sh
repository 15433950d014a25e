#!/usr/bin/env bash
# The load a class makes: TEAMS apps at once (60), each doing what an app does (list pages with their thumbnails,
# a product's detail with its images, register with three photos, edit, delete) at 10x a person's pace, for
# RUN_SECONDS (120) on the release binary over loopback. Two runs: the teams as plain --vendor accounts, then the
# same class served with --class and one more team flooding the server with a loop. Each prints the count, errors
# and p50/p99 latency per request kind, what the flooder got, and the server's memory through the run; the script
# fails when an app met an error.
# Usage: Benchmarks/class/run.sh      Environment: TEAMS (60), RUN_SECONDS (120), OPENMARKET (a binary instead of
# the release build of this checkout).
source "$(dirname "$0")/../lib.sh"
TEAMS="${TEAMS:-60}"
RUN_SECONDS="${RUN_SECONDS:-120}"
classroom="$BENCH_DIR/class/classroom.py"
if [ -z "${OPENMARKET:-}" ]; then build_release; fi
failed=0

# Run 1: the teams as --vendor accounts, no class mode.
vendors=()
while IFS= read -r team; do
  vendors+=(--vendor "$(python3 -c 'import json, sys; t = json.loads(sys.argv[1]); print(t["name"] + ":" + t["identifier"] + ":" + t["secret"])' "$team")")
done < <(python3 "$classroom" vendors "$TEAMS")
python3 "$classroom" vendors "$TEAMS" | python3 -c 'import json, sys; print(json.dumps([json.loads(line) for line in sys.stdin]))' \
  >"$WORK_DIR/vendors.json"
start_openmarket --database "$WORK_DIR/plain.sqlite" --seed demo --log-level warning "${vendors[@]}"
echo "== $TEAMS teams as --vendor accounts =="
python3 "$classroom" "$OPENMARKET_URL" "${PIDS[-1]}" "$RUN_SECONDS" "$WORK_DIR/vendors.json" || failed=1
stop_last

# Run 2: the same class from a roster, and one more team whose loop floods the server.
python3 "$classroom" roster "$((TEAMS + 1))" >"$WORK_DIR/roster.csv"
start_openmarket --database "$WORK_DIR/class.sqlite" --seed demo --log-level warning --class "$WORK_DIR/roster.csv"
curl -fsS "$OPENMARKET_URL/__admin/class?secrets=true" | python3 "$classroom" credentials >"$WORK_DIR/class.json"
echo
echo "== the same $TEAMS teams with --class, and one more team flooding =="
python3 "$classroom" "$OPENMARKET_URL" "${PIDS[-1]}" "$RUN_SECONDS" "$WORK_DIR/class.json" --flood || failed=1
curl -fsS "$OPENMARKET_URL/__admin/class" | python3 "$classroom" teacher
stop_last
exit "$failed"
