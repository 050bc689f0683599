# shellcheck shell=bash
# Sourced by scripts/bench/run.sh. `import_preview_check` uses run.sh's $base, $cookie1,
# $cookie10, $seconds, $out and probe_p99, and prints a markdown paragraph: another user's
# GET /api/user p99 alone, then while one account (oneyear, $cookie1) loops previews
# (POST /api/data/imports, read as Vitalog's CSV) of a 50,000-row CSV (~1.4 MB, every row
# distinct, all at one date and time: the old pairwise check's worst case) on two
# connections. The account's second preview at a time gets 429
# (one import per account); that loop waits 0.2 s before trying again.
import_preview_check() {
  local body=$out/import-50k.csv stop=$out/import-stop quiet loaded
  python3 - "$body" <<'PY'
import sys
rows = ["date,time,heart_rate,weight"]
for i in range(50_000):
    rows.append(f"2020-01-01,07:00,{40 + i % 180},{50 + (i // 180) * 0.05:.2f}")
with open(sys.argv[1], "w") as f:
    f.write("\n".join(rows) + "\n")
PY
  quiet=$(probe_p99)
  rm -f "$stop"
  local loops=() n
  for n in 1 2; do
    (
      ok=0 busy=0 other=0 ms=0
      while [ ! -e "$stop" ]; do
        read -r code t < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' \
          -H "Cookie: $cookie1" -H 'Content-Type: application/octet-stream' \
          --data-binary @"$body" "$base/api/data/imports?format=vitalog&name=bench.csv")
        case $code in
          200) ok=$((ok + 1)); ms=$(awk -v a="$ms" -v t="$t" 'BEGIN { printf "%.0f", a + t * 1000 }') ;;
          429) busy=$((busy + 1)); sleep 0.2 ;;
          *) other=$((other + 1)) ;;
        esac
      done
      echo "$ok $busy $other $ms" >"$out/import-loop-$n"
    ) &
    loops+=($!)
  done
  sleep 1
  loaded=$(probe_p99)
  touch "$stop"
  wait "${loops[@]}"
  local ok=0 busy=0 other=0 ms=0 a b c d
  for n in 1 2; do
    read -r a b c d <"$out/import-loop-$n"
    ok=$((ok + a)) busy=$((busy + b)) other=$((other + c)) ms=$((ms + d))
  done
  echo "Import preview check: another user's GET /api/user p99 ${quiet} ms alone, ${loaded} ms while"
  echo "one account looped previews of a 50,000-row CSV on 2 connections: ${ok} previews answered"
  echo "(mean $(awk -v m="$ms" -v n="$ok" 'BEGIN { printf "%.0f", n ? m / n : 0 }') ms each), ${busy} refused with 429 (one import at a time per"
  echo "account), ${other} other answers."
  echo
}
