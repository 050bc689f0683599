#!/usr/bin/env bash
# `make bench`: release server on a fresh SQLite database, a user with ten years of
# readings (and one with one year), then wrk against the readings endpoints and, as the
# framework's ceiling, /health/live. Writes docs/benchmarks.md. Loopback only, bounded.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release -q -p server --bin vitalog
# The dashboard measurement below loads the built client from the same server.
scripts/ensure-node-deps.sh >/dev/null
(cd frontend && npm run build --silent >/dev/null)
scripts/browser-install.sh >/dev/null
port=18190
data=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
VITALOG_BIND=127.0.0.1:$port VITALOG_PUBLIC_URL=http://127.0.0.1:$port VITALOG_DATA_DIR=$data \
  VITALOG_RATE_LIMIT_MULTIPLIER=1000 VITALOG_OUTBOX_POLL_MS=100 VITALOG_LOG=warn \
  ./target/release/vitalog serve >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 50); do curl -sf http://127.0.0.1:$port/health/ready >/dev/null && break; sleep 0.2; done

ten=$(python3 scripts/bench/seed.py 127.0.0.1 $port "$data" tenyears 10)
one=$(python3 scripts/bench/seed.py 127.0.0.1 $port "$data" oneyear 1)
cookie10=$(echo "$ten" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookie"])')
cookie1=$(echo "$one" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookie"])')
n10=$(echo "$ten" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["readings"], d["seedSeconds"])')
from30=$(date -d '30 days ago' +%F)

run() { # name, cookie, path
  local out
  out=$(wrk -t2 -c8 -d10s --latency -H "Cookie: $2" "http://127.0.0.1:$port$3")
  local rps p50 p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  local rss
  rss=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  printf '| %s | %s | %s | %s | %s MiB |\n' "$1" "$rps" "$p50" "$p99" "$((rss / 1024))"
  echo "$rps" > "$data/last_rps"
}

{
  echo "| request | req/s | p50 | p99 | server peak RSS so far |"
  echo "|---|---|---|---|---|"
  run "GET /health/live (framework ceiling)" "x=1" "/health/live"
  ceiling=$(cat "$data/last_rps")
  run "GET /api/user" "$cookie10" "/api/user"
  run "GET /api/readings, 1 year (1,095 readings)" "$cookie1" "/api/readings"
  run "GET /api/readings, 10 years (10,950 readings)" "$cookie10" "/api/readings"
  run "history page: last 30 days, page 1 of 10" "$cookie10" "/api/readings?from=$from30&limit=10&offset=0"
  run "history page: all time, search 'bench', page 50" "$cookie10" "/api/readings?q=bench&limit=10&offset=490"
} > "$data/table.md"

# Report generation: each request builds the PDF (charts, table, analysis) and stores it.
report() { # days -> "median max" seconds over 5 generations
  local start times
  start=$(date -d "$1 days ago" +%F)
  times=$(for _ in 1 2 3 4 5; do
    curl -s -o /dev/null -w '%{time_total}\n' -H "Cookie: $cookie10" -H 'Content-Type: application/json' \
      -d "{\"name\":\"bench\",\"type\":\"bp\",\"dateStart\":\"$start\",\"dateEnd\":\"$(date +%F)\",\"includeCharts\":true,\"includeTable\":true,\"includeAnalysis\":true}" \
      "http://127.0.0.1:$port/api/reports"
  done | sort -n)
  echo "$(echo "$times" | sed -n 3p) $(echo "$times" | tail -1)"
}
{
  echo
  echo "| report generation (POST /api/reports, charts + table + analysis, 3 readings a day) | median | max of 5 |"
  echo "|---|---|---|"
  for days in 90 365; do
    read -r med max <<<"$(report "$days")"
    awk -v d="$days" -v m="$med" -v x="$max" 'BEGIN { printf "| %s days | %.0f ms | %.0f ms |\n", d, m * 1000, x * 1000 }'
  done
} >> "$data/table.md"
cat "$data/table.md"

# Client: the dashboard's render time in Chromium for the ten-year user (cold loads).
(cd frontend && node scripts/dashboard-render-bench.mjs --url "http://127.0.0.1:$port" \
   --username tenyears --password 'Bench!mark1' --runs 5) > "$data/dashboard.txt"
cat "$data/dashboard.txt"
echo "seeded: $n10 (readings, seconds) for ten years"
echo "framework ceiling: $ceiling req/s"
{
  echo "# Benchmarks"
  echo
  echo "Produced by \`make bench\` ($(date -u +%F), $(nproc) cores, release build, SQLite, loopback;"
  echo "wrk -t2 -c8 -d10s per row; the server and wrk share the machine). Ten years = 3 readings a day."
  echo
  cat "$data/table.md"
  echo
  echo "Every figure can be read against the first row, the same server answering a"
  echo "minimal endpoint: that is the framework's ceiling on this machine."
  echo
  echo "## Dashboard render, ten years of readings (Chromium, cold cache)"
  echo
  echo '```'
  cat "$data/dashboard.txt"
  echo '```'
  if [ -f docs/benchmarks-client.md ]; then echo; cat docs/benchmarks-client.md; fi
} > docs/benchmarks.md
