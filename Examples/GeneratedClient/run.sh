#!/usr/bin/env bash
# Builds the emulator and this package's client (generated from Schema/openapi/v2b.yaml), starts `openmarket serve
# --api v2b` on a free loopback port with a temporary database, runs the whole v2b flow through the generated
# client against it, and stops the server, whatever happened. Exits with the flow's status.
# Usage: Examples/GeneratedClient/run.sh
set -euo pipefail
example="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$example/../.." && pwd)"

(cd "$repo" && swift build --product openmarket --quiet)
swift build --package-path "$example" --product V2bFlow --quiet
openmarket="$(cd "$repo" && swift build --show-bin-path)/openmarket"
flow="$(swift build --package-path "$example" --show-bin-path)/V2bFlow"

scratch="$(mktemp -d)"
server=""
stop_server() {
    if [[ -n "$server" ]] && kill -0 "$server" 2>/dev/null; then
        kill -TERM "$server"
        # A graceful stop takes well under a second; after 10 s it is killed.
        for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$scratch"
}
trap stop_server EXIT
trap 'exit 143' TERM INT

# Port 0: the server takes a free port and prints it.
"$openmarket" serve --api v2b --host 127.0.0.1 --port 0 --database "$scratch/market.sqlite" --log-level warning \
    >"$scratch/stdout" 2>"$scratch/stderr" &
server=$!
url=""
for _ in $(seq 300); do
    url="$(grep -o -m1 'listening on http://[^ ]*' "$scratch/stdout" | cut -d' ' -f3 || true)"
    [[ -n "$url" ]] && break
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
if [[ -z "$url" ]]; then
    echo "the emulator did not start:" >&2
    cat "$scratch/stderr" >&2
    exit 1
fi
echo "emulator (v2b) at $url"
"$flow" "$url"
