#!/usr/bin/env bash
# Development loop: the API server (cargo run, SQLite in ./data) and the webpack dev
# server with hot reload on http://localhost:3000, which proxies /api to the server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-node-deps.sh
export VITALOG_PUBLIC_URL="${VITALOG_PUBLIC_URL:-http://localhost:3000}"
"$(dirname "$0")/ensure-build-deps.sh"
cargo run -p server --bin vitalog -- serve &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT INT TERM
cd frontend && npm run dev
