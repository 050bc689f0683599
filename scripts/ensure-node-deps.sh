#!/usr/bin/env bash
# Installs the client's npm packages when package-lock.json changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/../frontend"
command -v npm >/dev/null || { echo "Node.js and npm are required (node 20+)" >&2; exit 1; }
stamp=node_modules/.vitalog-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi
