#!/usr/bin/env bash
# Builds the multipart parse benchmark with optimisation (swiftc -O -wmo over Sources/Multipart)
# and prints the throughput figures and their ratio to the delimiter-scan floor.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
swiftc -O -wmo -module-name MultipartBenchmark -o "$build/multipart-benchmark" \
    "$root"/Sources/Multipart/*.swift "$root/Sources/WireFormat/SplitMix64.swift" "$here/main.swift"
"$build/multipart-benchmark"
