#!/usr/bin/env bash
# What the request journal costs: /healthChecker, a detail and a list on two v2b servers side by side, one with the
# journal on (the default, 1000 entries) and one with --journal 0, measured in alternating rounds (medians of
# $ROUNDS). Then memory: 10,000 requests with 1 MB bodies into a journal that keeps at most 64 MiB of bodies,
# with the server's RSS before and after.
# Environment: THREADS, DURATION (default 10s), CONNECTIONS (64), ROUNDS (3), MEMORY_REQUESTS (10000).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
build_release

seed() {  # seed URL : ten products with a small image, so detail and list have something to show
  python3 - "$1" <<'PY'
import http.client, sys, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
png = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082")
boundary = "JournalBench7F3A"
params = '{"name":"저널 벤치","description":"journal benchmark product","price":1000,"currency":"KRW","stock":3,"secret":"demo-vendor-secret"}'
body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n{params}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n").encode() + png + f"\r\n--{boundary}--\r\n".encode()
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
for _ in range(10):
    connection.request("POST", "/api/products", body, {"Content-Type": f"multipart/form-data; boundary={boundary}", "identifier": "demo-vendor-identifier"})
    response = connection.getresponse(); response.read()
    assert response.status == 201, response.status
PY
}

start_openmarket --database ":memory:" --log-level warning
on_url=$OPENMARKET_URL; on_pid=${PIDS[-1]}
seed "$on_url"
start_openmarket --database ":memory:" --log-level warning --journal 0
off_url=$OPENMARKET_URL
seed "$off_url"

detail="/api/products/5"
list="/api/products?page_no=1&items_per_page=20"
compare_rounds \
  health_on="$on_url/healthChecker" health_off="$off_url/healthChecker" \
  detail_on="$on_url$detail" detail_off="$off_url$detail" \
  list_on="$on_url$list" list_off="$off_url$list"
echo "journal on vs --journal 0, $THREADS threads, $CONNECTIONS connections, medians of $ROUNDS rounds of $DURATION:"
report "GET /healthChecker, journal on" "$RESULT_health_on" "--journal 0" "$RESULT_health_off"
report "GET detail, journal on" "$RESULT_detail_on" "--journal 0" "$RESULT_detail_off"
report "GET list, journal on" "$RESULT_list_on" "--journal 0" "$RESULT_list_off"

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$1/status"; }
before=$(rss "$on_pid")
python3 - "$on_url" "${MEMORY_REQUESTS:-10000}" <<'PY'
import http.client, sys, time, urllib.parse
url = urllib.parse.urlparse(sys.argv[1])
count = int(sys.argv[2])
body = b"x" * 1_000_000
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
started = time.monotonic()
for number in range(count):
    # Refused (no multipart Content-Type), but journaled with its whole body: the journal's worst case.
    connection.request("POST", "/api/products", body, {"Content-Type": "application/octet-stream", "identifier": "demo-vendor-identifier"})
    response = connection.getresponse(); response.read()
    if time.monotonic() - started > 300:
        sys.exit(f"gave up after {number} requests and 300 s")
print(f"{count} requests of 1 MB in {time.monotonic() - started:.1f} s")
PY
after=$(rss "$on_pid")
held=$(curl -sf "$on_url/__admin/health" | python3 -c 'import json,sys; print(json.load(sys.stdin)["journal"]["entries"])')
echo "RSS of the journal-on server: ${before} KiB before, ${after} KiB after; the journal holds $held entries (cap: 64 MiB of bodies)"
