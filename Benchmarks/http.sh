#!/usr/bin/env bash
# Foundation benchmark: the emulator's /healthChecker against bare libmicrohttpd serving the same 4 bytes with
# the same thread count. Target ratio >= 0.8. Environment: THREADS, DURATION (default 10s), CONNECTIONS (64).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
build_release
build_bare

printf '"OK"' >"$WORK_DIR/ok.json"
port=$(free_port)
start_bare "$port" application/json "$WORK_DIR/ok.json"
bare=$(measure "http://127.0.0.1:$port/healthChecker")
kill "${PIDS[-1]}"

start_openmarket --database "$WORK_DIR/bench.sqlite"
ours=$(measure "$OPENMARKET_URL/healthChecker")
start_openmarket --database "$WORK_DIR/bench-quiet.sqlite" --log-level warning
quiet=$(measure "$OPENMARKET_URL/healthChecker")

echo "threads=$THREADS connections=$CONNECTIONS duration=$DURATION"
report "openmarket /healthChecker (logging)" "$ours" "bare libmicrohttpd" "$bare"
report "openmarket /healthChecker (quiet)" "$quiet" "bare libmicrohttpd" "$bare"
