#!/usr/bin/env bash
# `make bench`: the release server on loopback, once on SQLite and once on PostgreSQL, each
# seeded with 1,000 users (one with ten years of readings), measured with wrk (Debian):
# requests per second, p50/p99 and the server's peak memory per request kind, each also as
# a ratio to a minimal endpoint of the same server (the framework's ceiling); then a check
# that 20 concurrent logins leave other requests' p99 within LOGIN_P99_BUDGET_MS; a
# 1,000,000-record Apple Health import (time, peak memory, other users' p99 meanwhile); then the
# client (route sizes, Lighthouse, dashboard render, a shared link on 3G, installability over the
# DevTools protocol). Issue 21's rows (goals.sh): the one-year list beside the same bytes as a
# file (the file floor) and a fresh server's peak memory, then the goals table. Writes
# docs/benchmarks.md.
# A benchmark, not a test: its figures are never asserted by `make test`.
#   BENCH_SECONDS (10) per measurement; BENCH_BACKENDS ("sqlite postgres"); BENCH_CLIENT=0
#   skips the client part; BENCH_CLUSTER=0 skips 1 vs 3 servers behind HAProxy.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${BENCH_SECONDS:-10}
backends=${BENCH_BACKENDS:-sqlite postgres}
budget_ms=${LOGIN_P99_BUDGET_MS:-5}
pg_admin=${VITALOG_BENCH_POSTGRES_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pg_url=${VITALOG_BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/vitalog_bench}

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
cargo build --release -q -p server --bin vitalog
scripts/ensure-node-deps.sh >/dev/null
(cd frontend && npm run build --silent >/dev/null)
scripts/ensure-postgres.sh
# Lighthouse only here (it is large and no test needs it), pinned, under .cache.
lighthouse=$root/.cache/lighthouse/node_modules/lighthouse/cli/index.js
if [ "${BENCH_CLIENT:-1}" = 1 ]; then
  scripts/browser-install.sh >/dev/null
  if [ ! -f "$lighthouse" ]; then
    mkdir -p .cache/lighthouse
    (cd .cache/lighthouse && npm install --no-audit --no-fund --loglevel=error lighthouse@12.8.2 >/dev/null)
  fi
fi

out=$(mktemp -d)
pid=
trap 'if [ -n "$pid" ]; then kill $pid 2>/dev/null || true; fi; rm -rf "$out"' EXIT
port=18190
base=http://127.0.0.1:$port
# Yesterday (UTC): post-reading.lua writes every time of day, and later today may be more
# than the 14 hours ahead of UTC the server accepts.
today=$(date -u -d yesterday +%F)
export BENCH_DATE=$today
check_failed=0

# shellcheck source=scripts/bench/import.sh
source scripts/bench/import.sh
# shellcheck source=scripts/bench/apple.sh
source scripts/bench/apple.sh
source scripts/bench/reports.sh
# shellcheck source=scripts/bench/cluster.sh
source scripts/bench/cluster.sh
# shellcheck source=scripts/bench/goals.sh
source scripts/bench/goals.sh
# shellcheck source=scripts/bench/attack.sh
source scripts/bench/attack.sh

# wrk prints 71.00us / 1.14ms / 1.02s; the tables use milliseconds.
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /s$/) n *= 1000; printf "%.2f", n }'; }

start_server() { # backend data-dir [keep: reuse the database as it is]
  local url
  if [ "$1" = postgres ]; then
    if [ -z "${3:-}" ]; then
      psql "$pg_admin" -qc 'DROP DATABASE IF EXISTS vitalog_bench' -c 'CREATE DATABASE vitalog_bench' >/dev/null
    fi
    url=$pg_url
  else
    url="sqlite://$2/vitalog.db"
  fi
  echo "$url" > "$2/url"
  VITALOG_BIND=127.0.0.1:$port VITALOG_PUBLIC_URL=$base VITALOG_DATA_DIR=$2 VITALOG_DATABASE_URL=$url \
    VITALOG_RATE_LIMIT_MULTIPLIER=100000 VITALOG_REPORTS_KEPT_PER_USER=1000000 VITALOG_OUTBOX_POLL_MS=100 VITALOG_LOG=warn \
    VITALOG_STATIC_DIR="$root/frontend/dist" \
    ./target/release/vitalog serve >"$2/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf $base/health/ready >/dev/null && return 0; sleep 0.2; done
  echo "server did not become ready:" >&2; cat "$2/server.log" >&2; exit 1
}

