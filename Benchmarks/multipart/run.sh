#!/usr/bin/env bash
# Builds the multipart parse benchmark with optimisation (swiftc -O -wmo over Sources/Core/OpenMarketMultipart)
# and prints the throughput figures and their ratio to the delimiter-scan floor.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
swiftc -O -wmo -package-name OpenMarket -module-name MultipartBenchmark -o "$build/multipart-benchmark" \
    "$root"/Sources/Core/OpenMarketMultipart/*.swift "$root/Sources/Core/OpenMarketWireFormat/SplitMix64.swift" \
    "$here/main.swift"
"$build/multipart-benchmark"
