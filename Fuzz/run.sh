#!/usr/bin/env bash
# Builds the libFuzzer target over Sources/Core/OpenMarketMultipart and fuzzes for the given number of seconds
# (default 60).
# Corpus and crash artifacts go to Fuzz/corpus and Fuzz/artifacts (both ignored by git).
# With input files after the seconds, it replays just those: ./run.sh 0 Fuzz/artifacts/crash-...
set -euo pipefail
seconds="${1:-60}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mkdir -p "$here/corpus" "$here/artifacts"
cp -n "$here"/seeds/* "$here/corpus/"
swiftc -O -sanitize=fuzzer,address -parse-as-library -package-name OpenMarket -module-name MultipartFuzz -o "$build/fuzz-multipart" \
    "$root"/Sources/Core/OpenMarketMultipart/*.swift "$root/Sources/Core/OpenMarketWireFormat/SplitMix64.swift" \
    "$here/FuzzTarget.swift"
# The Swift backtracer trips AddressSanitizer after a fatalError; libFuzzer's own report is enough.
export SWIFT_BACKTRACE=enable=no
if [ $# -gt 1 ]; then
    "$build/fuzz-multipart" "${@:2}"
    exit
fi
"$build/fuzz-multipart" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$here/artifacts/" "$here/corpus"
