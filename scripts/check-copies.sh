#!/usr/bin/env bash
# The copy-paste detector (jscpd, pinned in tools/jscpd) over the production code of crates/
# and frontend/src, Rust and TypeScript alike (.jscpd.json says what is left out: tests and
# fixtures may share set-up). Any pair found fails `make lint`: a concept copied into a
# second place is the drift issue 22 removed (docs/architecture.md, "Where does X live").
# A block that must stay alike (e.g. two routes' attribute-required signatures) is exempted
# in place, between `jscpd:ignore-start` and `jscpd:ignore-end` comments that say why.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v npm >/dev/null || { echo "Node.js and npm are required (node 20+)" >&2; exit 1; }
stamp=tools/jscpd/node_modules/.vitalog-lock
if [ ! -f "$stamp" ] || ! cmp -s tools/jscpd/package-lock.json "$stamp"; then
  (cd tools/jscpd && npm ci --no-audit --no-fund --loglevel=error)
  cp tools/jscpd/package-lock.json "$stamp"
fi
if out=$(tools/jscpd/node_modules/.bin/jscpd --config .jscpd.json 2>&1); then
  echo "copies ok: no duplicated block in production code"
  exit 0
fi
echo "$out" | grep -v '^Detection time' >&2
echo "copy-paste detector: the blocks above are written twice; give them one home" >&2
exit 1
