#!/usr/bin/env bash
# Proves that a package using only the OpenMarketEmulator library builds without libmicrohttpd, then runs the
# example app's tests (XCTest and Swift Testing, in parallel, each test on its own in-process emulator).
# The check: from an empty build folder, with pkg-config unable to find libmicrohttpd, the test targets and
# everything they depend on build, and none of the HTTP server's C shim or libmicrohttpd is compiled or named.
# Usage: Examples/AppTests/run.sh
set -euo pipefail
example="$(cd "$(dirname "$0")" && pwd)"
scratch="$example/.build/run"
empty="$(mktemp -d)"
trap 'rm -rf "$empty"' EXIT
rm -rf "$scratch"

for target in MarketAppXCTests MarketAppTests; do
    PKG_CONFIG_PATH="$empty" PKG_CONFIG_LIBDIR="$empty" \
        swift build --package-path "$example" --scratch-path "$scratch" --target "$target" -v \
        >>"$empty/build.log" 2>&1 || { tail -50 "$empty/build.log" >&2; exit 1; }
done
if grep -E -q 'OpenMarketHTTPShim|http_shim|COpenMarketMicroHTTPD|microhttpd' "$empty/build.log"; then
    echo "building OpenMarketEmulator reached libmicrohttpd:" >&2
    grep -E 'OpenMarketHTTPShim|http_shim|COpenMarketMicroHTTPD|microhttpd' "$empty/build.log" | head -5 >&2
    exit 1
fi
# SwiftPM plans every target of the graph and makes its folder; only what was compiled has object files.
if find "$scratch" \( -path '*/OpenMarketHTTPShim.build/*.o' -o -path '*/OpenMarketHTTPServer.build/*.o' \) \
    | grep -q .; then
    echo "building OpenMarketEmulator compiled the HTTP server (OpenMarketHTTPShim, OpenMarketHTTPServer)," \
        "which it must not need" >&2
    exit 1
fi
echo "OpenMarketEmulator builds without libmicrohttpd:" \
    "no OpenMarketHTTPShim, OpenMarketHTTPServer or microhttpd in its build"

# A build without --target also builds the project's server products, so from here libmicrohttpd is needed as usual.
swift build --package-path "$example" --scratch-path "$scratch" --build-tests --quiet
swift test --package-path "$example" --scratch-path "$scratch" --skip-build --parallel
