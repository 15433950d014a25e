#!/usr/bin/env bash
# Foundation benchmark: the emulator's /healthChecker against bare libmicrohttpd serving the same 4 bytes with
# the same thread count. Target ratio >= 0.8. Environment: THREADS, DURATION (default 10s), CONNECTIONS (64),
# ROUNDS (3), NEW_CONNECTIONS (1: a connection per request, as clients without keep-alive make),
# OPENMARKET_EVENT_LOOP (poll: a Mac's loop, in both servers), OPENMARKET_BINARY (another build to measure).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
build_release
build_bare

printf '"OK"' >"$WORK_DIR/ok.json"
port=$(free_port)
start_bare "$port" application/json "$WORK_DIR/ok.json"
start_openmarket --database "$WORK_DIR/bench.sqlite"
logging_url=$OPENMARKET_URL
start_openmarket --database "$WORK_DIR/bench-quiet.sqlite" --log-level warning
compare_rounds bare="http://127.0.0.1:$port/healthChecker" logging="$logging_url/healthChecker" \
  quiet="$OPENMARKET_URL/healthChecker"

echo "threads=$THREADS connections=$CONNECTIONS duration=$DURATION, median of $ROUNDS alternating rounds"
report "openmarket /healthChecker (logging)" "$RESULT_logging" "bare libmicrohttpd" "$RESULT_bare"
report "openmarket /healthChecker (quiet)" "$RESULT_quiet" "bare libmicrohttpd" "$RESULT_bare"
