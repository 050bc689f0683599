#!/usr/bin/env bash
# Install Debian's Chromium for the browser (Playwright) tests. Idempotent:
# does nothing when /usr/bin/chromium is already there. Needs root (apt-get).
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "browser-install: need root (or sudo) to apt-get install chromium" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation

if [ ! -x /usr/bin/chromium ]; then
  echo "browser-install: /usr/bin/chromium still missing after apt-get install" >&2
  exit 1
fi
echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null || true)"