stop_server() {
  kill -TERM "$pid"; wait "$pid" || true; pid=
}

# One wrk measurement: label, cookie, path, connections, [lua script]. Prints a table row.
row() {
  local label=$1 cookie=$2 path=$3 conns=$4 script=${5:-}
  echo 5 > /proc/$pid/clear_refs # resets the peak RSS (VmHWM) so each row has its own
  local res
  res=$(wrk -t"$((conns < 2 ? conns : 2))" -c"$conns" -d"${seconds}"s --latency -H "Cookie: $cookie" ${script:+-s "$script"} "$base$path")
  if echo "$res" | grep -q 'Non-2xx'; then
    echo "wrk $label: unexpected answers" >&2; echo "$res" >&2; exit 1
  fi
  local rps p50 p99 rss
  rps=$(echo "$res" | awk '/Requests\/sec/ {printf "%.0f", $2}')
  p50=$(to_ms "$(echo "$res" | awk '$1=="50%" {print $2}')")
  p99=$(to_ms "$(echo "$res" | awk '$1=="99%" {print $2}')")
  rss=$(awk '/VmHWM/ {printf "%.0f", $2 / 1024}' /proc/$pid/status)
  [ -n "${ceiling:-}" ] || ceiling=$rps
  printf '| %s | %s | %s | %s | %s | %s MiB |\n' "$label" "$rps" \
    "$(awk -v a="$rps" -v b="$ceiling" 'BEGIN { r = a / b; printf (r >= 0.1 ? "%.2f" : "%.4f"), r }')" \
    "$p50" "$p99" "$rss"
}

# p99 (ms) of the light probe on GET /api/user.
probe_p99() {
  to_ms "$(wrk -t1 -c2 -d"${seconds}"s --latency -s scripts/bench/probe.lua -H "Cookie: $cookie10" $base/api/user \
    | awk '$1=="99%" {print $2}')"
}

