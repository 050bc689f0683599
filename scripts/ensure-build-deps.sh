#!/usr/bin/env bash
# Install what building the server needs from Debian: OpenSSL's headers (libssl-dev) and
# pkg-config, which webauthn-rs (passkeys) links through the openssl crate. Idempotent;
# needs root (or sudo) only when missing.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists openssl; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "ensure-build-deps: need root (or sudo) to apt-get install libssl-dev pkg-config" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends libssl-dev pkg-config
pkg-config --exists openssl || { echo "ensure-build-deps: OpenSSL still not found" >&2; exit 1; }
