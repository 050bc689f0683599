# shellcheck shell=bash
# Sourced by scripts/bench/run.sh: issue 33's rows, what an attacker's uploads cost. Uses
# run.sh's $base, $pid (the server), $cookie10, $seconds, $out, probe_p99 and to_ms, and
# prints a markdown paragraph:
# - the server's peak RSS added by the worst previews one account can send: the attack's
#   Withings zip of 499 rows holding ~1 MB junk dates each (packed ~100 times: refused as a
#   zip bomb), the most such junk the bounds admit (60 rows of 1 MB random digits), and a
#   zip of 100,000 readings, previewed then committed;
# - another user's GET /api/user p99 alone, then while four accounts each trickle an upload
#   a byte a second (each is cut after 10 s and comes back at once).

attack_login() { # username: prints the session cookie
  curl -sf -D - -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"Bench!mark1\"}" "$base/api/login" |
    awk -F'[:;] *' 'tolower($1) == "set-cookie" && $2 ~ /^vitalog_session=/ {print $2}'
}

attack_checks() {
  local dir=$out/attack
  mkdir -p "$dir"
  python3 - "$dir" <<'PY'
import datetime, io, random, sys, zipfile
d = sys.argv[1]
rng = random.Random(7)
block = "".join(rng.choice("0123456789") for _ in range(8192))
junk = block * 128
head = 'Date,"Heart rate",Systolic,Diastolic,Comments\n'
with zipfile.ZipFile(f"{d}/attack.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("data_X/bp.csv", head + '"2024-03-10 07:05:31",64,122,79,\n'
               + "".join(f'"{junk}",64,122,79,\n' for _ in range(499)))
junk = "".join(rng.choice("0123456789") for _ in range(1 << 20))
with zipfile.ZipFile(f"{d}/junk.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("data_X/bp.csv", head + '"2024-03-10 07:05:31",64,122,79,\n'
               + "".join(f'"{junk}",64,122,79,\n' for _ in range(60)))
start = datetime.datetime(2000, 1, 1)
rows = [head] + [
    f'"{(start + datetime.timedelta(minutes=7 * i)):%Y-%m-%d %H:%M:%S}",{60 + i % 30},{110 + i % 40},{70 + i % 15},\n'
    for i in range(100_000)]
with zipfile.ZipFile(f"{d}/many.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("data_Y/bp.csv", "".join(rows))
PY
  local cookie
  cookie=$(attack_login bench2)
  [ -n "$cookie" ] || { echo "attack_checks: bench2 could not log in" >&2; exit 1; }
  attack_added() { # what the last step added to the peak, in MiB
    awk -v before="$1" '/VmHWM/ {printf "%.0f", $2 / 1024 - before}' "/proc/$pid/status"
  }
  attack_reset() { echo 5 > "/proc/$pid/clear_refs"; awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
  local before attack_mib junk_mib junk_bytes many_mib commit_mib id
  before=$(attack_reset)
  curl -s -H "Cookie: $cookie" -H 'Content-Type: application/octet-stream' \
    --data-binary @"$dir/attack.zip" "$base/api/data/imports?format=auto&name=attack.zip" >"$dir/attack.ndjson"
  attack_mib=$(attack_added "$before")
  grep -q 'zip bomb' "$dir/attack.ndjson" || { echo "attack_checks: attack.zip: $(tail -c 300 "$dir/attack.ndjson")" >&2; exit 1; }
  before=$(attack_reset)
  junk_bytes=$(curl -s -H "Cookie: $cookie" -H 'Content-Type: application/octet-stream' \
    --data-binary @"$dir/junk.zip" "$base/api/data/imports?format=auto&name=junk.zip" | tee "$dir/junk.ndjson" | wc -c)
  junk_mib=$(attack_added "$before")
  grep -q '"type":"preview"' "$dir/junk.ndjson" || { echo "attack_checks: junk.zip: $(tail -c 300 "$dir/junk.ndjson")" >&2; exit 1; }
  before=$(attack_reset)
  curl -s -H "Cookie: $cookie" -H 'Content-Type: application/octet-stream' \
    --data-binary @"$dir/many.zip" "$base/api/data/imports?format=auto&name=many.zip" >"$dir/many.ndjson"
  many_mib=$(attack_added "$before")
  id=$(tail -n 1 "$dir/many.ndjson" | python3 -c 'import json,sys; print(json.load(sys.stdin)["preview"]["id"])')
  before=$(attack_reset)
  curl -sf -o /dev/null -X POST -H "Cookie: $cookie" -H 'Content-Type: application/json' -d '{}' \
    "$base/api/data/imports/$id/commit"
  commit_mib=$(attack_added "$before")

  local quiet loaded stop=$dir/stop n cut=0 c
  quiet=$(probe_p99)
  rm -f "$stop"
  local loops=()
  for n in 3 4 5 6; do
    c=$(attack_login "bench$n")
    (
      # A byte a second for as long as the server takes it, then again.
      while [ ! -e "$stop" ]; do
        python3 - "$base" "$c" <<'PY' >>"$dir/trickle-$n"
import http.client, sys, time, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
h = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
h.putrequest("POST", "/api/data/imports?format=auto&name=slow.csv")
h.putheader("Cookie", sys.argv[2]); h.putheader("Content-Type", "application/octet-stream")
h.putheader("Transfer-Encoding", "chunked"); h.endheaders()
try:
    for _ in range(120):
        h.send(b"1\r\nx\r\n"); time.sleep(1)
except OSError:
    pass
try:
    print(h.getresponse().status)
except Exception as e:
    print("closed")
PY
      done
    ) &
    loops+=($!)
  done
  sleep 2
  loaded=$(probe_p99)
  touch "$stop"
  # Each loop ends with its current upload, which the server cuts within a window.
  wait "${loops[@]}"
  cut=$(cat "$dir"/trickle-* 2>/dev/null | grep -c 408 || true)
  echo "Attack check (issue 33): the worst previews one account can send add to the server's peak RSS:"
  echo "the attack's Withings zip of 499 ~1 MB junk dates ($(du -k "$dir/attack.zip" | cut -f1) KiB), refused as a zip bomb: +${attack_mib} MiB;"
  echo "the most junk the bounds admit, 60 rows of 1 MB dates ($(du -k "$dir/junk.zip" | cut -f1) KiB): +${junk_mib} MiB (its answer ${junk_bytes} bytes);"
  echo "a zip of 100,000 readings: +${many_mib} MiB to preview, +${commit_mib} MiB to commit."
  echo "Another user's GET /api/user p99 ${quiet} ms alone, ${loaded} ms while 4 accounts trickled"
  echo "uploads a byte a second (${cut} of their uploads cut with 408 after 10 s, each then sent again)."
  echo
}
