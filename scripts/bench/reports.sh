# Sourced by scripts/bench/run.sh. report_burst_rss: the server's resident memory (VmRSS of
# $pid) at the start and after each of 3 bursts of 16 parallel ten-year POST /api/reports by
# the tenyears user ($cookie10, against $base), and whether it came back within 50 MiB of the
# start (10 s after each burst: freed memory is returned on a short delay). Each request of a burst is sent at once; one report per user is drawn at a time, so
# the others are answered 429 and, like a client would, wait their Retry-After and try again
# until their report is created: every burst draws 16 ten-year reports. Prints a markdown
# paragraph. Scratch files go under $out.
report_burst_rss() {
  local from to body
  from=$(date -d '3652 days ago' +%F)
  to=$(date +%F)
  body="{\"name\":\"burst\",\"type\":\"bp\",\"dateStart\":\"$from\",\"dateEnd\":\"$to\",\"includeCharts\":true,\"includeTable\":true,\"includeAnalysis\":true}"
  local dir=$out/report-burst
  mkdir -p "$dir"
  rss_mib() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }

  # One request of a burst: posts until created, waiting Retry-After after each 429.
  # Writes "<final status> <429 answers> <seconds>" to its file.
  burst_request() {
    local file=$1 refused=0 status wait started=$SECONDS
    while :; do
      status=$(curl -s -o /dev/null -D "$file.h" -w '%{http_code}' -H "Cookie: $cookie10" \
        -H 'Content-Type: application/json' -d "$body" "$base/api/reports")
      [ "$status" = 429 ] || break
      refused=$((refused + 1))
      wait=$(awk 'tolower($1) == "retry-after:" {print $2 + 0}' "$file.h")
      sleep "${wait:-1}"
    done
    echo "$status $refused $((SECONDS - started))" > "$file"
  }

  local start after=() ended=() created=0 refused=0 other=0 slowest=0
  start=$(rss_mib)
  for burst in 1 2 3; do
    local pids=()
    for i in $(seq 1 16); do
      burst_request "$dir/$burst-$i" &
      pids+=($!)
    done
    # Only these jobs: the server is a background job of the same shell.
    wait "${pids[@]}"
    for i in $(seq 1 16); do
      read -r status n secs < "$dir/$burst-$i"
      if [ "$status" = 201 ]; then created=$((created + 1)); else other=$((other + 1)); fi
      refused=$((refused + n))
      [ "$secs" -le "$slowest" ] || slowest=$secs
    done
    ended+=("$(rss_mib)")
    # Freed memory goes back to the system on the allocator's short delay, not instantly.
    sleep 10
    after+=("$(rss_mib)")
  done
  local last=${after[2]} verdict
  if [ $((last - start)) -le 50 ]; then verdict=pass; else verdict=FAIL; fi
  echo "Report burst check: 3 bursts of 16 parallel ten-year POST /api/reports (10,950 readings"
  echo "each) by one user. Server RSS ${start} MiB at the start; ${ended[0]} / ${ended[1]} / ${ended[2]} MiB"
  echo "as each burst ends and ${after[0]} / ${after[1]} / ${last} MiB 10 s after it; ${created} reports created, ${other} other answers, ${refused} answers 429"
  echo "(one report per user at a time; each retried after its Retry-After), the slowest request"
  echo "took ${slowest} s. Back within 50 MiB of the start: **${verdict}**."
  echo
}
