# Shared by the benchmark scripts: tools, the release build, and wrk runs that print req/s and p99.
set -euo pipefail
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$BENCH_DIR/.." && pwd)"
WORK_DIR="$(mktemp -d /tmp/openmarket-bench.XXXXXX)"
THREADS="${THREADS:-$(nproc 2>/dev/null || sysctl -n hw.ncpu)}"
DURATION="${DURATION:-10s}"
ROUNDS="${ROUNDS:-3}"
CONNECTIONS="${CONNECTIONS:-64}"
# PIN=1 runs every server on the first CPU and wrk on the others (taskset, Linux). Unpinned on two cores, where the
# scheduler happens to put the server's and wrk's threads moved bare libmicrohttpd's figure by a seventh from one run
# to the next, its connections handed over evenly both times (a server whose threads share a core while wrk has the
# other serves the most); pinned, a figure is the server's own cost on one core.
SERVER_CPUS=()
CLIENT_CPUS=()
if [ "${PIN:-0}" = 1 ]; then
  SERVER_CPUS=(taskset -c 0)
  CLIENT_CPUS=(taskset -c "1-$(($(nproc) - 1))")
fi
PIDS=()
# Stops every server started so far and waits for them to exit.
cleanup_servers() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  PIDS=()
}
cleanup() {
  cleanup_servers
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT

ensure_tool() {  # ensure_tool COMMAND DEBIAN_PACKAGE
  command -v "$1" >/dev/null 2>&1 && return 0
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$2" >/dev/null
}

# OPENMARKET_BINARY=PATH benchmarks that binary instead of this clone's release build (e.g. another commit's, side by
# side). The emulator runs libmicrohttpd's poll loop; OPENMARKET_EVENT_LOOP=poll makes bare libmicrohttpd use it too
# (by default it takes libmicrohttpd's choice, epoll on Linux).
build_release() {
  if [ -n "${OPENMARKET_BINARY:-}" ]; then OPENMARKET=$OPENMARKET_BINARY; return 0; fi
  "$REPO_DIR/scripts/ensure-dependencies"
  (cd "$REPO_DIR" && swift build -c release --product openmarket --quiet)
  OPENMARKET="$REPO_DIR/.build/release/openmarket"
}

build_bare() {
  cc -O2 -o "$WORK_DIR/bare_microhttpd" "$BENCH_DIR/bare_microhttpd.c" $(pkg-config --cflags --libs libmicrohttpd)
}

# start_openmarket ARGS... : starts the emulator on a free port and sets OPENMARKET_URL.
start_openmarket() {
  "${SERVER_CPUS[@]}" "$OPENMARKET" serve --port 0 --threads "$THREADS" "$@" >"$WORK_DIR/serve.out" 2>"$WORK_DIR/serve.err" &
  PIDS+=($!)
  for _ in $(seq 1 100); do
    # The first line names the URL; on a wildcard address the lines after it name network addresses too.
    OPENMARKET_URL=$(head -n 1 "$WORK_DIR/serve.out" | grep -o 'http://[^ ]*' || true)
    [ -n "$OPENMARKET_URL" ] && return 0
    sleep 0.05
  done
  echo "the emulator did not start:" >&2; cat "$WORK_DIR/serve.err" >&2; exit 1
}

# start_bare PORT CONTENT_TYPE FILE
start_bare() {
  "${SERVER_CPUS[@]}" "$WORK_DIR/bare_microhttpd" "$1" "$THREADS" "$2" "$3" >"$WORK_DIR/bare.out" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 100); do grep -q listening "$WORK_DIR/bare.out" && return 0; sleep 0.05; done
  echo "bare libmicrohttpd did not start" >&2; exit 1
}

# Stops the server started last and waits until it has exited, so its port and CPU are free for the next one.
stop_last() {
  kill "${PIDS[-1]}" 2>/dev/null || true
  wait "${PIDS[-1]}" 2>/dev/null || true
  unset 'PIDS[-1]'
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# NEW_CONNECTIONS=1 makes every request ask for "Connection: close", so each one opens a connection of its own.
WRK_HEADERS=()
[ "${NEW_CONNECTIONS:-0}" = 1 ] && WRK_HEADERS=(-H "Connection: close")

# measure URL : prints "REQS P99_MS" after a warm-up; wrk stops by itself after $DURATION.
measure() {
  "${CLIENT_CPUS[@]}" wrk -t2 -c"$CONNECTIONS" -d2s "${WRK_HEADERS[@]}" "$1" >/dev/null
  measure_once "$1"
}

# measure_once URL : prints "REQS P99_MS" of one wrk run of $DURATION, without a warm-up.
measure_once() {
  "${CLIENT_CPUS[@]}" wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "${WRK_HEADERS[@]}" "$1" | awk '
    /Requests\/sec/ { reqs = $2 }
    /^ +99%/ { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } p99 = v }
    END { printf "%.0f %.2f\n", reqs, p99 }'
}

# median RESULT... : of "REQS P99" results, the one with the middle req/s.
median() {
  printf '%s\n' "$@" | sort -n | awk '{ line[NR] = $0 } END { print line[int((NR + 1) / 2)] }'
}

# compare_rounds NAME=URL... : measures every URL once per round, the URLs taking turns, so a slow patch of the
# machine hits them all alike; then sets RESULT_NAME to the median of each.
compare_rounds() {
  local pair name round
  declare -A runs=()
  for round in $(seq 1 "$ROUNDS"); do
    for pair in "$@"; do
      runs[${pair%%=*}]+="$(measure "${pair#*=}")"$'\n'
    done
  done
  for pair in "$@"; do
    name=${pair%%=*}
    mapfile -t lines <<<"${runs[$name]%$'\n'}"
    printf -v "RESULT_$name" '%s' "$(median "${lines[@]}")"
  done
}

# report NAME SUBJECT_RESULT BASELINE_NAME BASELINE_RESULT
report() {
  local reqs p99 base_reqs base_p99
  read -r reqs p99 <<<"$2"; read -r base_reqs base_p99 <<<"$4"
  printf '%-34s %10s req/s  p99 %7s ms | %-22s %10s req/s  p99 %7s ms | ratio %s\n' \
    "$1" "$reqs" "$p99" "$3" "$base_reqs" "$base_p99" "$(awk -v a="$reqs" -v b="$base_reqs" 'BEGIN { printf "%.2f", a / b }')"
}

# first_answer BINARY CACHE_DIR ROUNDS : prints the median milliseconds from exec to the first list answer.
first_answer() {
  python3 - "$1" "$2" "$3" <<'PY'
import http.client, os, statistics, subprocess, sys, time
binary, cache, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
environment = dict(os.environ, OPENMARKET_CACHE_DIR=cache)
times = []
for _ in range(rounds):
    started = time.monotonic()
    server = subprocess.Popen(
        [binary, "serve", "--port", "0", "--database", ":memory:", "--seed", "demo", "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
    try:
        line = server.stdout.readline()  # the listening line names the URL
        port = int(line.split("http://")[1].split()[0].rstrip("/").rsplit(":", 1)[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        connection.request("GET", "/api/products?page_no=1&items_per_page=10")
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200, answer.status
        times.append((time.monotonic() - started) * 1000)
    finally:
        server.terminate()
        server.wait(timeout=30)
print(f"{statistics.median(times):.0f}")
PY
}
