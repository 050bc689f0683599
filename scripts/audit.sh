#!/usr/bin/env bash
# `make audit`: known vulnerabilities in the Rust dependency tree (cargo-audit, RustSec
# database from GitHub) and in the client's shipped npm packages (npm audit, the registry's
# advisory endpoint). Not part of `make test`: both databases live outside the package
# registries, so this needs a network that reaches github.com and the npm audit API.
# Fails on any finding; explain accepted ones in docs/security.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.cache/cargo-audit/bin/cargo-audit
if [ ! -x "$bin" ]; then
  cargo install --locked --quiet --root .cache/cargo-audit cargo-audit
fi
status=0
"$bin" audit --deny warnings || status=1
scripts/ensure-node-deps.sh >/dev/null
(cd frontend && npm audit --omit=dev) || status=1
exit $status
