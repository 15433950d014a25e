#!/usr/bin/env bash
# What an app's dependency on OpenMarketEmulator builds, and how long it takes. For this clone (and for
# OPENMARKET_BASELINE=DIR, another checkout such as an older commit's, in the same alternating rounds): the targets
# of the library's closure and the packages they use, as `swift package describe` gives them (a build plugin and the
# tool it runs count: SwiftPM builds them for the host first); then the cold build of an app package whose one target
# imports OpenMarketEmulator (a fresh scratch path each round; the dependencies come from SwiftPM's shared cache, as on
# a machine that built a package before), median of ROUNDS, with the modules and plugins each build compiled.
# (`swift build --product OpenMarketEmulator` in this package would build everything: SwiftPM builds the default
# target instead of an automatic library product.) The machine's other load shows in the figures: compare checkouts
# only within one run.
# Environment: ROUNDS (default 3), OPENMARKET_BASELINE.
source "$(dirname "$0")/lib.sh"
checkouts=("$REPO_DIR")
[ -n "${OPENMARKET_BASELINE:-}" ] && checkouts=("$(cd "$OPENMARKET_BASELINE" && pwd)" "${checkouts[@]}")

for checkout in "${checkouts[@]}"; do
  echo "== $checkout ($(git -C "$checkout" log -1 --format=%h 2>/dev/null || echo 'not a git checkout'))"
  swift package --package-path "$checkout" --scratch-path "$WORK_DIR/describe" describe --type json \
    >"$WORK_DIR/describe.json"
  python3 - "$WORK_DIR/describe.json" <<'PY'
import json
import sys

package = json.load(open(sys.argv[1]))
closure = [t for t in package["targets"] if "OpenMarketEmulator" in (t.get("product_memberships") or [])]
for kind in ("library", "system-target", "plugin", "executable"):
    names = sorted(t["name"] for t in closure if t["type"] == kind)
    if names:
        print(f"  {kind} targets ({len(names)}): " + ", ".join(names))
products = sorted({p for t in closure for p in t.get("product_dependencies") or []})
print("  products of other packages: " + (", ".join(products) or "none"))
PY
  rm -rf "$WORK_DIR/describe"
done

# The app: one library target that imports the emulator, as an app's test target would.
for index in "${!checkouts[@]}"; do
  app="$WORK_DIR/app-$index"
  mkdir -p "$app/Sources/App"
  cat >"$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App", platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "openmarket", path: "${checkouts[$index]}")],
    targets: [.target(name: "App", dependencies: [.product(name: "OpenMarketEmulator", package: "openmarket")])])
SWIFT
  printf 'public import OpenMarketEmulator\n\npublic typealias Emulator = OpenMarketEmulator\n' \
    >"$app/Sources/App/App.swift"
done

declare -A seconds
for round in $(seq 1 "$ROUNDS"); do
  for index in "${!checkouts[@]}"; do
    scratch="$WORK_DIR/build-$index-$round"
    start=$(date +%s.%N)
    swift build --package-path "$WORK_DIR/app-$index" --scratch-path "$scratch" --quiet
    took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
    seconds[$index]+="$took "
    compiled=$(find "$scratch" -name '*.o' -path '*.build/*' | sed -E 's|.*/([^/]+)\.build/.*|\1|' | sort -u)
    plugins=$(find "$scratch/plugins/cache" -maxdepth 1 -type f -perm -u+x -printf '%f ' 2>/dev/null || true)
    echo "round $round, ${checkouts[$index]}: ${took} s; compiled $(echo "$compiled" | wc -l) modules:" $compiled
    echo "  plugins compiled: ${plugins:-none}; packages checked out:" $(ls "$scratch/checkouts" 2>/dev/null)
    rm -rf "$scratch"
  done
done
for index in "${!checkouts[@]}"; do
  median=$(printf '%s\n' ${seconds[$index]} | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  echo "${checkouts[$index]}: cold build of an app's OpenMarketEmulator, median of $ROUNDS: $median s" \
    "(rounds: ${seconds[$index]% })"
done
