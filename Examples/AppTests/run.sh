#!/usr/bin/env bash
# Runs the example app's tests (XCTest and Swift Testing, in parallel, each test on its own in-process emulator),
# then proves that a package using only the OpenMarketEmulator library builds without libmicrohttpd: with
# pkg-config unable to find it, the build compiles none of the HTTP server's C shim and links no libmicrohttpd.
# Usage: Examples/AppTests/run.sh
set -euo pipefail
example="$(cd "$(dirname "$0")" && pwd)"

# Its own build folder, so the closure check below sees only what this package's build compiled and linked.
scratch="$example/.build"
empty="$(mktemp -d)"
trap 'rm -rf "$empty"' EXIT

PKG_CONFIG_PATH="$empty" PKG_CONFIG_LIBDIR="$empty" \
    swift build --package-path "$example" --scratch-path "$scratch" --build-tests -v >"$empty/build.log" 2>&1 || {
    tail -50 "$empty/build.log" >&2
    exit 1
}
if grep -E -q 'HTTPShim|http_shim|CMicroHTTPD|-lmicrohttpd' "$empty/build.log"; then
    echo "the OpenMarketEmulator closure reaches libmicrohttpd:" >&2
    grep -E 'HTTPShim|http_shim|CMicroHTTPD|-lmicrohttpd' "$empty/build.log" | head -5 >&2
    exit 1
fi
if find "$scratch" -name 'HTTPShim.build' -o -name 'HTTPServer.build' | grep -q .; then
    echo "the build compiled the HTTP server (HTTPShim/HTTPServer), which OpenMarketEmulator must not need" >&2
    exit 1
fi
echo "OpenMarketEmulator builds without libmicrohttpd: no HTTPShim, HTTPServer or -lmicrohttpd in the build"

swift test --package-path "$example" --scratch-path "$scratch" --skip-build --parallel
