#!/usr/bin/env bash
# How many heap allocations (malloc, calloc, realloc) the server makes per kept-alive request: healthChecker, a demo
# product's detail and the first list page, each asked 2,000 times on one connection (curl reuses it), counted with
# perf's uprobes on libc. Needs root (uprobes), perf and curl.
# Environment: OPENMARKET_BINARY (the build to count instead of this clone's release build), REQUESTS (2000).
source "$(dirname "$0")/lib.sh"
build_release
requests="${REQUESTS:-2000}"
libc=$(ldconfig -p | awk '/libc\.so\.6 / { print $NF; exit }')
for function in malloc calloc realloc; do
  perf probe -q -x "$libc" -a "$function" 2>/dev/null || true  # Already there from an earlier run: kept.
done
start_openmarket --database "$WORK_DIR/allocations.sqlite" --seed demo --log-level warning
server=${PIDS[-1]}
echo "kept-alive requests: $requests each; allocations per request (the server's, all threads)"
for path in /healthChecker /api/products/1 "/api/products?page_no=1&items_per_page=20"; do
  curl -sf -o /dev/null "$OPENMARKET_URL$path"  # Warm: the caches hold the answer from here on.
  urls=()
  for _ in $(seq 1 "$requests"); do urls+=(-o /dev/null "$OPENMARKET_URL$path"); done
  perf stat -x, -o "$WORK_DIR/allocations.csv" -e probe_libc:malloc,probe_libc:calloc,probe_libc:realloc -p "$server" \
    -- curl -sf "${urls[@]}"
  awk -F, -v path="$path" -v requests="$requests" '
    /probe_libc/ { split($3, event, ":"); counts[event[2]] = $1 / requests; total += $1 / requests }
    END { printf "%-44s %5.2f  (malloc %.2f, calloc %.2f, realloc %.2f)\n", path, total, counts["malloc"], counts["calloc"], counts["realloc"] }
  ' "$WORK_DIR/allocations.csv"
done
