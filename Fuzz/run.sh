#!/usr/bin/env bash
# Builds a libFuzzer target (swiftc -sanitize=fuzzer,address) and fuzzes it for the given number of seconds (default
# 60), from its committed seeds (Fuzz/TARGET/seeds) and what earlier runs found (Fuzz/corpus/TARGET); crashes go to
# Fuzz/artifacts/TARGET (both ignored by git). TARGET: multipart, json, request-target, explain, fixture, shim (the C shim
# over a socket: Fuzz/shim/harness.py, which needs no libFuzzer) or all (one after the other).
#   Fuzz/run.sh TARGET [SECONDS]            fuzz; prints libFuzzer's final stats (executions, exec/s)
#   Fuzz/run.sh TARGET 0 INPUT...           replay inputs (a crash artifact, a seed)
set -euo pipefail
shopt -s nullglob
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
target="${1:?usage: Fuzz/run.sh multipart|json|request-target|explain|fixture|shim|all [SECONDS] [INPUT...]}"
seconds="${2:-60}"
if [[ "$target" == all ]]; then
  for each in multipart json request-target explain fixture shim; do "$0" "$each" "$seconds"; done
  exit
fi
if [[ "$target" == shim ]]; then
  # Not libFuzzer: Fuzz/shim/harness.py against openmarket built with ASan and UBSan for the C (the address leg's
  # build, scripts/test-sanitizers), on the system's libmicrohttpd (0.9.75) and on 1.0.x, each for SECONDS.
  cd "$root"
  ubsan=(--sanitize=address -Xcc -fsanitize=undefined)
  swift build --quiet --product openmarket "${ubsan[@]}" --scratch-path .build-asan
  prefix=$(./scripts/build-libmicrohttpd-1.0)
  PKG_CONFIG_PATH="$prefix/lib/pkgconfig" swift build --quiet --product openmarket "${ubsan[@]}" \
    --scratch-path .build-asan-mhd1
  export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 SWIFT_BACKTRACE=enable=no
  echo "== shim, libmicrohttpd $(pkg-config --modversion libmicrohttpd)"
  "$here/shim/harness.py" .build-asan/debug/openmarket "$seconds" "${@:3}"
  echo "== shim, libmicrohttpd $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion libmicrohttpd)"
  LD_LIBRARY_PATH="$prefix/lib" "$here/shim/harness.py" .build-asan-mhd1/debug/openmarket "$seconds" "${@:3}"
  exit
fi
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
# OpenMarketLocking's atomic word imports the C header beside its module map.
flags=(-O -sanitize=fuzzer,address -parse-as-library -package-name OpenMarket
  -I "$root/Sources/Core/COpenMarketAtomics/include")

module() {  # module NAME [SWIFTC_ARGUMENTS...] SOURCES...: an instrumented module the target imports
  local name=$1
  shift
  swiftc "${flags[@]}" -wmo -module-name "$name" -I "$build" -emit-module -emit-module-path "$build/$name.swiftmodule" \
    -c -o "$build/$name.o" "$@"
}

case "$target" in
  multipart)
    sources=("$root"/Sources/Core/OpenMarketMultipart/*.swift "$root/Sources/Core/OpenMarketWireFormat/SplitMix64.swift") ;;
  json)
    module OpenMarketLocking "$root"/Sources/Core/OpenMarketLocking/*.swift
    module OpenMarketWireFormat -enable-testing "$root"/Sources/Core/OpenMarketWireFormat/{,*/}*.swift
    sources=() ;;
  request-target)
    module OpenMarketLocking "$root"/Sources/Core/OpenMarketLocking/*.swift
    module OpenMarketHTTPCore -enable-testing "$root"/Sources/Transport/OpenMarketHTTPCore/*.swift
    sources=("$root/Sources/Client/OpenMarketClient/Transport/PercentEncoding.swift") ;;
  explain)
    module OpenMarketMultipart "$root"/Sources/Core/OpenMarketMultipart/*.swift
    sources=("$root"/Sources/Products/openmarket/{ExplainInput,ChunkedBody,RuntimeFailure}.swift) ;;
  fixture)
    # The C modules' folders hold their module maps; the maps link sqlite3 and z.
    c_modules=(-I "$root/Sources/Core/COpenMarketSQLite" -I "$root/Sources/API/COpenMarketZlib")
    # The package's language mode and upcoming features (Package.swift): the catalogue's imports need them.
    flags+=(-swift-version 6 -enable-upcoming-feature InternalImportsByDefault -enable-upcoming-feature MemberImportVisibility
      -enable-upcoming-feature ExistentialAny)
    module OpenMarketLocking "$root"/Sources/Core/OpenMarketLocking/*.swift
    module OpenMarketWireFormat "$root"/Sources/Core/OpenMarketWireFormat/{,*/}*.swift
    module OpenMarketSQLite "${c_modules[@]}" "$root"/Sources/Core/OpenMarketSQLite/*.swift
    module OpenMarketStore "${c_modules[@]}" "$root"/Sources/Core/OpenMarketStore/*.swift
    module OpenMarketCatalogue "${c_modules[@]}" "$root"/Sources/API/OpenMarketCatalogue/{,*/}*.swift
    module OpenMarketHTTPCore "$root"/Sources/Transport/OpenMarketHTTPCore/*.swift
    flags+=("${c_modules[@]}" -lsqlite3 -lz)
    # The reader of POST /__admin/products bodies and the error it throws, compiled into the target.
    sources=("$root"/Sources/API/OpenMarketAdminPlane/{Products/ProductInsertRequest,AdminError,AdminJSON}.swift)
    # swift-foundation's FileManager.contents(atPath:) leaks a 4 KB buffer when it reads an empty file (Swift
    # 6.3.1): the toolchain's, not the reader's (docs/contributing.md#sanitizers says why leaks are not checked).
    export ASAN_OPTIONS=detect_leaks=0 ;;
  *) echo "unknown target: $target (multipart, json, request-target, explain, fixture, shim, all)" >&2; exit 64 ;;
esac
swiftc "${flags[@]}" -module-name FuzzTarget -I "$build" -o "$build/fuzz" "$here/$target/FuzzTarget.swift" \
  ${sources[@]+"${sources[@]}"} "$build"/*.o 2>&1 | grep -v "Cannot export local symbol" >&2 || true
[[ -x "$build/fuzz" ]] || { echo "Fuzz/run.sh: $target did not build" >&2; exit 1; }
# The Swift backtracer trips AddressSanitizer after a fatalError; libFuzzer's own report is enough. What a target
# writes in the temporary folder (the fixture target's files) goes with the build.
export SWIFT_BACKTRACE=enable=no TMPDIR="$build"
if [[ $# -gt 2 ]]; then
  "$build/fuzz" "${@:3}"
  exit
fi
corpus="$here/corpus/$target"
artifacts="$here/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
"$build/fuzz" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=5 -max_len=16384 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$corpus" "$here/$target/seeds"
