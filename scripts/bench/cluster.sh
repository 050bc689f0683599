# Sourced by run.sh: 1 vs 3 servers on one PostgreSQL behind HAProxy, and the cluster
# harness's counts (scripts/cluster/bench.py). Writes $out/cluster.md.
bench_cluster() {
  command -v haproxy >/dev/null || { apt-get update -qq && apt-get install -y -qq haproxy >/dev/null; }
  local db=vitalog_bench_cluster
  psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >/dev/null
  python3 scripts/cluster/bench.py --bin ./target/release/vitalog --seconds "$seconds" \
    --database-url "${pg_admin%/*}/$db" > "$out/cluster.md"
  psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
  cat "$out/cluster.md"
}
