#!/usr/bin/env bash
# Makes sure the PostgreSQL the storage tests use is reachable, starting or installing it
# if needed (CI runs as root on a Debian machine). Fails loudly: those tests never skip.
set -euo pipefail
url="${VITALOG_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"

reachable() { psql "$url" -qAtc 'select 1' >/dev/null 2>&1; }

if command -v psql >/dev/null 2>&1 && reachable; then exit 0; fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL not installed; installing it with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
for v in $(ls /etc/postgresql 2>/dev/null); do
  pg_ctlcluster --skip-systemctl-redirect "$v" main start 2>/dev/null || true
done
for _ in $(seq 1 30); do
  if psql -h 127.0.0.1 -U postgres -d postgres -qAtc 'select 1' >/dev/null 2>&1; then break; fi
  sleep 1
done
# The default URL needs trust auth for postgres on loopback and a database named test.
db="${url##*/}"; db="${db%%\?*}"
if ! psql -h 127.0.0.1 -U postgres -d postgres -qAtc "select 1 from pg_database where datname='$db'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -d postgres -qc "create database \"$db\"" || true
fi
if reachable; then exit 0; fi
echo "PostgreSQL is not reachable at $url; the storage tests need it (set VITALOG_TEST_POSTGRES_URL)." >&2
exit 1
