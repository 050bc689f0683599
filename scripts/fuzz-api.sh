#!/usr/bin/env bash
# The API fuzzer: schemathesis (PyPI) generates requests from /api/openapi.json and runs
# them, signed in, against a live debug server on a fresh SQLite database. Fails on any
# 5xx or any answer that does not match the documented schema.
set -euo pipefail
cd "$(dirname "$0")/.."
# A Python with CPython's fix for gh-106905 (3.13 here): under 3.11.7, hypothesis' ast.parse
# of a filter's source failed now and then with "SystemError: AST constructor recursion depth
# mismatch", an error in the interpreter that failed the run, not a finding about the API.
fixed='import sys; sys.exit(sys.version_info < (3, 12, 2))'
py=python3
for candidate in python3.14 python3.13 python3.12; do
  if "$candidate" -c "$fixed" 2>/dev/null; then py=$candidate && break; fi
done
if [ "$py" = python3 ] && command -v pyenv >/dev/null; then
  for v in $(pyenv versions --bare 2>/dev/null | grep -E '^3\.[0-9]+\.[0-9]+$' | sort -rV); do
    candidate="$(pyenv root)/versions/$v/bin/python3"
    if "$candidate" -c "$fixed" 2>/dev/null; then py=$candidate && break; fi
  done
fi
venv=.cache/schemathesis-venv-$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
if [ ! -x "$venv/bin/st" ]; then
  "$py" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
cargo build -q -p server --bin vitalog
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
data=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$data"' EXIT
VITALOG_BIND=127.0.0.1:$port VITALOG_PUBLIC_URL=http://127.0.0.1:$port VITALOG_DATA_DIR=$data \
  VITALOG_RATE_LIMIT_MULTIPLIER=1000 VITALOG_SCHEDULER_SECONDS=0 VITALOG_LOG=warn \
  ./target/debug/vitalog serve >"$data/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break; sleep 0.2; done
# A verified, subscribed user with a year of readings (the session cookie is printed).
cookie=$(python3 scripts/bench/seed.py 127.0.0.1 "$port" "$data" "sqlite://$data/vitalog.db" fuzzer 1 0 \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["cookie10"])')
# Routes that would end the fuzzer's own session are left out; their rules have HTTP tests.
"$venv/bin/st" run "http://127.0.0.1:$port/api/openapi.json" --url "http://127.0.0.1:$port" \
  -H "Cookie: $cookie" --checks not_a_server_error,response_schema_conformance \
  --max-examples 25 --workers 2 --seed 1 \
  --exclude-path /api/logout --exclude-path /api/user/delete \
  --exclude-path /api/user/change-password --exclude-path /api/password-reset/reset
