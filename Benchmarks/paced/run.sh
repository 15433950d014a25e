#!/usr/bin/env bash
# Whole bodies on a slow network for every kind of caller, on both transports (see Sources/PacedBodiesBenchmark):
# starts `openmarket serve --api v1b --seed demo` on a free loopback port, then measures it and an in-process
# emulator side by side, printing a Markdown table. About two minutes: edge moves 30,000 bytes a second.
# Usage: Benchmarks/paced/run.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
swift build --package-path "$root" --product openmarket --quiet >&2
swift build --package-path "$root" --product OpenMarketPacedBodiesBenchmark --quiet >&2
bin="$(swift build --package-path "$root" --show-bin-path)"
log=$(mktemp)
"$bin/openmarket" serve --api v1b --seed demo --port 0 --database :memory: --log-level warning >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 600); do
  grep -q listening "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
  sleep 0.1
done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$log" | head -n 1)
[[ -n "$url" ]] || { echo "the server did not start:" >&2; cat "$log" >&2; exit 1; }
"$bin/OpenMarketPacedBodiesBenchmark" "$url"
