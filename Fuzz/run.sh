#!/usr/bin/env bash
# Builds the libFuzzer target over Sources/Multipart and fuzzes for the given number of seconds (default 60).
# Corpus and crash artifacts go to Fuzz/corpus and Fuzz/artifacts (both ignored by git).
set -euo pipefail
seconds="${1:-60}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
mkdir -p "$here/corpus" "$here/artifacts"
cp -n "$here"/seeds/* "$here/corpus/"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name MultipartFuzz \
    "$root"/Sources/Multipart/*.swift "$here/FuzzTarget.swift" -o "$build/fuzz-multipart"
"$build/fuzz-multipart" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$here/artifacts/" "$here/corpus"
