#!/usr/bin/env bash
# Emulator lifetime benchmark: makes, uses (list, detail, a create) and drops COUNT (1000) demo emulators one after
# another in one process, as an app's suite with one emulator per test does, and prints the resident memory after
# the first and at the end (exit 1 when it grew by more than ALLOWANCE_MB, 50) and the time per emulator per tenth
# (flat when nothing is kept). CONFIGURATION=debug measures the debug build an app's tests link (default: release).
# Usage: Benchmarks/lifetime/run.sh   (COUNT, ALLOWANCE_MB, CONFIGURATION override the defaults)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
configuration="${CONFIGURATION:-release}"
swift build -c "$configuration" --package-path "$here/../.." --product OpenMarketEmulatorLifetimeBenchmark --quiet >&2
bin="$(swift build -c "$configuration" --package-path "$here/../.." --show-bin-path)"
echo "($configuration build)"
exec "$bin/OpenMarketEmulatorLifetimeBenchmark" "${COUNT:-1000}" "${ALLOWANCE_MB:-50}"
