#!/usr/bin/env bash
# Storage benchmark: MarketStore's product detail reads, page reads (20 newest with their images) and
# creates (one image each) against a plain C loop over sqlite3 running the same statements on an
# identically seeded database, on this machine.
# Usage: Benchmarks/storage/run.sh   (READS, CREATES, SEEDED and IMAGE_BYTES override the defaults)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
seeded="${SEEDED:-1000}"
reads="${READS:-200000}"
creates="${CREATES:-2000}"
image_bytes="${IMAGE_BYTES:-102400}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --package-path "$here/../.." --product OpenMarketStorageBenchmark >&2
cc -O2 -o "$work/store_loop" "$here/store_loop.c" $(pkg-config --cflags --libs sqlite3)

"$(swift build -c release --package-path "$here/../.." --show-bin-path)/OpenMarketStorageBenchmark" \
    "$work" "$seeded" "$reads" "$creates" "$image_bytes" >"$work/results"
"$work/store_loop" "$work/c.sqlite" "$seeded" "$reads" "$creates" "$image_bytes" >>"$work/results"

echo "storage benchmark: $reads detail reads (product + 3 image records, $seeded products), $((reads / 10)) page reads" \
    "(20 products + their images + count), $creates creates with one $image_bytes-byte image; best of 5 rounds each"
awk '
    { rate[$1 " " $2] = $3 }
    END {
        printf "%-26s %14s %14s %12s\n", "", "MarketStore/s", "C sqlite3/s", "Swift / C"
        split("point_reads_per_second page_reads_per_second creates_per_second", names, " ")
        for (i = 1; i <= 3; i++) {
            name = names[i]; swift = rate["swift " name]; c = rate["c " name]
            printf "%-26s %14d %14d %12.2f\n", name, swift, c, swift / c
            printf "%-26s %14.2f %14.2f\n", "  (microseconds each)", 1e6 / swift, 1e6 / c
        }
    }' "$work/results"
