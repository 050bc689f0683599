#!/usr/bin/env bash
# Domain crates must not depend on a web framework, ORM, mail or PDF library (the
# hexagonal rule of docs/architecture.md). Checks their normal (non-dev) dependency trees.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for crate in kernel identity readings billing reports notifications; do
  [ -f "crates/$crate/Cargo.toml" ] || continue
  bad=$(cargo tree -p "$crate" -e normal --prefix none --format '{p}' 2>/dev/null \
        | grep -E '^(actix|diesel|lettre|printpdf|reqwest|awc)' | sort -u || true)
  if [ -n "$bad" ]; then
    echo "layer violation: domain crate '$crate' depends on:" >&2
    echo "$bad" | sed 's/^/  /' >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "layers ok: domain crates depend on no framework or adapter library"
exit $status
