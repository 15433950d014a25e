#!/usr/bin/env bash
# v2b benchmark: seeds 100 products through the API, then compares GET detail and GET list with (a) bare
# libmicrohttpd and (b) nginx serving the very same response bytes as a static file. Also measures creates per
# second with one 100 KB image, the time from start to the first 200 on an existing database, and idle RSS.
# Environment: THREADS, DURATION (default 10s), CONNECTIONS (64), ROUNDS (3).
source "$(dirname "$0")/lib.sh"
ensure_tool wrk wrk
ensure_tool nginx nginx-light
build_release
build_bare

database="$WORK_DIR/bench.sqlite"
start_openmarket --database "$database" --log-level warning
identifier=demo-vendor-identifier
secret=demo-vendor-secret
python3 - "$WORK_DIR" <<'PY'
import os, sys
work = sys.argv[1]
image = b"\xff\xd8\xff\xe0" + os.urandom(100 * 1024 - 4)
boundary = "BenchBoundary7F3A"
params = '{"name":"벤치마크 상품","description":"A product seeded by the benchmark","price":123456789,"currency":"KRW","discounted_price":1000,"stock":5,"secret":"demo-vendor-secret"}'
body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n{params}\r\n"
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"photo.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n").encode() + image + f"\r\n--{boundary}--\r\n".encode()
open(os.path.join(work, "create.body"), "wb").write(body)
open(os.path.join(work, "create.lua"), "w").write(
    'local f = io.open("%s", "rb")\nwrk.method = "POST"\nwrk.body = f:read("*a")\nf:close()\n'
    'wrk.headers["Content-Type"] = "multipart/form-data; boundary=%s"\nwrk.headers["identifier"] = "demo-vendor-identifier"\n'
    % (os.path.join(work, "create.body"), boundary))
PY
for _ in $(seq 1 100); do
  curl -sf -o /dev/null -X POST -H "identifier: $identifier" \
    -H "Content-Type: multipart/form-data; boundary=BenchBoundary7F3A" --data-binary "@$WORK_DIR/create.body" \
    "$OPENMARKET_URL/api/products"
done

detail_path="/api/products/50"
list_path="/api/products?page_no=1&items_per_page=20"
curl -sf -o "$WORK_DIR/detail.json" "$OPENMARKET_URL$detail_path"
curl -sf -o "$WORK_DIR/list.json" "$OPENMARKET_URL$list_path"
ours_pid=${PIDS[-1]}
ours_url=$OPENMARKET_URL

detail_port=$(free_port)
start_bare "$detail_port" application/json "$WORK_DIR/detail.json"
list_port=$(free_port)
start_bare "$list_port" application/json "$WORK_DIR/list.json"

nginx_port=$(free_port)
mkdir -p "$WORK_DIR/www" "$WORK_DIR/nginx"
cp "$WORK_DIR/detail.json" "$WORK_DIR/www/detail.json"
cp "$WORK_DIR/list.json" "$WORK_DIR/www/list.json"
cat >"$WORK_DIR/nginx/nginx.conf" <<CONF
worker_processes $THREADS;
daemon off;
pid $WORK_DIR/nginx/nginx.pid;
error_log $WORK_DIR/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  client_body_temp_path $WORK_DIR/nginx;
  proxy_temp_path $WORK_DIR/nginx;
  fastcgi_temp_path $WORK_DIR/nginx;
  uwsgi_temp_path $WORK_DIR/nginx;
  scgi_temp_path $WORK_DIR/nginx;
  server { listen 127.0.0.1:$nginx_port; root $WORK_DIR/www; keepalive_requests 1000000; }
}
CONF
nginx -c "$WORK_DIR/nginx/nginx.conf" &
PIDS+=($!)
for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$nginx_port/detail.json" && break; sleep 0.05; done
compare_rounds \
  ours_detail="$ours_url$detail_path" bare_detail="http://127.0.0.1:$detail_port/" \
  nginx_detail="http://127.0.0.1:$nginx_port/detail.json" \
  ours_list="$ours_url$list_path" bare_list="http://127.0.0.1:$list_port/" \
  nginx_list="http://127.0.0.1:$nginx_port/list.json"
rss_kb=$(ps -o rss= -p "$ours_pid" | tr -d ' ')
cleanup_servers

# Startup on the existing database: from exec to the first 200 from /healthChecker.
read -r start_ms idle_rss_mb < <(python3 - "$OPENMARKET" "$database" <<'PY'
import subprocess, sys, time, urllib.request
best = None
rss = None
for _ in range(5):
    began = time.monotonic()
    proc = subprocess.Popen([sys.argv[1], "serve", "--port", "0", "--database", sys.argv[2], "--log-level", "warning"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    while line and "http://" not in line:
        line = proc.stdout.readline()
    if not line:
        sys.exit("the emulator exited before printing its address")
    url = line[line.index("http://"):].split()[0]
    for _ in range(1000):
        try:
            if urllib.request.urlopen(url + "/healthChecker", timeout=2).status == 200: break
        except OSError:
            time.sleep(0.001)
    else:
        sys.exit("the emulator never answered /healthChecker")
    elapsed = (time.monotonic() - began) * 1000
    best = elapsed if best is None else min(best, elapsed)
    if rss is None:
        time.sleep(1)
        rss = int(open(f"/proc/{proc.pid}/status").read().split("VmRSS:")[1].split()[0]) // 1024
    proc.terminate(); proc.wait()
print(f"{best:.1f} {rss}")
PY
)

start_openmarket --database "$WORK_DIR/creates.sqlite" --log-level warning
creates=$(wrk -t2 -c8 -d"$DURATION" -s "$WORK_DIR/create.lua" "$OPENMARKET_URL/api/products" | awk '/Requests\/sec/ { printf "%.0f", $2 }')

echo "threads=$THREADS connections=$CONNECTIONS duration=$DURATION, median of $ROUNDS alternating rounds, detail=$(wc -c <"$WORK_DIR/detail.json")B list=$(wc -c <"$WORK_DIR/list.json")B"
report "GET $detail_path" "$RESULT_ours_detail" "bare libmicrohttpd" "$RESULT_bare_detail"
report "GET $detail_path" "$RESULT_ours_detail" "nginx static" "$RESULT_nginx_detail"
report "GET /api/products (20 items)" "$RESULT_ours_list" "bare libmicrohttpd" "$RESULT_bare_list"
report "GET /api/products (20 items)" "$RESULT_ours_list" "nginx static" "$RESULT_nginx_list"
echo "creates with one 100 KB image: $creates req/s (8 connections)"
echo "startup to first 200 on an existing database: ${start_ms} ms (best of 5)"
echo "idle RSS on the existing database: ${idle_rss_mb} MiB; RSS after the read benchmarks: $((rss_kb / 1024)) MiB"
