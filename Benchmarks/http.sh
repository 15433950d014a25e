#!/usr/bin/env bash
# Foundation benchmark: the emulator's /healthChecker, a product's detail and the first list page against bare
# libmicrohttpd serving the same bytes with the same thread count; target ratio >= 0.9 on the same loop (poll). With OPENMARKET_BASELINE, another build (e.g. an older
# commit's release binary) is measured in the same alternating rounds, so the two builds are compared side by side.
# Environment: THREADS, DURATION (default 10s), CONNECTIONS (64), ROUNDS (3), NEW_CONNECTIONS (1: a connection per
# request, as clients without keep-alive make), OPENMARKET_EVENT_LOOP (poll: bare libmicrohttpd on the emulator's loop),
# OPENMARKET_BINARY (the build to measure instead of this clone's), OPENMARKET_BASELINE (a build to compare it with),
# LOGGING (1: also a server logging every request at info level; 0 leaves it out, for shorter rounds),
# OPENMARKET_BARE_ACCEPT (handover: bare libmicrohttpd gets its connections handed over by a thread of its own, as the
# emulator's listener hands them over, instead of every pool thread accepting for itself; see bare_microhttpd.c).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
build_release
build_bare

detail_path=/api/products/1
list_path="/api/products?page_no=1&items_per_page=20"
# start_measured NAME BINARY ARGS... : starts a demo store and names its URLs NAME_health, NAME_detail, NAME_list.
start_measured() {
  local name=$1 binary=$2
  shift 2
  OPENMARKET=$binary start_openmarket --database "$WORK_DIR/$name.sqlite" --seed demo "$@"
  targets+=("${name}_health=$OPENMARKET_URL/healthChecker" "${name}_detail=$OPENMARKET_URL$detail_path"
    "${name}_list=$OPENMARKET_URL$list_path")
}

targets=()
start_measured quiet "$OPENMARKET" --log-level warning
printf '"OK"' >"$WORK_DIR/ok.json"
curl -sf -o "$WORK_DIR/detail.json" "$OPENMARKET_URL$detail_path"
curl -sf -o "$WORK_DIR/list.json" "$OPENMARKET_URL$list_path"
[ "${LOGGING:-1}" = 1 ] && start_measured logging "$OPENMARKET"
[ -n "${OPENMARKET_BASELINE:-}" ] && start_measured baseline "$OPENMARKET_BASELINE" --log-level warning
health_port=$(free_port)
start_bare "$health_port" application/json "$WORK_DIR/ok.json"
detail_port=$(free_port)
start_bare "$detail_port" application/json "$WORK_DIR/detail.json"
list_port=$(free_port)
start_bare "$list_port" application/json "$WORK_DIR/list.json"
compare_rounds "${targets[@]}" bare_health="http://127.0.0.1:$health_port/" bare_detail="http://127.0.0.1:$detail_port/" \
  bare_list="http://127.0.0.1:$list_port/"

echo "threads=$THREADS connections=$CONNECTIONS duration=$DURATION new_connections=${NEW_CONNECTIONS:-0}" \
  "loop=poll (bare: ${OPENMARKET_EVENT_LOOP:-auto}, accept: ${OPENMARKET_BARE_ACCEPT:-its own}), median of $ROUNDS" \
  "alternating rounds"
for endpoint in health detail list; do
  bare=RESULT_bare_$endpoint quiet=RESULT_quiet_$endpoint logging=RESULT_logging_$endpoint
  report "openmarket $endpoint (quiet)" "${!quiet}" "bare libmicrohttpd" "${!bare}"
  [ "${LOGGING:-1}" = 1 ] && report "openmarket $endpoint (logging)" "${!logging}" "bare libmicrohttpd" "${!bare}"
  if [ -n "${OPENMARKET_BASELINE:-}" ]; then
    baseline=RESULT_baseline_$endpoint
    report "baseline $endpoint (quiet)" "${!baseline}" "bare libmicrohttpd" "${!bare}"
    report "openmarket $endpoint (quiet)" "${!quiet}" "baseline (quiet)" "${!baseline}"
  fi
done
