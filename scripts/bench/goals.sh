# shellcheck shell=bash
# Sourced by scripts/bench/run.sh: issue 21's measurements ("Closer to the floor"). Uses
# run.sh's $base, $pid, $seconds, $out, $root, row, start_server and stop_server.

# The file floor: the body of GET /api/readings for `cookie` written into the client's
# static directory and fetched from the same server as a file, so the list can be compared
# with the fastest way this server sends the same bytes. Prints a table row.
floor_row() { # label cookie
  local file=$root/frontend/dist/bench-floor.json
  curl -sf -H "Cookie: $2" "$base/api/readings" -o "$file"
  row "$1" "$2" /bench-floor.json 8
  rm -f "$file"
}

# Column `n` (1 = request, 2 = req/s, 4 = p50 ms) of a row's markdown line.
cell() { # line n
  echo "$1" | awk -F'|' -v n="$2" '{ gsub(/^ +| +$/, "", $(n + 1)); print $(n + 1) }'
}

# The server's memory after the largest reads, on a freshly started server (the seed's
# import and every earlier row would otherwise set the baseline): RSS at start, then the
# peak (VmHWM) while the ten-year list is read on 8 connections for $seconds, then the
# peak while 365-day reports are generated one at a time. Sets fresh_start, fresh_list,
# fresh_report and fresh_end (MiB) and prints a paragraph.
fresh_rss_check() { # backend data-dir cookie10
  stop_server
  start_server "$1" "$2" keep
  sleep 1
  local hwm='/VmHWM/ {printf "%.0f", $2 / 1024}' rss='/VmRSS/ {printf "%.0f", $2 / 1024}'
  fresh_start=$(awk "$rss" /proc/$pid/status)
  wrk -t2 -c8 -d"${seconds}"s -H "Cookie: $3" "$base/api/readings" >/dev/null
  fresh_list=$(awk "$hwm" /proc/$pid/status)
  BENCH_REPORT_START=$(date -d '364 days ago' +%F) \
    wrk -t1 -c1 -d"${seconds}"s -H "Cookie: $3" -s scripts/bench/report.lua "$base/api/reports" >/dev/null
  fresh_report=$(awk "$hwm" /proc/$pid/status)
  fresh_end=$(awk "$rss" /proc/$pid/status)
  # A transparent huge page is resident whole however little of it is used (mimalloc asked
  # for them until the server turned them off, 8cbbb5f): what of the end's RSS is in them.
  local huge
  huge=$(awk '/AnonHugePages/ {printf "%.0f", $2 / 1024}' /proc/$pid/smaps_rollup)
  echo "Memory on a freshly started server: RSS ${fresh_start} MiB at start; peak ${fresh_list} MiB after"
  echo "the ten-year list on 8 connections for ${seconds} s, ${fresh_report} MiB after 365-day reports one at a"
  echo "time for ${seconds} s; ${fresh_end} MiB at the end, ${huge} MiB of it in transparent huge pages."
  echo
}

# Issue 21's goals against this run's rows: list1, floor1, search (row lines) and report365.
goals_table() {
  local ratio
  ratio=$(awk -v a="$(cell "$list1" 2)" -v b="$(cell "$floor1" 2)" 'BEGIN { printf "%.2f", a / b }')
  echo "Issue 21's goals, from the rows above:"
  echo
  echo "| goal | this run | target |"
  echo "|---|---|---|"
  echo "| GET /api/readings, 1 year, over the same bytes as a file (req/s ratio) | ${ratio} ($(cell "$list1" 2) / $(cell "$floor1" 2)) | ≥ 0.6 |"
  echo "| history page: all time, search 'bench', page 50 (req/s) | $(cell "$search" 2) | ≥ 2,000 |"
  echo "| report generation, 365 days (p50 ms, one at a time) | $(cell "$report365" 4) | ≤ 40 |"
  echo "| server peak RSS, fresh: ten-year list then 365-day reports (MiB) | ${fresh_report} | ≤ 150 |"
  echo
}
