# shellcheck shell=bash disable=SC2154 # $out, $base, $pid, ... are run.sh's
# Sourced by scripts/bench/run.sh. apple_import_check: issue 18's large import, through the
# real API. Uses run.sh's $base, $pid (the server), $cookie10, $cookie1, $seconds, $out,
# to_ms and probe_p99; prints a markdown paragraph and tables.
#
# A synthetic Apple Health export of 1,000,000 records (scripts/fixtures/apple_health_export.py:
# export.xml ~240 MB, its export.zip) is generated once per run under $out/apple-health and
# kept for every backend; generation is not timed. bench1 (subscribed, 30 days of readings,
# its zone set to the generator's New York) uploads export.zip (POST /api/data/imports, the
# raw file) and commits the preview; then uploads the same records as export.xml, whose
# preview must find only duplicates, and discards it. Timed: upload, reading to the preview,
# commit. Readings found are set against the generator's summary. Memory: the server's VmRSS
# before each step and its peak during it (VmHWM, reset through clear_refs before the step:
# the kernel's exact peak, not a sample). Others: GET /api/user (tenyears) and GET
# /api/readings of a year (oneyear) probed at once: quiet, while bench1 reads the zip (again
# and again, as one reading is shorter than a probe), quiet again; the output says how much
# of the probe window was spent reading and whether a reading was running when it ended.
apple_import_check() {
  local cache=$out/apple-health
  mkdir -p "$cache"
  if [ ! -f "$cache/summary.json" ]; then
    python3 scripts/fixtures/apple_health_export.py --records 1000000 "$cache/export.zip" >"$cache/summary.tmp"
    # The .xml is the zip's entry: the same records, no second generation.
    python3 - "$cache" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(f"{sys.argv[1]}/export.zip") as z, z.open("apple_health_export/export.xml") as src, \
        open(f"{sys.argv[1]}/export.xml", "wb") as dst:
    shutil.copyfileobj(src, dst, 1 << 20)
PY
    mv "$cache/summary.tmp" "$cache/summary.json"
  fi
  local run=$cache/run
  rm -rf "$run"
  mkdir -p "$run"

  local cookie
  cookie=$(curl -sf -D - -o /dev/null -H 'Content-Type: application/json' \
    -d '{"username":"bench1","password":"Bench!mark1"}' "$base/api/login" |
    awk -F'[:;] *' 'tolower($1) == "set-cookie" && $2 ~ /^vitalog_session=/ {print $2}')
  [ -n "$cookie" ] || { echo "apple_import_check: bench1 could not log in" >&2; exit 1; }

  apple_hwm() { awk '/VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
  apple_rss() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
  # Both probes at once (the same in both phases, so comparable); writes PREFIX.user and
  # PREFIX.readings (p99 ms).
  apple_probes() {
    to_ms "$(wrk -t1 -c2 -d"${seconds}"s --latency -s scripts/bench/probe.lua -H "Cookie: $cookie1" \
      "$base/api/readings" | awk '$1=="99%" {print $2}')" >"$1.readings" &
    local readings=$!
    probe_p99 >"$1.user"
    wait "$readings"
  }
  # Uploads FILE under its own name and waits for the answer: the NDJSON to PREFIX.ndjson, the
  # HTTP status to PREFIX.status, and to PREFIX.times when it started, when the first line
  # came (the server answers once the whole file is on its disk: the upload is done and
  # reading begins) and when the answer ended. Timed here as curl's time_starttransfer is
  # the upload's start. No "Expect: 100-continue" (a browser sends none); -N: each line
  # reaches the file as it arrives, not when curl's buffer fills.
  apple_import() {
    local started began upload
    started=$EPOCHREALTIME
    curl -sSN -o "$2.ndjson" -w '%{http_code}\n' -H 'Expect:' \
      -H "Cookie: $cookie" -H 'Content-Type: application/octet-stream' --data-binary @"$1" \
      "$base/api/data/imports?format=auto&name=${1##*/}" >"$2.status" &
    upload=$!
    until [ -s "$2.ndjson" ] || ! kill -0 "$upload" 2>/dev/null; do sleep 0.02; done
    began=$EPOCHREALTIME
    wait "$upload"
    echo "$started $began $EPOCHREALTIME" >"$2.times"
  }
  apple_discard() { curl -sf -o /dev/null -X DELETE -H "Cookie: $cookie" "$base/api/data/imports/$1"; }
  # The preview line's figures, tab-separated; exits when the answer has none.
  apple_preview() {
    python3 - "$1.ndjson" "$1.status" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
last = lines[-1] if lines else {}
if last.get("type") != "preview":
    sys.exit(f"apple_import_check: {sys.argv[1]} ended without a preview: {open(sys.argv[2]).read().strip()} {last}")
p, c = last["preview"], last["preview"]["counts"]
print("\t".join(str(x) for x in (p["id"], p["records"], p["new"], p["duplicates"], p["skipped"],
                                  c["bloodPressure"], c["heartRate"], c["weight"], c["bloodSugar"],
                                  p["from"], p["to"], json.dumps(p["skippedByReason"]), len(lines) - 1)))
PY
  }

  # The person lives in New York, as the generator's dates do: then they compare as they are.
  curl -sf -o /dev/null -X PATCH -H "Cookie: $cookie" -H 'Content-Type: application/json' \
    -d '{"timeZone":"America/New_York"}' "$base/api/user/preferences"

  # export.zip alone: the time to its preview, then the commit.
  local zip_rss zip_peak zip_status zip_start zip_began zip_end
  echo 5 >"/proc/$pid/clear_refs"
  zip_rss=$(apple_rss)
  apple_import "$cache/export.zip" "$run/export.zip"
  zip_peak=$(apple_hwm)
  zip_status=$(cat "$run/export.zip.status")
  read -r zip_start zip_began zip_end <"$run/export.zip.times"
  local id records new dups skipped bp hr weight sugar from to reasons progress
  IFS=$'\t' read -r id records new dups skipped bp hr weight sugar from to reasons progress \
    < <(apple_preview "$run/export.zip")
  [ -n "$id" ] || exit 1

  local commit_rss commit_status commit_s commit_peak imported
  echo 5 >"/proc/$pid/clear_refs"
  commit_rss=$(apple_rss)
  read -r commit_status commit_s < <(curl -s -o "$run/commit.json" -w '%{http_code} %{time_total}\n' \
    -X POST -H "Cookie: $cookie" "$base/api/data/imports/$id/commit")
  commit_peak=$(apple_hwm)
  imported=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("imported", "none"))' "$run/commit.json")

  # export.xml: the same records again, so only duplicates; the draft is discarded.
  local xml_rss xml_peak xml_status xml_start xml_began xml_end xid xnew xdups xskipped
  echo 5 >"/proc/$pid/clear_refs"
  xml_rss=$(apple_rss)
  apple_import "$cache/export.xml" "$run/export.xml"
  xml_peak=$(apple_hwm)
  xml_status=$(cat "$run/export.xml.status")
  read -r xml_start xml_began xml_end <"$run/export.xml.times"
  IFS=$'\t' read -r xid _ xnew xdups xskipped _ < <(apple_preview "$run/export.xml")
  [ -n "$xid" ] || exit 1
  apple_discard "$xid"

  # Other users: quiet, then while bench1 reads export.zip over and over (one reading takes
  # about a second here, less than a probe), each preview discarded. The probes start once
  # the first reading has begun; each reading's start (its first NDJSON line: the upload is
  # on disk) and end are logged, to show how much of the probe window was spent reading.
  apple_probes "$run/quiet"
  local stop=$run/loop-stop loop
  (
    n=0
    while [ ! -e "$stop" ]; do
      n=$((n + 1))
      apple_import "$cache/export.zip" "$run/loop-$n"
      cut -d ' ' -f 2,3 "$run/loop-$n.times" >>"$run/loop.times"
      id=$(grep -o '"id":"[^"]*"' "$run/loop-$n.ndjson" | head -n 1 | cut -d '"' -f 4)
      if [ -n "$id" ]; then apple_discard "$id"; fi
    done
  ) &
  loop=$!
  until [ -s "$run/loop-1.ndjson" ] || ! kill -0 "$loop" 2>/dev/null; do sleep 0.02; done
  local probe_from probe_to
  probe_from=$EPOCHREALTIME
  apple_probes "$run/during"
  probe_to=$EPOCHREALTIME
  touch "$stop"
  wait "$loop"
  # Quiet again: on a shared machine the baseline drifts; the ratios use the lower quiet p99,
  # so a noisy baseline cannot hide a stall.
  apple_probes "$run/after"
  local reads covered running
  # Readings that overlapped the window, the share of the window spent reading, and whether
  # one was running when the probes ended.
  read -r reads covered running < <(awk -v a="$probe_from" -v b="$probe_to" '
    { s = $1 > a ? $1 : a; e = $2 < b ? $2 : b; if (e > s) { n++; t += e - s } if ($1 <= b && $2 >= b) r = 1 }
    END { printf "%d %.0f %s\n", n, 100 * t / (b - a), r ? "yes" : "no" }' "$run/loop.times")
  local loop_ok
  loop_ok=$(grep -l '"type":"preview"' "$run"/loop-*.ndjson | wc -l)

  local q_user q_readings d_user d_readings a_user a_readings
  q_user=$(cat "$run/quiet.user") q_readings=$(cat "$run/quiet.readings")
  d_user=$(cat "$run/during.user") d_readings=$(cat "$run/during.readings")
  a_user=$(cat "$run/after.user") a_readings=$(cat "$run/after.readings")
  apple_mb() { awk -v n="$1" 'BEGIN {printf "%.1f", n / 1e6}'; }
  apple_since() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", b - a}'; }
  # DURING over the lower of two quiet p99s.
  apple_ratio() { awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { if (c < b) b = c; printf "%.1f", (b > 0 ? a / b : 0) }'; }
  python3 - "$cache/summary.json" "$bp" "$hr" "$weight" "$sugar" "$new" "$dups" "$skipped" \
    "$from" "$to" "$records" "$imported" <<'PY' >"$run/kinds.md"
import json, sys
s = json.load(open(sys.argv[1]))
bp, hr, weight, sugar, new, dups, skipped, frm, to, records, imported = sys.argv[2:]
rows = [("records read", s["records"], records),
        ("blood pressure", s["bloodPressure"], bp),
        # A blood pressure's heart rate joins its reading, which counts under both kinds.
        ("heart rate (resting, or with a blood pressure)",
         s["restingHeartRate"] + s["bloodPressureWithHeartRate"], hr),
        ("weight", s["weight"], weight),
        ("blood sugar", s["bloodSugar"], sugar),
        ("readings (new in the preview)", s["readings"], new),
        ("duplicates / skipped", "0 / 0", f"{dups} / {skipped}"),
        ("stored by the commit", s["readings"], imported),
        ("date range", f"{s['from']} .. {s['to']}", f"{frm} .. {to}")]
print("| export.zip | generator says | Vitalog found |")
print("|---|---|---|")
for label, want, got in rows:
    mark = "" if str(want) == str(got) else " **(differs)**"
    print(f"| {label} | {want} | {got}{mark} |")
PY
  echo "Apple Health import check: a synthetic export of $(python3 -c 'import json,sys; print("{:,}".format(json.load(open(sys.argv[1]))["records"]))' "$cache/summary.json") records"
  echo "(\`scripts/fixtures/apple_health_export.py --records 1000000\`: export.xml $(apple_mb "$(stat -c %s "$cache/export.xml")") MB,"
  echo "export.zip $(apple_mb "$(stat -c %s "$cache/export.zip")") MB), uploaded raw by bench1 (30 days of readings, zone set to the"
  echo "generator's America/New_York) to POST /api/data/imports and committed; then the same records as export.xml, whose preview should hold only duplicates"
  echo "(discarded). Server RSS before each step and its peak during it (VmHWM, reset before the step)."
  echo
  echo "| step | HTTP | upload s | reading to the preview / storing s | RSS before | peak RSS |"
  echo "|---|---|---|---|---|---|"
  echo "| export.zip | $zip_status | $(apple_since "$zip_start" "$zip_began") | $(apple_since "$zip_began" "$zip_end") | ${zip_rss} MiB | ${zip_peak} MiB |"
  echo "| commit ($imported readings) | $commit_status | | $(apple_since 0 "$commit_s") | ${commit_rss} MiB | ${commit_peak} MiB |"
  echo "| export.xml again: $xnew new, $xdups duplicates, $xskipped skipped | $xml_status | $(apple_since "$xml_start" "$xml_began") | $(apple_since "$xml_began" "$xml_end") | ${xml_rss} MiB | ${xml_peak} MiB |"
  echo
  cat "$run/kinds.md"
  echo
  echo "Skipped by reason (zip): \`$reasons\`; $progress progress lines."
  echo
  local loops mean
  read -r loops mean < <(awk '{ n++; t += $2 - $1 } END { printf "%d %.1f\n", n, t / n }' "$run/loop.times")
  echo "Other users while bench1 read export.zip, p99 quiet before / during / quiet after (ratio: during over"
  echo "the lower quiet): GET /api/user (tenyears) ${q_user} / **${d_user}** / ${a_user} ms ($(apple_ratio "$d_user" "$q_user" "$a_user")×); GET /api/readings,"
  echo "1 year (oneyear, 1,095 readings) ${q_readings} / **${d_readings}** / ${a_readings} ms ($(apple_ratio "$d_readings" "$q_readings" "$a_readings")×). Both probes at once, 2"
  echo "connections each, 5 ms apart,"
  echo "${seconds} s. One reading lasts less than a probe, so bench1 read the zip again and again"
  echo "(${loops} readings, ${loop_ok} previews, ${mean} s each from upload done to preview, each"
  echo "discarded): ${reads} readings overlapped the probe window, reading filled ${covered}% of it, and one"
  echo "was still running when the probes ended: ${running}."
  echo
}
