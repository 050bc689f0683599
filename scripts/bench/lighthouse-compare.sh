#!/usr/bin/env bash
# Lighthouse before/after for one client change (issue 36: "not worse than today"): one
# server binary, one seeded SQLite database (an account with a year of readings), each built
# client served in turn, /auth, / and /history, mobile and desktop, in one run.
#
#   [ROUNDS=3] scripts/bench/lighthouse-compare.sh BINARY DIST_BEFORE DIST_AFTER
# Prints one Markdown row per run: | client round | page | preset | performance | ... |
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
bin=$(realpath "$1"); before=$(realpath "$2"); after=$(realpath "$3")
lighthouse=$root/.cache/lighthouse/node_modules/lighthouse/cli/index.js
if [ ! -f "$lighthouse" ]; then
  mkdir -p .cache/lighthouse
  (cd .cache/lighthouse && npm install --no-audit --no-fund --loglevel=error lighthouse@12.8.2 >/dev/null)
fi
scripts/browser-install.sh >/dev/null
data=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base=http://127.0.0.1:$port
pid=
serve() { # static dir
  VITALOG_BIND=127.0.0.1:$port VITALOG_PUBLIC_URL=$base VITALOG_DATA_DIR=$data \
    VITALOG_DATABASE_URL="sqlite://$data/vitalog.db" VITALOG_RATE_LIMIT_MULTIPLIER=100000 \
    VITALOG_OUTBOX_POLL_MS=100 VITALOG_LOG=warn VITALOG_STATIC_DIR="$1" "$bin" serve >>"$data/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf "$base/health/ready" >/dev/null && return 0; sleep 0.2; done
  echo "server did not become ready" >&2; cat "$data/server.log" >&2; exit 1
}
stop() { kill -TERM "$pid"; wait "$pid" || true; }
trap 'kill -TERM $pid 2>/dev/null || true; rm -rf "$data"' EXIT
serve "$before"
python3 scripts/bench/seed.py 127.0.0.1 "$port" "$data" "sqlite://$data/vitalog.db" oneyear 1 0 >/dev/null
# Scores move by 10 points between identical runs on a busy 2-core machine, so the two
# clients alternate for ROUNDS rounds (default 3) and every row is printed; compare medians.
rounds=${ROUNDS:-3}
for round in $(seq 1 "$rounds"); do
  for label in before after; do
    dir=$before; [ "$label" = after ] && dir=$after
    stop; serve "$dir"
    (cd frontend && LIGHTHOUSE_ONLY=1 node scripts/client-bench.mjs --url "$base" --username oneyear \
      --password 'Bench!mark1' --lighthouse "$lighthouse") | grep '^| /' | sed "s/^|/| $label $round |/"
  done
done
