#!/usr/bin/env bash
# The cluster harness (issue 20): 3 `vitalog` servers on one PostgreSQL database behind
# HAProxy (Debian's package, installed here when missing), driven over HTTP by
# scripts/cluster/harness.py. Part of `make test`; never skips.
#   VITALOG_BIN: the server binary (default target/debug/vitalog, built here).
#   CLUSTER_RESULTS: a file for the harness's figures (JSON).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v haproxy >/dev/null 2>&1; then
  echo "HAProxy not installed; installing it with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq haproxy >/dev/null
fi
scripts/ensure-postgres.sh
bin=${VITALOG_BIN:-}
if [ -z "$bin" ]; then
  cargo build -q -p server --bin vitalog
  bin=target/debug/vitalog
fi

admin=${VITALOG_CLUSTER_POSTGRES_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db=vitalog_cluster_$$
url=${admin%/*}/$db
psql "$admin" -qc "CREATE DATABASE $db" >/dev/null
trap 'psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true' EXIT

python3 scripts/cluster/harness.py --bin "$bin" --database-url "$url" \
  ${CLUSTER_RESULTS:+--results "$CLUSTER_RESULTS"} "$@"