bench_backend() { # sqlite | postgres
  local backend=$1 data=$out/$1
  mkdir -p "$data"
  start_server "$backend" "$data"
  local seeded
  seeded=$(python3 scripts/bench/seed.py 127.0.0.1 $port "$data" "$(cat "$data/url")")
  sleep 2 # let the seed's writes settle before the first measurement
  cookie10=$(echo "$seeded" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookie10"])')
  cookie1=$(echo "$seeded" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookie1"])')
  local writer seed_s
  writer=$(echo "$seeded" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookieWriter"])')
  seed_s=$(echo "$seeded" | python3 -c 'import json,sys; print(json.load(sys.stdin)["seedSeconds"])')
  local from30
  from30=$(date -d '29 days ago' +%F)
  ceiling=
  {
    echo "### $backend"
    echo
    echo "Seeded in ${seed_s} s: 1,000 users; tenyears 10,950 readings, oneyear 1,095, 997 others 90 each."
    echo
    echo "| request | req/s | ratio to ceiling | p50 ms | p99 ms | server peak RSS |"
    echo "|---|---|---|---|---|---|"
    row "GET /health/live (framework ceiling)" "x=1" /health/live 8
    row "GET /api/user" "$cookie10" /api/user 8
    list1=$(row "GET /api/readings, 1 year (1,095 readings)" "$cookie1" /api/readings 8); echo "$list1"
    floor1=$(floor_row "file floor: the same 1-year JSON as a static file" "$cookie1"); echo "$floor1"
    row "GET /api/readings, 10 years (10,950 readings)" "$cookie10" /api/readings 8
    row "history page: last 30 days, page 1 of 10" "$cookie10" "/api/readings?from=$from30&limit=10&offset=0" 8
    search=$(row "history page: all time, search 'bench', page 50" "$cookie10" "/api/readings?q=bench&limit=10&offset=490" 8); echo "$search"
    row "POST /api/readings (full reading)" "$writer" /api/readings 8 scripts/bench/post-reading.lua
    BENCH_REPORT_START=$(date -d '89 days ago' +%F) \
      row "report generation: POST /api/reports, 90 days (PDF, charts + table + analysis; one user, one at a time)" "$cookie10" /api/reports 1 scripts/bench/report.lua
    report365=$(BENCH_REPORT_START=$(date -d '364 days ago' +%F) \
      row "report generation: POST /api/reports, 365 days" "$cookie10" /api/reports 1 scripts/bench/report.lua); echo "$report365"
    row "login storm: POST /api/login, 20 concurrent (Argon2id)" "" /api/login 20 scripts/bench/login.lua
    echo
    local quiet storm verdict
    quiet=$(probe_p99)
    wrk -t1 -c20 -d$((seconds + 2))s -s scripts/bench/login.lua $base/api/login >"$data/storm.txt" &
    local storm_pid=$!
    sleep 1
    storm=$(probe_p99)
    wait $storm_pid
    local logins
    logins=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$data/storm.txt")
    if awk -v a="$storm" -v b="$quiet" -v m="$budget_ms" 'BEGIN { exit !(a - b <= m) }'; then
      verdict="pass"
    else
      verdict="FAIL"; echo 1 > "$out/check_failed"
    fi
    echo "Login storm check: GET /api/user probed at a steady light rate (2 connections, 5 ms apart):"
    echo "p99 ${quiet} ms alone, ${storm} ms while 20 logins run concurrently (${logins} logins/s);"
    echo "raised by $(awk -v a="$storm" -v b="$quiet" 'BEGIN { printf "%.2f", a - b }') ms, budget ${budget_ms} ms: **${verdict}**."
    echo
    import_preview_check
    attack_checks
    report_burst_rss
    apple_import_check
    fresh_rss_check "$backend" "$data" "$cookie10"
    goals_table
  } > "$out/$backend.md"
  cat "$out/$backend.md"
  stop_server
}

for b in $backends; do bench_backend "$b"; done
if [[ " $backends " == *" postgres "* ]] && [ "${BENCH_CLUSTER:-1}" = 1 ]; then bench_cluster; fi

# The client last, on the SQLite database seeded above: Chromium and Lighthouse take both
# cores and leave processes behind for seconds, which must not overlap a server measurement.
if [[ " $backends " == *" sqlite "* ]] && [ "${BENCH_CLIENT:-1}" = 1 ]; then
  start_server sqlite "$out/sqlite" keep
  (cd frontend && node scripts/client-bench.mjs --url $base --username oneyear --password 'Bench!mark1' \
    --lighthouse "$lighthouse") > "$out/client.md"
  cat "$out/client.md"
  (cd frontend && node scripts/dashboard-render-bench.mjs --url $base \
    --username tenyears --password 'Bench!mark1' --runs 5) > "$out/dashboard.txt"
  cat "$out/dashboard.txt"
  (cd frontend && node scripts/shared-view-bench.mjs --url $base \
    --username oneyear --password 'Bench!mark1' --runs 5) > "$out/shared.txt"
  cat "$out/shared.txt"
  (cd frontend && node scripts/installability-bench.mjs --url $base) > "$out/pwa.md"
  cat "$out/pwa.md"
  stop_server
fi

{
  echo "# Benchmarks"
  echo
  echo "Produced by \`make bench\` ($(date -u +%F), $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo),"
  echo "release build, loopback; wrk ${seconds} s per row, 2 threads, 8 connections unless the row says"
  echo "otherwise; the server and wrk share the machine). Ten years = 3 readings a day. The first row"
  echo "of each table is the same server answering a minimal endpoint, the framework's ceiling on"
  echo "this machine; \"ratio\" is each row's req/s over it. Peak RSS is reset before each row."
  echo
  echo "## Server"
  echo
  for b in $backends; do cat "$out/$b.md"; done
  if [ -f "$out/cluster.md" ]; then cat "$out/cluster.md"; echo; fi
  if [ -f "$out/client.md" ]; then cat "$out/client.md"; echo; fi
  if [ -f "$out/pwa.md" ]; then cat "$out/pwa.md"; echo; fi
  if [ -f "$out/dashboard.txt" ]; then
    echo "## Dashboard render, ten years of readings (Chromium, cold cache)"
    echo
    echo '```'
    cat "$out/dashboard.txt"
    echo '```'
  fi
  if [ -f "$out/shared.txt" ]; then
    echo
    echo "## A shared link opened on 3G (Chromium's network presets)"
    echo
    cat "$out/shared.txt"
  fi
  echo
  cat scripts/bench/findings.md
} > docs/benchmarks.md
echo "wrote docs/benchmarks.md"
if [ -f "$out/check_failed" ]; then
  echo "make bench: 20 concurrent logins raised other requests' p99 by more than ${budget_ms} ms" >&2
  exit 1
fi
