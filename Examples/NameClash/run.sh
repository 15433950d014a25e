#!/usr/bin/env bash
# Proves that an app's package graph can hold this package beside packages with generic target names. From an empty
# build folder it resolves, builds and runs NameClashApp, which imports OpenMarketEmulator and the stand-ins of
# GenericNames (SQLite, CSQLite, CZlib, Locking, Multipart, WireFormat, HTTPCore, Catalogue, MultipartTests) in one
# file; checks that building OpenMarketEmulator ran no build plugin and built neither Yams nor
# OpenMarketSchemaEmbedder; and checks the rule behind it on Package.swift: every target that is not a test target
# has a name of the project's own (OpenMarket…, COpenMarket…, or the openmarket executable).
# Usage: Examples/NameClash/run.sh
set -euo pipefail
example="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$example/../.." && pwd)"
scratch="$example/.build/run"
rm -rf "$scratch"

# SwiftPM refuses a clash at graph loading, before it builds anything: "multiple packages ('genericnames',
# 'openmarket') declare targets with a conflicting name: 'Locking'; target names need to be unique across the
# package graph".
swift build --package-path "$example" --scratch-path "$scratch" --product NameClashApp --quiet
"$(swift build --package-path "$example" --scratch-path "$scratch" --show-bin-path)/NameClashApp"

# SwiftPM plans every target of the graph and makes its folder; only what was compiled has object files.
host_built="$(find "$scratch" \( -path '*/Yams.build/*.o' -o -path '*/OpenMarketSchemaEmbedder.build/*.o' \
    -o -path '*/plugins/outputs' \) | head -5)"
if [[ -n "$host_built" ]]; then
    echo "building OpenMarketEmulator built for the host (a build plugin's output, Yams or the embedder):" >&2
    echo "$host_built" >&2
    exit 1
fi
echo "OpenMarketEmulator beside the generic names: resolved, built and ran; no build plugin, Yams or embedder built"

mkdir -p "$scratch"
swift package --package-path "$repo" --scratch-path "$scratch/describe" describe --type json >"$scratch/describe.json"
python3 - "$scratch/describe.json" <<'PY'
import json
import sys

targets = [t for t in json.load(open(sys.argv[1]))["targets"] if t["type"] != "test"]
generic = sorted(t["name"] for t in targets
                 if not t["name"].startswith(("OpenMarket", "COpenMarket")) and t["name"] != "openmarket")
if generic:
    sys.exit("Package.swift: give these targets a name of the project's own, OpenMarket… (COpenMarket… for a C "
             "module), so that an app's package graph can hold them: " + ", ".join(generic))
print(f"Package.swift: all {len(targets)} targets but the tests have names of the project's own")
PY
