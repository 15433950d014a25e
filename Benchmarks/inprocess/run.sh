#!/usr/bin/env bash
# In-process emulator benchmark (release builds, loopback only): detail and list round trips per second through
# URLSession, in process and against `openmarket serve --seed demo` on loopback with the same Swift client (and wrk
# for the live server's own ceiling); the time to make an empty and a demo emulator, in release and in debug (an
# app's tests link the library in debug); the wall time of a 100-test parallel Swift Testing suite (debug build, as
# an app's tests run), each test on its own demo emulator; and `openmarket serve --seed demo`'s time from exec to
# its first answer (release, in-memory database, the demo pictures' disk cache warm).
# Environment: ROUNDS (5), SECONDS_PER_ROUND (3), CONCURRENCY (8), CREATIONS (200), STARTS (9).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../lib.sh"
ensure_tool wrk wrk
build_release
rounds="${ROUNDS:-5}"
seconds="${SECONDS_PER_ROUND:-3}"
concurrency="${CONCURRENCY:-8}"
creations="${CREATIONS:-200}"
starts="${STARTS:-9}"

swift build -c release --package-path "$here" --product EmulatorBenchmark --quiet
bench="$(swift build -c release --package-path "$here" --show-bin-path)/EmulatorBenchmark"

echo "round trips per second, median of $rounds rounds of ${seconds}s, $concurrency requests in flight (URLSession):"
"$bench" inprocess "$rounds" "$seconds" "$concurrency" | sed 's/^/  in process   /'
start_openmarket --database ":memory:" --seed demo --log-level warning --journal 0
"$bench" live "$OPENMARKET_URL" "$rounds" "$seconds" "$concurrency" | sed 's/^/  live server  /'
for target in "/api/products/1" "/api/products?page_no=1&items_per_page=20"; do
    read -r reqs p99 <<<"$(CONNECTIONS=$concurrency DURATION=${seconds}s measure "$OPENMARKET_URL$target")"
    echo "  live server, wrk: $target $reqs req/s (p99 $p99 ms)"
done
stop_last

echo "making an emulator (microseconds; the first of each kind, then median and p90 of $creations after it):"
"$bench" creation "$creations" | sed 's/^/  release  /'
swift build --package-path "$here" --product EmulatorBenchmark --quiet
"$(swift build --package-path "$here" --show-bin-path)/EmulatorBenchmark" creation "$creations" | sed 's/^/  debug    /'

swift build --package-path "$here" --build-tests --quiet
started=$(date +%s%N)
swift test --package-path "$here" --skip-build >"$WORK_DIR/hundred.log" 2>&1 || { tail -30 "$WORK_DIR/hundred.log"; exit 1; }
finished=$(date +%s%N)
echo "100-test parallel suite (debug, each test its own demo emulator): $(( (finished - started) / 1000000 )) ms wall"

first_answer "$OPENMARKET" "$WORK_DIR/cache" 1 >/dev/null  # fills the demo pictures' cache
echo "openmarket serve --seed demo, exec to first answer (release, median of $starts): $(first_answer "$OPENMARKET" "$WORK_DIR/cache" "$starts") ms"
