#!/usr/bin/env bash
# The hexagonal rule of docs/architecture.md, checked on every crate of the workspace:
#  - domain crates depend on no web framework, ORM, mail, PDF or HTTP client library, and
#    on no adapter, web, server or test crate;
#  - web depends on domain crates only: no adapter, no server;
#  - adapters depend on domain crates, never on web or server;
#  - testkit (dev-only) is nobody's normal dependency;
#  - rules-gen (build-only: a context's rules.json into constants) depends on no crate of ours.
# Every crate must have a role below: a new crate fails the check until it is classified.
# Also checks that every crate inherits the workspace's lints and rust-version.
# Only normal (non-dev) dependency trees are read: tests may use anything.
set -euo pipefail
cd "$(dirname "$0")/.."

declare -A role=(
  [kernel]=domain [identity]=domain [readings]=domain [billing]=domain
  [reports]=domain [notifications]=domain [medications]=domain [sharing]=domain
  [imports]=domain
  [store]=adapter [mail]=adapter [paypal]=adapter [pdf]=adapter [argon2-hasher]=adapter
  [web]=web
  [server]=root
  [testkit]=dev
  [rules-gen]=build
)
# Crates (external or of the workspace, by role) each role must not reach.
frameworks='actix|diesel|lettre|printpdf|reqwest|awc|argon2'
declare -A forbidden_roles=(
  [domain]='adapter web root dev'
  [adapter]='web root dev'
  [web]='adapter root dev'
  [root]='dev'
  [dev]=''
  [build]='domain adapter web root dev'
)

status=0
fail() { echo "layer violation: $*" >&2; status=1; }

metadata=$(cargo metadata --no-deps --format-version 1)
mapfile -t members < <(jq -r '.packages[] | "\(.name)\t\(.manifest_path)"' <<<"$metadata" | sort)

for entry in "${members[@]}"; do
  crate=${entry%%$'\t'*}
  manifest=${entry#*$'\t'}
  r=${role[$crate]:-}
  if [ -z "$r" ]; then
    fail "crate '$crate' has no role; add it to the table in scripts/check-layers.sh"
    continue
  fi

  grep -Eq '^rust-version\.workspace *= *true' "$manifest" \
    || fail "crate '$crate' does not inherit rust-version (rust-version.workspace = true)"
  awk '/^\[lints\]/ {f = 1; next} f && NF {print; exit}' "$manifest" \
    | grep -Eq '^workspace *= *true' \
    || fail "crate '$crate' does not inherit the workspace lints ([lints] workspace = true)"

  tree=$(cargo tree -p "$crate" -e normal --prefix none --format '{p}')
  deps=$(awk -v self="$crate" '$1 != self {print $1}' <<<"$tree" | sort -u)
  if [ "$r" = domain ]; then
    bad=$(grep -E "^($frameworks)" <<<"$deps" || true)
    [ -z "$bad" ] || fail "domain crate '$crate' depends on: $(echo $bad)"
  fi
  for dep in $deps; do
    dr=${role[$dep]:-}
    [ -n "$dr" ] || continue
    for no in ${forbidden_roles[$r]}; do
      if [ "$dr" = "$no" ]; then fail "$r crate '$crate' depends on $dr crate '$dep'"; fi
    done
  done
done

[ "$status" = 0 ] && echo "layers ok: ${#members[@]} crates classified, each depends only inward and inherits the workspace lints and rust-version"
exit $status
