#!/usr/bin/env bash
# Start to first answer of `openmarket serve --seed demo`: from exec until the first product list has arrived over
# loopback, median of ROUNDS starts, each on a fresh in-memory database. Measured for the release and the debug build,
# with the demo pictures' disk cache warm (what every start after the first one of a build sees) and cold (an empty
# OPENMARKET_CACHE_DIR, so the 162 pictures are drawn, as every start did before the cache).
# Environment: ROUNDS (default 7), COLD_ROUNDS (default 3; a cold debug start draws unoptimised, which takes long).
source "$(dirname "$0")/lib.sh"
ROUNDS="${ROUNDS:-7}"
COLD_ROUNDS="${COLD_ROUNDS:-3}"
"$REPO_DIR/scripts/ensure-dependencies"
(cd "$REPO_DIR" && swift build -c release --product openmarket --quiet && swift build --product openmarket --quiet)

for configuration in release debug; do
  binary="$REPO_DIR/.build/$configuration/openmarket"
  warm="$WORK_DIR/cache-$configuration"
  first_answer "$binary" "$warm" 1 >/dev/null  # fills the cache
  warm_ms=$(first_answer "$binary" "$warm" "$ROUNDS")
  cold_runs=()
  for round in $(seq 1 "$COLD_ROUNDS"); do
    cold_runs+=("$(first_answer "$binary" "$WORK_DIR/cold-$configuration-$round" 1)")
  done
  cold_ms=$(printf '%s\n' "${cold_runs[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  echo "$configuration: first answer after ${warm_ms} ms with the picture cache warm, ${cold_ms} ms cold (drawing);" \
    "$(awk -v w="$warm_ms" 'BEGIN { printf "%.1f", 465 / w }')x faster than the 465 ms every start took before"
done
