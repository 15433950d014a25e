#!/usr/bin/env bash
# Delays hold no worker thread: 200 concurrent requests delayed 2 s each (a `respond` fault with delayMs on the
# product list) must all finish in under 3 s, while /healthChecker on other connections keeps at least half of its
# throughput without them. wrk measures the health check alone, then again while waves of 200 delayed requests
# run for the whole measurement (a bounded Python client: 200 threads, each request with a 10 s timeout). The
# delayed requests come from 127.0.0.2 (Linux routes all of 127/8 to loopback), because one client address may hold
# at most 256 connections and wrk's 64 would otherwise take some of the 200's places.
# Environment: THREADS, DURATION (default 10s), CONNECTIONS (64), DELAYED (200), DELAY_MS (2000).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
build_release
DELAYED="${DELAYED:-200}"
DELAY_MS="${DELAY_MS:-2000}"

start_openmarket --database ":memory:" --log-level warning
url=$OPENMARKET_URL
curl -sf -X POST "$url/__admin/faults" \
  -d "{\"path\": \"/api/products\", \"action\": \"respond\", \"delayMs\": $DELAY_MS}" >/dev/null

read -r alone_reqs alone_p99 <<<"$(measure "$url/healthChecker")"

# delayed_waves URL SECONDS : waves of $DELAYED concurrent delayed requests until SECONDS have passed; prints the
# first wave's wall time (from before its threads start), the slowest request, how many requests finished, failures.
delayed_waves() {
  python3 - "$1" "$2" "$DELAYED" <<'PY'
import http.client, sys, threading, time, urllib.parse
url, seconds, count = urllib.parse.urlparse(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
deadline = time.monotonic() + seconds
lock = threading.Lock()
slowest, done, failures, waves, first_wave = 0.0, 0, 0, 0, None
wave_start = time.monotonic()
def wave_over():  # runs once per wave, when every thread has finished its request
    global waves, first_wave, going
    waves += 1
    if first_wave is None:
        first_wave = time.monotonic() - wave_start
    going = time.monotonic() < deadline and waves < 100  # bounded: a wave takes at least the delay
going = True
barrier = threading.Barrier(count, action=wave_over)
def run():
    global slowest, done, failures
    while going:
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10, source_address=("127.0.0.2", 0))
            connection.request("GET", "/api/products?page_no=1&items_per_page=1")
            response = connection.getresponse(); response.read(); connection.close()
            ok = response.status == 200
        except OSError:
            ok = False
        with lock:
            slowest = max(slowest, time.monotonic() - started); done += ok; failures += not ok
        barrier.wait(timeout=30)
threads = [threading.Thread(target=run) for _ in range(count)]
for thread in threads: thread.start()
for thread in threads: thread.join(timeout=seconds + 60)
print(f"{first_wave:.2f} {slowest:.2f} {done} {failures}")
PY
}

seconds=${DURATION%s}
delayed_waves "$url" "$((seconds + 4))" >"$WORK_DIR/waves.out" &
waves_pid=$!
sleep 1  # the first wave is in flight before wrk starts
read -r loaded_reqs loaded_p99 <<<"$(measure_once "$url/healthChecker")"
wait "$waves_pid"
read -r first_wave slowest finished failed <"$WORK_DIR/waves.out"

echo "threads $THREADS, $DELAYED concurrent requests delayed $DELAY_MS ms, wrk -c$CONNECTIONS -d$DURATION"
echo "first wave of $DELAYED delayed requests: all done in $first_wave s (slowest request $slowest s); $finished finished, $failed failed"
printf '/healthChecker alone           %10s req/s  p99 %7s ms\n' "$alone_reqs" "$alone_p99"
printf '/healthChecker beside delays   %10s req/s  p99 %7s ms  ratio %s\n' "$loaded_reqs" "$loaded_p99" \
  "$(awk -v a="$loaded_reqs" -v b="$alone_reqs" 'BEGIN { printf "%.2f", a / b }')"
