#!/usr/bin/env bash
# The timings the test suite only bounds loosely (tests assert behaviour, not speed): how long POST /__admin/reset
# takes on a v2b store of 50 products (the tests once asked for under 100 ms), and how close answers delayed by
# latency (200-400 ms) and by a `respond` fault (delayMs 300) come to their bounds. Each figure is the median and
# the slowest of ROUNDS (default 20) timed requests over one kept-alive connection.
# Environment: THREADS, ROUNDS (20).
source "$(dirname "$0")/lib.sh"
build_release
ROUNDS="${ROUNDS:-20}"

start_openmarket --database "$WORK_DIR/latency.sqlite" --log-level warning
python3 - "$OPENMARKET_URL" "$ROUNDS" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
url, rounds = urllib.parse.urlparse(sys.argv[1]), int(sys.argv[2])
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)

def call(method, path, body=None, headers=None):
    connection.request(method, path, body, headers or {})
    response = connection.getresponse()
    response.read()
    return response.status

def timed(method, path, body=None, headers=None):
    started = time.monotonic()
    status = call(method, path, body, headers)
    assert status < 300, (method, path, status)
    return (time.monotonic() - started) * 1000

def create():
    params = json.dumps({"name": "bench", "description": "latency benchmark", "price": 1000, "currency": "KRW",
                         "stock": 1, "secret": "demo-vendor-secret"})
    boundary = "LatencyBench9C1D"
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63"
                        "f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082")
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{params}\r\n--{boundary}\r\n"
            "Content-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n"
            ).encode() + png + f"\r\n--{boundary}--\r\n".encode()
    assert call("POST", "/api/products", body, {"Content-Type": f"multipart/form-data; boundary={boundary}",
                                                 "identifier": "demo-vendor-identifier"}) == 201

def show(name, samples, bound=""):
    print(f"{name:44s} median {statistics.median(samples):8.1f} ms  slowest {max(samples):8.1f} ms  {bound}")

resets = []
for _ in range(rounds):
    for _ in range(50):
        create()
    resets.append(timed("POST", "/__admin/reset"))
show("reset of 50 products", resets, "(was asserted < 100 ms)")

call("PUT", "/__admin/latency", json.dumps({"minMs": 200, "maxMs": 400}))
show("list with latency 200-400 ms", [timed("GET", "/api/products?page_no=1&items_per_page=10") for _ in range(rounds)])
call("PUT", "/__admin/latency", json.dumps({"minMs": 0, "maxMs": 0}))
show("list without latency", [timed("GET", "/api/products?page_no=1&items_per_page=10") for _ in range(rounds)],
     "(was asserted < 150 ms)")
call("POST", "/__admin/faults", json.dumps({"path": "/healthChecker", "action": "respond", "delayMs": 300}))
show("healthChecker with a 300 ms respond fault", [timed("GET", "/healthChecker") for _ in range(rounds)],
     "(was asserted < 2 s)")
PY
