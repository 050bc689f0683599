#!/usr/bin/env bash
# The hexagonal rule of docs/architecture.md, checked on every crate of the workspace:
#  - domain crates depend on no web framework, ORM, mail, PDF or HTTP client library, and
#    on no adapter, web, server or test crate;
#  - web depends on domain crates only: no adapter, no server;
#  - adapters depend on domain crates, never on web or server;
#  - testkit (dev-only) is nobody's normal dependency;
#  - domain crates do no file I/O: their normal dependencies reach no crate that reads or
#    writes files, archives or compressed streams, and their src/ (test modules aside)
#    names no std::fs, tokio::fs, File::open/create or OpenOptions. Reading other apps'
#    files is the import-formats adapter's.
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
  [store]=adapter [webauthn-rp]=adapter [mail]=adapter [paypal]=adapter [pdf]=adapter [argon2-hasher]=adapter
  [import-formats]=adapter
  [web]=web
  [server]=root
  [testkit]=dev
  [rules-gen]=build
)
# Crates (external or of the workspace, by role) each role must not reach.
frameworks='actix|diesel|lettre|printpdf|reqwest|awc|argon2|webauthn|openssl'
# Crates of file I/O: archives, compressed streams, streamed XML files, temporary files,
# mapped files, directory walks. (csv is not among them: readings writes and reads CSV text
# in memory; a file's bytes reach a domain crate only through an adapter.)
file_io='zip|flate2|quick-xml|tempfile|memmap2|walkdir'
# File I/O in source, outside test code.
file_io_calls='std::fs|tokio::fs|File::(open|create)|OpenOptions'
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

# The lines of a crate's src/ outside test code: files of test modules (`tests.rs`,
# `testing.rs`, a `tests/` folder) are left out, and so is each `#[cfg(test)]` item (a
# module, to its closing brace; a `use` or declaration, to its `;`).
non_test_source() {
  find "$1/src" -name '*.rs' \
    ! -name tests.rs ! -name testing.rs ! -path '*/tests/*' -print0 \
    | xargs -0 -r awk '
        FNR == 1 { pending = 0; skipping = 0 }
        /^[[:space:]]*#\[cfg\(test\)\]/ { pending = 1; next }
        pending && /^[[:space:]]*(pub(\([a-z]+\))? )?mod [a-z_0-9]+;/ { pending = 0; next }
        pending { skipping = 1; depth = 0; pending = 0 }
        skipping {
          line = $0; opened = gsub(/\{/, "", line); closed = gsub(/\}/, "", line)
          depth += opened - closed
          if (depth <= 0 && (opened + closed > 0 || $0 ~ /;[[:space:]]*$/)) skipping = 0
          next
        }
        { print FILENAME ":" FNR ": " $0 }'
}

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
    bad=$(grep -E "^($file_io)\$" <<<"$deps" || true)
    [ -z "$bad" ] || fail "domain crate '$crate' reaches file I/O crates: $(echo $bad)"
    calls=$(non_test_source "$(dirname "$manifest")" | grep -E "$file_io_calls" || true)
    [ -z "$calls" ] || fail "domain crate '$crate' does file I/O (an adapter's work):
$calls"
  fi
  for dep in $deps; do
    dr=${role[$dep]:-}
    [ -n "$dr" ] || continue
    for no in ${forbidden_roles[$r]}; do
      if [ "$dr" = "$no" ]; then fail "$r crate '$crate' depends on $dr crate '$dep'"; fi
    done
  done
done

[ "$status" = 0 ] && echo "layers ok: ${#members[@]} crates classified, each depends only inward (domain crates doing no file I/O) and inherits the workspace lints and rust-version"
exit $status
